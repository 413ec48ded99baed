/// Reading an apple-app-site-association file (docs/APP-LINKS.md, "The AASA file") from a
/// jansson value: the `applinks` section with its `details` (array, or the legacy object keyed
/// by app ID), `defaults` at three levels, `substitutionVariables`, `components` and legacy
/// `paths`. A value of the wrong type where the matching depends on it is an error naming its
/// JSON path; what the system ignores (unknown keys, `comment`, other services) is a finding.

/// The six keys of a component, as one level (a component, an entry's `defaults` or the
/// domain's `defaults`) sets them; nil where that level leaves the key to the next.
struct AASAFields: Sendable {
    var path: String?
    var query: AASAQuery?
    var fragment: String?
    var exclude: Bool?
    var caseSensitive: Bool?
    var percentEncoded: Bool?

    var setsPatternKeys: Bool { path != nil || query != nil || fragment != nil || exclude != nil }
}

/// A `?` value.
enum AASAQuery: Sendable {
    /// The string form: a pattern for the whole query string.
    case whole(String)
    /// The dictionary form: every listed item must match.
    case items([(name: String, pattern: String)])
    /// A dictionary with a value that is not a string: Apple ignores it whole, so it
    /// constrains nothing.
    case unconstrained
}

/// One rule: a component, or a legacy `paths` string.
struct AASARuleSpec: Sendable {
    var fields: AASAFields
    /// A legacy `paths` entry: only the path is compared.
    var legacy: Bool
    var at: String
    /// The rule as written (compact JSON), for reports.
    var source: String
}

/// One `details` entry.
struct AASAEntrySpec: Sendable {
    var appIDs: [String]
    var defaults: AASAFields
    var rules: [AASARuleSpec]
    var at: String
}

/// The matching part of a file, read.
struct AASASpec: Sendable {
    var entries: [AASAEntrySpec] = []
    var defaults = AASAFields()
    var variables: [String: [String]] = [:]
}

private let predefinedVariables: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]
private let componentKeys = "\"/\", \"?\", \"#\", \"exclude\", \"caseSensitive\", \"percentEncoded\" and \"comment\""

struct AASAReader {
    var findings: [LinkFinding] = []

    private mutating func warn(_ path: JSONPath, _ message: String) {
        findings.append(LinkFinding(.warning, path: path.description, message))
    }

    mutating func read(_ root: JSONRef) throws(SwitchyardError) -> AASASpec {
        guard isObject(root) else {
            throw linkError(.root, "an apple-app-site-association file must be a JSON object, not \(jsonTypeName(root))")
        }
        var spec = AASASpec()
        var sawApplinks = false
        for (key, value) in try linkMembers(root, .root) {
            let path = JSONPath.root.key(key)
            switch key {
            case "applinks":
                sawApplinks = true
                spec = try applinks(value, path)
            case "webcredentials", "appclips", "activitycontinuation":
                break  // other services: they match no URL
            default:
                warn(path, "unknown top-level key (ignored; the services are applinks, webcredentials, appclips and activitycontinuation)")
            }
        }
        if !sawApplinks {
            warn(.root, "no \"applinks\" section: the file opens no URL in any app")
        }
        return spec
    }

