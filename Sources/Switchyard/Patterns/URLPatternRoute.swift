/// A route in the `urlpattern` dialect (docs/SEMANTICS.md, "The urlpattern dialect"): its
/// pathname pattern's leading fixed text becomes literal segments of the route table, and
/// the whole URL's pathname (and its search and hash, when the route has patterns for them)
/// is matched at that node by regular expressions generated as the standard generates them,
/// compiled once, when the route is added, for the linear-time engine.

/// The language a route's pattern is written in.
public enum PatternDialect: String, Sendable, Hashable, CaseIterable {
    /// Switchyard's own patterns (docs/SEMANTICS.md §2). Default.
    case switchyard
    /// The WHATWG URLPattern standard's pattern syntax (`/books/:id(\\d+)`, `{/old}?`, `*`).
    case urlpattern
}

/// The compiled regexps of a `urlpattern` route, one per component it has a pattern for.
final class URLPatternMatcher: Sendable {
    struct Group: BitwiseCopyable {
        /// The engine's group number (1-based) of this part's capture.
        var number: Int32
        /// Index in the route's parameter names.
        var nameIndex: Int32
        /// An optional part without prefix or suffix (`(.*)?`, `:x?` after a group): ECMAScript
        /// refuses an iteration of `?` that matches the empty string, so such a group that
        /// captured "" took no part.
        var emptyIsAbsent: Bool
    }

    struct Component {
        var regex: LinearRegex
        var groups: [Group]
        /// The pattern string the standard generates for it.
        var canonical: String
    }

    let pathname: Component
    let search: Component?
    let hash: Component?
    /// The most scratch (`Int32`s) and group slots one of the components needs.
    let scratchCount: Int
    let slotCount: Int

    /// The standard's `ignoreCase` (compiled into the regexps; kept for the route's shape).
    let ignoreCase: Bool

    init(pathname: Component, search: Component?, hash: Component?, ignoreCase: Bool) {
        self.ignoreCase = ignoreCase
        self.pathname = pathname
        self.search = search
        self.hash = hash
        var scratch = 0, slots = 0
        for c in [pathname, search, hash].compactMap({ $0 }) {
            scratch = max(scratch, c.regex.scratchCount(capturing: true))
            slots = max(slots, 2 * (c.regex.groupCount + 1))
        }
        scratchCount = scratch
        slotCount = slots
    }

    /// What makes two routes of this dialect match the same URLs: their canonical pattern
    /// strings and case rule (part of the route's shape, for conflicts).
    var shapeKey: [UInt8] {
        var key: [UInt8] = [0xFF]
        for c in [pathname, search, hash] {
            if let c { key.append(1); key += Array(c.canonical.utf8); key.append(0) } else { key.append(0) }
        }
        key.append(ignoreCase ? 1 : 0)
        return key
    }
}

/// Most instructions a component's regexp may compile to: room for a pathname pattern of
/// some hundreds of bytes, while a tail's match costs at most 2 × 2048 steps per byte of
/// the component and its scratch (in every MatchBuffer) stays below a megabyte.
private let urlPatternMaxInstructions = 2 * LinearRegex.defaultMaxInstructions

/// Compiles `route` in the dialect its route or router names.
func compileRoutePattern(_ route: Route, _ config: PatternConfig, expansionRoom: Int = .max) throws(SwitchyardError) -> CompiledPattern {
    if (route.dialect ?? config.dialect) == .urlpattern {
        return try compileURLPatternRoute(route, config, expansionRoom: expansionRoom)
    }
    if route.searchPattern != nil || route.hashPattern != nil || route.ignoreCase {
        throw SwitchyardError(.invalidArgument, "search, hash and ignoreCase belong to the urlpattern dialect; route '\(route.pattern)' is in the switchyard dialect")
    }
    return try compilePattern(route.pattern, config, expansionRoom: expansionRoom)
}

