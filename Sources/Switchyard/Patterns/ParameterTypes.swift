/// Parameter types: the built-in names (`string`, `int`, `float`, `uuid`, `path`), word sets
/// (`<one(a,b,c):tab>`, or a set registered by name) and the types an app registers on a
/// router (SEMANTICS §2, "Parameter types of the app's own"). The pattern reader asks
/// `lookUpParameterType` what a type name means, so every place a `<type:name>` is read
/// (path segments, rule documents, query contracts) knows the same types.

/// A value type an app can use as a path parameter type: `router.register(Day.self, as: "date")`
/// makes `<date:d>` match the segments `init?(parameterText:)` accepts. A match reads the value
/// back with `match.parameter("d", as: Day.self)`, and `url(for:parameters:)` writes it with
/// `parameterText`.
public protocol ParameterType: URLParameterValue, ParameterValueConvertible {
    /// The value one decoded path segment spells, or nil when the text is not one. Called on
    /// any thread that resolves, only for segments where a route with this type is a
    /// candidate; it must not call back into the router.
    init?(parameterText text: String)
    /// The value's text, as one path segment holds it before percent-encoding.
    var parameterText: String { get }
}

extension ParameterType {
    /// The value as the parameter it becomes in a URL: its `parameterText`.
    public var urlParameterValue: ParameterValue { .string(parameterText) }

    /// The value a parameter's text spells (an `.int` or `.float` is read from its decimal text).
    public init?(parameterValue: ParameterValue) {
        switch parameterValue {
        case .string(let s): self.init(parameterText: s)
        default: self.init(parameterText: parameterValue.description)
        }
    }
}

/// What a parameter type says about one segment.
package enum ParseOutcome: Equatable, Sendable {
    case accepted
    case declined
    /// The type's function misbehaved (a C function returned neither 0 nor 1, a Python
    /// `parse` raised something other than ValueError): the resolve ends with this message.
    case failed(String)
}

/// The bounds on parameter types (docs/SECURITY.md, Limits).
package enum ParameterTypeLimits {
    /// Types and word sets one router may register.
    package static let maxRegistered = 64
    /// Bytes in a registered type's name.
    package static let maxNameLength = 64
    /// Words in one word set.
    package static let maxWords = 256
    /// Bytes in one word (after percent-decoding).
    package static let maxWordLength = 255
}

/// One parameter type other than the built-in ones: a word set or an app's parse function.
/// Immutable and shared by the registry and every table that uses it; `check` may run on
/// any number of threads at once.
package final class ParameterMatcher: Sendable {
    /// The name as a pattern writes it: `date`, or `one(a,b,c)` for an inline word set.
    package let name: String
    private let rule: Rule
    /// The canonical text of a value the type accepts (`2026-1-5` → `2026-01-05`), which URL
    /// building writes; nil writes the text as given. `.success(nil)`: the type declines it.
    private let format: (@Sendable (String) -> Result<String?, SwitchyardError>)?

    enum Rule: Sendable {
        /// The words, sorted by bytes, each once.
        case words([[UInt8]])
        case function(@Sendable (UnsafeBufferPointer<UInt8>) -> ParseOutcome)
    }

    /// Whether the type is an app's parse function.
    var hasParseFunction: Bool {
        if case .function = rule { return true }
        return false
    }

    init(name: String, words: [[UInt8]]) {
        self.name = name
        var seen: Set<[UInt8]> = []
        rule = .words(words.filter { seen.insert($0).inserted }.sorted { $0.lexicographicallyPrecedes($1) })
        format = nil
    }

    package init(name: String, parse: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> ParseOutcome,
                 format: (@Sendable (String) -> Result<String?, SwitchyardError>)? = nil) {
        self.name = name
        rule = .function(parse)
        self.format = format
    }

    /// The text URL building writes for `text`, a value given for a parameter of this type:
    /// nil when the type declines it; the type's canonical text when it has a format function
    /// (its answer checked again, so a URL holds only what the type accepts). Throws when a
    /// function of the type fails.
    package func canonicalText(_ text: String) throws(SwitchyardError) -> String? {
        func accepts(_ t: String) throws(SwitchyardError) -> Bool {
            var bytes = Array(t.utf8)
            let outcome = bytes.withUnsafeMutableBufferPointer { check(UnsafeBufferPointer($0)) }
            switch outcome {
            case .accepted: return true
            case .declined: return false
            case .failed(let why):
                throw SwitchyardError(.invalidArgument, "parameter type '\(name)' failed on '\(t)': \(why)")
            }
        }
        guard try accepts(text) else { return nil }
        guard let format else { return text }
        let formatted: String?
        switch format(text) {
        case .success(let t): formatted = t
        case .failure(let e): throw SwitchyardError(e.code, "parameter type '\(name)' failed on '\(text)': \(e.message)")
        }
        guard let canonical = formatted else { return nil }
        guard try accepts(canonical) else {
            throw SwitchyardError(.invalidArgument,
                "parameter type '\(name)' formats '\(text)' as '\(canonical)', which its parse function declines")
        }
        return canonical
    }

    /// Whether `text` (one decoded segment) is a value of the type. A word set compares bytes
    /// (binary search, no allocation); a function is called.
    package func check(_ text: UnsafeBufferPointer<UInt8>) -> ParseOutcome {
        switch rule {
        case .words(let words):
            var lo = 0, hi = words.count
            while lo < hi {
                let mid = (lo + hi) / 2
                let c = words[mid].withUnsafeBufferPointer { compareBytes($0, text) }
                if c == 0 { return .accepted }
                if c < 0 { lo = mid + 1 } else { hi = mid }
            }
            return .declined
        case .function(let parse):
            return parse(text)
        }
    }

    /// The edge key of a segment of this type: never a regexp's (those start with 0 or 1).
    var key: [UInt8] { [2] + Array(name.utf8) }
}

