// sy_match_to_json: the canonical match JSON, copied into a caller buffer.
import CSwitchyard
import Switchyard

@c @implementation
public func sy_match_to_json(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                             _ lenOut: UnsafeMutablePointer<Int>?,
                             _ match: OpaquePointer?,
                             _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    matchEntry(match, err) { (m) throws(CFailure) in
        // A size_t over SIZE_MAX / 2 arrives negative: such a buffer is big enough for anything.
        let capacity = cap < 0 ? Int.max : cap
        if buf == nil && capacity > 0 { throw .misuse("buf is NULL but cap is \(capacity)") }
        var json = m.json()
        try copyOut(&json, what: "the JSON", into: buf, capacity: capacity, lenOut: lenOut)
    }
}
