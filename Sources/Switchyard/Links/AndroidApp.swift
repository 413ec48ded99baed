/// Android's side of "which app opens this URL?" (docs/APP-LINKS.md, "Android"): the app's
/// intent filters (described in JSON, one object per `<data>` element), the site's
/// `assetlinks.json`, and the two put together with Android 15's dynamic rules.
///
/// Filter matching is `IntentFilter.matchData` for a URL: every `<data>` element of a filter
/// adds to one list each of schemes, authorities and paths, and a URL matches when its scheme
/// is in the list, its host (and port) matches any authority, and its decoded path any path
/// pattern. No authority means any host, and then paths are not looked at.

/// One `<intent-filter>`.
public struct AndroidIntentFilter: Sendable {
    /// `android:autoVerify`: whether Android verifies the filter's hosts.
    public var autoVerify: Bool
    /// The `<action>` names.
    public var actions: [String]
    /// The `<category>` names.
    public var categories: [String]
    /// The `<data>` schemes.
    public var schemes: [String]
    struct Authority: Sendable {
        var host: AndroidPattern
        var port: Int?
    }
    var authorities: [Authority]
    /// The `<data>` path patterns.
    public var paths: [AndroidPattern]

    /// The hosts, as written.
    public var hosts: [String] { authorities.map(\.host.pattern) }

    static let view = "android.intent.action.VIEW"
    static let browsable = "android.intent.category.BROWSABLE"
    static let defaultCategory = "android.intent.category.DEFAULT"

    /// Whether a browser can hand it a link: VIEW, BROWSABLE, and http or https.
    var takesWebLinks: Bool {
        actions.contains(AndroidIntentFilter.view) && categories.contains(AndroidIntentFilter.browsable)
            && schemes.contains { $0 == "http" || $0 == "https" }
    }

    /// `IntentFilter.matchData` for a URL.
    /// Past `limit` steps it gives up (false): the caller refuses the decision.
    func matches(_ url: LinkURL, steps: inout Int, limit: Int) -> Bool {
        guard schemes.contains(url.schemeAsWritten) else { return false }
        if authorities.isEmpty { return true }
        let host = Array(url.host.utf16)
        guard authorities.contains(where: { a in
            steps &+= 1 + host.count
            return steps <= limit && a.host.matches(units: host, steps: &steps) && (a.port == nil || a.port == url.port)
        }) else { return false }
        if paths.isEmpty { return true }
        // `Uri.getPath()`: the path percent-decoded.
        let path = Array(String(decoding: linkPercentDecoded(url.path), as: UTF8.self).utf16)
        return paths.contains { p in
            // Literal, prefix and suffix comparisons read up to the path's length.
            steps &+= 1 + path.count
            return steps <= limit && p.matches(units: path, steps: &steps)
        }
    }
}

/// An app as Android sees it for App Links: its package, signing certificates and intent
/// filters. Read from JSON:
///
///     {"package": "com.example.app",
///      "sha256_cert_fingerprints": ["14:6D:E9:...:E5"],
///      "filters": [{"autoVerify": true,
///                   "actions": ["android.intent.action.VIEW"],
///                   "categories": ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"],
///                   "data": [{"scheme": "https", "host": "*.example.com"},
///                            {"pathPrefix": "/products/"}]}]}
///
/// `package` and the fingerprints are optional; `actions` and `categories` default to VIEW
/// and DEFAULT + BROWSABLE; `autoVerify` to false. A `data` object takes the attributes of
/// `<data>` without the `android:` prefix: scheme, host, port, path, pathPrefix, pathPattern,
/// pathAdvancedPattern, pathSuffix. Pattern values are as `PatternMatcher` receives them
/// (a manifest's `\\` is one `\` here).
public struct AndroidApp: Sendable {
    /// The app's package name, if given.
    public var package: String?
    /// SHA-256 fingerprints of the app's signing certificates.
    public var fingerprints: [String]
    /// The intent filters.
    public var filters: [AndroidIntentFilter]
    /// What reading the description noticed.
    public let findings: [LinkFinding]

    /// Reads an app description (see above). Throws `rule` when it has the wrong shape, `limit`
    /// when its autoVerify hosts pass the 1 MiB Android verifies.
    public init(json: String) throws(SwitchyardError) {
        var findings: [LinkFinding] = []
        let doc = try parseLinkText(json, what: "the app description", findings: &findings)
        self = try doc.read { root throws(SwitchyardError) in try AndroidApp(root, findings: findings) }
    }

