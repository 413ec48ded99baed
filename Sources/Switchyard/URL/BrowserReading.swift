/// Web-scheme URLs, and URLs without a scheme, read as a browser reads them (the WHATWG
/// URL Standard, https://url.spec.whatwg.org/), so the host and path a route sees are never
/// other than those a browser would navigate to.
///
/// A URL a browser would read differently from RFC 3986 is first rewritten into the form a
/// browser reads it as, and that form is read (and reported as the match's URL):
/// - web schemes: tab, LF and CR removed anywhere; trailing spaces removed; `\` read as `/`
///   before the query; any number of slashes (or none) after the scheme; the host
///   percent-decoded, lowercased and checked (`WebHost.swift`); the port a number in
///   0-65535, leading zeros dropped, the scheme's default dropped;
/// - no scheme (`/a\b`): `\` read as `/` before the query, as a browser resolves such a
///   reference against a web page.
/// Anything a browser refuses is an invalid-URL error. Custom schemes (`myapp:`) and `file:`
/// keep the RFC 3986 reading. The common URL needs no rewriting, and finding that out costs
/// one pass over the authority (web schemes) or nothing beyond the validating scan (paths).

extension URLView {
    /// Why a URL must be rewritten before it is read.
    enum Rewrite: UInt8 {
        case none = 0
        /// No scheme, a `\` in the path.
        case barePath
        /// A web scheme whose URL a browser reads differently from RFC 3986.
        case webURL
    }

    /// Whether the WHATWG reading applies to the scheme `p[0..<n]` (a web scheme, not `file`).
    static func readsAsBrowser(scheme p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let file: StaticString = "file"
        return !(n == 4 && bytesEqualFolding(file.utf8Start, p, 4))
    }

    /// `file` as a scheme word (`prefixWord`): `readsAsBrowser` for a scheme read as one word.
    @inline(__always)
    static var fileSchemeWord: UInt64 { 0x656C_6966 }

    /// The common web URL, already in the form a browser reads it, recognised by one tight
    /// scan of its authority (eight bytes at a time) and one of the rest: two slashes after
    /// the scheme; an authority of lowercase letters, digits, `.` and `-` only (so no
    /// userinfo, port, `%`, IPv6 or non-ASCII byte), not ending in `.`, whose last label
    /// starts with a letter (so it is not a number, which would be read as IPv4) and which
    /// holds no `--` (so no `xn--` label); then no tab, LF, CR or `\` anywhere, and no
    /// trailing space. Returns the authority's end (its first `/`, `?`, `#`, or `n`), which
    /// is then the whole host; -1 when the URL is not of this kind, and `webURLNeedsRewrite`
    /// decides. Whenever it returns an end, `webURLNeedsRewrite` would answer false (tests
    /// and the resolve fuzz target compare the two, `plainWebURLAgrees`).
    /// `restIsPlain`: the caller knows the whole URL has no tab, LF, CR, `\` or trailing
    /// space (the validating scan's one-test pass took every word), so the rest is not scanned.
    @inline(__always)
    static func plainWebAuthorityEnd(_ p: UnsafePointer<UInt8>, _ n: Int, schemeEnd: Int,
                                     restIsPlain: Bool = false) -> Int {
        let a = schemeEnd &+ 3
        guard a < n, p[schemeEnd &+ 1] == 0x2F, p[schemeEnd &+ 2] == 0x2F else { return -1 }
        let high: UInt64 = 0x8080_8080_8080_8080
        var i = a
        var end = n
        var dashBefore: UInt64 = 0  // 0x80 when the word before ended in '-'
        while i < n {
            // The last bytes padded with '/': the authority ends at `n` at the latest.
            let w = loadPadded(p, i, n, fill: 0x2F)
            // Bytes that are neither a host byte nor '/': `inRange` is exact for the ASCII
            // bytes below the first non-ASCII one, which itself is flagged, so the lowest
            // flagged byte is exact. '-' to '9' is '-', '.', '/' and the digits.
            let odd = (~(inRange(w, 0x61, 0x7A) | inRange(w, 0x2D, 0x39)) | w) & high
            // The lowest '/' is exact too, and no byte is both.
            let slash = byteMask(w, 0x2F)
            let stop = odd | slash
            // '-' bytes: a borrow can flag only a ',' above a '-', a byte `odd` stops at.
            var dash = byteMask(w, 0x2D)
            if stop != 0 {
                let first = stop & (~stop &+ 1)
                let k = first.trailingZeroBitCount >> 3
                // An odd byte ends the authority if it is '?' or '#' (never padding).
                if first & slash == 0 {
                    let b = UInt8(truncatingIfNeeded: w &>> UInt64(k &* 8))
                    if b != 0x3F && b != 0x23 { return -1 }
                }
                dash &= first &- 1
                if dash & ((dash &<< 8) | dashBefore) != 0 { return -1 }
                end = i &+ k
                break
            }
            if dash & ((dash &<< 8) | dashBefore) != 0 { return -1 }
            dashBefore = dash &>> 56
            i &+= 8
        }
        // A host, not ending in '.', whose last label starts with a letter: not a number.
        guard end > a, p[end &- 1] != 0x2E else { return -1 }
        var label = end &- 1
        while label > a && p[label &- 1] != 0x2E { label &-= 1 }
        guard p[label] &- 0x61 < 26 else { return -1 }
        return restIsPlain || plainWebRest(p, from: end, n) ? end : -1
    }

