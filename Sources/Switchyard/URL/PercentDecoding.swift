/// Percent-decoding by SEMANTICS.md §1: decode once, keep invalid escapes (`%zz`, a lone `%4`)
/// as written, and let the caller keep the original text when the result is not valid UTF-8.

@inline(__always)
func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: return b &- 0x30
    case 0x41...0x46: return b &- 0x41 &+ 10
    case 0x61...0x66: return b &- 0x61 &+ 10
    default: return nil
    }
}

/// True when decoding `p[0..<n]` would change it (a `%`, or a `+` that becomes a space).
@inline(__always)
func needsDecoding(_ p: UnsafePointer<UInt8>, _ n: Int, plusAsSpace: Bool) -> Bool {
    var i = 0
    while i < n {
        let b = p[i]
        if b == 0x25 || (plusAsSpace && b == 0x2B) { return true }
        i += 1
    }
    return false
}

/// Appends the decoded form of `p[0..<n]` to `out`. Returns false (and appends nothing) when
/// the decoded bytes are not valid UTF-8, so the caller keeps the text as written.
func appendDecoded(_ p: UnsafePointer<UInt8>, _ n: Int, plusAsSpace: Bool,
                   into out: inout GrowBuffer<UInt8>) -> Bool {
    let start = out.count
    out.reserve(start + n)
    var i = 0
    while i < n {
        let b = p[i]
        if b == 0x25, i + 2 < n,
           let hi = hexValue(p[i + 1]), let lo = hexValue(p[i + 2]) {
            out.append(hi << 4 | lo)
            i += 3
        } else if b == 0x2B && plusAsSpace {
            out.append(0x20)
            i += 1
        } else {
            out.append(b)
            i += 1
        }
    }
    if !isValidUTF8(UnsafePointer(out.base + start), out.count - start) {
        out.truncate(to: start)
        return false
    }
    return true
}

/// The bytes as a String when they are UTF-8 (as `firstInvalidUTF8` checks), else nil.
/// `String(validating:as:)` does the same from macOS 15 / iOS 18 on only.
package func validUTF8String(_ bytes: [UInt8]) -> String? {
    let valid = bytes.withUnsafeBufferPointer { b in
        firstInvalidUTF8(b.baseAddress ?? emptyBytes, b.count) == nil
    }
    return valid ? String(decoding: bytes, as: UTF8.self) : nil
}

extension StringProtocol {
    /// Whether `part` occurs in the text, compared as UTF-8 bytes. `contains(_:)` with a
    /// string argument needs macOS 13 / iOS 16.
    package func containsText(_ part: String) -> Bool {
        let text = Array(utf8), needle = Array(part.utf8)
        guard !needle.isEmpty else { return true }
        guard text.count >= needle.count else { return false }
        for i in 0...(text.count - needle.count) where text[i..<(i + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}

/// Strict UTF-8 validation (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF).
/// Returns the offset of the first invalid byte, or nil when valid. (Package-visible: the
/// C layer validates caller text with it too.)
package func firstInvalidUTF8(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
    var i = 0
    while i < n {
        let b0 = p[i]
        if b0 < 0x80 { i += 1; continue }
        let need: Int
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: need = 2
        case 0xED: need = 2; hi = 0x9F
        case 0xF0: need = 3; lo = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; hi = 0x8F
        default: return i
        }
        if i + need >= n { return i }
        let b1 = p[i + 1]
        if b1 < lo || b1 > hi { return i }
        var k = 2
        while k <= need {
            let bk = p[i + k]
            if bk < 0x80 || bk > 0xBF { return i }
            k += 1
        }
        i += need + 1
    }
    return nil
}

@inline(__always)
func isValidUTF8(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool { firstInvalidUTF8(p, n) == nil }
