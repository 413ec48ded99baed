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
func compileRoutePattern(_ route: Route, _ config: PatternConfig, expansionRoom: Int = .max,
                         pool: LiteralPool? = nil) throws(SwitchyardError) -> CompiledPattern {
    if (route.dialect ?? config.dialect) == .urlpattern {
        if route.queryContract != nil {
            throw SwitchyardError(.invalidArgument, "a query contract belongs to the switchyard dialect; route '\(route.pattern)' is in the urlpattern dialect (its search pattern matches the query)")
        }
        return try compileURLPatternRoute(route, config, expansionRoom: expansionRoom)
    }
    if route.searchPattern != nil || route.hashPattern != nil || route.ignoreCase {
        throw SwitchyardError(.invalidArgument, "search, hash and ignoreCase belong to the urlpattern dialect; route '\(route.pattern)' is in the switchyard dialect")
    }
    let compiled = try compilePattern(route.pattern, config, expansionRoom: expansionRoom, pool: pool)
    // Most routes have nothing to add or check: their result is returned as it is, not copied.
    if !needsDeclaredQueryContractStep(route, compiled) { return compiled }
    return try withDeclaredQueryContract(compiled, route, types: config.types)
}

/// Whether `withDeclaredQueryContract` has anything to do: a declared contract to add, or a
/// pattern's contract to check the route's defaults against.
private func needsDeclaredQueryContractStep(_ route: Route, _ compiled: CompiledPattern) -> Bool {
    route.queryContract != nil || (compiled.queryContract != nil && !route.defaults.isEmpty)
}

/// A urlpattern route has one alternative: its texts, plus one byte (`ExpansionBudget`).
func urlPatternExpandedSize(_ route: Route, _ config: PatternConfig) throws(SwitchyardError) -> Int {
    var size = 0
    for text in [route.pattern, route.searchPattern ?? "", route.hashPattern ?? ""] {
        let n = text.utf8.count
        if n > config.maxPatternLength {
            throw SwitchyardError(.limit, "pattern is \(n) bytes, over the limit of \(config.maxPatternLength)")
        }
        size += n
    }
    return size + 1
}

func compileURLPatternRoute(_ route: Route, _ config: PatternConfig, expansionRoom: Int = .max) throws(SwitchyardError) -> CompiledPattern {
    let expandedSize = try urlPatternExpandedSize(route, config)
    if expandedSize > expansionRoom {
        throw SwitchyardError(.limit, ExpansionBudget.overMessage(expandedSize: expandedSize, room: expansionRoom))
    }
    var names: [String] = []
    var innerGroups = 0
    let pathParts = try parseURLPattern(route.pattern, .pathname)
    let pathname = try urlPatternComponent(pathParts, .pathname, &names, &innerGroups, config)
    let search = try route.searchPattern.map { (s: String) throws(SwitchyardError) in
        try urlPatternComponent(try parseURLPattern(s, .search), .search, &names, &innerGroups, config)
    }
    let hash = try route.hashPattern.map { (s: String) throws(SwitchyardError) in
        try urlPatternComponent(try parseURLPattern(s, .hash), .hash, &names, &innerGroups, config)
    }
    if search == nil, hash == nil,
       let segments = urlPatternSegmentRoute(pathParts, route.ignoreCase, names, config) {
        // Whole segments only: the route is the default dialect's `/books/<re:id:\d+>`, so
        // it ranks, conflicts and matches as that route does (docs/SEMANTICS.md §10).
        let variant = PatternVariant(scheme: nil, host: .any, segments: segments, remainder: nil)
        return CompiledPattern(names: names, variants: [variant], expandedSize: expandedSize)
    }
    // A tail: only now are the components' whole regexps compiled.
    let matcher = URLPatternMatcher(pathname: try pathname.compiled(route.ignoreCase),
                                    search: try search?.compiled(route.ignoreCase),
                                    hash: try hash?.compiled(route.ignoreCase), ignoreCase: route.ignoreCase)
    let segments = urlPatternLiteralSegments(pathParts, route.ignoreCase, config)
    let variant = PatternVariant(scheme: nil, host: .any, segments: segments,
                                 remainder: RemainderPattern(minSegments: 0, nameIndex: -1),
                                 tailKey: matcher.shapeKey)
    return CompiledPattern(names: names, variants: [variant], expandedSize: expandedSize, urlPattern: matcher)
}

/// A component checked but not yet compiled: its parts' groups and the regexp source the
/// standard generates for it.
private struct URLPatternComponentPlan {
    var parts: [URLPatternPart]
    var options: URLPatternComponentOptions
    var groups: [URLPatternMatcher.Group]

