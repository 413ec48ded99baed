/// Android 15's dynamic App Links rules (docs/APP-LINKS.md, "Dynamic rules"): the
/// `dynamic_app_link_components` of an `assetlinks.json` statement. Rules are tried in order
/// and the first that matches decides; when none matches, the URL is excluded. Android drops
/// every rule of a statement when any field is malformed or empty, and then the manifest
/// alone decides: such a list evaluates to `open`, with a finding that says why.
///
/// Wildcards, as Google documents them: `*` is zero or more characters up to the first
/// place where the pattern's next character is found (it never backtracks: `/a*b` does not
/// match `/axbyb`), `?` one character, `?*` one or more. Text is compared case-sensitively,
/// as written (not percent-decoded), in UTF-16 units like every Android string.

/// What Android's dynamic rules decide for a URL.
public enum AndroidDynamicVerdict: String, Sendable, Equatable {
    /// A rule without `exclude` matched (or the rules were dropped): the app opens the URL.
    case open
    /// An `exclude` rule matched, or no rule did: the URL opens in the browser.
    case excluded
}

/// The dynamic app-link rules of an `assetlinks.json` statement (`relation_extensions`).
public struct AndroidDynamicRules: Sendable {
    /// Why the rules were dropped, if they were, and what else was noticed.
    public let findings: [LinkFinding]
    /// The rules, or nil when Android drops them (any malformed or empty field).
    let rules: [Rule]?

    /// Whether Android uses the rules (false: they are dropped and the manifest decides).
    public var isUsed: Bool { rules != nil }

    struct Rule: Sendable {
        var path: [UInt16]?
        var query: [(name: [UInt16], pattern: [UInt16])]?
        var fragment: [UInt16]?
        var exclude: Bool
    }

    /// Reads a `dynamic_app_link_components` array from JSON text. Only text that is not JSON
    /// throws (a rule error), or text over Android's 1 MiB for assetlinks.json (limit); malformed
    /// rules are dropped as Android drops them.
    public init(json: String) throws(SwitchyardError) {
        try checkAssetLinksSize(json, what: "the dynamic rules (part of an assetlinks.json)")
        var findings: [LinkFinding] = []
        let doc = try parseLinkText(json, what: "the dynamic rules", findings: &findings)
        self = try doc.read { root in AndroidDynamicRules(root, .root, findings: findings) }
    }

    init(_ v: JSONRef, _ path: JSONPath, findings: [LinkFinding] = []) {
        var f = findings
        rules = AndroidDynamicRules.read(v, path, &f)
        self.findings = f
    }

    private static func read(_ v: JSONRef, _ path: JSONPath, _ findings: inout [LinkFinding]) -> [Rule]? {
        func drop(_ at: JSONPath, _ why: String) -> [Rule]? {
            findings.append(LinkFinding(.error, path: at.description,
                "\(why): Android drops every dynamic rule of the statement, and the manifest alone decides"))
            return nil
        }
        guard isArray(v) else { return drop(path, "must be an array of rule objects, not \(jsonTypeName(v))") }
        let items = linkElements(v)
        if items.isEmpty { return drop(path, "empty") }
        var rules: [Rule] = []
        for (i, item) in items.enumerated() {
            let at = path.index(i)
            guard isObject(item) else { return drop(at, "must be an object, not \(jsonTypeName(item))") }
            guard let members = try? linkMembers(item, at), !members.isEmpty else { return drop(at, "empty") }
            var rule = Rule(path: nil, query: nil, fragment: nil, exclude: false)
            for (key, value) in members {
                let p = at.key(key)
                switch key {
                case "/", "#":
                    guard let s = try? linkStringValue(value, p) else { return drop(p, "must be a string, not \(jsonTypeName(value))") }
                    if s.isEmpty { return drop(p, "empty") }
                    if key == "/" { rule.path = Array(s.utf16) } else { rule.fragment = Array(s.utf16) }
                case "?":
                    guard isObject(value) else { return drop(p, "must be an object (name to pattern), not \(jsonTypeName(value))") }
                    guard let entries = try? linkMembers(value, p), !entries.isEmpty else { return drop(p, "empty") }
                    var list: [(name: [UInt16], pattern: [UInt16])] = []
                    for (name, pv) in entries {
                        guard let s = try? linkStringValue(pv, p.key(name)) else {
                            return drop(p.key(name), "must be a string, not \(jsonTypeName(pv))")
                        }
                        if name.isEmpty || s.isEmpty { return drop(p.key(name), "empty") }
                        list.append((Array(name.utf16), Array(s.utf16)))
                    }
                    rule.query = list
                case "exclude":
                    guard isBool(value) else { return drop(p, "must be true or false, not \(jsonTypeName(value))") }
                    rule.exclude = value.kind == .trueValue
                default:
                    findings.append(LinkFinding(.warning, path: p.description,
                        "unknown key (ignored; a dynamic rule has \"/\", \"?\", \"#\" and \"exclude\")"))
                }
            }
            rules.append(rule)
        }
        if let last = rules.last, !(last.path == Array("*".utf16) && last.query == nil && last.fragment == nil),
           rules.allSatisfy(\.exclude) {
            findings.append(LinkFinding(.warning, path: path.description,
                "every rule excludes and none matches every URL: since a URL no rule matches is excluded too, this list opens nothing (end it with {\"/\": \"*\"})"))
        }
        return rules
    }

