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
        let needed = json.utf8.count
        lenOut?.pointee = needed
        let copied = json.withUTF8 { bytes -> Bool in
            guard capacity > bytes.count, let buf else { return false }
            if let base = bytes.baseAddress {
                UnsafeMutableRawPointer(buf).copyMemory(from: base, byteCount: bytes.count)
            }
            buf[bytes.count] = 0
            return true
        }
        guard copied else {
            // The header promises an empty string in a too-small, non-empty buffer.
            if capacity > 0 { buf?.pointee = 0 }
            throw CFailure(SY_ERR_BUFFER_TOO_SMALL,
                           "buffer of \(capacity) bytes is too small: the JSON needs \(needed + 1) bytes with its NUL")
        }
    }
}
