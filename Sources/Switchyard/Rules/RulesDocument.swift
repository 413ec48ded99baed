/// Reading a rule document from JSON values (SEMANTICS.md §5, §8 "Documents"), strictly:
/// unknown fields, wrong types (null included), a route with both or neither of a target and a
/// redirect are errors naming the JSON path. The values are those of the module's own reader
/// (RulesJSONText.swift) or, with the Jansson trait, a jansson value (RulesJansson.swift);
/// either is only read, and nothing is kept.

/// Where a route came from in its document, for messages. The paths are built only when
/// an error needs them (a 10,000-route document would otherwise build 30,000 strings).
struct RouteSite {
    /// The route's index in `routes` (versioned shape), or its key (keyed shape).
    var index: Int
    var key: String?
    /// The member that holds the target or the redirect (`target`, `redirectUrl`, ...).
    var destinationMember: String

    var route: JSONPath { key.map { JSONPath.root.bracketKey($0) } ?? JSONPath.root.key("routes").index(index) }
    /// In the keyed shape the pattern is the route's key.
    var pattern: JSONPath { key == nil ? route.key("pattern") : route.ofKey }
    var destination: JSONPath { route.key(destinationMember) }
}

/// A document, read: its routes in document order, where each came from, and its allowlist.
struct RuleDocument {
    var routes: [Route] = []
    var sites: [RouteSite] = []
    var allowlist: RedirectAllowlist?
    /// `"preset"` of a versioned document: the preset its patterns are written for.
    var preset: RouterOptions.Preset?
}

/// A rule error about the value `path` names; `position`: a byte inside that string (a
/// pattern's or a redirect's). `loadRules(bytes:)` finds its place in the text.
func ruleError(_ path: JSONPath, _ message: String, position: Int? = nil) -> SwitchyardError {
    var e = SwitchyardError(.rule, "\(path): \(message)", position: position)
    e.documentPath = path
    return e
}

/// A JSON value as the reader sees it: a jansson value (`sy_router_load_rules_json`) or a
/// node of a parsed text (RulesJSONText.swift).
protocol RuleJSON {
    var kind: JSONKind { get }
    /// A string's text (`kind == .string`), refused when it is not UTF-8.
    func text(_ path: @autoclosure () -> JSONPath, what: String) throws(SwitchyardError) -> String
    /// The text of a string, or nil for a value of another kind (refused as `text` refuses).
    func stringText(_ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String?
    var integer: Int64 { get }
    var real: Double { get }
    func member(_ key: String) -> Self?
    var memberCount: Int { get }
    /// Calls `body` with each member of an object, in document order.
    func forEachMember(_ path: @autoclosure () -> JSONPath,
                       _ body: (String, Self) throws(SwitchyardError) -> Void) throws(SwitchyardError)
    /// `forEachMember` with each key as a `MemberKey`, for objects whose members have known names.
    func forEachField(_ path: @autoclosure () -> JSONPath,
                      _ body: (MemberKey, Self) throws(SwitchyardError) -> Void) throws(SwitchyardError)
    var elementCount: Int { get }
    /// Calls `body` with each element of an array and its index.
    func forEachElement(_ path: @autoclosure () -> JSONPath,
                        _ body: (Int, Self) throws(SwitchyardError) -> Void) throws(SwitchyardError)
}

extension RuleJSON {
    func stringText(_ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String? {
        guard kind == .string else { return nil }
        return try text(path(), what: "the string")
    }

    func forEachField(_ path: @autoclosure () -> JSONPath,
                      _ body: (MemberKey, Self) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        try forEachMember(path()) { (key, value) throws(SwitchyardError) in try body(.string(key), value) }
    }
}

/// A member's key as the reader matches it against the names it knows (`case "target":`):
/// a key that is its bytes as written (no escapes, all ASCII) is compared byte for byte, and
/// its String is made only when one is needed (a path in an error, a default's name).
enum MemberKey {
    /// The key's bytes: no escapes, all ASCII.
    case ascii(UnsafeBufferPointer<UInt8>)
    case string(String)

