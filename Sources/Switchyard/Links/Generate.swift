/// Deriving the app-link files from the route table (docs/APP-LINKS.md, "Generating the
/// files"): for the https routes of a router that reach one domain, the AASA `components` for
/// given app IDs and the Android intent filters, so the website's files and the app's routes
/// come from one table.
///
/// Every URL the router resolves to a chosen route is opened by the generated rules (no link
/// is lost), for URLs written as the router reads them (no empty or dot segments). A route
/// that a pattern cannot express exactly is widened to the nearest pattern, and the report
/// names, rule by rule, the URLs the system then opens but the router does not match.
///
/// This is the one file of app links that reads the pattern compiler's output
/// (`compilePattern`, `CompiledPattern`): it turns each route into a `LinkRouteShape`, and the
/// rest of app links works on those.

// MARK: - Route shapes

/// A route as app links see it: per alternative of its pattern (optional groups expand),
/// the scheme, host and the kinds of its path segments.
struct LinkRouteShape {
    var route: Route
    var variants: [LinkVariant]
}

struct LinkVariant: Equatable {
    enum Host: Equatable {
        case any
        /// Lowercase host; `port` "" when none (the default port is already dropped).
        case literal(String, port: String)
        /// `*.example.com`: `suffix` is ".example.com".
        case wildcard(suffix: String, port: String)
    }

    enum Segment: Equatable {
        /// The text the router compares: decoded, unless the router reads raw paths; lowercase
        /// when literals ignore case.
        case literal([UInt8])
        case param, int, float, uuid
        /// A middle `*`: exactly one segment.
        case star
    }

    /// Lowercase; nil for a pattern without a scheme.
    var scheme: String?
    var host: Host
    var segments: [Segment]
    /// The least number of segments a trailing remainder takes; nil without one.
    var remainderMin: Int?

    /// Whether the variant matches https URLs on `domain`.
    func reaches(_ domain: String) -> Bool {
        guard scheme == nil || scheme == "https" else { return false }
        switch host {
        case .any: return true
        case .literal(let h, _): return h == domain
        case .wildcard(let suffix, _): return domain.hasSuffix(suffix) && domain.utf8.count > suffix.utf8.count
        }
    }

    var port: String {
        switch host {
        case .any: return ""
        case .literal(_, let p), .wildcard(_, let p): return p
        }
    }
}

/// Which routes a request takes: all, or those with one of the names, or one of the targets.
struct LinkRouteSelection {
    var names: Set<String>?
    var targets: Set<String>?

    func takes(_ r: Route) -> Bool {
        if names == nil && targets == nil { return true }
        if let names, let n = r.name, names.contains(n) { return true }
        if let targets, case .target(let t) = r.destination, targets.contains(t) { return true }
        return false
    }
}

extension Router {
    /// The chosen routes, in the order they were added, each with the shape of its pattern.
    func linkRouteShapes(_ selection: LinkRouteSelection) throws(SwitchyardError) -> [LinkRouteShape] {
        switch options.hostHandling {
        case .alwaysSegment:
            throw SwitchyardError(.invalidArgument,
                "app links need a router that reads the host of https URLs (hostHandling is alwaysSegment)")
        case .webSchemes where !options.webSchemes.contains("https"):
            throw SwitchyardError(.invalidArgument,
                "app links need a router that reads the host of https URLs (\"https\" is not in webSchemes)")
        default: break
        }
        var out: [LinkRouteShape] = []
        for route in routes where selection.takes(route) {
            let compiled = try compileRoutePattern(route, patternConfig)
            out.append(LinkRouteShape(route: route, variants: compiled.variants.map(LinkRouteShape.variant)))
        }
        return out
    }
}