    /// The component's one regexp. Its parts' groups capture; groups written inside a
    /// regexp part (`(?<n>a)`) only match, so a match copies one pair of slots per part
    /// whatever the regexp holds.
    func compiled(_ ignoreCase: Bool) throws(SwitchyardError) -> URLPatternMatcher.Component {
        let (source, _) = options.regexpAndNames(parts)
        let regex: LinearRegex
        do throws(SwitchyardError) {
            regex = try LinearRegex(ignoreCase ? asciiCaseFolded(source) : source,
                                    maxInstructions: urlPatternMaxInstructions, namedGroupsCapture: false)
        } catch {
            // Every part was checked alone: what is left is the size of the whole.
            throw SwitchyardError(error.code == .limit ? .limit : .invalidPattern,
                                  "urlpattern \(options.component.rawValue): \(error.message)", position: 0)
        }
        return .init(regex: regex, groups: groups, canonical: options.patternString(parts))
    }
}

/// One component's groups, each regexp part checked alone (parsed and sized, not compiled),
/// so an error in it points at its byte in the pattern. Every group counts against
/// `maxParameters`: the parts' (`names`) and those written inside their regexps (`inner`).
private func urlPatternComponent(_ parts: [URLPatternPart], _ options: URLPatternComponentOptions,
                                 _ names: inout [String], _ inner: inout Int,
                                 _ config: PatternConfig) throws(SwitchyardError) -> URLPatternComponentPlan {
    var groups: [URLPatternMatcher.Group] = []
    var number: Int32 = 0
    for part in parts where part.kind != .fixedText {
        number += 1
        if names.contains(part.name) {
            throw SwitchyardError(.invalidPattern,
                "urlpattern \(options.component.rawValue): group name '\(part.name)' is already used by another component at \(part.position)",
                position: part.position)
        }
        if names.count + inner >= config.maxParameters {
            throw SwitchyardError(.limit, "pattern has more than \(config.maxParameters) parameters (groups inside a regexp count too)",
                                  position: part.position)
        }
        names.append(part.name)
        groups.append(.init(number: number, nameIndex: Int32(names.count - 1),
                            emptyIsAbsent: part.modifier == .optional && part.prefix.isEmpty && part.suffix.isEmpty))
        if part.kind == .regexp {
            try checkRegexpClasses(part.value, at: part.valuePosition, options.component)
            let partGroups: Int
            do throws(SwitchyardError) {
                partGroups = try LinearRegex.check(part.value, offset: part.valuePosition,
                                                   maxInstructions: urlPatternMaxInstructions).count
            } catch {
                // The engine knows nothing of components; without the name, a byte of a
                // search or hash pattern would read as one of the pathname.
                var named = error
                named.message = "urlpattern \(options.component.rawValue): \(error.message)"
                throw named
            }
            if names.count + inner + partGroups > config.maxParameters {
                throw SwitchyardError(.limit, "pattern has more than \(config.maxParameters) parameters (groups inside a regexp count too)",
                                      position: part.valuePosition)
            }
            inner += partGroups
        }
    }
    return .init(parts: parts, options: options, groups: groups)
}

/// The segments of a pathname pattern made only of whole segments, each fixed text the tree
/// compares as the regexp does (see `urlPatternLiteralSegments`) or exactly one regexp group
/// (`/:id(\d+)`, `/(\d+)`: no modifier, no text around it in its segment), with at least
/// one group; nil for any other pattern, which stays a tail. A group becomes the constraint
/// `<re:name:regexp>` would make (`name` is "0", "1", ... for an unnamed group), so the route
/// ranks as a typed parameter, as the standard ranks a regexp group above `:name`. A group
/// stays in a tail when a segment could not hold what its regexp matches: a match with a
/// `/`, an empty one or a dot segment (the URL reader splits, drops or removes those before
/// the tree sees a segment), or a regexp with `^` or `$` (which the standard anchors at the
/// ends of the whole pathname, not of a segment).
func urlPatternSegmentRoute(_ parts: [URLPatternPart], _ ignoreCase: Bool, _ names: [String],
                            _ config: PatternConfig) -> [PatternSegment]? {
    var out: [PatternSegment] = []
    var regexps: [(Int, URLPatternPart)] = []
    var groups = 0
    for (k, part) in parts.enumerated() {
        guard part.modifier == .none else { return nil }
        let next = k + 1 < parts.count ? parts[k + 1] : nil
        // What follows must start a new segment (or end the pattern).
        if let next, !next.startsSegment { return nil }
        if part.kind == .fixedText {
            var text = Array(part.value.utf8)
            guard text.first == 0x2F else { return nil }
            text.removeFirst()
            for piece in text.split(separator: 0x2F, omittingEmptySubsequences: false) {
                guard let literal = urlPatternTreeLiteral(piece, ignoreCase, config) else { return nil }
                out.append(literal)
            }
            continue
        }
        guard part.kind == .regexp, part.prefix == "/", part.suffix.isEmpty, groups < names.count else { return nil }
        // Compiled below, once the whole pattern is known to be made of such segments.
        out.append(PatternSegment(kind: .regex, literal: [], nameIndex: groups))
        regexps.append((out.count - 1, part))
        groups += 1
    }
    if groups == 0 || out.count > config.read.maxSegments { return nil }
    for (at, part) in regexps {
        let source = ignoreCase ? asciiCaseFolded(part.value) : part.value
        guard let regex = try? LinearRegex(source, offset: part.valuePosition), regex.fitsOneSegment else { return nil }
        out[at].literal = [1] + Array(source.utf8)
        out[at].regex = regex
    }
    return out
}

