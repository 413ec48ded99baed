/// The path of a web URL as a browser serializes it (the URL Standard's path state): dot
/// segments removed, `.` and `..` written with `%2e` or `%2E` too, and the bytes of the path
/// percent-encode set encoded; other percent-escapes stay as written. A urlpattern tail
/// matches its pathname against this text (PatternTail.swift), so a route sees the path a
/// browser would ask for, never one that `..` or `%2e%2e` leads out of.
/// The URL has passed the reader: its `\` are already `/` and it holds no control byte.

/// Whether a browser percent-encodes byte `b` in a path (the path percent-encode set:
/// controls, space, `"`, `#`, `<`, `>`, `?`, `` ` ``, `{`, `}`, and non-ASCII bytes).
@inline(__always)
func isPathPercentEncoded(_ b: UInt8) -> Bool {
    b < 0x21 || b > 0x7E || b == 0x22 || b == 0x23 || b == 0x3C || b == 0x3E || b == 0x3F || b == 0x60
        || b == 0x7B || b == 0x7D
}

/// Whether the path `p[start..<end]` (its first byte `/`) serializes as other bytes than
/// written: it holds a dot segment or a byte of the path percent-encode set. One pass.
func browserPathDiffers(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var pieceStart = start &+ 1
    var i = pieceStart
    while true {
        if i >= end || p[i] == 0x2F {
            let n = i &- pieceStart
            if n > 0 && n <= 6 && isDotSegment(p + pieceStart, n) { return true }
            if i >= end { return false }
            pieceStart = i &+ 1
        } else if isPathPercentEncoded(p[i]) {
            return true
        }
        i &+= 1
    }
}

extension GrowBuffer where Element == UInt8 {
    /// Appends the browser's serialization of the path `p[start..<end]` (its first byte `/`):
    /// each segment written `/` and its bytes, a `..` taking the one before it away, and a
    /// path that ends in a dot segment ending in `/` (`/a/b/..` is `/a/`).
    mutating func appendBrowserPath(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
        let first = count
        reserve(count &+ (end &- start) &+ 1)
        var pieceStart = start &+ 1
        var i = pieceStart
        while true {
            guard i >= end || p[i] == 0x2F else { i &+= 1; continue }
            let n = i &- pieceStart
            let last = i >= end
            if n > 0 && n <= 6 && isDotSegment(p + pieceStart, n) {
                if n == 2 || n > 3 {
                    // `..`: back to the `/` that began the previous segment.
                    var k = count
                    while k > first { k &-= 1; if self[k] == 0x2F { break } }
                    truncate(to: k)
                }
                if last { append(0x2F) }
            } else {
                append(0x2F)
                for k in pieceStart..<i {
                    let b = p[k]
                    if isPathPercentEncoded(b) {
                        append(0x25); append(upperHexDigit(b >> 4)); append(upperHexDigit(b & 0xF))
                    } else {
                        append(b)
                    }
                }
            }
            if last { break }
            pieceStart = i &+ 1
            i = pieceStart
        }
        if count == first { append(0x2F) }
    }
}

@inline(__always)
private func upperHexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 &+ v : 0x37 &+ v }