func compileURLPatternRoute(_ route: Route, _ config: PatternConfig, expansionRoom: Int = .max) throws(SwitchyardError) -> CompiledPattern {
    var size = 0
    for text in [route.pattern, route.searchPattern ?? "", route.hashPattern ?? ""] {
        let n = text.utf8.count
        if n > config.maxPatternLength {
            throw SwitchyardError(.limit, "pattern is \(n) bytes, over the limit of \(config.maxPatternLength)")
        }
        size += n
    }
    let expandedSize = size + 1
    if expandedSize > expansionRoom {
        throw SwitchyardError(.limit, ExpansionBudget.overMessage(expandedSize: expandedSize, room: expansionRoom))
    }
    var names: [String] = []
    let pathParts = try parseURLPattern(route.pattern, .pathname)
    let pathname = try urlPatternComponent(pathParts, .pathname, route.ignoreCase, &names, config)
    let search = try route.searchPattern.map { (s: String) throws(SwitchyardError) in
        try urlPatternComponent(try parseURLPattern(s, .search), .search, route.ignoreCase, &names, config)
    }
    let hash = try route.hashPattern.map { (s: String) throws(SwitchyardError) in
        try urlPatternComponent(try parseURLPattern(s, .hash), .hash, route.ignoreCase, &names, config)
    }
    let matcher = URLPatternMatcher(pathname: pathname, search: search, hash: hash, ignoreCase: route.ignoreCase)
    let segments = urlPatternLiteralSegments(pathParts, route.ignoreCase, config)
    let variant = PatternVariant(scheme: nil, host: .any, segments: segments,
                                 remainder: RemainderPattern(minSegments: 0, nameIndex: -1),
                                 tailKey: matcher.shapeKey)
    return CompiledPattern(names: names, variants: [variant], expandedSize: expandedSize, urlPattern: matcher)
}

/// One component's regexp and groups. Each regexp part is compiled alone first, so an error
/// in it points at its byte in the pattern; the whole regexp is then compiled once.
private func urlPatternComponent(_ parts: [URLPatternPart], _ options: URLPatternComponentOptions, _ ignoreCase: Bool,
                                 _ names: inout [String], _ config: PatternConfig) throws(SwitchyardError) -> URLPatternMatcher.Component {
    var groups: [URLPatternMatcher.Group] = []
    var number: Int32 = 0
    for part in parts where part.kind != .fixedText {
        number += 1
        if names.contains(part.name) {
            throw SwitchyardError(.invalidPattern,
                "urlpattern \(options.component.rawValue): group name '\(part.name)' is already used by another component at \(part.position)",
                position: part.position)
        }
        if names.count == config.maxParameters {
            throw SwitchyardError(.limit, "pattern has more than \(config.maxParameters) parameters", position: part.position)
        }
        names.append(part.name)
        groups.append(.init(number: number, nameIndex: Int32(names.count - 1),
                            emptyIsAbsent: part.modifier == .optional && part.prefix.isEmpty && part.suffix.isEmpty))
        if part.kind == .regexp {
            try checkRegexpClasses(part.value, at: part.valuePosition, options.component)
            let alone: LinearRegex
            do throws(SwitchyardError) {
                alone = try LinearRegex(part.value, offset: part.valuePosition, maxInstructions: urlPatternMaxInstructions)
            } catch {
                // The engine knows nothing of components; without the name, a byte of a
                // search or hash pattern would read as one of the pathname.
                var named = error
                named.message = "urlpattern \(options.component.rawValue): \(error.message)"
                throw named
            }
            number += Int32(alone.groupCount)
        }
    }
    let (source, _) = options.regexpAndNames(parts)
    let regex: LinearRegex
    do throws(SwitchyardError) {
        regex = try LinearRegex(ignoreCase ? asciiCaseFolded(source) : source, maxInstructions: urlPatternMaxInstructions)
    } catch {
        // Every part compiled alone: what is left is the size of the whole.
        throw SwitchyardError(error.code == .limit ? .limit : .invalidPattern,
                              "urlpattern \(options.component.rawValue): \(error.message)", position: 0)
    }
    return .init(regex: regex, groups: groups, canonical: options.patternString(parts))
}

