/// `RouterOptions.patternReading`: patterns written in another router's syntax, read into the
/// default dialect when a route is added (never on the resolve path). Most of a reading is a
/// rewrite of the pattern's text (this file); the rest are switches of the compiler
/// (`PatternReadingRules`), each for one form the default dialect spells differently.

/// The compiler switches of a pattern reading.
struct PatternReadingRules: Equatable {
    /// A `*` segment is exactly one segment, also at the end (RoutingKit).
    var starIsOneSegment = false
    /// `**` at the end is one or more remaining segments, the match's remainder (RoutingKit).
    var doubleStarRemainder = false
    /// Parameter names may start with a digit and hold `-` (RoutingKit `:1`, `{my-file}`).
    var looseNames = false
    /// A leading `/` is an empty first segment, so such a route needs a URL whose path
    /// starts with an empty segment (WAAppRouting): with empty segments dropped, never.
    var leadingSlashSegment = false
    /// A parameter also takes an empty segment, or an empty piece of a segment of several
    /// pieces (RoutingKit: `a/:x` matches `/a/` when empty segments are kept).
    var emptyParameters = false

    init(_ reading: RouterOptions.Preset) {
        switch reading {
        case .routingkit:
            starIsOneSegment = true
            doubleStarRemainder = true
            looseNames = true
            emptyParameters = true
        case .waapprouting:
            leadingSlashSegment = true
        default:
            break
        }
    }
}

/// `pattern` as the default dialect writes it, for a route written in `reading`'s syntax.
/// Throws invalidPattern for what that router refuses too (URLNavigator: `<path:>` not at the end).
func readPattern(_ pattern: String, as reading: RouterOptions.Preset) throws(SwitchyardError) -> String {
    switch reading {
    case .switchyard, .kickstarter, .waapprouting:
        return pattern
    case .jlroutes:
        // `#` separates the path from a fragment path (`/user#/view/:id`), which a router with
        // `fragmentAsPath` reads as more path after a segment ending in `#`.
        return pattern.contains("#") ? pattern.split(separator: "#", omittingEmptySubsequences: false).joined(separator: "%23") : pattern
    case .mgjrouter:
        // `scheme://` alone: the scheme's fallback, taking any URL of that scheme nothing else takes.
        if pattern.hasSuffix("://"), !pattern.dropLast(3).contains(where: { $0 == "/" || $0 == ":" }) {
            return pattern + "*"
        }
        return pattern
    case .urlnavigator:
        let bytes = Array(pattern.utf8)
        if let at = byteOffset(of: "<path:", in: bytes), let close = bytes[at...].firstIndex(of: 0x3E),
           close != bytes.count - 1 {
            throw SwitchyardError(.invalidPattern,
                "'<path:...>' must end the pattern (URLNavigator never matches text after it) at \(at)", position: at)
        }
        return pattern
    case .routingkit:
        return pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map(routingKitSegment).joined(separator: "/")
    case .deeplinkkit:
        return deepLinkKitPattern(pattern)
    }
}

/// RoutingKit's partial segment `:{a}-x.{ext}` as `<a>-x.<ext>`; other segments as written.
private func routingKitSegment(_ segment: Substring) -> String {
    guard segment.hasPrefix(":"), segment.contains("{") else { return String(segment) }
    var out = ""
    for ch in segment.dropFirst() {
        switch ch {
        case "{": out.append("<")
        case "}": out.append(">")
        default: out.append(ch)
        }
    }
    return out
}

/// DeepLinkKit routes are regular expressions over the host and path: `:name(regexp)` is a
/// constraint (`<re:name:regexp>`), `:name(.*)` at the end the remainder (`<path:name>`), any
/// other segment with regexp operators an unnamed constraint, `.*` alone any URL. A route
/// starting with `/` has no anchor at the host, so it gets a `*` for it; one without is
/// anchored (its first segment is the host, a router with `hostHandling` `.alwaysSegment`).
private func deepLinkKitPattern(_ pattern: String) -> String {
    if pattern == ".*" { return "*" }
    var scheme = ""
    var rest = Substring(pattern)
    let bytes = Array(pattern.utf8)
    if let at = byteOffset(of: "://", in: bytes) {
        scheme = String(decoding: bytes[..<(at + 3)], as: UTF8.self)
        rest = Substring(String(decoding: bytes[(at + 3)...], as: UTF8.self))
    }
    let unanchored = rest.hasPrefix("/")
    var segments = rest.split(separator: "/", omittingEmptySubsequences: false)
    if unanchored { segments.removeFirst() }
    let last = segments.count - 1
    let read = segments.enumerated().map { k, s in deepLinkKitSegment(s, isLast: k == last) }
    return scheme + ((unanchored ? ["*"] : []) + read).joined(separator: "/")
}

private func deepLinkKitSegment(_ s: Substring, isLast: Bool) -> String {
    if s.hasPrefix(":"), let open = s.firstIndex(of: "("), s.hasSuffix(")") {
        let name = s[s.index(after: s.startIndex)..<open]
        let regexp = s[s.index(after: open)..<s.index(before: s.endIndex)]
        if isLast && (regexp == ".*" || regexp == ".+") { return "<path:\(name)>" }
        return "<re:\(name):\(regexp)>"
    }
    if s.hasPrefix(":") { return String(s) }
    let operators: Set<Character> = ["[", "]", "(", ")", "{", "}", "*", "+", "?", "|", "^", "$", "\\"]
    return s.contains(where: operators.contains) ? "<re::\(s)>" : String(s)
}

/// Where `needle` first occurs in `bytes`.
private func byteOffset(of needle: StaticString, in bytes: [UInt8]) -> Int? {
    let n = needle.utf8CodeUnitCount
    guard bytes.count >= n else { return nil }
    let p = needle.utf8Start
    for k in 0...(bytes.count - n) where (0..<n).allSatisfy({ bytes[k + $0] == p[$0] }) { return k }
    return nil
}