    var string: String {
        switch self {
        case .ascii(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .string(let s): return s
        }
    }

    /// Whether the key is `name` (ASCII), as the Strings would compare: ASCII strings are
    /// equal only when their bytes are, and others are compared as Strings.
    @inline(__always)
    static func ~= (name: StaticString, key: MemberKey) -> Bool {
        let known = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        if case .ascii(let bytes) = key { return sameBytes(bytes, known) }
        return matches(key, known)
    }

    private static func matches(_ key: MemberKey, _ known: UnsafeBufferPointer<UInt8>) -> Bool {
        switch key {
        case .ascii(let bytes):
            return sameBytes(bytes, known)
        case .string(let s):
            var copy = s
            let ascii = copy.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
            if ascii { return s.utf8.elementsEqual(known) }
            return s == String(decoding: known, as: UTF8.self)
        }
    }
}

/// A JSON type in words, for "must be X, not Y" messages.
func jsonTypeName(_ kind: JSONKind) -> String {
    switch kind {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .integer: return "an integer"
    case .real: return "a real number"
    case .trueValue, .falseValue: return "a boolean"
    case .null: return "null"
    }
}

private func mustBe(_ what: String, _ path: JSONPath, _ v: some RuleJSON) -> SwitchyardError {
    ruleError(path, "must be \(what), not \(jsonTypeName(v.kind))")
}

/// A node of a parsed text: its strings were checked as UTF-8 and its numbers as fitting
/// when the text was parsed.
extension TapeValue: RuleJSON {
    var kind: JSONKind { node.kind }
    func text(_ path: @autoclosure () -> JSONPath, what: String) throws(SwitchyardError) -> String {
        tape.string(node)
    }
    func stringText(_ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String? {
        let n = node
        return n.kind == .string ? tape.string(n) : nil
    }
    private var numberText: String { String(decoding: tape.bytes(node), as: UTF8.self) }
    var integer: Int64 { Int64(numberText) ?? 0 }
    var real: Double { Double(numberText) ?? 0 }

    func member(_ key: String) -> TapeValue? {
        var found: TapeValue?
        forEachChild { k, v in
            if found == nil, let k, tape.string(tape.nodes[k]) == key { found = v }
        }
        return found
    }
    var memberCount: Int { var n = 0; forEachChild { _, _ in n += 1 }; return n }
    var elementCount: Int { memberCount }

    func forEachMember(_ path: @autoclosure () -> JSONPath,
                       _ body: (String, TapeValue) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        var k = index + 1
        let end = Int(node.after)
        while k < end {
            let value = TapeValue(tape: tape, index: k + 1)
            try body(tape.string(tape.nodes[k]), value)
            k = Int(tape.nodes[k + 1].after)
        }
    }

    func forEachField(_ path: @autoclosure () -> JSONPath,
                      _ body: (MemberKey, TapeValue) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        let nodes = tape.nodes
        var k = index + 1
        let end = Int(nodes[index].after)
        while k < end {
            let keyNode = nodes[k]
            let key: MemberKey = keyNode.ascii ? .ascii(tape.bytes(keyNode)) : .string(tape.string(keyNode))
            try body(key, TapeValue(tape: tape, index: k + 1))
            k = Int(nodes[k + 1].after)
        }
    }

    func forEachElement(_ path: @autoclosure () -> JSONPath,
                        _ body: (Int, TapeValue) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        let nodes = tape.nodes
        var k = index + 1, i = 0
        let end = Int(nodes[index].after)
        while k < end {
            try body(i, TapeValue(tape: tape, index: k))
            k = Int(nodes[k].after)
            i += 1
        }
    }

    /// Each member (with its key node) or element (key nil) of a container.
    private func forEachChild(_ body: (Int?, TapeValue) -> Void) {
        let isObject = node.kind == .object
        var k = index + 1
        let end = Int(node.after)
        while k < end {
            let v = isObject ? k + 1 : k
            body(isObject ? k : nil, TapeValue(tape: tape, index: v))
            k = Int(tape.nodes[v].after)
        }
    }
}

private func string(_ v: some RuleJSON, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String {
    guard let text = try v.stringText(path()) else { throw mustBe("a string", path(), v) }
    return text
}

/// The members of a route object besides its pattern and destination, which most routes
/// leave out: made only for a route that has one, so that reading a route without them makes
/// and drops nothing but its strings.
private final class RouteExtras {
    var name: String?
    var parent: String?
    var priority = 0
    var defaults: [String: ParameterValue] = [:]
    var appendParams: Bool?
    var dialect: PatternDialect?
    var ignoreCase = false
    var search: String?, hash: String?
    var requirements = RouteRequirements()
    var query: QueryContractDeclaration?
    var refusesUnknown: Bool?
    var stackPolicy: StackPolicy?

    /// Sets the route's fields that are not its initializer's (each only when given: a
    /// setter of one of them reads and compares the route's navigation fields).
    func set(on route: inout Route) {
        route.ignoreCase = ignoreCase
        if let parent { route.parent = parent }
        if let stackPolicy { route.stackPolicy = stackPolicy }
        if let search { route.searchPattern = search }
        if let hash { route.hashPattern = hash }
        if !requirements.names.isEmpty || !requirements.elseRoutes.isEmpty {
            route.navigation.requirements = requirements
        }
        if query != nil || refusesUnknown != nil {
            var contract = query ?? QueryContractDeclaration()
            contract.refusesUnknown = refusesUnknown ?? false
            route.queryContract = contract
        }
    }
}

private func boolean(_ v: some RuleJSON, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> Bool {
    guard v.kind == .trueValue || v.kind == .falseValue else { throw mustBe("true or false", path(), v) }
    return v.kind == .trueValue
}

/// The document's shape, from its top level.
enum RuleShape { case versioned, keyed }

struct RuleReader {
    let read: ReadConfig

    func document<V: RuleJSON>(_ root: V) throws(SwitchyardError) -> RuleDocument {
        guard root.kind == .object else {
            throw ruleError(.root, "a rule document must be a JSON object, not \(jsonTypeName(root.kind))")
        }
        if root.member("version") != nil { return try versioned(root) }
        return try keyed(root)
    }

    /// `{"version": 1, "redirect_allowlist": [...], "routes": [...]}`.
    private func versioned<V: RuleJSON>(_ root: V) throws(SwitchyardError) -> RuleDocument {
        var doc = RuleDocument()
        var routes: V?
        var dialect: PatternDialect?
        try root.forEachMember(.root) { (key, value) throws(SwitchyardError) in
            let path = JSONPath.root.key(key)
            switch key {
            case "version":
                guard value.kind == .integer else { throw mustBe("the integer 1", path, value) }
                let v = value.integer
                guard v == 1 else { throw ruleError(path, "must be 1 (the only version this library reads), not \(v)") }
            case "routes":
                guard value.kind == .array else { throw mustBe("an array of routes", path, value) }
                routes = value
            case "redirect_allowlist":
                doc.allowlist = try allowlist(value, path)
            case "lint":
                try lintSettings(value, path)
            case "dialect":
                dialect = try self.dialect(value, path)
            case "preset":
                let name = try string(value, path)
                guard let p = RouterOptions.Preset(rawValue: name) else {
                    throw ruleError(path, "unknown preset \"\(String(decoding: name.utf8.prefix(64), as: UTF8.self))\"; the presets are \(RouterOptions.Preset.knownNames)")
                }
                doc.preset = p
            default:
                throw ruleError(path.ofKey, "unknown field (a versioned document has \"version\", \"routes\", \"redirect_allowlist\", \"lint\", \"dialect\" and \"preset\")")
            }
        }
        guard let routes else { throw ruleError(.root, "missing \"routes\" (a versioned document lists its routes there)") }
        let base = JSONPath.root.key("routes")
        let count = routes.elementCount
        doc.routes.reserveCapacity(count)
        doc.sites.reserveCapacity(count)
        try routes.forEachElement(base) { (i, item) throws(SwitchyardError) in
            guard item.kind == .object else { throw mustBe("a route object", base.index(i), item) }
            try self.route(item, base.index(i), index: i, keyedPattern: nil, dialect: dialect, into: &doc)
        }
        return doc
    }

    /// `{"<pattern>": {"class": ...} | {"redirectUrl": ...}, ...}`.
    private func keyed<V: RuleJSON>(_ root: V) throws(SwitchyardError) -> RuleDocument {
        var doc = RuleDocument()
        // A "dialect" key holding a string names the dialect of every route (a route is an object).
        var dialect: PatternDialect?
        if let d = root.member("dialect"), d.kind == .string {
            dialect = try self.dialect(d, JSONPath.root.bracketKey("dialect"))
        }
        doc.routes.reserveCapacity(root.memberCount)
        doc.sites.reserveCapacity(root.memberCount)
        try root.forEachMember(.root) { (key, value) throws(SwitchyardError) in
            let path = JSONPath.root.bracketKey(key)
            if key == "dialect", value.kind == .string { return }
            guard value.kind == .object else {
                let hint = key == "routes" || key == "redirect_allowlist"
                    ? " (a document with \"\(key)\" needs \"version\": 1)" : ""
                throw ruleError(path, "must be a route object, not \(jsonTypeName(value.kind))\(hint)")
            }
            // A "lint" key holding only "disable" is the document's lint settings: a route
            // object never has a "disable" member, so nothing a route could mean is lost.
            if key == "lint", isLintSettingsShape(value) {
                try lintSettings(value, path)
                return
            }
            try self.route(value, path, index: doc.routes.count, keyedPattern: key, dialect: dialect, into: &doc)
        }
        return doc
    }

    /// Whether an object's only member is "disable" (the shape of lint settings).
    private func isLintSettingsShape(_ v: some RuleJSON) -> Bool {
        v.memberCount == 1 && v.member("disable") != nil
    }

    /// `"lint": {"disable": ["lint-id", ...]}`: settings for `switchyard check`. The loader
    /// only checks the shape (which ids exist is the linter's business) and keeps nothing.
    private func lintSettings(_ v: some RuleJSON, _ path: JSONPath) throws(SwitchyardError) {
        guard v.kind == .object else { throw mustBe("an object such as {\"disable\": [\"lint-id\"]}", path, v) }
        try v.forEachMember(path) { (key, value) throws(SwitchyardError) in
            let field = path.key(key)
            guard key == "disable" else { throw ruleError(field.ofKey, "unknown field (lint settings have only \"disable\")") }
            guard value.kind == .array else { throw mustBe("an array of lint ids (strings)", field, value) }
            try value.forEachElement(field) { (i, item) throws(SwitchyardError) in
                _ = try string(item, field.index(i))
            }
        }
    }

    /// `"dialect": "switchyard"` or `"urlpattern"`.
    private func dialect(_ v: some RuleJSON, _ path: JSONPath) throws(SwitchyardError) -> PatternDialect {
        let text = try string(v, path)
        guard let d = PatternDialect(rawValue: text) else {
            throw ruleError(path, "unknown dialect '\(text)' (the dialects are \"switchyard\" and \"urlpattern\")")
        }
        return d
    }

    private func allowlist(_ v: some RuleJSON, _ path: JSONPath) throws(SwitchyardError) -> RedirectAllowlist {
        guard v.kind == .array else { throw mustBe("an array of strings", path, v) }
        var list = RedirectAllowlist()
        try v.forEachElement(path) { (i, item) throws(SwitchyardError) in
            let entry = try string(item, path.index(i))
            do throws(SwitchyardError) {
                try list.add(entry, read)
            } catch {
                throw ruleError(path.index(i), error.message)
            }
        }
        return list
    }

    /// One route object, appended to `doc` with where it came from. `keyedPattern`: the key
    /// it stands under in the keyed shape (then a "pattern" member is unknown), or nil in the
    /// versioned shape; `documentDialect`: the dialect of a route that names none.
    private func route(_ object: some RuleJSON, _ path: @autoclosure () -> JSONPath, index: Int,
                       keyedPattern: String?, dialect documentDialect: PatternDialect?,
                       into doc: inout RuleDocument) throws(SwitchyardError) {
        var pattern = keyedPattern
        var target: String?, targetMember = ""      // the member that gave it
        var redirect: String?, redirectMember = ""
        var extras: RouteExtras?
        try object.forEachField(path()) { (key, value) throws(SwitchyardError) in
            // Built only when an error names it.
            func field() -> JSONPath { path().key(key.string) }
            switch key {
            case "pattern" where keyedPattern == nil:
                pattern = try string(value, field())
            case "target", "class":
                let member = "target" ~= key ? "target" : "class"
                if target != nil { throw ruleError(path(), "has both \"\(targetMember)\" and \"\(member)\"; give one target") }
                target = try string(value, field())
                targetMember = member
            case "redirect", "redirectUrl":
                let member = "redirect" ~= key ? "redirect" : "redirectUrl"
                if redirect != nil { throw ruleError(path(), "has both \"\(redirectMember)\" and \"\(member)\"; give one redirect") }
                redirect = try string(value, field())
                redirectMember = member
            default:
                let more = extras ?? RouteExtras()
                extras = more
                try extra(key, value, field(), into: more, keyed: keyedPattern != nil)
            }
        }
        guard let pattern else { throw ruleError(path(), "missing \"pattern\"") }
        let destination: Destination
        let destinationMember: String
        if let redirect {
            guard target == nil else {
                throw ruleError(path(), "has both a target (\"\(targetMember)\") and a redirect (\"\(redirectMember)\"); a route has exactly one")
            }
            destination = .redirect(redirect)
            destinationMember = redirectMember
        } else if let target {
            destination = .target(target)
            destinationMember = targetMember
            if extras?.appendParams != nil {
                throw ruleError(path().key("append_params"), "only a redirect route takes \"append_params\"")
            }
        } else {
            let names = keyedPattern == nil ? "\"target\" or \"redirect\"" : "\"class\" or \"redirectUrl\""
            throw ruleError(path(), "has neither a target nor a redirect; give \(names)")
        }
        if let extras, !extras.requirements.names.isEmpty || !extras.requirements.elseRoutes.isEmpty {
            try checkRequirements(&extras.requirements, path())
        }
        // Completed here, then moved into the document (a Route is large: each copy retains its fields).
        var route = Route(pattern, destination: destination, name: extras?.name, priority: extras?.priority ?? 0,
                          defaults: extras?.defaults ?? Dictionary(), appendParams: extras?.appendParams ?? true)
        if let dialect = extras?.dialect ?? documentDialect { route.dialect = dialect }
        if let extras { extras.set(on: &route) }
        route.origin.fromDocument = true
        doc.routes.append(consume route)
        doc.sites.append(RouteSite(index: index, key: keyedPattern, destinationMember: destinationMember))
    }

    /// A member of a route object other than its pattern and destination, read into `extras`.
    private func extra(_ key: MemberKey, _ value: some RuleJSON, _ field: @autoclosure () -> JSONPath,
                       into extras: RouteExtras, keyed: Bool) throws(SwitchyardError) {
        switch key {
        case "name":
            extras.name = try string(value, field())
        case "parent":
            extras.parent = try string(value, field())
        case "priority":
            guard value.kind == .integer else { throw mustBe("an integer", field(), value) }
            let p = value.integer
            guard p >= Int64(Int32.min), p <= Int64(Int32.max) else {
                throw ruleError(field(), "\(p) is outside the 32-bit range")
            }
            extras.priority = Int(p)
        case "defaults":
            extras.defaults = try self.defaults(value, field())
        case "append_params":
            extras.appendParams = try boolean(value, field())
        case "dialect":
            extras.dialect = try self.dialect(value, field())
        case "ignore_case":
            extras.ignoreCase = try boolean(value, field())
        case "search":
            extras.search = try string(value, field())
        case "hash":
            extras.hash = try string(value, field())
        case "requires":
            extras.requirements.names = try requirementNames(value, field())
        case "else":
            extras.requirements.elseRoutes = try elseRoutes(value, field())
        case "stack":
            extras.stackPolicy = try readStackPolicy(value, field(), fail: { path, message in ruleError(path, message) })
        case "query":
            extras.query = try queryContract(value, field())
        case "query_unknown":
            let text = try string(value, field())
            guard text == "allow" || text == "refuse" else {
                throw ruleError(field(), "must be \"allow\" or \"refuse\", not '\(text)'")
            }
            extras.refusesUnknown = text == "refuse"
        default:
            let known = !keyed
                ? "pattern, target, redirect, name, parent, priority, defaults, append_params, dialect, ignore_case, search, hash, query, query_unknown, requires, else, stack"
                : "class (or target), redirectUrl (or redirect), name, parent, priority, defaults, append_params, dialect, ignore_case, search, hash, query, query_unknown, requires, else, stack"
            throw ruleError(field().ofKey, "unknown field (a route has \(known))")
        }
    }

    /// `"defaults": {"tab": "posts", "page": 1, "zoom": 1.5}`: strings or numbers.
    private func defaults(_ v: some RuleJSON, _ path: JSONPath) throws(SwitchyardError) -> [String: ParameterValue] {
        guard v.kind == .object else { throw mustBe("an object", path, v) }
        var out: [String: ParameterValue] = [:]
        try v.forEachMember(path) { (key, value) throws(SwitchyardError) in
            func field() -> JSONPath { path.key(key) }
            if key.isEmpty { throw ruleError(field(), "a default needs a non-empty name") }
            switch value.kind {
            case .string: out[key] = .string(try string(value, field()))
            case .integer: out[key] = .int(value.integer)
            case .real:
                let d = value.real
                guard d.isFinite else { throw ruleError(field(), "must be a finite number") }
                out[key] = .float(d)
            default: throw mustBe("a string or a number", field(), value)
            }
        }
        return out
    }

    /// `"query": {"page": {"type": "int", "default": 1}, "tags": {"type": "[string]", "key": "tag"}}`:
    /// each item's type (as a pattern writes it), and optionally `required`, `default` and
    /// `key` (its name in the URL). Types and defaults are checked here, so an error names
    /// the member it is about.
    private func queryContract(_ v: some RuleJSON, _ path: JSONPath) throws(SwitchyardError) -> QueryContractDeclaration {
        guard v.kind == .object else { throw mustBe("an object of query items", path, v) }
        var out = QueryContractDeclaration()
        try v.forEachMember(path) { (name, item) throws(SwitchyardError) in
            func field() -> JSONPath { path.key(name) }
            guard item.kind == .object else { throw mustBe("an object such as {\"type\": \"int\"}", field(), item) }
            var d = QueryItemDeclaration(name: name, key: name, type: "")
            var type: String?
            var required: Bool?
            try item.forEachMember(field()) { (key, value) throws(SwitchyardError) in
                func member() -> JSONPath { field().key(key) }
                switch key {
                case "type": type = try string(value, member())
                case "key": d.key = try string(value, member())
                case "required":
                    required = try boolean(value, member())
                case "default":
                    switch value.kind {
                    case .string: d.defaultText = try string(value, member())
                    case .integer: d.defaultText = String(value.integer)
                    case .real:
                        guard value.real.isFinite else { throw ruleError(member(), "must be a finite number") }
                        d.defaultText = ParameterValue.float(value.real).description
                    default: throw mustBe("a string or a number", member(), value)
                    }
                default: throw ruleError(member().ofKey, "unknown field (a query item has type, required, default, key)")
                }
            }
            guard var t = type else { throw ruleError(field(), "missing \"type\"") }
            if t.hasPrefix("["), t.hasSuffix("]"), t.count >= 2 {
                d.isList = true
                t = String(t.dropFirst().dropLast())
            }
            d.type = t
            if required == true && d.defaultText != nil {
                throw ruleError(field(), "a required item takes no default")
            }
            d.isRequired = required ?? (d.defaultText == nil)
            var one = QueryContractDeclaration()
            one.items = [d]
            do throws(SwitchyardError) {
                _ = try compileQueryContract(one, pathNames: [], types: nil, typesLater: true)
            } catch {
                throw ruleError(d.defaultText != nil && error.message.hasPrefix("default") ? field().key("default") : field().key("type"), error.message)
            }
            out.items.append(d)
        }
        return out
    }
}