    private mutating func applinks(_ v: JSONRef, _ path: JSONPath) throws(SwitchyardError) -> AASASpec {
        guard isObject(v) else { throw linkMustBe("an object", path, v) }
        var spec = AASASpec()
        var details: (JSONRef, JSONPath)?
        for (key, value) in try linkMembers(v, path) {
            let p = path.key(key)
            switch key {
            case "details": details = (value, p)
            case "defaults": spec.defaults = try fields(value, p, isDefaults: true)
            case "substitutionVariables": spec.variables = try variables(value, p)
            case "apps":
                if !isArray(value) {
                    warn(p, "legacy \"apps\" should be an empty array (ignored)")
                } else if !linkElements(value).isEmpty {
                    warn(p, "legacy \"apps\" is not empty (ignored; app IDs belong in \"details\")")
                }
            default:
                warn(p, "unknown key in applinks (ignored; the keys are details, defaults and substitutionVariables)")
            }
        }
        if let (d, p) = details {
            if isArray(d) {
                for (i, item) in linkElements(d).enumerated() {
                    guard isObject(item) else { throw linkMustBe("an object", p.index(i), item) }
                    spec.entries.append(try entry(item, p.index(i), keyedAppID: nil))
                }
            } else if isObject(d) {
                warn(p, "\"details\" is an object (legacy form): the order between its apps is not defined; read in file order")
                for (appID, item) in try linkMembers(d, p) {
                    guard isObject(item) else { throw linkMustBe("an object", p.bracketKey(appID), item) }
                    spec.entries.append(try entry(item, p.bracketKey(appID), keyedAppID: appID))
                }
            } else {
                throw linkMustBe("an array of entries", p, d)
            }
        } else {
            warn(path, "no \"details\": the file opens no URL in any app")
        }
        return spec
    }

    private mutating func entry(_ v: JSONRef, _ path: JSONPath, keyedAppID: String?) throws(SwitchyardError) -> AASAEntrySpec {
        var appID: String? = keyedAppID
        var appIDs: [String]?
        var defaults = AASAFields()
        var components: (JSONRef, JSONPath)?
        var paths: (JSONRef, JSONPath)?
        for (key, value) in try linkMembers(v, path) {
            let p = path.key(key)
            switch key {
            case "appID" where keyedAppID == nil:
                appID = try linkString(value, p)
            case "appIDs" where keyedAppID == nil:
                guard isArray(value) else { throw linkMustBe("an array of strings", p, value) }
                let items = linkElements(value)
                var list: [String] = []
                list.reserveCapacity(items.count)
                // A set, not list.contains: an entry may name hundreds of thousands of apps.
                var seen = Set<String>(minimumCapacity: items.count)
                for (i, item) in items.enumerated() {
                    let id = try linkString(item, p.index(i))
                    if seen.insert(id).inserted {
                        list.append(id)
                    } else {
                        warn(p.index(i), "app ID \"\(id)\" is listed twice")
                    }
                }
                appIDs = list
            case "components":
                guard isArray(value) else { throw linkMustBe("an array of components", p, value) }
                components = (value, p)
            case "paths":
                guard isArray(value) else { throw linkMustBe("an array of strings", p, value) }
                paths = (value, p)
            case "defaults":
                defaults = try fields(value, p, isDefaults: true)
            case "comment":
                break
            default:
                warn(p, "unknown key in a details entry (ignored; the keys are appIDs, appID, components, paths and defaults)")
            }
        }
        var apps: [String] = []
        if let appIDs {
            apps = appIDs
            if appID != nil, keyedAppID == nil {
                warn(path.key("appID"), "ignored: \"appIDs\" is present, and then \"appID\" is not used")
            }
            if appIDs.isEmpty { warn(path.key("appIDs"), "empty: the entry names no app") }
        } else if let appID {
            apps = [appID]
        } else {
            warn(path, "names no app (neither \"appIDs\" nor \"appID\"): the entry decides nothing")
        }
        for id in apps where id.isEmpty { warn(path, "an app ID is empty") }
        var rules: [AASARuleSpec] = []
        if let (c, p) = components {
            if paths != nil { warn(path.key("paths"), "ignored: \"components\" is present (iOS 13 and later use only components)") }
            let items = linkElements(c)
            if items.isEmpty { warn(p, "empty: an entry with no components matches nothing") }
            for (i, item) in items.enumerated() {
                guard isObject(item) else { throw linkMustBe("a component object", p.index(i), item) }
                rules.append(AASARuleSpec(fields: try fields(item, p.index(i), isDefaults: false), legacy: false,
                                          at: p.index(i).description, source: compactJSON(item)))
            }
        } else if let (list, p) = paths {
            for (i, item) in linkElements(list).enumerated() {
                var text = try linkString(item, p.index(i))
                var exclude = false
                if text.hasPrefix("NOT ") {
                    exclude = true
                    text.removeFirst(4)
                }
                if text.contains("?") && (text.contains("=") || text.hasSuffix("?")) {
                    warn(p.index(i), "a legacy path is compared with the path only: '?' is a one-character wildcard here, never a query")
                }
                var f = AASAFields()
                f.path = text
                f.exclude = exclude
                rules.append(AASARuleSpec(fields: f, legacy: true, at: p.index(i).description, source: compactJSON(item)))
            }
        } else {
            warn(path, "has neither \"components\" nor \"paths\": it matches nothing")
        }
        return AASAEntrySpec(appIDs: apps, defaults: defaults, rules: rules, at: path.description)
    }