extension LinkRouteShape {
    fileprivate static func variant(_ v: PatternVariant) -> LinkVariant {
        let host: LinkVariant.Host
        switch v.host {
        case .any: host = .any
        case .literal(let h, let p):
            host = .literal(String(decoding: h, as: UTF8.self), port: String(decoding: p, as: UTF8.self))
        case .wildcard(let s, _, let p):
            host = .wildcard(suffix: String(decoding: s, as: UTF8.self), port: String(decoding: p, as: UTF8.self))
        }
        let segments = v.segments.map { s -> LinkVariant.Segment in
            switch s.kind {
            case .literal: return .literal(s.literal)
            case .uuid: return .uuid
            case .int: return .int
            case .float: return .float
            case .param, .regex: return .param  // a constraint is widened to any segment
            case .star: return .star
            // Read as one segment: an app-link pattern has no such form (a superset).
            case .inline: return .param
            case .catchAll: return .star
            }
        }
        return LinkVariant(scheme: v.scheme.map { String(decoding: $0, as: UTF8.self) }, host: host,
                           segments: segments, remainderMin: v.remainder?.minSegments)
    }
}

// MARK: - The request and the result

/// What to generate: for which domain, which apps, and from which routes.
public struct AppLinksRequest: Sendable {
    /// The host that serves the files (`www.example.com`).
    public var domain: String
    /// The apps for the AASA file (`ABCDE12345.com.example.app`).
    public var appIDs: [String]
    /// The Android package for the filters and assetlinks.json; nil for iOS only.
    public var androidPackage: String?
    /// SHA-256 fingerprints of the app's signing certificates, for assetlinks.json.
    public var certificateFingerprints: [String]
    /// Take only the routes with one of these names (or, with `routeTargets`, targets).
    public var routeNames: Set<String>?
    /// Take only the routes with one of these targets (or, with `routeNames`, names).
    public var routeTargets: Set<String>?

    /// A request; by default every route, for iOS only.
    public init(domain: String, appIDs: [String], androidPackage: String? = nil, certificateFingerprints: [String] = [],
                routeNames: Set<String>? = nil, routeTargets: Set<String>? = nil) {
        self.domain = domain
        self.appIDs = appIDs
        self.androidPackage = androidPackage
        self.certificateFingerprints = certificateFingerprints
        self.routeNames = routeNames
        self.routeTargets = routeTargets
    }
}

/// How a generated rule opens more than its route matches.
public struct AppLinksWidening: Sendable, Equatable, CustomStringConvertible {
    /// Which platform's generated rule it is.
    public enum Platform: String, Sendable {
        /// The apple-app-site-association rule.
        case ios
        /// The Android intent filter.
        case android
    }
    /// The platform whose rule widens.
    public var platform: Platform
    /// A stable word for the kind of widening: `spans-segments`, `typed-parameter`,
    /// `number-range`, `unwritable-character`, `case-folding`, `trailing-slash`, `port`,
    /// `raw-path`, `pattern-size`.
    public var kind: String
    /// The URLs the system opens and the router does not, in words.
    public var message: String

    public var description: String { "\(platform.rawValue) \(kind): \(message)" }
}

/// The rules generated for one alternative of one route.
public struct AppLinksRule: Sendable {
    /// The route's pattern.
    public var route: String
    /// The route's name, if it has one.
    public var name: String?
    /// The index of its component in the AASA file's components (shared when two routes
    /// give the same pattern).
    public var componentIndex: Int
    /// Its AASA `/` pattern.
    public var aasaPath: String
    /// The index of its Android filter and its `pathAdvancedPattern`s there.
    public var androidFilterIndex: Int
    /// Its `pathAdvancedPattern`s in that filter.
    public var androidPaths: [String]
    /// Empty when the rule opens exactly the URLs of the route.
    public var widenings: [AppLinksWidening]
}