private func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let n = min(a.count, b.count)
    for k in 0..<n where a[k] != b[k] { return a[k] < b[k] ? -1 : 1 }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}

/// The types and word sets registered on one router. Registration is refused once the
/// router has routes, so the types a table was built with never change under it.
package final class ParameterTypeRegistry: Sendable {
    private let types = PThreadLocked<[String: ParameterMatcher]>([:])

    package init() {}

    /// The names a pattern cannot register: the built-in types and the word-set form.
    static let reservedNames: Set<String> = ["string", "int", "float", "uuid", "path", "re", "one"]

    func register(_ matcher: ParameterMatcher) throws(SwitchyardError) {
        try Self.checkName(matcher.name)
        let result: SwitchyardError? = types.withLock { t in
            if t[matcher.name] != nil {
                return SwitchyardError(.invalidArgument, "parameter type '\(matcher.name)' is already registered")
            }
            if t.count >= ParameterTypeLimits.maxRegistered {
                return SwitchyardError(.limit, "a router registers at most \(ParameterTypeLimits.maxRegistered) parameter types and word sets")
            }
            t[matcher.name] = matcher
            return nil
        }
        if let result { throw result }
    }

    func lookUp(_ name: String) -> ParameterMatcher? { types.withLock { $0[name] } }

    /// Whether a type registered here has a parse function of the app's (not a word set).
    var hasParseFunctions: Bool { types.withLock { $0.values.contains { $0.hasParseFunction } } }

    static func checkName(_ name: String) throws(SwitchyardError) {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else {
            throw SwitchyardError(.invalidArgument, "a parameter type needs a name")
        }
        if bytes.count > ParameterTypeLimits.maxNameLength {
            throw SwitchyardError(.limit, "parameter type name is \(bytes.count) bytes, over the limit of \(ParameterTypeLimits.maxNameLength)")
        }
        if !(isNameStart(first) && bytes.allSatisfy(isNameByte)) {
            throw SwitchyardError(.invalidArgument, "invalid parameter type name '\(name)': a name is a letter or '_', then letters, digits or '_'")
        }
        if reservedNames.contains(name) {
            throw SwitchyardError(.invalidArgument, "parameter type name '\(name)' is a built-in type")
        }
    }

    /// A word set's words, checked: at least one, each non-empty and within the limits.
    static func checkWords(_ words: [[UInt8]]) -> String? {
        if words.isEmpty { return "a word set needs at least one word" }
        if words.count > ParameterTypeLimits.maxWords {
            return "a word set has \(words.count) words, over the limit of \(ParameterTypeLimits.maxWords)"
        }
        for w in words {
            if w.isEmpty { return "a word set cannot hold the empty word (a segment is never empty)" }
            if w.count > ParameterTypeLimits.maxWordLength {
                return "a word of \(w.count) bytes is over the limit of \(ParameterTypeLimits.maxWordLength)"
            }
            if w.contains(0x2F) { return "a word cannot hold '/' (a segment never does)" }
        }
        return nil
    }
}

