/// The options that look at a URL before it is read: `fragmentAsPath` and
/// `encodedPlusAsSpace` rewrite it, `caseSensitiveScheme` and `hostPrefixes` refuse it. A
/// router with none of them set has no pre-pass (`Router.prePass` is nil) and its resolves
/// never come here; one with them pays one scan of the URL and, for a rewrite, one copy.
struct URLPrePass: Sendable {
    var fragmentAsPath: Bool
    var encodedPlusAsSpace: Bool
    var caseSensitiveScheme: Bool
    /// Lowercase.
    var hostPrefixes: [[UInt8]]
    var schemeTables: Bool
    var globalFallbackSchemes: Set<[UInt8]>

    init?(_ o: RouterOptions) {
        guard o.fragmentAsPath || o.encodedPlusAsSpace || o.caseSensitiveScheme || !o.hostPrefixes.isEmpty
                || o.schemeTables else {
            return nil
        }
        schemeTables = o.schemeTables
        globalFallbackSchemes = Set(o.globalFallbackSchemes.map { Array($0.utf8) })
        fragmentAsPath = o.fragmentAsPath
        encodedPlusAsSpace = o.encodedPlusAsSpace
        caseSensitiveScheme = o.caseSensitiveScheme
        hostPrefixes = o.hostPrefixes.map { Array($0.utf8) }
    }

    enum Outcome {
        /// Read the URL as given.
        case same
        /// Read these bytes instead.
        case rewritten([UInt8])
        /// The URL matches nothing.
        case refused
    }

    func apply(_ url: UnsafeBufferPointer<UInt8>) -> Outcome {
        let schemeEnd = Self.schemeEnd(url)
        if caseSensitiveScheme, let end = schemeEnd, url[0..<end].contains(where: { $0 &- 0x41 < 26 }) {
            return .refused
        }
        if !hostPrefixes.isEmpty && !hostAllowed(url, schemeEnd) { return .refused }
        guard fragmentAsPath || encodedPlusAsSpace else { return .same }
        // Most URLs need no rewriting: find that out a word at a time, without copying them.
        let p = url.baseAddress ?? emptyBytes, n = url.count
        let hashAt = fragmentAsPath ? firstByte(p, 0, n) { byteMask($0, 0x23) } : n
        let hash: Int? = hashAt < n ? hashAt : nil
        guard hash != nil || (encodedPlusAsSpace && Self.hasEncodedPlus(p, n)) else { return .same }
        var bytes = Array(url)
        if let hash { bytes = Self.fragmentJoined(bytes, hash) }
        if encodedPlusAsSpace, Self.hasEncodedPlus(bytes) { bytes = Self.encodedPlusDecoded(bytes) }
        return .rewritten(bytes)
    }

    /// With `schemeTables`: whether the winner of `match` may stand. A route without a scheme
    /// does not, for a URL whose scheme has routes of its own and no fallback (the scheme's
    /// routes rank first, so none of them matched).
    func winnerAllowed(_ match: MatchBuffer) -> Bool {
        guard let route = match.route, let table = match.table, !table.namedSchemes.isEmpty else { return true }
        let v = Int(match.entry.variant)
        if v < route.variants.count, route.variants[v].scheme != nil { return true }
        return match.withURLBytes { url in
            guard let end = Self.schemeEnd(url), let p = url.baseAddress else { return true }
            func among(_ schemes: Set<[UInt8]>) -> Bool {
                schemes.contains { s in s.count == end && s.withUnsafeBufferPointer { bytesEqualFolding($0.baseAddress ?? emptyBytes, p, end) } }
            }
            return !among(table.namedSchemes) || among(globalFallbackSchemes)
        }
    }

    /// Where the scheme's ':' is, when the URL starts with a scheme. Reads no further than
    /// the scheme: a path (`/a/b`) is known to have none from its first byte.
    static func schemeEnd(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = url.first, isSchemeStart(first) else { return nil }
        var i = 1
        while i < url.count, isSchemeByte(url[i]) { i += 1 }
        return i < url.count && url[i] == 0x3A ? i : nil
    }