/// The generated files and the report.
public struct GeneratedAppLinks: Sendable {
    /// The apple-app-site-association file for the domain (JSON).
    public var aasa: String
    /// The app's intent filters in the form `AndroidApp(json:)` reads (JSON).
    public var androidApp: String
    /// The same filters as `<intent-filter>` elements to paste into AndroidManifest.xml.
    public var manifestXML: String
    /// assetlinks.json for the domain, when a package and fingerprints were given.
    public var assetLinks: String?
    /// One entry per generated rule, in route order.
    public var rules: [AppLinksRule]
    /// Routes left out, with the reason (another scheme, another host).
    public var skipped: [(route: String, reason: String)]
    /// What holds for every rule (URL forms the systems read differently from the router).
    public var notes: [String]
    /// All of it as one JSON document (the C function's answer).
    public var json: String
}

extension Router {
    /// Generates the AASA components and the Android intent filters for the https routes
    /// that reach `request.domain`. Throws invalidArgument for an empty domain, no app at all,
    /// or a router that does not read https hosts.
    public func appLinks(_ request: AppLinksRequest) throws(SwitchyardError) -> GeneratedAppLinks {
        let domain = request.domain.lowercased()
        if domain.isEmpty || domain.contains("/") || domain.contains(":") {
            throw SwitchyardError(.invalidArgument, "the domain must be a host name such as www.example.com, not '\(request.domain)'")
        }
        if request.appIDs.isEmpty && request.androidPackage == nil {
            throw SwitchyardError(.invalidArgument, "give at least one app ID or an Android package")
        }
        if request.appIDs.contains(where: \.isEmpty) { throw SwitchyardError(.invalidArgument, "an app ID is empty") }
        if request.androidPackage == "" { throw SwitchyardError(.invalidArgument, "the Android package is empty") }
        let shapes = try linkRouteShapes(LinkRouteSelection(names: request.routeNames, targets: request.routeTargets))
        var g = LinkGenerator(domain: domain, options: options)
        for shape in shapes { g.add(shape) }
        return g.result(request)
    }
}

// MARK: - Generation

private struct LinkGenerator {
    let domain: String
    let options: RouterOptions
    var components: [(path: String, comment: String)] = []
    var componentIndex: [String: Int] = [:]
    /// Per (host attribute, port): the filter's path patterns.
    var filters: [(host: String, port: String, paths: [String])] = []
    var rules: [AppLinksRule] = []
    var skipped: [(route: String, reason: String)] = []

    init(domain: String, options: RouterOptions) {
        self.domain = domain
        self.options = options
    }

    mutating func add(_ shape: LinkRouteShape) {
        let route = shape.route
        var any = false
        for v in shape.variants where v.reaches(domain) {
            any = true
            var widenings: [AppLinksWidening] = []
            let path = aasaPath(v, &widenings)
            let label: String = {
                switch route.destination {
                case .target(let t): return "\(t): \(route.pattern)"
                case .redirect: return "redirect: \(route.pattern)"
                }
            }()
            let c: Int
            if let existing = componentIndex[path] {
                c = existing
            } else {
                c = components.count
                componentIndex[path] = c
                components.append((path, label))
            }
            let (hostAttr, port) = androidHost(v)
            let paths = androidPaths(v, &widenings)
            let f: Int
            if let existing = filters.firstIndex(where: { $0.host == hostAttr && $0.port == port }) {
                f = existing
            } else {
                f = filters.count
                filters.append((hostAttr, port, []))
            }
            for p in paths where !filters[f].paths.contains(p) { filters[f].paths.append(p) }
            if !v.port.isEmpty {
                widenings.append(AppLinksWidening(platform: .ios, kind: "port",
                    message: "an AASA file knows no ports: iOS opens the path on any port of \(domain) the app's entitlement names, the router only on port \(v.port)"))
            }
            if options.strictTrailingSlash {
                for platform in [AppLinksWidening.Platform.ios, .android] {
                    widenings.append(AppLinksWidening(platform: platform, kind: "trailing-slash",
                        message: "the path with a trailing '/' added or removed opens the app too; the router keeps the two apart (strictTrailingSlash)"))
                }
            }
            rules.append(AppLinksRule(route: route.pattern, name: route.name, componentIndex: c, aasaPath: path,
                                      androidFilterIndex: f, androidPaths: paths, widenings: widenings))
        }
        if !any {
            let reason = shape.variants.contains { $0.scheme == nil || $0.scheme == "https" }
                ? "its host is not \(domain)" : "not an https route"
            skipped.append((route.pattern, reason))
        }
    }