    init(_ root: JSONRef, findings: [LinkFinding]) throws(SwitchyardError) {
        var f = findings
        guard isObject(root) else { throw linkMustBe("an object with \"filters\"", .root, root) }
        var package: String?
        var fingerprints: [String] = []
        var filters: [AndroidIntentFilter] = []
        var sawFilters = false
        for (key, value) in try linkMembers(root, .root) {
            let p = JSONPath.root.key(key)
            switch key {
            case "package": package = try linkString(value, p)
            case "sha256_cert_fingerprints": fingerprints = try stringArray(value, p)
            case "filters":
                guard isArray(value) else { throw linkMustBe("an array of intent filters", p, value) }
                sawFilters = true
                for (i, item) in linkElements(value).enumerated() {
                    filters.append(try AndroidApp.filter(item, p.index(i), &f))
                }
            default:
                throw linkError(p, "unknown key (an app description has package, sha256_cert_fingerprints and filters)")
            }
        }
        if !sawFilters { throw linkError(.root, "missing \"filters\"") }
        try AndroidApp.checkDomainBudget(filters)
        self.package = package
        self.fingerprints = fingerprints
        self.filters = filters
        self.findings = f
    }

    /// Android's verifier collects an app's autoVerify hosts until their estimated size
    /// (2 bytes per UTF-16 unit plus 12 per host, AOSP's DomainVerificationCollector) reaches
    /// 1 MiB, and verifies none past it: an app over that budget is refused, not evaluated
    /// as if every host were verified.
    private static func checkDomainBudget(_ filters: [AndroidIntentFilter]) throws(SwitchyardError) {
        var total = 0
        for (i, filter) in filters.enumerated() where filter.autoVerify {
            for host in filter.hosts {
                total += 2 * host.utf16.count + 12
                if total > androidDomainsLimit {
                    throw SwitchyardError(.limit, "$.filters[\(i)]: the autoVerify hosts reach \(total) bytes as Android counts them, over Android's limit of \(androidDomainsLimit) bytes (1 MiB): its verifier checks no host past it")
                }
            }
        }
    }

    private static func filter(_ v: JSONRef, _ path: JSONPath, _ findings: inout [LinkFinding]) throws(SwitchyardError) -> AndroidIntentFilter {
        guard isObject(v) else { throw linkMustBe("an intent filter object", path, v) }
        var filter = AndroidIntentFilter(autoVerify: false, actions: [AndroidIntentFilter.view],
                                         categories: [AndroidIntentFilter.defaultCategory, AndroidIntentFilter.browsable],
                                         schemes: [], authorities: [], paths: [])
        for (key, value) in try linkMembers(v, path) {
            let p = path.key(key)
            switch key {
            case "autoVerify":
                guard isBool(value) else { throw linkMustBe("true or false", p, value) }
                filter.autoVerify = value.kind == .trueValue
            case "actions": filter.actions = try stringArray(value, p)
            case "categories": filter.categories = try stringArray(value, p)
            case "data":
                guard isArray(value) else { throw linkMustBe("an array of <data> objects", p, value) }
                for (i, item) in linkElements(value).enumerated() {
                    try data(item, p.index(i), into: &filter, &findings)
                }
            default:
                throw linkError(p, "unknown key (an intent filter has autoVerify, actions, categories and data)")
            }
        }
        if !filter.takesWebLinks {
            findings.append(LinkFinding(.warning, path: path.description,
                "takes no web link (it needs action VIEW, category BROWSABLE and scheme http or https)"))
        } else if filter.autoVerify && !filter.categories.contains(AndroidIntentFilter.defaultCategory) {
            findings.append(LinkFinding(.warning, path: path.description,
                "has autoVerify but not category DEFAULT, which App Links verification needs"))
        }
        return filter
    }

    private static func data(_ v: JSONRef, _ path: JSONPath, into filter: inout AndroidIntentFilter,
                             _ findings: inout [LinkFinding]) throws(SwitchyardError) {
        guard isObject(v) else { throw linkMustBe("a <data> object", path, v) }
        var host: String?
        var port: Int?
        for (key, value) in try linkMembers(v, path) {
            let p = path.key(key)
            if key == "port" {
                if value.kind == .integer {
                    let n = value.integer
                    guard n >= 0 && n <= 65535 else { throw linkError(p, "must be a port number (0 to 65535)") }
                    port = Int(n)
                } else {
                    let s = try linkString(value, p)
                    guard let n = Int(s), n >= 0, n <= 65535, s.utf8.allSatisfy({ $0 &- 0x30 < 10 }) else {
                        throw linkError(p, "must be a port number (0 to 65535), not '\(s)'")
                    }
                    port = n
                }
                continue
            }
            let s = try linkString(value, p)
            switch key {
            case "scheme": filter.schemes.append(s)
            case "host": host = s
            default:
                let kinds: [String: AndroidPatternKind] = [
                    "path": .literal, "pathPrefix": .prefix, "pathPattern": .simpleGlob,
                    "pathAdvancedPattern": .advancedGlob, "pathSuffix": .suffix,
                ]
                guard let kind = kinds[key] else {
                    throw linkError(p, "unknown attribute (a <data> object has scheme, host, port, path, pathPrefix, pathPattern, pathAdvancedPattern and pathSuffix)")
                }
                do throws(SwitchyardError) {
                    filter.paths.append(try AndroidPattern(kind, s))
                } catch {
                    throw linkError(p, error.message, position: error.position)
                }
            }
        }
        if let host {
            // The authority of one <data>: its host with its port.
            filter.authorities.append(.init(host: try AndroidPattern(.host, host), port: port))
        } else if port != nil {
            findings.append(LinkFinding(.warning, path: path.key("port").description,
                "a port without a host in the same <data> is ignored by Android"))
        }
    }
}

