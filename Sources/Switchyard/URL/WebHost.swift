/// The host of a web-scheme URL, read as the WHATWG URL Standard's host parser reads it for
/// the special schemes (https://url.spec.whatwg.org/#host-parsing), so the host a route
/// sees is the host a browser would connect to: percent-decoded, ASCII-lowercased, IPv4 in
/// any of its spellings (`0x7f.1`, `2130706433`) written as four decimals, IPv6 compressed.
///
/// Where the standard maps non-ASCII text through Unicode's IDNA tables, Switchyard refuses
/// the host instead (it carries no such tables): a host outside ASCII must be written in
/// its punycode form (`xn--...`). Refusing is always safe; reading a different host is not.

/// Bytes that may never stand in a host (the standard's forbidden domain code points, ASCII
/// part): C0 controls, space, `#`, `%` (after decoding), `/`, `:`, `<`, `>`, `?`, `@`, `[`,
/// `\`, `]`, `^`, `|` and DEL.
@inline(__always)
func isForbiddenHostByte(_ b: UInt8) -> Bool {
    switch b {
    case 0x00...0x20, 0x23, 0x25, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C, 0x7F:
        return true
    default:
        return false
    }
}

private func hostError(_ message: String, _ position: Int) -> SwitchyardError {
    SwitchyardError(.invalidURL, message, position: position)
}

/// Appends the serialization of the host `p[start..<end]` (the bytes between the userinfo
/// and the port) to `out`, or throws invalidURL at the host's first byte (or the offending
/// one, where it is known) when a browser would refuse it or read it differently.
func appendWebHost(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
                   into out: inout GrowBuffer<UInt8>) throws(SwitchyardError) {
    if start >= end { throw hostError("URL has an empty host", start) }
    if p[start] == 0x5B {  // '['
        guard end - start >= 2, p[end - 1] == 0x5D else { throw hostError("IPv6 address is not closed by ']'", start) }
        guard let pieces = parseIPv6(p + start + 1, end - start - 2) else {
            throw hostError("invalid IPv6 address in URL", start)
        }
        out.append(0x5B)
        appendIPv6(pieces, into: &out)
        out.append(0x5D)
        return
    }
    // Percent-decode and lowercase into `out`, checking every byte.
    let hostStart = out.count
    var i = start
    while i < end {
        var b = p[i]
        var at = i
        if b == 0x25, i + 2 < end, let hi = hexValue(p[i + 1]), let lo = hexValue(p[i + 2]) {
            b = hi << 4 | lo
            i += 3
        } else {
            at = i
            i += 1
        }
        if b >= 0x80 {
            throw hostError("a host outside ASCII must be written in punycode (xn--...)", at)
        }
        if isForbiddenHostByte(b) {
            throw hostError("character '\(printable(b))' is not allowed in a host", at)
        }
        out.append(asciiLower(b))
    }
    let hostEnd = out.count
    let h = UnsafePointer(out.base) + hostStart
    let n = hostEnd - hostStart
    try checkPunycodeLabels(h, n, position: start)
    if hostEndsInNumber(h, n) {
        guard let v = parseIPv4(h, n) else { throw hostError("invalid IPv4 address in URL", start) }
        out.truncate(to: hostStart)
        appendIPv4(v, into: &out)
    }
}

private func printable(_ b: UInt8) -> String {
    b >= 0x21 && b < 0x7F ? String(UnicodeScalar(b)) : "0x" + String(b, radix: 16)
}

// MARK: IPv4

/// The standard's "ends in a number": the last label (ignoring one trailing empty label) is
/// all decimal digits, or `0x` followed by hex digits.
func hostEndsInNumber(_ h: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var end = n
    if end > 0 && h[end - 1] == 0x2E {
        if end == 1 { return false }
        end -= 1
    }
    var start = end
    while start > 0 && h[start - 1] != 0x2E { start -= 1 }
    if start == end { return false }
    var allDigits = true
    for k in start..<end where !(h[k] &- 0x30 < 10) { allDigits = false; break }
    return allDigits || ipv4Number(h + start, end - start) != nil
}

