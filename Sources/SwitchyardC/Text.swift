// Text arguments from C: (pointer, length) pairs and sy_str slices, treated as hostile.
// A size_t over SIZE_MAX / 2 arrives as a negative Int: SY_NUL ((size_t)-1) arrives as -1
// and means "up to the first NUL"; any other such length is refused. A NULL pointer with a
// non-zero length (SY_NUL included) is misuse; NULL with length 0 is the empty string; text
// other than URLs must be valid UTF-8 (URLs are validated by the core, which reports
// SY_ERR_INVALID_URL).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSwitchyard
import Switchyard

/// SY_NUL as a length arrives in Swift: size_t (-1) read as Int.
let nulTerminatedLength = -1

/// The length of a NUL-terminated text (for SY_NUL).
@inline(__always)
func nulTerminatedCount(_ ptr: UnsafePointer<CChar>) -> Int {
    strlen(ptr)
}

/// The bytes of (ptr, len) for a lookup that cannot fail (the typed getters): nil where a
/// fallible function would report misuse or an invalid length.
@inline(__always)
func lookupBytes(_ ptr: UnsafePointer<CChar>?, _ len: Int) -> UnsafeBufferPointer<UInt8>? {
    guard let ptr else { return len == 0 ? UnsafeBufferPointer(start: emptyBytes, count: 0) : nil }
    let count = len >= 0 ? len : len == nulTerminatedLength ? nulTerminatedCount(ptr) : -1
    guard count >= 0 else { return nil }
    return UnsafeBufferPointer(start: UnsafeRawPointer(ptr).assumingMemoryBound(to: UInt8.self), count: count)
}

/// A pointer to one static NUL byte: the base of every empty buffer handed to the core,
/// so the core never sees a nil base for present text.
var emptyBytes: UnsafePointer<UInt8> {
    let s: StaticString = ""
    return s.utf8Start
}

/// The bytes of a C (pointer, length) argument named `name` (`name_len` is the length).
func bytesArgument(_ ptr: UnsafePointer<CChar>?, _ len: Int, name: @autoclosure () -> String) throws(CFailure)
    -> UnsafeBufferPointer<UInt8>
{
    guard len >= 0 else {
        guard len == nulTerminatedLength else {
            throw .invalid("\(name())_len is over SIZE_MAX / 2; it cannot be a real length")
        }
        guard let ptr else { throw .misuse("\(name()) is NULL and \(name())_len is SY_NUL: there is no text to measure") }
        return UnsafeBufferPointer(start: UnsafeRawPointer(ptr).assumingMemoryBound(to: UInt8.self),
                                   count: nulTerminatedCount(ptr))
    }
    guard let ptr else {
        guard len == 0 else { throw .misuse("\(name()) is NULL but \(name())_len is \(len)") }
        return UnsafeBufferPointer(start: emptyBytes, count: 0)
    }
    return UnsafeBufferPointer(start: UnsafeRawPointer(ptr).assumingMemoryBound(to: UInt8.self), count: len)
}

/// A C (pointer, length) argument as a Swift String; invalid UTF-8 is an error at its byte.
func stringArgument(_ ptr: UnsafePointer<CChar>?, _ len: Int, name: @autoclosure () -> String) throws(CFailure) -> String {
    try validString(try bytesArgument(ptr, len, name: name()), name: name())
}

/// A URL argument for the core's String functions: bytes that must be UTF-8, reported as
/// a URL that cannot be read (SY_ERR_INVALID_URL at the byte), as sy_router_resolve does.
func urlArgument(_ ptr: UnsafePointer<CChar>?, _ len: Int) throws(CFailure) -> String {
    let bytes = try bytesArgument(ptr, len, name: "url")
    if let bad = firstInvalidUTF8Offset(bytes) {
        throw CFailure(SY_ERR_INVALID_URL, "url is not valid UTF-8 at \(bad)", position: bad)
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// An sy_str field: nil when absent (ptr NULL); misuse if absent with a length.
func optionalString(_ s: sy_str, name: @autoclosure () -> String) throws(CFailure) -> String? {
    guard s.ptr != nil else {
        guard s.len == 0 else {
            if s.len == nulTerminatedLength {
                throw .misuse("\(name()).ptr is NULL and \(name()).len is SY_NUL: there is no text to measure")
            }
            throw .misuse("\(name()).ptr is NULL but \(name()).len is \(UInt(bitPattern: s.len))")
        }
        return nil
    }
    return try stringArgument(s.ptr, s.len, name: name())
}

/// Decodes bytes that must be UTF-8, reporting the first bad byte.
func validString(_ bytes: UnsafeBufferPointer<UInt8>, name: @autoclosure () -> String) throws(CFailure) -> String {
    if let bad = firstInvalidUTF8Offset(bytes) {
        throw .invalid("\(name()) is not valid UTF-8 (byte \(bad))", position: bad)
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Offset of the first byte that does not start or continue a valid UTF-8 sequence, or nil
/// (the core's validator: one definition of valid UTF-8 for URLs and for every C text).
func firstInvalidUTF8Offset(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = b.baseAddress else { return nil }
    return firstInvalidUTF8(base, b.count)
}

/// A borrowed span as an sy_str; absent when the span is absent.
@inline(__always)
func syStr(_ base: UnsafePointer<UInt8>?, _ count: Int) -> sy_str {
    guard let base else { return sy_str(ptr: nil, len: 0) }
    return sy_str(ptr: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), len: count)
}

/// The absent sy_str (ptr NULL, len 0).
var absentString: sy_str { sy_str(ptr: nil, len: 0) }

/// The capacity of a caller's output array `name` (a buffer, or elements of `out`), checked
/// before anything is written: NULL with a non-zero cap is misuse. A size_t over
/// SIZE_MAX / 2 arrives negative, and such an array is big enough for anything.
func outputCapacity(_ out: UnsafeMutableRawPointer?, _ cap: Int, name: StaticString = "buf") throws(CFailure) -> Int {
    let capacity = cap < 0 ? Int.max : cap
    if out == nil && capacity > 0 { throw .misuse("\(name) is NULL but cap is \(capacity)") }
    return capacity
}

/// Writes `text` and a NUL into the caller's buffer of `capacity` bytes, reporting its
/// length (without the NUL) in `lenOut` either way: the one "text into your buffer" rule of
/// sy_match_to_json and sy_router_build_url. A buffer too small is SY_ERR_BUFFER_TOO_SMALL,
/// and a non-empty one is left holding the empty string, as the header promises.
func copyOut(_ text: inout String, what: String, into buf: UnsafeMutablePointer<CChar>?, capacity: Int,
             lenOut: UnsafeMutablePointer<Int>?) throws(CFailure) {
    let needed = text.utf8.count
    lenOut?.pointee = needed
    let copied = text.withUTF8 { bytes -> Bool in
        guard capacity > bytes.count, let buf else { return false }
        if let base = bytes.baseAddress {
            UnsafeMutableRawPointer(buf).copyMemory(from: base, byteCount: bytes.count)
        }
        buf[bytes.count] = 0
        return true
    }
    guard copied else {
        if capacity > 0 { buf?.pointee = 0 }
        throw CFailure(SY_ERR_BUFFER_TOO_SMALL,
                       "buffer of \(capacity) bytes is too small: \(what) needs \(needed + 1) bytes with its NUL")
    }
}