    /// Whether `p[from..<n]`, the rest of a web URL after a plain authority, leaves the URL as
    /// a browser reads it: no tab, LF, CR or `\`, and no trailing space (stricter than
    /// `webURLNeedsRewrite`, which allows `\` in the query and fragment).
    @inline(__always)
    static func plainWebRest(_ p: UnsafePointer<UInt8>, from: Int, _ n: Int) -> Bool {
        firstByte(p, from, n, { byteMask($0, 0x09) | byteMask($0, 0x0A) | byteMask($0, 0x0D) | byteMask($0, 0x5C) }) == n
            && p[n &- 1] != 0x20
    }

    /// The high bit of each byte of `w` in `lo...hi` (both below 0x80), exact for the ASCII
    /// bytes of `w` that no non-ASCII byte precedes (only such a byte carries into the next).
    @inline(__always)
    private static func inRange(_ w: UInt64, _ lo: UInt8, _ hi: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let atLeastLo = w &+ ones &* UInt64(0x80 &- lo)
        let aboveHi = w &+ ones &* UInt64(0x7F &- hi)
        return atLeastLo & ~aboveHi & 0x8080_8080_8080_8080
    }

    /// Whether the web URL `p[0..<n]`, whose scheme ends at `schemeEnd` (its `:`), needs
    /// rewriting: false exactly when the URL is already in the form `rewriteWebURL` writes.
    /// `scratch` is used for comparing an IPv6 host with its serialization.
    static func webURLNeedsRewrite(_ p: UnsafePointer<UInt8>, _ n: Int, schemeEnd: Int,
                                   scratch: inout GrowBuffer<UInt8>) -> Bool {
        // Tab, LF and CR anywhere; '\' before the query or fragment; a trailing space.
        let pathEnd = nextQueryOrFragment(p, 0, n)
        if firstByte(p, 0, n, { byteMask($0, 0x09) | byteMask($0, 0x0A) | byteMask($0, 0x0D) }) < n { return true }
        if firstByte(p, 0, pathEnd, { byteMask($0, 0x5C) }) < pathEnd { return true }
        if n > 0 && p[n - 1] == 0x20 { return true }
        // Exactly two slashes after the scheme.
        let a = schemeEnd + 3
        if a > n || p[schemeEnd + 1] != 0x2F || p[schemeEnd + 2] != 0x2F || (a < n && p[a] == 0x2F) { return true }
        let aEnd = nextDelimiter(p, a, n)
        var h = a
        var k = aEnd
        while k > a { k -= 1; if p[k] == 0x40 { h = k + 1; break } }
        if h >= aEnd { return true }  // empty host: refused by the rewrite
        var hostEnd = aEnd
        if p[h] == 0x5B {
            var close = h
            while close < aEnd && p[close] != 0x5D { close += 1 }
            if close >= aEnd || close - h < 2 { return true }
            guard let pieces = parseIPv6(p + h + 1, close - h - 1) else { return true }
            scratch.removeAll()
            appendIPv6(pieces, into: &scratch)
            if scratch.count != close - h - 1 || !bytesEqual(UnsafePointer(scratch.base), p + h + 1, scratch.count) {
                return true
            }
            hostEnd = close + 1
            if hostEnd < aEnd && p[hostEnd] != 0x3A { return true }
        } else {
            var i = h
            while i < aEnd && p[i] != 0x3A {
                let b = p[i]
                if b &- 0x41 < 26 || b >= 0x80 || isForbiddenHostByte(b) { return true }
                i += 1
            }
            hostEnd = i
            if hostEnd == h { return true }  // empty host: refused by the rewrite
            if hostEndsInNumber(p + h, hostEnd - h) && !isCanonicalIPv4(p + h, hostEnd - h) { return true }
            // An invalid "xn--" label is refused by the rewrite.
            if (try? checkPunycodeLabels(p + h, hostEnd - h, position: h)) == nil { return true }
        }
        if hostEnd < aEnd {
            let ps = hostEnd + 1
            let digits = aEnd - ps
            if digits == 0 || digits > 5 || (digits > 1 && p[ps] == 0x30) { return true }
            var v = 0
            for i in ps..<aEnd {
                let d = p[i] &- 0x30
                if d >= 10 { return true }
                v = v * 10 + Int(d)
            }
            if v > 65535 { return true }
            // The scheme's default port is dropped from the URL, as a browser drops it.
            if let d = defaultPort(scheme: p, schemeEnd), d.count == digits,
               d.withUnsafeBufferPointer({ bytesEqual($0.baseAddress!, p + ps, digits) }) { return true }
        }
        return false
    }