extension LinearRegex {
    /// Whether every input the regexp matches is one non-empty path segment that the URL
    /// reader keeps as it is: no `/`, not `.` or `..`; and the program has no anchor. The
    /// `/` test asks whether a thread that reads a `/` can still reach `match` (anchors
    /// are refused first, so every path of the program is one some input takes).
    var fitsOneSegment: Bool {
        let program = instructions
        if program.contains(where: { $0.op == .start || $0.op == .end }) { return false }
        for text in ["", ".", ".."] {
            let matched = Array(text.utf8).withUnsafeBufferPointer { matches($0) }
            if matched { return false }
        }
        let m = program.count
        func successors(_ pc: Int) -> [Int] {
            let i = program[pc]
            switch i.op {
            case .jump: return [Int(i.a)]
            case .split: return [Int(i.a), Int(i.b)]
            case .match: return []
            case .utf8: return [pc + 1, pc + 2, pc + 3, pc + 4].filter { $0 < m }
            default: return pc + 1 < m ? [pc + 1] : []
            }
        }
        // Instructions some thread reaches from the start.
        var reached = [Bool](repeating: false, count: m)
        var stack = [0]
        while let pc = stack.popLast() {
            if pc >= m || reached[pc] { continue }
            reached[pc] = true
            stack += successors(pc)
        }
        // Instructions from which `match` can be reached.
        var predecessors = [[Int]](repeating: [], count: m)
        for pc in 0..<m { for s in successors(pc) { predecessors[s].append(pc) } }
        var live = [Bool](repeating: false, count: m)
        stack = (0..<m).filter { program[$0].op == .match }
        while let pc = stack.popLast() {
            if live[pc] { continue }
            live[pc] = true
            stack += predecessors[pc]
        }
        for pc in 0..<m where reached[pc] {
            let i = program[pc]
            var target = -1
            switch i.op {
            case .byte: if i.a == 0x2F { target = pc + 1 }
            case .set: if sets[Int(i.a)].contains(0x2F) { target = pc + 1 }
            case .utf8: if sets[Int(i.a)].contains(0x2F) { target = pc + 4 }
            default: break
            }
            if target >= 0, target < m, live[target] { return false }
        }
        return true
    }
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
    let lastIsWhole = parts.count == 1 || parts[1].startsSegment
    if !lastIsWhole, !pieces.isEmpty { pieces.removeLast() }
    var out: [PatternSegment] = []
    for piece in pieces {
        if out.count == config.read.maxSegments { break }
        guard let literal = urlPatternTreeLiteral(piece, ignoreCase, config) else { break }
        out.append(literal)
    }
    return out
}

/// One whole segment of a pathname's fixed text as a literal of the tree, or nil when the
/// tree could not compare it as the regexp does: empty or a dot segment (the URL reader
/// drops or removes those), holding `%` or `+` (the regexp sees them as written, the tree
/// decoded), or, with `ignoreCase`, an ASCII letter.
private func urlPatternTreeLiteral(_ piece: ArraySlice<UInt8>, _ ignoreCase: Bool,
                                   _ config: PatternConfig) -> PatternSegment? {
    if piece.isEmpty || piece == [0x2E] || piece == [0x2E, 0x2E] { return nil }
    if piece.contains(where: { $0 == 0x25 || $0 == 0x2B || (ignoreCase && ($0 | 0x20) &- 0x61 < 26) }) { return nil }
    return PatternSegment(kind: .literal, literal: config.caseInsensitiveLiterals ? piece.map(asciiLower) : Array(piece))
}

extension URLPatternPart {
    /// Whether the part begins a new path segment: fixed text starting with `/`, or a
    /// group whose prefix is `/`.
    var startsSegment: Bool { kind == .fixedText ? value.utf8.first == 0x2F : prefix == "/" }
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
