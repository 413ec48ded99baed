// sy_match_stack_operations: the operations that open a match's stack for an entry kind
// from the screens the app has open (docs/NAVIGATION.md, "Entry-aware stacks"). Open
// screens come in as JSON and the operations go out as JSON into the caller's buffer, as
// sy_match_to_json does.
import CSwitchyard
import Switchyard

@c @implementation
public func sy_match_stack_operations(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                                      _ lenOut: UnsafeMutablePointer<Int>?,
                                      _ match: OpaquePointer?,
                                      _ entryName: UnsafePointer<CChar>?, _ entryLen: Int,
                                      _ openJSON: UnsafePointer<CChar>?, _ openLen: Int,
                                      _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    lenOut?.pointee = 0
    return matchEntry(match, err) { (m) throws(CFailure) in
        let capacity = try outputCapacity(buf, cap)
        guard entryName != nil else { throw .misuse("entry is NULL") }
        let name = try stringArgument(entryName, entryLen, name: "entry")
        let kind = try core { () throws(SwitchyardError) in try EntryKind(name) }
        var open = OpenScreens()
        if openJSON != nil {
            let bytes = try bytesArgument(openJSON, openLen, name: "open_json")
            open = try core { () throws(SwitchyardError) in try OpenScreens(jsonBytes: UnsafeRawBufferPointer(bytes)) }
        }
        var json = try core { () throws(SwitchyardError) in try m.stackOperations(entry: kind, open: open) }.json
        try copyOut(&json, what: "the operations", into: buf, capacity: capacity, lenOut: lenOut)
    }
}