/// One part of an IPv4 address: decimal, `0x` hex or `0` octal; nil when invalid. Values
/// saturate above 2^32 (any of them is refused by the caller).
private func ipv4Number(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64? {
    if n == 0 { return nil }
    var i = 0
    var radix: UInt64 = 10
    if n >= 2 && p[0] == 0x30 && p[1] | 0x20 == 0x78 {
        radix = 16; i = 2
    } else if n >= 2 && p[0] == 0x30 {
        radix = 8; i = 1
    }
    var v: UInt64 = 0
    while i < n {
        guard let d = hexValue(p[i]), UInt64(d) < radix else { return nil }
        v = min(v &* radix &+ UInt64(d), 1 << 40)
        i += 1
    }
    return v
}

/// The standard's IPv4 parser: up to four parts, the last filling the remaining bytes.
func parseIPv4(_ h: UnsafePointer<UInt8>, _ n: Int) -> UInt32? {
    var end = n
    if end > 1 && h[end - 1] == 0x2E { end -= 1 }
    var numbers: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var count = 0
    var start = 0
    while true {
        var stop = start
        while stop < end && h[stop] != 0x2E { stop += 1 }
        if count == 4 { return nil }
        guard let v = ipv4Number(h + start, stop - start) else { return nil }
        switch count {
        case 0: numbers.0 = v
        case 1: numbers.1 = v
        case 2: numbers.2 = v
        default: numbers.3 = v
        }
        count += 1
        if stop >= end { break }
        start = stop + 1
    }
    let all = [numbers.0, numbers.1, numbers.2, numbers.3]
    for k in 0..<(count - 1) where all[k] > 255 { return nil }
    let last = all[count - 1]
    if last >= UInt64(1) << (8 * UInt64(5 - count)) { return nil }
    var address = last
    for k in 0..<(count - 1) { address += all[k] << (8 * UInt64(3 - k)) }
    return UInt32(truncatingIfNeeded: address)
}

func appendIPv4(_ v: UInt32, into out: inout GrowBuffer<UInt8>) {
    for k in 0..<4 {
        if k > 0 { out.append(0x2E) }
        appendDecimal(UInt64((v >> (8 * UInt32(3 - k))) & 0xFF), into: &out)
    }
}

func appendDecimal(_ v: UInt64, into out: inout GrowBuffer<UInt8>) {
    if v >= 10 { appendDecimal(v / 10, into: &out) }
    out.append(0x30 + UInt8(v % 10))
}

/// Whether `h` is an IPv4 address as the standard writes it: four decimals 0-255 without
/// leading zeros.
func isCanonicalIPv4(_ h: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var parts = 0, digits = 0, value = 0, first: UInt8 = 0
    for k in 0...n {
        if k == n || h[k] == 0x2E {
            if digits == 0 || value > 255 || (digits > 1 && first == 0x30) { return false }
            parts += 1
            digits = 0; value = 0
            continue
        }
        let d = h[k] &- 0x30
        if d >= 10 || digits == 3 { return false }
        if digits == 0 { first = h[k] }
        value = value * 10 + Int(d)
        digits += 1
    }
    return parts == 4
}

// MARK: IPv6

typealias IPv6Pieces = (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16)

/// The standard's IPv6 parser (with an embedded IPv4 tail); nil when invalid.
func parseIPv6(_ p: UnsafePointer<UInt8>, _ n: Int) -> IPv6Pieces? {
    var a = [UInt16](repeating: 0, count: 8)
    var piece = 0
    var compress = -1
    var i = 0
    @inline(__always) func c(_ k: Int) -> UInt8? { k < n ? p[k] : nil }
    if c(0) == 0x3A {
        if c(1) != 0x3A { return nil }
        i = 2; piece = 1; compress = 1
    }
    while let ch = c(i) {
        if piece == 8 { return nil }
        if ch == 0x3A {
            if compress >= 0 { return nil }
            i += 1; piece += 1; compress = piece
            continue
        }
        var value = 0, length = 0
        while length < 4, let x = c(i), let d = hexValue(x) {
            value = value * 16 + Int(d); i += 1; length += 1
        }
        if c(i) == 0x2E {
            if length == 0 { return nil }
            i -= length
            if piece > 6 { return nil }
            var seen = 0
            while let x = c(i) {
                var part = -1
                if seen > 0 {
                    if x == 0x2E && seen < 4 { i += 1 } else { return nil }
                }
                guard let d0 = c(i), d0 &- 0x30 < 10 else { return nil }
                while let d = c(i), d &- 0x30 < 10 {
                    let digit = Int(d - 0x30)
                    if part < 0 { part = digit } else if part == 0 { return nil } else { part = part * 10 + digit }
                    if part > 255 { return nil }
                    i += 1
                }
                a[piece] = a[piece] &* 0x100 &+ UInt16(part)
                seen += 1
                if seen == 2 || seen == 4 { piece += 1 }
            }
            if seen != 4 { return nil }
            break
        } else if c(i) == 0x3A {
            i += 1
            if c(i) == nil { return nil }
        } else if c(i) != nil {
            return nil
        }
        a[piece] = UInt16(value)
        piece += 1
    }
    if compress >= 0 {
        var swaps = piece - compress
        piece = 7
        while piece != 0 && swaps > 0 {
            a.swapAt(piece, compress + swaps - 1)
            piece -= 1; swaps -= 1
        }
    } else if piece != 8 {
        return nil
    }
    return (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])
}

