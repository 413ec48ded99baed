// sy_match_to_json: the canonical match JSON, copied into a caller buffer.
import CSwitchyard
import Switchyard

@c @implementation
public func sy_match_to_json(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                             _ lenOut: UnsafeMutablePointer<Int>?,
                             _ match: OpaquePointer?,
                             _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    matchEntry(match, err) { (m) throws(CFailure) in
        let capacity = try outputCapacity(buf, cap)
        var json = m.json()
        try copyOut(&json, what: "the JSON", into: buf, capacity: capacity, lenOut: lenOut)
    }
}
