// include/switchyard_jansson.h: rule documents in as a borrowed json_t, matches out as a
// new json_t. The library and the host share the system libjansson (linked dynamically),
// so a json_t can cross in both directions.
import CSwitchyardJansson
import Switchyard

@c @implementation
public func sy_router_load_rules_json(_ router: OpaquePointer?,
                                      _ doc: UnsafePointer<json_t>?,
                                      _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        guard let doc else { throw .misuse("doc is NULL") }
        // Borrowed: the core only reads the value during the call and takes no reference.
        try box.book.change { () throws(CFailure) in
            try core { try box.router.loadRules(jansson: OpaquePointer(doc)) }
        }
    }
}

@c @implementation
public func sy_match_to_json_t(_ out: UnsafeMutablePointer<UnsafeMutablePointer<json_t>?>?,
                               _ match: OpaquePointer?,
                               _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    out?.pointee = nil
    return entry(err) { () throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        let m = try MatchBox.from(match).match
        // The canonical text, read back by jansson: the same members in the same order as
        // sy_match_to_json(), by construction. JSON_ALLOW_NUL: a target may hold a NUL byte.
        var text = m.json()
        var error = json_error_t()
        let value = text.withUTF8 { bytes -> UnsafeMutablePointer<json_t>? in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                json_loadb(chars.baseAddress, chars.count, Int(JSON_ALLOW_NUL), &error)
            }
        }
        guard let value else {
            throw CFailure(SY_ERR_INTERNAL, "jansson could not build the match value (out of memory?)")
        }
        out.pointee = value
    }
}
