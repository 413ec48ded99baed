// sy_router_load_rules / sy_router_load_rules_file: rule documents as JSON text or a file
// (the "Rule documents" section of switchyard.h; docs/RULES.md).
import CSwitchyard
import Switchyard

@c @implementation
public func sy_router_load_rules(_ router: OpaquePointer?,
                                 _ json: UnsafePointer<CChar>?, _ jsonLen: Int,
                                 _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        // Only read during the call; jansson reports invalid UTF-8 itself, with its byte.
        let bytes = try bytesArgument(json, jsonLen, name: "json")
        try box.book.change { () throws(CFailure) in
            try core { try box.router.loadRules(bytes: UnsafeRawBufferPointer(bytes)) }
        }
    }
}

@c @implementation
public func sy_router_load_rules_file(_ router: OpaquePointer?,
                                      _ path: UnsafePointer<CChar>?, _ pathLen: Int,
                                      _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        let path = try stringArgument(path, pathLen, name: "path")
        try box.book.change { () throws(CFailure) in
            try core { try box.router.loadRules(contentsOfFile: path) }
        }
    }
}

@c @implementation
public func sy_text_place(_ text: UnsafePointer<CChar>?, _ textLen: Int, _ position: Int32,
                          _ line: UnsafeMutablePointer<Int32>?, _ column: UnsafeMutablePointer<Int32>?,
                          _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        guard let line, let column else { throw .misuse("line or column is NULL") }
        let bytes = try bytesArgument(text, textLen, name: "text")
        guard position >= 0, Int(position) <= bytes.count else {
            throw .invalid("position \(position) is outside the text (0 to \(bytes.count))")
        }
        let place = SwitchyardError.Place(ofByte: Int(position), in: UnsafeRawBufferPointer(bytes))
        line.pointee = Int32(clamping: place.line)
        column.pointee = Int32(clamping: place.column)
    }
}