/// What a type name in `<type:name>` means.
enum ParameterTypeLookup {
    case string, int, float, uuid, path
    case custom(ParameterMatcher)
}

/// The meaning of the type name `type` (the text before the ':' of `<type:name>`), at
/// pattern byte `at`: a built-in type, an inline word set `one(a,b,c)`, or a type or word
/// set registered on the router. An unknown name is an error at its first byte.
func lookUpParameterType(_ type: ArraySlice<UInt8>, at: Int,
                         registry: ParameterTypeRegistry?) throws(SwitchyardError) -> ParameterTypeLookup {
    guard let found = try knownParameterType(type, at: at, registry: registry) else {
        throw unknownParameterType(type, at: at)
    }
    return found
}

/// The error for a type name that is neither built in nor registered.
func unknownParameterType(_ type: ArraySlice<UInt8>, at: Int) -> SwitchyardError {
    SwitchyardError(.invalidPattern, "unknown type '\(String(decoding: type, as: UTF8.self))' at \(at)", position: at)
}

/// `lookUpParameterType`, with nil for a name that is neither built in nor registered (a
/// caller that may know the router's types only later tells that case from a malformed name).
func knownParameterType(_ type: ArraySlice<UInt8>, at: Int,
                        registry: ParameterTypeRegistry?) throws(SwitchyardError) -> ParameterTypeLookup? {
    let text = String(decoding: type, as: UTF8.self)
    switch text {
    case "string": return .string
    case "int": return .int
    case "float": return .float
    case "uuid": return .uuid
    case "path": return .path
    case "": throw SwitchyardError(.invalidPattern, "missing type before ':' at \(at)", position: at)
    default: break
    }
    if type.starts(with: Array("one(".utf8)) {
        return .custom(try inlineWordSet(type, at: at))
    }
    if let m = registry?.lookUp(text) { return .custom(m) }
    return nil
}

/// `one(a,b,c)`: the words between the parentheses, separated by ',', each percent-decoded
/// (`%2C` is a comma, `%3A` a colon, `%29` a ')'; '+' stays '+'), never case-folded.
private func inlineWordSet(_ type: ArraySlice<UInt8>, at: Int) throws(SwitchyardError) -> ParameterMatcher {
    let open = type.startIndex + 3
    guard type.last == 0x29 else {
        throw SwitchyardError(.invalidPattern, "a word set is written 'one(word,word,...)' at \(at)", position: at)
    }
    let body = type[(open + 1)..<(type.endIndex - 1)]
    var words: [[UInt8]] = []
    var start = body.startIndex
    for k in body.indices where body[k] == 0x2C {
        words.append(linkPercentDecoded(body[start..<k]))
        start = k + 1
    }
    words.append(linkPercentDecoded(body[start...]))
    if let problem = ParameterTypeRegistry.checkWords(words) {
        let code: SwitchyardError.Code = problem.contains("over the limit") ? .limit : .invalidPattern
        throw SwitchyardError(code, "\(problem) at \(at)", position: at)
    }
    return ParameterMatcher(name: String(decoding: type, as: UTF8.self), words: words)
}

/// Where the word list of `<one(...)` starting at `start` (its '<') ends: the index of its
/// ')', or nil when no word set starts there. Its '(' and ')' are no optional group.
func wordListEnd(_ bytes: [UInt8], _ start: Int) -> Int? {
    let head: [UInt8] = Array("<one(".utf8)
    guard start + head.count <= bytes.count, bytes[start..<(start + head.count)].elementsEqual(head) else { return nil }
    var k = start + head.count
    while k < bytes.count {
        if bytes[k] == 0x29 { return k }
        if bytes[k] == 0x3E || bytes[k] == 0x2F || bytes[k] == 0x28 { return nil }
        k += 1
    }
    return nil
}

