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
        var bytes = Array(url)
        var changed = false
        if fragmentAsPath, let hash = bytes.firstIndex(of: 0x23) {
            bytes = Self.fragmentJoined(bytes, hash)
            changed = true
        }
        if encodedPlusAsSpace, Self.hasEncodedPlus(bytes[...]) {
            bytes = Self.encodedPlusDecoded(bytes)
            changed = true
        }
        return changed ? .rewritten(bytes) : .same
    }

    /// With `schemeTables`: whether the winner of `match` may stand. A route without a scheme
    /// does not, for a URL whose scheme has routes of its own and no fallback (the scheme's
    /// routes rank first, so none of them matched).
    func winnerAllowed(_ match: MatchBuffer) -> Bool {
        guard let route = match.route, let table = match.table, !table.namedSchemes.isEmpty else { return true }
        let v = Int(match.entry.variant)
        if v < route.variants.count, route.variants[v].scheme != nil { return true }
        let scheme: [UInt8]? = match.withURLBytes { url in
            Self.schemeEnd(url).map { url[0..<$0].map(asciiLower) }
        }
        guard let scheme else { return true }
        return !table.namedSchemes.contains(scheme) || globalFallbackSchemes.contains(scheme)
    }

    /// Where the scheme's ':' is, when the URL starts with a scheme.
    static func schemeEnd(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let colon = url.firstIndex(of: 0x3A), colon > 0 else { return nil }
        return isSchemeName(UnsafeBufferPointer(rebasing: url[0..<colon])) ? colon : nil
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
        var host = UnsafeBufferPointer(rebasing: url[hostStart..<end]).map(asciiLower)
        if host.first != 0x5B, let colon = host.lastIndex(of: 0x3A) { host.removeSubrange(colon...) }
        if host.last == 0x2E { host.removeLast() }  // "example.com." is "example.com"
        return hostPrefixes.contains { p in host == p || (p.last == 0x2E && host.starts(with: p)) }
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

    static func hasEncodedPlus(_ b: ArraySlice<UInt8>) -> Bool {
        var k = b.startIndex
        while k + 2 < b.endIndex {
            if b[k] == 0x25, b[k + 1] == 0x32, b[k + 2] | 0x20 == 0x62 { return true }
            k += 1
        }
        return false
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
