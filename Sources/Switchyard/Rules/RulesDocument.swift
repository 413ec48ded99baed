// Part of the RuleDocuments trait (Package.swift): JSON read with jansson.
#if RuleDocuments
/// Reading a rule document from a jansson value (SEMANTICS.md §5, §8 "Documents"), strictly:
/// unknown fields, wrong types (null included), a route with both or neither of a target and a
/// redirect are errors naming the JSON path. The value is only read; nothing is kept.
import CJansson

/// Where a route came from in its document, for messages. The paths are built only when
/// an error needs them (a 10,000-route document would otherwise build 30,000 strings).
struct RouteSite {
    /// The route's index in `routes` (versioned shape), or its key (keyed shape).
    var index: Int
    var key: String?
    /// The member that holds the target or the redirect (`target`, `redirectUrl`, ...).
    var destinationMember: String

    var route: JSONPath { key.map { JSONPath.root.bracketKey($0) } ?? JSONPath.root.key("routes").index(index) }
    var pattern: JSONPath { key == nil ? route.key("pattern") : route }
    var destination: JSONPath { route.key(destinationMember) }
}

/// A document, read: its routes in document order, where each came from, and its allowlist.
struct RuleDocument {
    var routes: [Route] = []
    var sites: [RouteSite] = []
    var allowlist: RedirectAllowlist?
}

private func ruleError(_ path: JSONPath, _ message: String) -> SwitchyardError {
    SwitchyardError(.rule, "\(path): \(message)")
}

/// A JSON type in words, for "must be X, not Y" messages (rule documents and app-link files).
func jsonTypeName(_ v: UnsafePointer<json_t>) -> String {
    switch v.pointee.type {
    case JSON_OBJECT: return "an object"
    case JSON_ARRAY: return "an array"
    case JSON_STRING: return "a string"
    case JSON_INTEGER: return "an integer"
    case JSON_REAL: return "a real number"
    case JSON_TRUE, JSON_FALSE: return "a boolean"
    case JSON_NULL: return "null"
    default: return "a value of unknown type"
    }
}

private func mustBe(_ what: String, _ path: JSONPath, _ v: UnsafePointer<json_t>) -> SwitchyardError {
    ruleError(path, "must be \(what), not \(jsonTypeName(v))")
}

/// Calls `body` with each member of an object, in document order (jansson keeps it).
private func forEachMember(_ object: UnsafePointer<json_t>, _ path: @autoclosure () -> JSONPath,
                           _ body: (String, UnsafePointer<json_t>) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
    let mutableObject = UnsafeMutablePointer(mutating: object)  // the iterator API is not const; nothing is written
    var it = json_object_iter(mutableObject)
    while let i = it {
        guard let keyPointer = json_object_iter_key(i), let value = json_object_iter_value(i) else {
            throw ruleError(path(), "an object member could not be read")
        }
        let key = try utf8Text(UnsafeRawPointer(keyPointer), json_object_iter_key_len(i), path(), what: "a key")
        try body(key, UnsafePointer(value))
        it = json_object_iter_next(mutableObject, i)
    }
}

/// Bytes that must be UTF-8 (a json_t made in C may hold anything).
private func utf8Text(_ p: UnsafeRawPointer, _ n: Int, _ path: @autoclosure () -> JSONPath,
                      what: String) throws(SwitchyardError) -> String {
    let bytes = p.assumingMemoryBound(to: UInt8.self)
    if let bad = firstInvalidUTF8(bytes, n) {
        throw ruleError(path(), "\(what) is not valid UTF-8 (byte \(bad))")
    }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: n), as: UTF8.self)
}