/// The standard's IPv6 serializer: lowercase hex, the first longest run of two or more
/// zero pieces written `::`.
func appendIPv6(_ pieces: IPv6Pieces, into out: inout GrowBuffer<UInt8>) {
    let a = [pieces.0, pieces.1, pieces.2, pieces.3, pieces.4, pieces.5, pieces.6, pieces.7]
    var bestStart = -1, bestLength = 1
    var k = 0
    while k < 8 {
        if a[k] == 0 {
            var e = k
            while e < 8 && a[e] == 0 { e += 1 }
            if e - k > bestLength { bestStart = k; bestLength = e - k }
            k = e
        } else {
            k += 1
        }
    }
    let hex: StaticString = "0123456789abcdef"
    var ignore0 = false
    for k in 0..<8 {
        if ignore0 && a[k] == 0 { continue }
        ignore0 = false
        if k == bestStart {
            out.append(0x3A)
            if k == 0 { out.append(0x3A) }
            ignore0 = true
            continue
        }
        var started = false
        for shift in stride(from: 12, through: 0, by: -4) {
            let d = Int((a[k] >> UInt16(shift)) & 0xF)
            if d != 0 || started || shift == 0 {
                out.append(hex.utf8Start[d])
                started = true
            }
        }
        if k != 7 { out.append(0x3A) }
    }
}

// MARK: punycode labels

/// Every `xn--` label must decode (RFC 3492) to text a browser would keep as it is: no
/// character that IDNA maps to another (full-width forms, compatibility characters, upper
/// case), and not plain ASCII. Otherwise a browser refuses the host.
func checkPunycodeLabels(_ h: UnsafePointer<UInt8>, _ n: Int, position: Int) throws(SwitchyardError) {
    var start = 0
    while start <= n {
        var stop = start
        while stop < n && h[stop] != 0x2E { stop += 1 }
        if stop - start >= 4 && h[start] == 0x78 && h[start + 1] == 0x6E && h[start + 2] == 0x2D && h[start + 3] == 0x2D {
            guard let scalars = punycodeDecode(h + start + 4, stop - start - 4),
                  scalars.contains(where: { $0 >= 0x80 }),
                  scalars.allSatisfy({ v in
                      guard let u = Unicode.Scalar(v) else { return false }
                      let props = u.properties
                      if props.changesWhenNFKCCaseFolded { return false }
                      switch props.generalCategory {
                      case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator,
                           .lineSeparator, .paragraphSeparator:
                          return false
                      default:
                          return true
                      }
                  })
            else {
                throw hostError("host label is not valid punycode", position + start)
            }
            if let first = scalars.first, let u = Unicode.Scalar(first),
               [.nonspacingMark, .spacingMark, .enclosingMark].contains(u.properties.generalCategory) {
                throw hostError("host label is not valid punycode", position + start)
            }
        }
        start = stop + 1
    }
}

/// RFC 3492 decoding of a label's part after `xn--`; nil when it is not valid punycode.
func punycodeDecode(_ p: UnsafePointer<UInt8>, _ n: Int) -> [UInt32]? {
    let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    var output: [UInt32] = []
    var basicEnd = 0
    for k in 0..<n where p[k] == 0x2D { basicEnd = k }
    if basicEnd > 0 {
        for k in 0..<basicEnd {
            if p[k] >= 0x80 { return nil }
            output.append(UInt32(p[k]))
        }
    }
    var i = 0, bias = 72, codePoint = 0x80
    var k = basicEnd > 0 ? basicEnd + 1 : 0
    while k < n {
        let oldI = i
        var w = 1
        var t = base
        while true {
            if k >= n { return nil }
            let c = p[k]; k += 1
            let digit: Int
            switch c {
            case 0x30...0x39: digit = Int(c) - 0x30 + 26
            case 0x41...0x5A: digit = Int(c) - 0x41
            case 0x61...0x7A: digit = Int(c) - 0x61
            default: return nil
            }
            let (m, o1) = digit.multipliedReportingOverflow(by: w)
            let (s, o2) = i.addingReportingOverflow(m)
            if o1 || o2 || s > 0x10FFFF * 64 { return nil }
            i = s
            let threshold = t <= bias ? tMin : (t >= bias + tMax ? tMax : t - bias)
            if digit < threshold { break }
            let (w2, o3) = w.multipliedReportingOverflow(by: base - threshold)
            if o3 { return nil }
            w = w2
            t += base
        }
        let count = output.count + 1
        var delta = oldI == 0 ? (i - oldI) / damp : (i - oldI) / 2
        delta += delta / count
        var kk = 0
        while delta > ((base - tMin) * tMax) / 2 { delta /= base - tMin; kk += base }
        bias = kk + (base - tMin + 1) * delta / (delta + skew)
        codePoint += i / count
        if codePoint > 0x10FFFF { return nil }
        i %= count
        output.insert(UInt32(codePoint), at: i)
        i += 1
    }
    return output
}