    /// Writes the browser's reading of the web URL `p[0..<n]` (scheme ending at `schemeEnd`)
    /// into `out`, or throws invalidURL at the byte (of `p`) a browser would refuse.
    static func rewriteWebURL(_ p: UnsafePointer<UInt8>, _ n: Int, schemeEnd: Int,
                              cleaned: inout GrowBuffer<UInt8>, into out: inout GrowBuffer<UInt8>)
        throws(SwitchyardError) {
        // Invalid UTF-8 is refused at its byte in the URL as given (the rewritten form may be
        // longer or shorter, so its positions would not be the caller's).
        if let bad = firstInvalidUTF8(p, n) {
            throw SwitchyardError(.invalidURL, "URL is not valid UTF-8", position: bad)
        }
        // Tab, LF and CR go; trailing C0 controls and spaces go; other controls are refused.
        cleaned.removeAll()
        var end = n
        while end > 0 && p[end - 1] <= 0x20 { end -= 1 }
        for i in 0..<end {
            let b = p[i]
            if b == 0x09 || b == 0x0A || b == 0x0D { continue }
            if b < 0x20 || b == 0x7F {
                throw SwitchyardError(.invalidURL, "control character 0x\(String(b, radix: 16)) in URL", position: i)
            }
            cleaned.append(b)
        }
        do throws(SwitchyardError) {
            try rewriteCleanWebURL(UnsafePointer(cleaned.base), cleaned.count, schemeEnd: schemeEnd, into: &out)
        } catch {
            // Positions in the cleaned text back to positions in the URL as given.
            var e = error
            if let at = e.position { e.position = originalPosition(at, p, end) }
            throw e
        }
    }

    /// Where the `k`-th byte kept by the cleaning (tab, LF, CR removed) stands in `p`.
    private static func originalPosition(_ k: Int, _ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var kept = 0
        for i in 0..<n {
            let b = p[i]
            if b == 0x09 || b == 0x0A || b == 0x0D { continue }
            if kept == k { return i }
            kept += 1
        }
        return n
    }

    private static func rewriteCleanWebURL(_ c: UnsafePointer<UInt8>, _ m: Int, schemeEnd: Int,
                                           into out: inout GrowBuffer<UInt8>) throws(SwitchyardError) {
        out.removeAll()
        for i in 0..<schemeEnd { out.append(asciiLower(c[i])) }
        out.append(0x3A); out.append(0x2F); out.append(0x2F)
        var i = schemeEnd + 1
        while i < m && (c[i] == 0x2F || c[i] == 0x5C) { i += 1 }
        var aEnd = i
        while aEnd < m, c[aEnd] != 0x2F, c[aEnd] != 0x5C, c[aEnd] != 0x3F, c[aEnd] != 0x23 { aEnd += 1 }
        var h = i
        var k = aEnd
        while k > i { k -= 1; if c[k] == 0x40 { h = k + 1; break } }
        if h > i { out.append(contentsOf: c + i, count: h - i) }  // the userinfo and its '@'
        var hostEnd = h
        if h < aEnd && c[h] == 0x5B {
            while hostEnd < aEnd && c[hostEnd] != 0x5D { hostEnd += 1 }
            if hostEnd >= aEnd {
                throw SwitchyardError(.invalidURL, "IPv6 address is not closed by ']'", position: h)
            }
            hostEnd += 1
            if hostEnd < aEnd && c[hostEnd] != 0x3A {
                throw SwitchyardError(.invalidURL, "unexpected character after an IPv6 address", position: hostEnd)
            }
        } else {
            while hostEnd < aEnd && c[hostEnd] != 0x3A { hostEnd += 1 }
        }
        try appendWebHost(c, h, hostEnd, into: &out)
        if hostEnd < aEnd {
            try appendPort(c, hostEnd + 1, aEnd, scheme: c, schemeEnd, into: &out)
        }
        // The path, '\' read as '/'; the query and fragment as written.
        var j = aEnd
        while j < m && c[j] != 0x3F && c[j] != 0x23 {
            out.append(c[j] == 0x5C ? 0x2F : c[j])
            j += 1
        }
        if j < m { out.append(contentsOf: c + j, count: m - j) }
    }

