// `switchyard test --links`: the URLs an app-link file lets the OS send to the app that no
// route resolves. An AASA file is sampled by the links cross-check (its rules' examples);
// an Android app's intent filters here: one or two example paths per `<data>` path pattern,
// each kept only when the app's filters really take it (AndroidApp.evaluate), so a sample
// this naive reading gets wrong is dropped rather than reported.
import Switchyard

/// A pattern of an app-link file that opens the app for URLs no route resolves.
struct LinkGap {
    /// Where it is: `details[0] rule 2` or `filters[1] pathPrefix`.
    var place: String
    /// The pattern as written.
    var pattern: String
    /// Its example URLs (none of them resolves).
    var examples: [String]

    var json: JSONValue {
        .object([("at", .string(place)), ("pattern", .string(pattern)), ("examples", .array(examples.map { .string($0) }))])
    }
}

/// The gaps of the app-link file `file` (an AASA file, or an Android app's filters as
/// `links android` reads them), and the app they are for.
func linkGaps(_ router: Router, file: String, host: String?, appID: String?) throws(ToolFailure) -> (app: String, gaps: [LinkGap]) {
    let text = try readLinksFile(file)
    let isAASA = JSONSource(Array(text.utf8)).root?.member("applinks") != nil
    if isAASA {
        guard let host else { throw ToolFailure(message: "--links with an AASA file needs --host, the host that serves it") }
        let aasa: AASA
        do { aasa = try AASA(json: text) } catch { throw ToolFailure(message: "\(file): error: \(error.message)") }
        let apps = aasa.appIDs.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard let app = appID ?? (apps.count == 1 ? apps[0] : nil) else {
            throw ToolFailure(message: "\(file): the file names \(plural(apps.count, "app")); choose one with --app-id")
        }
        do {
            let rules = try router.crossCheck(aasa, host: host, appID: app).rulesNotHandled
            return (app, rules.map { LinkGap(place: "details[\($0.detailIndex)] rule \($0.ruleIndex)", pattern: $0.rule,
                                             examples: $0.examples) })
        } catch {
            throw ToolFailure(message: "error: \(error.message)")
        }
    }
    let app: AndroidApp
    do { app = try AndroidApp(json: text) } catch { throw ToolFailure(message: "\(file): error: \(error.message)") }
    return (app.package ?? "the app", androidGaps(router, app))
}

/// Each path pattern of a web-link filter none of whose example URLs a route resolves.
private func androidGaps(_ router: Router, _ app: AndroidApp) -> [LinkGap] {
    let match = MatchBuffer()
    var gaps: [LinkGap] = []
    for (k, filter) in app.filters.enumerated() {
        let schemes = filter.schemes.filter { $0 == "https" || $0 == "http" }
        let hosts = filter.hosts.compactMap(sampleHost)
        let patterns: [AndroidPattern?] = filter.paths.isEmpty ? [nil] : filter.paths
        for pattern in patterns {
            let paths = pattern.map(samplePaths) ?? ["/"]
            var examples: [String] = []
            var resolved = false
            for scheme in schemes {
                for host in hosts {
                    for path in paths {
                        let url = "\(scheme)://\(host)\(path)"
                        guard (try? app.evaluate(url: url, assetLinks: nil))?.filterIndex != nil else { continue }
                        if (try? router.resolve(url, into: match)) == true { resolved = true } else { examples.append(url) }
                    }
                }
            }
            guard !resolved, !examples.isEmpty else { continue }
            let written = pattern.map { "\($0.kind.attribute)=\($0.pattern)" } ?? "any path"
            gaps.append(LinkGap(place: "filters[\(k)]", pattern: written, examples: examples))
        }
    }
    return gaps
}

/// A host a `<data android:host>` takes: `*.example.com` gives `www.example.com`; `*` none.
private func sampleHost(_ host: String) -> String? {
    if host == "*" || host.isEmpty { return nil }
    if host.hasPrefix("*.") { return "www" + host.dropFirst() }
    return host
}

/// Example paths of one pattern: each repeatable piece taken the fewest times it may be,
/// and once more.
private func samplePaths(_ p: AndroidPattern) -> [String] {
    var out: [String]
    switch p.kind {
    case .literal: out = [p.pattern]
    case .prefix: out = [p.pattern, p.pattern + "x", p.pattern + "1", p.pattern + "/x"]
    case .suffix: out = ["/x" + p.pattern] + (p.pattern.hasPrefix("/") ? [p.pattern] : [])
    case .simpleGlob, .advancedGlob:
        out = [globSample(p.pattern, advanced: p.kind == .advancedGlob, extra: 0),
               globSample(p.pattern, advanced: p.kind == .advancedGlob, extra: 1)]
    case .host: out = []
    }
    var seen = Set<String>()
    return out.filter { $0.hasPrefix("/") && seen.insert($0).inserted }
}

/// A path a `pathPattern` (`.`, `X*`, `\`) or `pathAdvancedPattern` (also `[set]`, `+`,
/// `{n,m}`) takes: each piece as one character (`.` as `x`, a set as its first member), a
/// repeated piece its least number of times plus `extra`.
private func globSample(_ pattern: String, advanced: Bool, extra: Int) -> String {
    let c = Array(pattern.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < c.count {
        var atom: Unicode.Scalar = c[i]
        if c[i] == "\\", i + 1 < c.count {
            atom = c[i + 1]
            i += 2
        } else if c[i] == "." {
            atom = "x"
            i += 1
        } else if advanced, c[i] == "[" {
            var j = i + 1
            let negated = j < c.count && c[j] == "^"
            if negated { j += 1 }
            var first: Unicode.Scalar?
            while j < c.count, c[j] != "]" {
                if first == nil { first = c[j] == "\\" && j + 1 < c.count ? c[j + 1] : c[j] }
                j += c[j] == "\\" ? 2 : 1
            }
            atom = negated ? (first == "x" ? "y" : "x") : (first ?? "x")
            i = min(j + 1, c.count)
        } else {
            i += 1
        }
        var times = 1
        if i < c.count {
            switch c[i] {
            case "*": times = extra; i += 1
            case "+" where advanced: times = 1 + extra; i += 1
            case "{" where advanced:
                var j = i + 1
                var digits = ""
                while j < c.count, c[j] != "}", c[j] != "," { digits.unicodeScalars.append(c[j]); j += 1 }
                while j < c.count, c[j] != "}" { j += 1 }
                times = min(Int(digits) ?? 1, 64) + extra
                i = min(j + 1, c.count)
            default: break
            }
        }
        for _ in 0..<times { out.append(atom) }
    }
    return String(out)
}
