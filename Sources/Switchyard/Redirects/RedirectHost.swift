/// Hosts and ports as a browser compares them, for the redirect allowlist (SEMANTICS.md §8
/// "Redirects"). The URL reader finds the host and the port; these functions bring what it
/// found to one spelling, so that two spellings a browser takes for the same place compare
/// equal, and a spelling a browser would take for another place never does.

/// Writes the host `p[0..<n]` into `out` as a browser compares it: percent-decoded, ASCII
/// letters lowercased, one trailing `.` dropped (`Good%2EExample.com.` is
/// `good.example.com`). Returns false, leaving `out` unspecified, when the result is not a
/// plain ASCII name (letters, digits, `-`, `.`, `_`) or a bracketed IPv6 address: an
/// international name must be written in its `xn--` form, and anything else (an invalid
/// escape, `%`, `@`, `\`, `*`, a control or non-ASCII byte after decoding) is a host whose
/// meaning differs between readers, so it never matches an allowlist entry. (Decoding text
/// the reader already decoded changes nothing: a decoded host has no `%` left.)
func normalizeHost(_ p: UnsafePointer<UInt8>, _ n: Int, into out: inout GrowBuffer<UInt8>) -> Bool {
    out.removeAll()
    guard n > 0 else { return false }
    let bracketed = p[0] == 0x5B  // '['
    var i = 0
    while i < n {
        var b = p[i]
        if b == 0x25 {  // '%'
            guard i + 2 < n, let hi = hexValue(p[i + 1]), let lo = hexValue(p[i + 2]) else { return false }
            b = hi << 4 | lo
            i += 3
        } else {
            i += 1
        }
        if b &- 0x41 < 26 { b |= 0x20 }  // ASCII uppercase to lowercase
        guard isHostByte(b, bracketed: bracketed) else { return false }
        out.append(b)
    }
    if bracketed {
        // '[' hex digits, ':' and '.' ']' and nothing after it.
        guard out.count > 2, out[out.count - 1] == 0x5D else { return false }
        for k in 1..<(out.count - 1) where out[k] == 0x5B || out[k] == 0x5D { return false }
        return true
    }
    if out.count > 0 && out[out.count - 1] == 0x2E { out.removeLast() }
    return out.count > 0
}

@inline(__always)
private func isHostByte(_ b: UInt8, bracketed: Bool) -> Bool {
    let letter = b &- 0x61 < 26, digit = b &- 0x30 < 10
    if bracketed { return digit || b &- 0x61 < 6 || b == 0x3A || b == 0x2E || b == 0x5B || b == 0x5D }
    return letter || digit || b == 0x2D || b == 0x2E || b == 0x5F
}

/// A port as a number, as a browser reads it (`0443` is 443), with the scheme's default
/// port read as no port: -1 for none, nil when it is not a port (not decimal digits, or over
/// 65535). `scheme` is the scheme's bytes, any case.
func portNumber(_ p: UnsafePointer<UInt8>, _ n: Int, scheme s: UnsafePointer<UInt8>, _ sn: Int) -> Int? {
    guard n > 0 else { return -1 }
    var value = 0
    for k in 0..<n {
        let d = p[k] &- 0x30
        guard d < 10 else { return nil }
        value = value * 10 + Int(d)
        if value > 65535 { return nil }
    }
    return value == defaultPortNumber(s, sn) ? -1 : value
}

/// The default port of a web scheme (SEMANTICS.md §8), or -1 (no allocation, unlike
/// `defaultPort`, which gives the digits).
func defaultPortNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    func eq(_ s: StaticString) -> Bool { s.utf8CodeUnitCount == n && bytesEqualFolding(s.utf8Start, p, n) }
    if eq("http") || eq("ws") { return 80 }
    if eq("https") || eq("wss") { return 443 }
    if eq("ftp") { return 21 }
    return -1
}