    /// The port `c[start..<end]`: decimal digits, at most 65535, leading zeros dropped,
    /// nothing written when it is empty or the scheme's default.
    private static func appendPort(_ c: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
                                   scheme: UnsafePointer<UInt8>, _ schemeEnd: Int,
                                   into out: inout GrowBuffer<UInt8>) throws(SwitchyardError) {
        if start == end { return }
        var v = 0
        for i in start..<end {
            let d = c[i] &- 0x30
            if d >= 10 { throw SwitchyardError(.invalidURL, "port must be decimal digits", position: i) }
            v = min(v * 10 + Int(d), 1 << 20)
        }
        if v > 65535 { throw SwitchyardError(.invalidURL, "port is over 65535", position: start) }
        let digitsStart = out.count
        appendDecimal(UInt64(v), into: &out)
        let digits = out.count - digitsStart
        if let d = defaultPort(scheme: scheme, schemeEnd), d.count == digits,
           d.withUnsafeBufferPointer({ bytesEqual($0.baseAddress!, UnsafePointer(out.base) + digitsStart, digits) }) {
            out.truncate(to: digitsStart)
            return
        }
        // The ':' goes before the digits: move them up by one.
        out.append(0)
        var k = out.count - 1
        while k > digitsStart { out[k] = out[k - 1]; k -= 1 }
        out[digitsStart] = 0x3A
    }

    /// A URL without a scheme with `\` in its path: the same URL with `/` for `\` there.
    static func rewriteBarePath(_ p: UnsafePointer<UInt8>, _ n: Int, into out: inout GrowBuffer<UInt8>) {
        out.removeAll()
        out.reserve(n)
        let pathEnd = nextQueryOrFragment(p, 0, n)
        for i in 0..<pathEnd { out.append(p[i] == 0x5C ? 0x2F : p[i]) }
        if pathEnd < n { out.append(contentsOf: p + pathEnd, count: n - pathEnd) }
    }
}

/// For tests and the resolve fuzz target: whether the quick scan (`plainWebAuthorityEnd`)
/// agrees with the full reading on the URL `u`. Where the scan finds a plain web URL, the
/// full check must find nothing to rewrite, and the authority must end where the full
/// reading ends it, with no userinfo or port in it; and the scan that leaves out the rest
/// after the authority, where the reader does, must give the same answer. `plain`: the
/// scan found the URL plain.
/// A URL without a scheme agrees trivially.
package func plainWebURLAgrees(_ u: UnsafeBufferPointer<UInt8>) -> (agrees: Bool, plain: Bool) {
    guard let p = u.baseAddress, u.count > 0, let sl = try? schemeLength(p, u.count, what: "URL") else {
        return (true, false)
    }
    let n = u.count
    let end = URLView.plainWebAuthorityEnd(p, n, schemeEnd: sl)
    // The reader skips the scan of the rest when its validating scan passed every word
    // (`restIsPlain`): that must not change the answer.
    if n >= 8 && URLView.ordinaryWordsEnd(p, n, start: 0) == n
        && URLView.plainWebAuthorityEnd(p, n, schemeEnd: sl, restIsPlain: true) != end {
        return (false, end >= 0)
    }
    guard end >= 0 else { return (true, false) }
    var scratch = GrowBuffer<UInt8>(capacity: 16)
    defer { scratch.free() }
    let rewrite = URLView.webURLNeedsRewrite(p, n, schemeEnd: sl, scratch: &scratch)
    let a = sl + 3
    let hostOnly = firstByte(p, a, end) { byteMask($0, 0x40) | byteMask($0, 0x3A) } == end
    return (!rewrite && end == nextDelimiter(p, a, n) && hostOnly, true)
}