    /// Whether the URL's host (after `//`, without userinfo and port) is one of the prefixes or,
    /// for a prefix ending with `.` (`www.`), starts with it. A whole host is not taken as a
    /// text prefix: `www.kickstarter.com.evil.example` is another site.
    func hostAllowed(_ url: UnsafeBufferPointer<UInt8>, _ schemeEnd: Int?) -> Bool {
        let start = (schemeEnd ?? -1) + 1
        guard start + 1 < url.count, url[start] == 0x2F, url[start + 1] == 0x2F else { return false }
        var end = start + 2
        while end < url.count, url[end] != 0x2F, url[end] != 0x3F, url[end] != 0x23, url[end] != 0x5C { end += 1 }
        var hostStart = start + 2
        if let at = url[hostStart..<end].lastIndex(of: 0x40) { hostStart = at + 1 }
        var hostEnd = end
        if hostStart < end, url[hostStart] != 0x5B, let colon = url[hostStart..<end].lastIndex(of: 0x3A) { hostEnd = colon }
        if hostEnd > hostStart, url[hostEnd - 1] == 0x2E { hostEnd -= 1 }  // "example.com." is "example.com"
        guard let base = url.baseAddress else { return false }
        let host = base + hostStart, n = hostEnd - hostStart
        // Compared in place, case folded (the prefixes are lowercase): no copy per resolve.
        return hostPrefixes.contains { p in
            p.withUnsafeBufferPointer { q in
                let m = q.count
                guard let qp = q.baseAddress else { return n == 0 }
                return (m == n || (m > 0 && m <= n && q[m - 1] == 0x2E)) && bytesEqualFolding(qp, host, m)
            }
        }
    }

    /// JLRoutes' reading of a fragment: `a/b?q#/c/d?r` is `a/b%23/c/d?q&r` (the fragment path
    /// continues the path after a segment ending in `#`), `a/b?q#k=v` is `a/b?q&k=v`.
    static func fragmentJoined(_ url: [UInt8], _ hash: Int) -> [UInt8] {
        let base = url[..<hash], fragment = url[(hash + 1)...]
        let baseQuery = base.firstIndex(of: 0x3F)
        let basePath = base[..<(baseQuery ?? base.endIndex)]
        var queries: [ArraySlice<UInt8>] = []
        if let q = baseQuery, q + 1 < base.endIndex { queries.append(base[(q + 1)...]) }
        var out = Array(basePath)
        if fragment.isEmpty || fragment.first == 0x2F {
            let fragmentQuery = fragment.firstIndex(of: 0x3F)
            out += [0x25, 0x32, 0x33]  // "%23"
            out += fragment[..<(fragmentQuery ?? fragment.endIndex)]
            if let q = fragmentQuery, q + 1 < fragment.endIndex { queries.append(fragment[(q + 1)...]) }
        } else {
            queries.append(fragment)
        }
        for (k, q) in queries.enumerated() {
            out.append(k == 0 ? 0x3F : 0x26)
            out += q
        }
        return out
    }

    /// Whether `p[0..<n]` holds `%2B` (any case), found a word at a time.
    static func hasEncodedPlus(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var k = firstByte(p, 0, n) { byteMask($0, 0x25) }
        while k + 2 < n {
            if p[k + 1] == 0x32, p[k + 2] | 0x20 == 0x62 { return true }
            k = firstByte(p, k + 1, n) { byteMask($0, 0x25) }
        }
        return false
    }

    static func hasEncodedPlus(_ b: [UInt8]) -> Bool {
        b.withUnsafeBufferPointer { hasEncodedPlus($0.baseAddress ?? emptyBytes, $0.count) }
    }

    /// `%2B` written as `+`, so it reads as a space where `+` does.
    static func encodedPlusDecoded(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var k = 0
        while k < b.count {
            if k + 2 < b.count, b[k] == 0x25, b[k + 1] == 0x32, b[k + 2] | 0x20 == 0x62 {
                out.append(0x2B)
                k += 3
            } else {
                out.append(b[k])
                k += 1
            }
        }
        return out
    }
}