    /// The verdict for a path with its query and fragment (`/shoes?in_app=true#top`).
    /// Throws `limit` when the rules would cost more than `linkDecisionStepLimit` steps on
    /// this path (a long path against many rules).
    public func evaluate(_ pathAndQuery: String) throws(SwitchyardError) -> AndroidDynamicVerdict {
        var steps = 0
        return try evaluate(pathAndQuery, steps: &steps)
    }

    package func evaluate(_ pathAndQuery: String, steps: inout Int) throws(SwitchyardError) -> AndroidDynamicVerdict {
        let (rawPath, rawQuery, rawFragment) = LinkURL.splitRest(Array(pathAndQuery.utf8), from: 0)
        return try evaluate(path: rawPath, query: rawQuery, fragment: rawFragment, steps: &steps)
    }

    func evaluate(path rawPath: [UInt8], query rawQuery: [UInt8]?, fragment rawFragment: [UInt8]?,
                  steps: inout Int) throws(SwitchyardError) -> AndroidDynamicVerdict {
        guard let rules else { return .open }
        func units(_ b: [UInt8]) -> [UInt16] { Array(String(decoding: b, as: UTF8.self).utf16) }
        let path = rawPath.isEmpty ? [0x2F] : units(rawPath)
        let fragment = units(rawFragment ?? [])
        let params: [(name: [UInt16], value: [UInt16])] = (rawQuery ?? []).split(separator: 0x26).map { piece in
            if let eq = piece.firstIndex(of: 0x3D) { return (units(Array(piece[..<eq])), units(Array(piece[(eq + 1)...]))) }
            return (units(Array(piece)), [])
        }
        let limit = linkStepLimit(from: steps)
        for rule in rules {
            let matched = ruleMatches(rule, path, fragment, params, &steps)
            // Each rule costs at most its own length plus the URL's, so stopping between
            // rules keeps the whole evaluation within the limit and one rule.
            if steps > limit { throw linkDecisionLimitError("the dynamic rules") }
            if matched { return rule.exclude ? .excluded : .open }
        }
        return .excluded
    }

    private func ruleMatches(_ rule: Rule, _ path: [UInt16], _ fragment: [UInt16],
                             _ params: [(name: [UInt16], value: [UInt16])], _ steps: inout Int) -> Bool {
        if let p = rule.path, !dynamicGlob(p, path, &steps) { return false }
        if let f = rule.fragment, !dynamicGlob(f, fragment, &steps) { return false }
        if let q = rule.query {
            // Every entry needs a parameter of that name whose value matches; an absent one does not.
            return q.allSatisfy { entry in
                params.contains { param in
                    steps &+= 1 + min(param.name.count, entry.name.count)
                    return param.name == entry.name && dynamicGlob(entry.pattern, param.value, &steps)
                }
            }
        }
        return true
    }
}

/// The dynamic rules' glob (see the type's comment): one pass, no backtracking.
func dynamicGlob(_ p: [UInt16], _ s: [UInt16], _ steps: inout Int) -> Bool {
    let star: UInt16 = 0x2A, question: UInt16 = 0x3F
    var ip = 0, im = 0
    while ip < p.count {
        let c = p[ip]
        if c == star {
            var j = ip + 1
            while j < p.count && p[j] == star { j += 1 }
            if j == p.count { return true }
            let next = p[j]
            if next == question {  // `*?`: the star takes nothing, `?` one character
                ip = j
                continue
            }
            while im < s.count && s[im] != next { steps &+= 1; im += 1 }
            if im == s.count { return false }
            im += 1
            ip = j + 1
        } else {
            steps &+= 1
            guard im < s.count, c == question || s[im] == c else { return false }
            im += 1
            ip += 1
        }
    }
    return im == s.count
}