/// A site's `assetlinks.json`: a statement list.
public struct AssetLinks: Sendable {
    /// What reading the file noticed.
    public let findings: [LinkFinding]
    let statements: [Statement]

    static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    struct Statement: Sendable {
        var relations: [String]
        var package: String?
        var fingerprints: [String]
        var dynamic: AndroidDynamicRules?
        var at: String
    }

    /// Reads a site's `assetlinks.json`. Throws `rule` when it is not a statement list, `limit`
    /// when it is over the 1 MiB Android reads.
    public init(json: String) throws(SwitchyardError) {
        try checkAssetLinksSize(json, what: "assetlinks.json")
        var findings: [LinkFinding] = []
        let doc = try parseLinkText(json, what: "assetlinks.json", findings: &findings)
        self = try doc.read { root throws(SwitchyardError) in try AssetLinks(root, findings: findings) }
    }

    init(_ root: JSONRef, findings: [LinkFinding]) throws(SwitchyardError) {
        var f = findings
        guard isArray(root) else { throw linkMustBe("an array of statements", .root, root) }
        var list: [Statement] = []
        for (i, item) in linkElements(root).enumerated() {
            let at = JSONPath.root.index(i)
            guard isObject(item) else { throw linkMustBe("a statement object", at, item) }
            var s = Statement(relations: [], package: nil, fingerprints: [], dynamic: nil, at: at.description)
            var extensions: JSONRef?
            for (key, value) in try linkMembers(item, at) {
                let p = at.key(key)
                switch key {
                case "relation": s.relations = try stringArray(value, p)
                case "target":
                    guard isObject(value) else { throw linkMustBe("an object", p, value) }
                    var namespace: String?
                    for (tk, tv) in try linkMembers(value, p) {
                        switch tk {
                        case "namespace": namespace = try linkString(tv, p.key(tk))
                        case "package_name": s.package = try linkString(tv, p.key(tk))
                        case "sha256_cert_fingerprints": s.fingerprints = try stringArray(tv, p.key(tk))
                        case "site": _ = try linkString(tv, p.key(tk))
                        default: f.append(LinkFinding(.warning, path: p.key(tk).description, "unknown key in a target (ignored)"))
                        }
                    }
                    if namespace != "android_app" { s.package = nil }
                case "relation_extensions":
                    guard isObject(value) else { throw linkMustBe("an object", p, value) }
                    extensions = value
                case "include":
                    _ = try linkString(value, p)
                    f.append(LinkFinding(.warning, path: p.description,
                        "an included statement list is not fetched offline: give its statements here to have them checked"))
                default:
                    f.append(LinkFinding(.warning, path: p.description, "unknown key in a statement (ignored)"))
                }
            }
            if let extensions, let ext = linkMember(extensions, AssetLinks.handleAllURLs) {
                let p = at.key("relation_extensions").bracketKey(AssetLinks.handleAllURLs)
                if isObject(ext), let comps = linkMember(ext, "dynamic_app_link_components") {
                    let rules = AndroidDynamicRules(comps, p.key("dynamic_app_link_components"))
                    f += rules.findings
                    s.dynamic = rules
                }
            }
            list.append(s)
        }
        statements = list
        self.findings = f
    }

    /// The statements that delegate `handle_all_urls` to the package, with a fingerprint in
    /// `fingerprints` (compared without case and colons; any when `fingerprints` is empty).
    func delegations(package: String, fingerprints: [String]) -> [Statement] {
        let wanted = Set(fingerprints.map(normalisedFingerprint))
        return statements.filter { s in
            s.relations.contains(AssetLinks.handleAllURLs) && s.package == package
                && (wanted.isEmpty || s.fingerprints.contains { wanted.contains(normalisedFingerprint($0)) })
        }
    }
}

func normalisedFingerprint(_ f: String) -> String {
    String(f.unicodeScalars.filter { $0 != ":" }.map { Character($0) }).uppercased()
}