    /// A component or a `defaults` object.
    private mutating func fields(_ v: JSONRef, _ path: JSONPath, isDefaults: Bool) throws(SwitchyardError) -> AASAFields {
        guard isObject(v) else { throw linkMustBe("an object", path, v) }
        var f = AASAFields()
        for (key, value) in try linkMembers(v, path) {
            let p = path.key(key)
            switch key {
            case "/": f.path = try linkString(value, p)
            case "#": f.fragment = try linkString(value, p)
            case "?":
                if let s = try linkStringValue(value, p) {
                    f.query = .whole(s)
                } else if isObject(value) {
                    f.query = try queryItems(value, p)
                } else {
                    throw linkMustBe("a string or an object", p, value)
                }
            case "exclude": f.exclude = try bool(value, p)
            case "caseSensitive": f.caseSensitive = try bool(value, p)
            case "percentEncoded": f.percentEncoded = try bool(value, p)
            case "comment":
                if !isString(value) { warn(p, "a comment should be a string (ignored either way)") }
            default:
                let known = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
                let hint = known.first { $0.lowercased() == key.lowercased() }.map { " (did you mean \"\($0)\"? keys are case-sensitive)" } ?? ""
                warn(p, "unknown key (ignored; a component has \(componentKeys))\(hint)")
            }
        }
        if isDefaults && f.setsPatternKeys {
            warn(path, "defaults that set \"/\", \"?\", \"#\" or \"exclude\" apply to every rule that leaves them out (allowed, but easy to miss)")
        }
        return f
    }

    private func bool(_ v: JSONRef, _ path: JSONPath) throws(SwitchyardError) -> Bool {
        guard isBool(v) else { throw linkMustBe("true or false", path, v) }
        return v.kind == .trueValue
    }

    private mutating func queryItems(_ v: JSONRef, _ path: JSONPath) throws(SwitchyardError) -> AASAQuery {
        var items: [(name: String, pattern: String)] = []
        var ignored = false
        for (name, value) in try linkMembers(v, path) {
            if let s = try linkStringValue(value, path.key(name)) {
                items.append((name, s))
            } else {
                ignored = true
                findings.append(LinkFinding(.error, path: path.key(name).description,
                    "must be a string, not \(jsonTypeName(value)): iOS then ignores the whole \"?\" dictionary, so the rule matches any query"))
            }
        }
        return ignored ? .unconstrained : .items(items)
    }

    private mutating func variables(_ v: JSONRef, _ path: JSONPath) throws(SwitchyardError) -> [String: [String]] {
        guard isObject(v) else { throw linkMustBe("an object of string arrays", path, v) }
        var out: [String: [String]] = [:]
        for (name, value) in try linkMembers(v, path) {
            let p = path.key(name)
            guard isArray(value) else { throw linkMustBe("an array of strings", p, value) }
            var values: [String] = []
            for (i, item) in linkElements(value).enumerated() {
                let s = try linkString(item, p.index(i))
                if s.containsText("$(") { warn(p.index(i), "a value may not refer to a variable: \"$(\" is literal text here") }
                values.append(s)
            }
            if name.contains("$") || name.contains("(") || name.contains(")") {
                warn(p, "a variable name may not contain '$', '(' or ')': no pattern can refer to it")
            }
            if predefinedVariables.contains(name) {
                warn(p, "shadows the predefined variable $(\(name)): this file's values are used")
            }
            if values.isEmpty { warn(p, "has no values: a pattern that uses it matches nothing") }
            out[name] = values
        }
        return out
    }
}