    // MARK: iOS

    private func aasaPath(_ v: LinkVariant, _ w: inout [AppLinksWidening]) -> String {
        var parts: [String] = []
        for seg in v.segments { parts.append(aasaSegment(seg, &w)) }
        var path = "/" + parts.joined(separator: "/")
        if let min = v.remainderMin {
            if !parts.isEmpty { path += "/" }
            path += min == 0 ? "*" : "?*"
        }
        return path
    }

    private func aasaSegment(_ seg: LinkVariant.Segment, _ w: inout [AppLinksWidening]) -> String {
        func widen(_ kind: String, _ message: String) {
            let x = AppLinksWidening(platform: .ios, kind: kind, message: message)
            if !w.contains(x) { w.append(x) }
        }
        let spans = "'?*' also matches text with '/' in it, so URLs with more segments at this place open the app too"
        switch seg {
        case .param, .star:
            widen("spans-segments", spans)
            return "?*"
        case .int, .float:
            widen("typed-parameter", "a typed parameter is written '?*': any text opens the app, not only \(seg == .int ? "integers" : "numbers")")
            widen("spans-segments", spans)
            return "?*"
        case .uuid:
            let hex = { (n: Int) in String(repeating: "$(xdigit)", count: n) }
            return [hex(8), hex(4), hex(4), hex(4), hex(12)].joined(separator: "-")
        case .literal(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            if options.decodePath, hasPercentEscape(bytes) {
                // The router keeps an escape whose bytes are not UTF-8; iOS decodes it to U+FFFD.
                widen("unwritable-character", "the literal '\(text)' keeps an escape that iOS decodes differently: the segment is written '?*'")
                widen("spans-segments", spans)
                return "?*"
            }
            var out = ""
            let scalars = Array(text.unicodeScalars)
            for (k, u) in scalars.enumerated() {
                let opensVariable = u == "$" && k + 1 < scalars.count && scalars[k + 1] == "("
                if u == "*" || u == "?" || opensVariable || (u == " " && options.plusAsSpaceInPath) {
                    widen("unwritable-character",
                          "'\(u)' in the literal '\(text)' cannot be written in an AASA pattern: it is written '?' (any one character)")
                    out += "?"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
            if options.caseInsensitiveLiterals, text.unicodeScalars.contains(where: { $0.value > 0x7F && $0.properties.isCased }) {
                widen("case-folding", "iOS ignores the case of non-ASCII letters in '\(text)' too; the router only that of ASCII letters")
            }
            return out
        }
    }

    // MARK: Android

    /// The filter's host is the domain for every route that reaches it (a `*.domain` route
    /// included: the files are per host, and so is App Links verification).
    private func androidHost(_ v: LinkVariant) -> (String, String) { (domain, v.port) }

    private func androidPaths(_ v: LinkVariant, _ w: inout [AppLinksWidening]) -> [String] {
        func widen(_ kind: String, _ message: String) {
            let x = AppLinksWidening(platform: .android, kind: kind, message: message)
            if !w.contains(x) { w.append(x) }
        }
        // "/+" between segments: Android compares the path as written, and the router drops
        // empty segments, so any run of '/' stands for one.
        var base = ""
        for seg in v.segments {
            base += "/+"
            switch seg {
            case .param, .star: base += "[^/]+"
            case .float:
                base += "[^/]+"
                widen("typed-parameter", "a float parameter is written '[^/]+': any segment opens the app, not only numbers")
            case .int:
                base += "[-+]{0,1}[0-9]+"
                widen("number-range", "an integer parameter is written '[-+]{0,1}[0-9]+': integers too large for 64 bits open the app too")
            case .uuid:
                base += "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
            case .literal(let bytes):
                if !options.decodePath && bytes.contains(0x25) {
                    widen("raw-path", "Android compares the decoded path; the router (decodePath false) the path as written")
                }
                // Android compares the decoded path: the literal's decoded text, each special
                // character escaped, each ASCII letter as [xX] when literals ignore case.
                let text = options.decodePath ? String(decoding: bytes, as: UTF8.self)
                                               : String(decoding: linkPercentDecoded(bytes), as: UTF8.self)
                for u in text.unicodeScalars {
                    if options.caseInsensitiveLiterals, u.isASCII, (u.value | 0x20) &- 0x61 < 26 {
                        let lower = Character(Unicode.Scalar(UInt8(u.value | 0x20)))
                        let upper = Character(Unicode.Scalar(UInt8(u.value & ~0x20)))
                        base += "[\(lower)\(upper)]"
                    } else if "\\.*+{}[]".unicodeScalars.contains(u) {
                        base += "\\" + String(u)
                    } else {
                        base.unicodeScalars.append(u)
                    }
                }
            }
        }
        var out: [String]
        switch v.remainderMin {
        case nil: out = [base + "/*"]
        case 0?: out = [base + "/*", base + "/.*"]
        case _?: out = [base + "/+[^/].*"]
        }
        for (k, p) in out.enumerated() where (try? AndroidPattern(.advancedGlob, p)) == nil {
            widen("pattern-size", "the pattern is too large for Android's advanced glob: written '/.*'")
            out[k] = "/.*"
        }
        return out
    }

    // MARK: output

    func result(_ request: AppLinksRequest) -> GeneratedAppLinks {
        var defaults: [(String, LinkJSONValue)] = []
        if options.decodePath { defaults.append(("percentEncoded", .bool(false))) }
        if options.caseInsensitiveLiterals { defaults.append(("caseSensitive", .bool(false))) }
        var entry: [(String, LinkJSONValue)] = [("appIDs", .strings(request.appIDs))]
        if !defaults.isEmpty { entry.append(("defaults", .object(defaults))) }
        entry.append(("components", .array(components.map {
            .object([("/", .string($0.path)), ("comment", .string($0.comment))])
        })))
        let aasa = LinkJSONValue.object([("applinks", .object([("details", .array(request.appIDs.isEmpty ? [] : [.object(entry)]))]))])

        let view = AndroidIntentFilter.view, def = AndroidIntentFilter.defaultCategory, browsable = AndroidIntentFilter.browsable
        let filterValues: [LinkJSONValue] = filters.map { f in
            var authority: [(String, LinkJSONValue)] = [("host", .string(f.host))]
            if !f.port.isEmpty { authority.append(("port", .string(f.port))) }
            var data: [LinkJSONValue] = [.object([("scheme", .string("https"))]), .object(authority)]
            data += f.paths.map { .object([("pathAdvancedPattern", .string($0))]) }
            return .object([("autoVerify", .bool(true)), ("actions", .strings([view])),
                            ("categories", .strings([def, browsable])), ("data", .array(data))])
        }
        var app: [(String, LinkJSONValue)] = []
        if let p = request.androidPackage { app.append(("package", .string(p))) }
        if !request.certificateFingerprints.isEmpty { app.append(("sha256_cert_fingerprints", .strings(request.certificateFingerprints))) }
        app.append(("filters", .array(filterValues)))
        let android = LinkJSONValue.object(app)

        var assetLinks: LinkJSONValue? = nil
        if let p = request.androidPackage, !request.certificateFingerprints.isEmpty {
            assetLinks = .array([.object([
                ("relation", .strings([AssetLinks.handleAllURLs])),
                ("target", .object([("namespace", .string("android_app")), ("package_name", .string(p)),
                                    ("sha256_cert_fingerprints", .strings(request.certificateFingerprints))])),
            ])])
        }

        var notes = [
            "A link whose path has an empty segment ('//') or a dot segment ('/./', '/../') reaches the router normalised, but iOS compares the path as written, so it opens Safari; the Android patterns accept repeated '/' but not dot segments.",
            "The query and the fragment take no part: the router ignores them, so no rule constrains them.",
            "Ports: an AASA file has none (the app's applinks: entitlement names host and port), and a filter without a port takes any port; the router matches URLs without a port (after dropping 443) unless a route names one.",
            "The Android filters use pathAdvancedPattern, which needs Android 12 (API 31) or later.",
        ]
        if options.decodePath {
            notes.append("An encoded slash (%2F) reads as '/' on both systems (the rules compare decoded paths), while the router keeps it inside its segment: such a URL may open the app and miss in the router, and on Android a parameter holding %2F does not open the app; on iOS neither does a last segment made only of %2F (iOS drops it with the trailing '/').")
        }
        if request.appIDs.isEmpty { notes.append("No app ID was given: the AASA file names no app.") }

        let ruleValues: [LinkJSONValue] = rules.map { r in
            .object([
                ("route", .string(r.route)), ("name", .optional(r.name)),
                ("component", .int(r.componentIndex)), ("aasa", .string(r.aasaPath)),
                ("android_filter", .int(r.androidFilterIndex)), ("android", .strings(r.androidPaths)),
                ("widened", .array(r.widenings.map {
                    .object([("platform", .string($0.platform.rawValue)), ("kind", .string($0.kind)), ("message", .string($0.message))])
                })),
            ])
        }
        let manifest = manifestXML()
        let all = LinkJSONValue.object([
            ("domain", .string(domain)), ("aasa", aasa), ("android", android), ("assetlinks", assetLinks ?? .null),
            ("manifest_xml", .string(manifest)), ("rules", .array(ruleValues)),
            ("skipped", .array(skipped.map { .object([("route", .string($0.route)), ("reason", .string($0.reason))]) })),
            ("notes", .strings(notes)),
        ])
        return GeneratedAppLinks(aasa: aasa.text(), androidApp: android.text(), manifestXML: manifest,
                                 assetLinks: assetLinks?.text(), rules: rules, skipped: skipped, notes: notes,
                                 json: all.text())
    }

    /// The filters as manifest XML. Attribute values go through Android's resource string
    /// parsing, where `\` escapes: each is written twice (and `'` as `\'`).
    private func manifestXML() -> String {
        func attr(_ s: String) -> String {
            var out = ""
            for c in s {
                switch c {
                case "\\": out += "\\\\"
                case "'": out += "\\'"
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                default: out.append(c)
                }
            }
            return out
        }
        var lines: [String] = []
        for f in filters {
            lines.append("<intent-filter android:autoVerify=\"true\">")
            lines.append("    <action android:name=\"\(AndroidIntentFilter.view)\" />")
            lines.append("    <category android:name=\"\(AndroidIntentFilter.defaultCategory)\" />")
            lines.append("    <category android:name=\"\(AndroidIntentFilter.browsable)\" />")
            lines.append("    <data android:scheme=\"https\" />")
            let port = f.port.isEmpty ? "" : " android:port=\"\(attr(f.port))\""
            lines.append("    <data android:host=\"\(attr(f.host))\"\(port) />")
            for p in f.paths { lines.append("    <data android:pathAdvancedPattern=\"\(attr(p))\" />") }
            lines.append("</intent-filter>")
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}

/// Whether bytes hold a `%` followed by two hex digits (an escape the router kept as written).
private func hasPercentEscape(_ b: [UInt8]) -> Bool {
    var i = 0
    while i + 2 < b.count {
        if b[i] == 0x25, linkHex(b[i + 1]) != nil, linkHex(b[i + 2]) != nil { return true }
        i += 1
    }
    return false
}