private func string(_ v: UnsafePointer<json_t>, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String {
    guard v.pointee.type == JSON_STRING, let s = json_string_value(v) else { throw mustBe("a string", path(), v) }
    return try utf8Text(UnsafeRawPointer(s), json_string_length(v), path(), what: "the string")
}

/// The document's shape, from its top level.
enum RuleShape { case versioned, keyed }

struct RuleReader {
    let read: ReadConfig

    func document(_ root: UnsafePointer<json_t>) throws(SwitchyardError) -> RuleDocument {
        guard root.pointee.type == JSON_OBJECT else {
            throw ruleError(.root, "a rule document must be a JSON object, not \(jsonTypeName(root))")
        }
        if json_object_get(root, "version") != nil { return try versioned(root) }
        return try keyed(root)
    }

    /// `{"version": 1, "redirect_allowlist": [...], "routes": [...]}`.
    private func versioned(_ root: UnsafePointer<json_t>) throws(SwitchyardError) -> RuleDocument {
        var doc = RuleDocument()
        var routes: UnsafePointer<json_t>?
        var dialect: PatternDialect?
        try forEachMember(root, .root) { (key, value) throws(SwitchyardError) in
            let path = JSONPath.root.key(key)
            switch key {
            case "version":
                guard value.pointee.type == JSON_INTEGER else { throw mustBe("the integer 1", path, value) }
                let v = json_integer_value(value)
                guard v == 1 else { throw ruleError(path, "must be 1 (the only version this library reads), not \(v)") }
            case "routes":
                guard value.pointee.type == JSON_ARRAY else { throw mustBe("an array of routes", path, value) }
                routes = value
            case "redirect_allowlist":
                doc.allowlist = try allowlist(value, path)
            case "lint":
                try lintSettings(value, path)
            case "dialect":
                dialect = try self.dialect(value, path)
            default:
                throw ruleError(path, "unknown field (a versioned document has \"version\", \"routes\", \"redirect_allowlist\", \"lint\" and \"dialect\")")
            }
        }
        guard let routes else { throw ruleError(.root, "missing \"routes\" (a versioned document lists its routes there)") }
        let base = JSONPath.root.key("routes")
        let count = json_array_size(routes)
        doc.routes.reserveCapacity(count)
        doc.sites.reserveCapacity(count)
        for i in 0..<count {
            guard let item = json_array_get(routes, i) else { throw ruleError(base.index(i), "could not be read") }
            guard item.pointee.type == JSON_OBJECT else { throw mustBe("a route object", base.index(i), item) }
            var (route, site) = try self.route(item, base.index(i), index: i, keyedPattern: nil)
            if route.dialect == nil { route.dialect = dialect }
            doc.routes.append(route)
            doc.sites.append(site)
        }
        return doc
    }

    /// `{"<pattern>": {"class": ...} | {"redirectUrl": ...}, ...}`.
    private func keyed(_ root: UnsafePointer<json_t>) throws(SwitchyardError) -> RuleDocument {
        var doc = RuleDocument()
        // A "dialect" key holding a string names the dialect of every route (a route is an object).
        var dialect: PatternDialect?
        if let d = json_object_get(root, "dialect"), d.pointee.type == JSON_STRING {
            dialect = try self.dialect(d, JSONPath.root.bracketKey("dialect"))
        }
        try forEachMember(root, .root) { (key, value) throws(SwitchyardError) in
            let path = JSONPath.root.bracketKey(key)
            if key == "dialect", value.pointee.type == JSON_STRING { return }
            guard value.pointee.type == JSON_OBJECT else {
                let hint = key == "routes" || key == "redirect_allowlist"
                    ? " (a document with \"\(key)\" needs \"version\": 1)" : ""
                throw ruleError(path, "must be a route object, not \(jsonTypeName(value))\(hint)")
            }
            // A "lint" key holding only "disable" is the document's lint settings: a route
            // object never has a "disable" member, so nothing a route could mean is lost.
            if key == "lint", isLintSettingsShape(value) {
                try lintSettings(value, path)
                return
            }
            var (route, site) = try self.route(value, path, index: doc.routes.count, keyedPattern: key)
            if route.dialect == nil { route.dialect = dialect }
            doc.routes.append(route)
            doc.sites.append(site)
        }
        return doc
    }

    /// Whether an object's only member is "disable" (the shape of lint settings).
    private func isLintSettingsShape(_ v: UnsafePointer<json_t>) -> Bool {
        json_object_size(v) == 1 && json_object_get(v, "disable") != nil
    }

    /// `"lint": {"disable": ["lint-id", ...]}`: settings for `switchyard check`. The loader
    /// only checks the shape (which ids exist is the linter's business) and keeps nothing.
    private func lintSettings(_ v: UnsafePointer<json_t>, _ path: JSONPath) throws(SwitchyardError) {
        guard v.pointee.type == JSON_OBJECT else { throw mustBe("an object such as {\"disable\": [\"lint-id\"]}", path, v) }
        try forEachMember(v, path) { (key, value) throws(SwitchyardError) in
            let field = path.key(key)
            guard key == "disable" else { throw ruleError(field, "unknown field (lint settings have only \"disable\")") }
            guard value.pointee.type == JSON_ARRAY else { throw mustBe("an array of lint ids (strings)", field, value) }
            for i in 0..<json_array_size(value) {
                guard let item = json_array_get(value, i) else { throw ruleError(field.index(i), "could not be read") }
                _ = try string(item, field.index(i))
            }
        }
    }

    /// `"dialect": "switchyard"` or `"urlpattern"`.
    private func dialect(_ v: UnsafePointer<json_t>, _ path: JSONPath) throws(SwitchyardError) -> PatternDialect {
        let text = try string(v, path)
        guard let d = PatternDialect(rawValue: text) else {
            throw ruleError(path, "unknown dialect '\(text)' (the dialects are \"switchyard\" and \"urlpattern\")")
        }
        return d
    }

    private func allowlist(_ v: UnsafePointer<json_t>, _ path: JSONPath) throws(SwitchyardError) -> RedirectAllowlist {
        guard v.pointee.type == JSON_ARRAY else { throw mustBe("an array of strings", path, v) }
        var list = RedirectAllowlist()
        for i in 0..<json_array_size(v) {
            guard let item = json_array_get(v, i) else { throw ruleError(path.index(i), "could not be read") }
            let entry = try string(item, path.index(i))
            do throws(SwitchyardError) {
                try list.add(entry, read)
            } catch {
                throw ruleError(path.index(i), error.message)
            }
        }
        return list
    }

    /// One route object. `keyedPattern`: the key it stands under in the keyed shape (then a
    /// "pattern" member is unknown), or nil in the versioned shape.
    private func route(_ object: UnsafePointer<json_t>, _ path: @autoclosure () -> JSONPath, index: Int,
                       keyedPattern: String?) throws(SwitchyardError) -> (Route, RouteSite) {
        var pattern = keyedPattern
        var target: (String, String)?     // (value, member name)
        var redirect: (String, String)?
        var name: String?
        var parent: String?
        var priority = 0
        var defaults: [String: ParameterValue] = [:]
        var appendParams: Bool?
        var dialect: PatternDialect?
        var ignoreCase = false
        var search: String?, hash: String?
        try forEachMember(object, path()) { (key, value) throws(SwitchyardError) in
            // Built only when an error names it.
            func field() -> JSONPath { path().key(key) }
            switch key {
            case "pattern" where keyedPattern == nil:
                pattern = try string(value, field())
            case "target", "class":
                if let t = target { throw ruleError(path(), "has both \"\(t.1)\" and \"\(key)\"; give one target") }
                target = (try string(value, field()), key)
            case "redirect", "redirectUrl":
                if let r = redirect { throw ruleError(path(), "has both \"\(r.1)\" and \"\(key)\"; give one redirect") }
                redirect = (try string(value, field()), key)
            case "name":
                name = try string(value, field())
            case "parent":
                parent = try string(value, field())
            case "priority":
                guard value.pointee.type == JSON_INTEGER else { throw mustBe("an integer", field(), value) }
                let p = json_integer_value(value)
                guard p >= Int64(Int32.min), p <= Int64(Int32.max) else {
                    throw ruleError(field(), "\(p) is outside the 32-bit range")
                }
                priority = Int(p)
            case "defaults":
                defaults = try self.defaults(value, field())
            case "append_params":
                guard value.pointee.type == JSON_TRUE || value.pointee.type == JSON_FALSE else {
                    throw mustBe("true or false", field(), value)
                }
                appendParams = value.pointee.type == JSON_TRUE
            case "dialect":
                dialect = try self.dialect(value, field())
            case "ignore_case":
                guard value.pointee.type == JSON_TRUE || value.pointee.type == JSON_FALSE else {
                    throw mustBe("true or false", field(), value)
                }
                ignoreCase = value.pointee.type == JSON_TRUE
            case "search":
                search = try string(value, field())
            case "hash":
                hash = try string(value, field())
            default:
                let known = keyedPattern == nil
                    ? "pattern, target, redirect, name, parent, priority, defaults, append_params, dialect, ignore_case, search, hash"
                    : "class (or target), redirectUrl (or redirect), name, parent, priority, defaults, append_params, dialect, ignore_case, search, hash"
                throw ruleError(field(), "unknown field (a route has \(known))")
            }
        }
        guard let pattern else { throw ruleError(path(), "missing \"pattern\"") }
        let destination: Destination
        let destinationMember: String
        switch (target, redirect) {
        case (let t?, nil):
            destination = .target(t.0)
            destinationMember = t.1
            if appendParams != nil {
                throw ruleError(path().key("append_params"), "only a redirect route takes \"append_params\"")
            }
        case (nil, let r?):
            destination = .redirect(r.0)
            destinationMember = r.1
        case (let t?, let r?):
            throw ruleError(path(), "has both a target (\"\(t.1)\") and a redirect (\"\(r.1)\"); a route has exactly one")
        case (nil, nil):
            let names = keyedPattern == nil ? "\"target\" or \"redirect\"" : "\"class\" or \"redirectUrl\""
            throw ruleError(path(), "has neither a target nor a redirect; give \(names)")
        }
        var route = Route(pattern, destination: destination, name: name, priority: priority,
                          defaults: defaults, appendParams: appendParams ?? true)
        route.parent = parent
        route.dialect = dialect
        route.ignoreCase = ignoreCase
        route.searchPattern = search
        route.hashPattern = hash
        return (route, RouteSite(index: index, key: keyedPattern, destinationMember: destinationMember))
    }

    /// `"defaults": {"tab": "posts", "page": 1, "zoom": 1.5}`: strings or numbers.
    private func defaults(_ v: UnsafePointer<json_t>, _ path: JSONPath) throws(SwitchyardError) -> [String: ParameterValue] {
        guard v.pointee.type == JSON_OBJECT else { throw mustBe("an object", path, v) }
        var out: [String: ParameterValue] = [:]
        try forEachMember(v, path) { (key, value) throws(SwitchyardError) in
            func field() -> JSONPath { path.key(key) }
            if key.isEmpty { throw ruleError(field(), "a default needs a non-empty name") }
            switch value.pointee.type {
            case JSON_STRING: out[key] = .string(try string(value, field()))
            case JSON_INTEGER: out[key] = .int(Int64(json_integer_value(value)))
            case JSON_REAL:
                let d = json_real_value(value)
                guard d.isFinite else { throw ruleError(field(), "must be a finite number") }
                out[key] = .float(d)
            default: throw mustBe("a string or a number", field(), value)
            }
        }
        return out
    }
}
#endif
