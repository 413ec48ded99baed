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

@c @implementation
public func sy_router_add_route_stack(_ router: OpaquePointer?, _ route: UnsafePointer<sy_route>?,
                                      _ data: UnsafeMutableRawPointer?, _ release: sy_release_fn?,
                                      _ requires: UnsafePointer<sy_str>?, _ count: Int,
                                      _ elseRoutes: UnsafePointer<sy_str>?,
                                      _ stackJSON: UnsafePointer<CChar>?, _ stackLen: Int,
                                      _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    // Owned from here: any failure below drops the box, which releases the data.
    let owned = ReleasedPointer(data, release)
    return entry(err) { () throws(CFailure) in
        try addRoute(router, route, value: data != nil || release != nil ? owned : nil) { r throws(CFailure) in
            try readRequirements(into: &r, requires, count, elseRoutes)
            guard stackJSON != nil else { return }
            let bytes = try bytesArgument(stackJSON, stackLen, name: "stack_json")
            r.stackPolicy = try core { () throws(SwitchyardError) in
                try StackPolicy(jsonBytes: UnsafeRawBufferPointer(bytes))
            }
        }
    }
}