extension LinearRegex {
    /// The constraint a segment of a custom type or word set carries: it takes a `.regex`
    /// edge's place in the walk (ranked with the typed parameters), and its check is the type's.
    static func parameterType(_ matcher: ParameterMatcher) -> LinearRegex {
        var r = LinearRegex.empty
        r.parameterType = matcher
        return r
    }
}

/// The walk's check of a custom-typed segment: a failure of the type's function ends the
/// walk (its budget is spent) and is the resolve's error (`MatchBuffer.checkRegexBudget`).
func parameterTypeAccepts(_ matcher: ParameterMatcher, _ p: UnsafePointer<UInt8>, _ n: Int,
                          _ input: UnsafeMutablePointer<TailInput>) -> Bool {
    switch matcher.check(UnsafeBufferPointer(start: p, count: n)) {
    case .accepted: return true
    case .declined: return false
    case .failed(let why):
        input.pointee.budget = -1
        input.pointee.typeFailure = SwitchyardError(.invalidArgument,
            "parameter type '\(matcher.name)' failed on the segment '\(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))': \(why)")
        return false
    }
}

extension Router {
    /// Registers `type` as the parameter type `name`: `<name:param>` then matches the
    /// segments `type.init(parameterText:)` accepts. Before any route is added or loaded.
    /// URL building writes a value's `parameterText` (a text given for the parameter is read
    /// with `init(parameterText:)` and written as its value's `parameterText`, so `2026-1-5`
    /// becomes `2026-01-05` when that is the type's text).
    public func register<T: ParameterType>(_ type: T.Type, as name: String) throws(SwitchyardError) {
        let parse: @Sendable (UnsafeBufferPointer<UInt8>) -> ParseOutcome = { text in
            T(parameterText: String(decoding: text, as: UTF8.self)) == nil ? .declined : .accepted
        }
        let format: @Sendable (String) -> Result<String?, SwitchyardError> = { text in
            .success(T(parameterText: text)?.parameterText)
        }
        try register(ParameterMatcher(name: name, parse: parse, format: format))
    }

    /// Registers a parameter type by its parse function: `parse` says whether one decoded
    /// segment is a value of the type (called on any thread that resolves). `format`, when
    /// given, is the canonical text of a value `parse` accepts, which URL building writes
    /// (nil from it: not a value of the type); without it a value is written as given.
    public func registerParameterType(_ name: String,
                                      parse: @escaping @Sendable (String) -> Bool,
                                      format: (@Sendable (String) -> String?)? = nil) throws(SwitchyardError) {
        let check: @Sendable (UnsafeBufferPointer<UInt8>) -> ParseOutcome = { text in
            parse(String(decoding: text, as: UTF8.self)) ? .accepted : .declined
        }
        var canonical: (@Sendable (String) -> Result<String?, SwitchyardError>)? = nil
        if let format { canonical = { text in .success(format(text)) } }
        try register(ParameterMatcher(name: name, parse: check, format: canonical))
    }

    /// Registers the word set `name`: `<name:param>` matches a segment equal to one of
    /// `words` (compared byte for byte after decoding, case-sensitive).
    public func register(words: [String], as name: String) throws(SwitchyardError) {
        let bytes = words.map { Array($0.utf8) }
        if let problem = ParameterTypeRegistry.checkWords(bytes) {
            throw SwitchyardError(problem.contains("over the limit") ? .limit : .invalidArgument, problem)
        }
        try register(ParameterMatcher(name: name, words: bytes))
    }

    /// Registers `matcher` (for the C and Python layers too), refused once the router has routes.
    package func register(_ matcher: ParameterMatcher) throws(SwitchyardError) {
        try ParameterTypeRegistry.checkName(matcher.name)
        let result: SwitchyardError? = state.withLock { s in
            if !s.routes.isEmpty {
                return SwitchyardError(.invalidArgument,
                    "parameter type '\(matcher.name)' must be registered before routes are added or loaded (the router has \(s.routes.count))")
            }
            do throws(SwitchyardError) {
                try patternConfig.types.register(matcher)
            } catch { return error }
            return nil
        }
        if let result { throw result }
    }
}