/// The literal segments a route's pathname starts with: whole segments of its leading fixed
/// text, up to the first that the tree could not compare as the regexp does (empty, a dot
/// segment, one holding `%` or `+`, or, with `ignoreCase`, ASCII letters).
private func urlPatternLiteralSegments(_ parts: [URLPatternPart], _ ignoreCase: Bool, _ config: PatternConfig) -> [PatternSegment] {
    guard let first = parts.first, first.kind == .fixedText, first.modifier == .none else { return [] }
    var text = Array(first.value.utf8)
    if text.first == 0x2F { text.removeFirst() }
    var pieces = text.split(separator: 0x2F, omittingEmptySubsequences: false)
    // The last piece is a whole segment only when the pattern goes on with a `/`.
    var lastIsWhole = parts.count == 1
    if parts.count > 1 {
        let next = parts[1]
        lastIsWhole = next.kind == .fixedText ? next.value.utf8.first == 0x2F : next.prefix == "/"
    }
    if !lastIsWhole, !pieces.isEmpty { pieces.removeLast() }
    var out: [PatternSegment] = []
    for piece in pieces {
        if piece.isEmpty || piece == [0x2E] || piece == [0x2E, 0x2E] { break }
        if piece.contains(where: { $0 == 0x25 || $0 == 0x2B || (ignoreCase && ($0 | 0x20) &- 0x61 < 26) }) { break }
        if out.count == config.read.maxSegments { break }
        let literal = config.caseInsensitiveLiterals ? piece.map(asciiLower) : Array(piece)
        out.append(PatternSegment(kind: .literal, literal: literal))
    }
    return out
}

extension Route {
    /// A route in the `urlpattern` dialect: `pattern` is the pathname pattern, `search` and
    /// `hash` the query's and fragment's (nil: any).
    public init(urlPattern pattern: String, target: String, search: String? = nil, hash: String? = nil,
                ignoreCase: Bool = false, name: String? = nil, priority: Int = 0,
                defaults: [String: ParameterValue] = [:]) {
        self.init(pattern, target: target, name: name, priority: priority, defaults: defaults)
        dialect = .urlpattern
        searchPattern = search
        hashPattern = hash
        self.ignoreCase = ignoreCase
    }
}

extension Router {
    /// Adds a route in `dialect` (with `.urlpattern`: `search` and `hash` patterns and the
    /// standard's `ignoreCase`).
    public func add(_ pattern: String, target: String, dialect: PatternDialect, ignoreCase: Bool = false,
                    search: String? = nil, hash: String? = nil, name: String? = nil, priority: Int = 0,
                    defaults: [String: ParameterValue] = [:]) throws(SwitchyardError) {
        var route = Route(pattern, target: target, name: name, priority: priority, defaults: defaults)
        route.dialect = dialect
        route.ignoreCase = ignoreCase
        route.searchPattern = search
        route.hashPattern = hash
        try add(route)
    }
}

/// The standard compiles regexps with ECMAScript's `v` flag, where a class reads `[`, `(`,
/// `)`, `{`, `}`, `/` and `|` only escaped, and doubled punctuation (`--`, `&&`, ...) is a
/// set operation. The engine's classes are plain sets, so such a class is refused here
/// rather than read another way. `at`: the regexp's byte in the pattern.
func checkRegexpClasses(_ source: String, at: Int, _ component: URLPatternComponent) throws(SwitchyardError) {
    let b = Array(source.utf8)
    var i = 0
    var inClass = false
    func fail(_ message: String, _ k: Int) -> SwitchyardError {
        SwitchyardError(.invalidPattern, "urlpattern \(component.rawValue): \(message) at \(at + k)", position: at + k)
    }
    while i < b.count {
        let c = b[i]
        if c == 0x5C { i += 2; continue }
        if !inClass {
            if c == 0x5B { inClass = true; if i + 1 < b.count, b[i + 1] == 0x5E { i += 1 } }
            i += 1
            continue
        }
        if c == 0x5D { inClass = false; i += 1; continue }
        if i + 1 < b.count, b[i + 1] == c, "&!#$%*+,.:;<=>?@^`~-".utf8.contains(c) {
            let op = String(decoding: [c, c], as: UTF8.self)
            throw fail("the class set operation '\(op)' (ECMAScript's v flag) is not supported", i)
        }
        if "[(){}/|".utf8.contains(c) {
            let ch = String(UnicodeScalar(c))
            throw fail("'\(ch)' inside a class must be escaped ('\\\(ch)'), as the standard's v flag reads it", i)
        }
        i += 1
    }
}