/// What Android does with a URL for one app (docs/APP-LINKS.md, "Android evaluation").
public struct AndroidVerdict: Sendable, Equatable {
    /// Whether the app opens the URL as a verified App Link.
    public var opens: Bool
    /// The first filter that takes the URL, if any.
    public var filterIndex: Int?
    /// Whether the site's assetlinks.json delegates to the app; nil when none was given.
    public var verified: Bool?
    /// The dynamic rules' verdict, when the delegating statement has rules Android uses.
    public var dynamic: AndroidDynamicVerdict?
    /// Why, in words, step by step.
    public var reasons: [String]
}

extension AndroidApp {
    /// Would this app open `url`? (a) one of its web-link filters takes the URL, and that
    /// filter has autoVerify; (b) `assetLinks` (the file of the URL's host, or of the root
    /// host for a `*.` filter host), when given, delegates `handle_all_urls` to the package
    /// and one of its certificates; (c) the dynamic rules of that statement, if any, do not
    /// exclude the URL. Throws invalidURL for text that is not an absolute URL.
    public func evaluate(url: String, assetLinks: AssetLinks?) throws(SwitchyardError) -> AndroidVerdict {
        let u = try LinkURL.read(url)
        var v = AndroidVerdict(opens: false, filterIndex: nil, verified: nil, dynamic: nil, reasons: [])
        var steps = 0
        let limit = linkStepLimit(from: 0)
        let found = filters.indices.first(where: { filters[$0].takesWebLinks && filters[$0].matches(u, steps: &steps, limit: limit) })
        if steps > limit { throw linkDecisionLimitError("the app's intent filters") }
        guard let index = found else {
            v.reasons.append("no intent filter of the app takes the URL")
            return v
        }
        v.filterIndex = index
        v.reasons.append("filters[\(index)] takes the URL")
        let filter = filters[index]
        var opens = true
        if !filter.autoVerify {
            opens = false
            v.reasons.append("filters[\(index)] has no autoVerify: not an App Link (Android 12 and later open the browser unless the user chose the app)")
        }
        if let assetLinks {
            guard let package else {
                v.reasons.append("the app description has no package, so assetlinks.json cannot be checked")
                v.opens = opens
                return v
            }
            let found = assetLinks.delegations(package: package, fingerprints: fingerprints)
            if let statement = found.first {
                v.verified = true
                v.reasons.append("\(statement.at) delegates handle_all_urls to \(package)")
                if let rules = statement.dynamic, rules.isUsed {
                    let d = try rules.evaluate(path: u.path, query: u.query, fragment: u.fragment, steps: &steps)
                    v.dynamic = d
                    if d == .excluded {
                        opens = false
                        v.reasons.append("its dynamic rules exclude the URL (Android 15 and later)")
                    } else {
                        v.reasons.append("its dynamic rules open the URL (Android 15 and later)")
                    }
                }
            } else {
                v.verified = false
                opens = false
                v.reasons.append(fingerprints.isEmpty
                    ? "assetlinks.json has no statement delegating handle_all_urls to \(package)"
                    : "assetlinks.json has no statement delegating handle_all_urls to \(package) with one of its certificates")
            }
        } else {
            v.reasons.append("no assetlinks.json given: verification not checked")
        }
        v.opens = opens
        return v
    }
}

/// Android's verifier (AOSP's StatementService) reads at most 1 MiB of a site's
/// assetlinks.json; a larger file verifies no app.
let androidAssetLinksLimit = 1024 * 1024
/// The estimated bytes of autoVerify hosts Android's verifier collects from one app.
let androidDomainsLimit = 1024 * 1024

/// Refuses text from a site's assetlinks.json over Android's 1 MiB, before it is parsed.
func checkAssetLinksSize(_ json: String, what: String) throws(SwitchyardError) {
    let size = json.utf8.count
    if size > androidAssetLinksLimit {
        throw SwitchyardError(.limit, "$: \(what) is \(size) bytes, over Android's limit of \(androidAssetLinksLimit) bytes (1 MiB) for assetlinks.json: its verifier reads no more, and the file verifies no app")
    }
}

/// Parses JSON text for the Android documents (16 MiB at most).
func parseLinkText(_ json: String, what: String, findings: inout [LinkFinding]) throws(SwitchyardError) -> LinkJSON {
    var text = json
    var f = findings
    let parsed: Result<LinkJSON, SwitchyardError> = text.withUTF8 { bytes in
        do throws(SwitchyardError) {
            return .success(try LinkJSON.parse(UnsafeRawBufferPointer(bytes), what: what, maxSize: 16 * 1024 * 1024, findings: &f))
        } catch {
            return .failure(error)
        }
    }
    findings = f
    return try parsed.get()
}

/// An array of strings.
func stringArray(_ v: JSONRef, _ path: JSONPath) throws(SwitchyardError) -> [String] {
    guard isArray(v) else { throw linkMustBe("an array of strings", path, v) }
    var out: [String] = []
    for (i, item) in linkElements(v).enumerated() { out.append(try linkString(item, path.index(i))) }
    return out
}
