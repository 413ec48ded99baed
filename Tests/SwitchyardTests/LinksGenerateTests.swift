// Generating the app-link files from a route table (docs/APP-LINKS.md, "Generating the
// files"), and the cross-check of a router against an AASA file. The property test checks
// the two promises on random https routes: every URL the router resolves is opened by the
// generated rules on iOS and Android (no link lost), and every URL a generated rule opens
// that the router misses belongs to a class the report names for that rule.
import Foundation
import Testing
import Switchyard


private let domain = "www.example.com"
private let app = "ABCDE12345.com.example.app"

private func generated(_ patterns: [String], options: RouterOptions = RouterOptions(),
                       request: AppLinksRequest = AppLinksRequest(domain: domain, appIDs: [app], androidPackage: "com.example.app"))
    throws -> (Router, GeneratedAppLinks) {
    let r = try Router(options: options)
    for (i, p) in patterns.enumerated() { try r.add(p, target: "T\(i)", name: "r\(i)") }
    return (r, try r.appLinks(request))
}

@Suite struct LinksGenerateTests {
    /// (route, its AASA pattern, its Android patterns, the kinds of widening on iOS)
    static let rows: [(String, String, [String], [String])] = [
        ("/", "/", ["/*"], []),
        ("https://www.example.com/about", "/about", ["/+about/*"], []),
        ("/user/:id", "/user/?*", ["/+user/+[^/]+/*"], ["spans-segments"]),
        ("/user/<int:id>/posts", "/user/?*/posts", ["/+user/+[-+]{0,1}[0-9]+/+posts/*"], ["typed-parameter", "spans-segments"]),
        ("/order/<uuid:id>", "/order/" + String(repeating: "$(xdigit)", count: 8) + "-" + String(repeating: "$(xdigit)", count: 4)
            + "-" + String(repeating: "$(xdigit)", count: 4) + "-" + String(repeating: "$(xdigit)", count: 4) + "-"
            + String(repeating: "$(xdigit)", count: 12),
         ["/+order/+[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/*"], []),
        ("/docs/*", "/docs/*", ["/+docs/*", "/+docs/.*"], []),
        ("/files/<path:rest>", "/files/?*", ["/+files/+[^/].*"], []),
        ("https://*.example.com/tag/:t", "/tag/?*", ["/+tag/+[^/]+/*"], ["spans-segments"]),
        ("/a.b/c+d", "/a.b/c+d", ["/+a\\.b/+c\\+d/*"], []),
        ("/caf%C3%A9", "/café", ["/+café/*"], []),
        ("/what%3F", "/what?", ["/+what?/*"], ["unwritable-character"]),
        ("/x/:a/*", "/x/?*/*", ["/+x/+[^/]+/*", "/+x/+[^/]+/.*"], ["spans-segments"]),
    ]

    @Test(arguments: 0..<rows.count)
    func eachRouteFormHasItsPatterns(_ i: Int) throws {
        let (route, aasaPath, androidPaths, kinds) = Self.rows[i]
        let (_, g) = try generated([route])
        let rule = try #require(g.rules.first, "\(route): no rule generated")
        #expect(rule.aasaPath == aasaPath, "\(route)")
        #expect(rule.androidPaths == androidPaths, "\(route)")
        #expect(rule.widenings.filter { $0.platform == .ios }.map(\.kind) == kinds, "\(route): \(rule.widenings)")
        // The generated files read back without errors.
        let aasa = try AASA(json: g.aasa)
        #expect(aasa.findings.filter { $0.severity == .error }.isEmpty, "\(aasa.findings)")
        _ = try AndroidApp(json: g.androidApp)
    }

    @Test func routesOfOtherSchemesAndHostsAreSkipped() throws {
        let (_, g) = try generated(["myapp://user/:id", "http://www.example.com/plain", "https://other.test/x",
                                    "https://www.example.com/ok"])
        #expect(g.rules.map(\.route) == ["https://www.example.com/ok"])
        #expect(g.skipped.map(\.route) == ["myapp://user/:id", "http://www.example.com/plain", "https://other.test/x"])
        #expect(g.skipped.map(\.reason) == ["not an https route", "not an https route", "its host is not www.example.com"])
    }

    @Test func aSubsetIsChosenByNameOrTarget() throws {
        let r = Router()
        try r.add("/a", target: "A", name: "first")
        try r.add("/b", target: "B", name: "second")
        try r.add("/c", target: "C")
        let byName = try r.appLinks(AppLinksRequest(domain: domain, appIDs: [app], routeNames: ["second"]))
        #expect(byName.rules.map(\.route) == ["/b"])
        let byTarget = try r.appLinks(AppLinksRequest(domain: domain, appIDs: [app], routeNames: ["first"], routeTargets: ["C"]))
        #expect(byTarget.rules.map(\.route) == ["/a", "/c"])
    }

    @Test func theFilesHaveTheDocumentedShape() throws {
        let (_, g) = try generated(["/user/:id", "/about"],
                                   request: AppLinksRequest(domain: domain, appIDs: [app, "FGHIJ67890.com.example.other"],
                                                            androidPackage: "com.example.app",
                                                            certificateFingerprints: ["14:6D:E9"]))
        let aasa = try AASA(json: g.aasa)
        #expect(aasa.appIDs == [app, "FGHIJ67890.com.example.other"])
        #expect(try aasa.decisions(host: domain, url: "https://www.example.com/user/7").map(\.appID)
                == [app, "FGHIJ67890.com.example.other"])
        #expect(g.aasa.contains("\"percentEncoded\": false"))
        #expect(g.aasa.contains("\"comment\": \"T0: /user/:id\""))
        let links = try #require(g.assetLinks)
        #expect(links.contains("delegate_permission/common.handle_all_urls") && links.contains("14:6D:E9"))
        #expect(g.manifestXML.contains("<data android:pathAdvancedPattern=\"/+user/+[^/]+/*\" />"))
        #expect(g.json.contains("\"manifest_xml\"") && g.json.contains("\"rules\""))
        // Android, with the generated assetlinks.json: opens as a verified App Link.
        let android = try AndroidApp(json: g.androidApp)
        let verdict = try android.evaluate(url: "https://www.example.com/user/7", assetLinks: try AssetLinks(json: links))
        #expect(verdict.opens && verdict.verified == true, "\(verdict.reasons)")
    }

    @Test func manifestAttributesDoubleTheirBackslashes() throws {
        let (_, g) = try generated(["/v1.0/x"])
        #expect(g.manifestXML.contains("android:pathAdvancedPattern=\"/+v1\\\\.0/+x/*\""), "\(g.manifestXML)")
    }

    @Test func caseInsensitiveLiteralsBecomeSetsOnAndroid() throws {
        var o = RouterOptions()
        o.caseInsensitiveLiterals = true
        let (_, g) = try generated(["/Ab1"], options: o)
        #expect(g.rules.first?.androidPaths == ["/+[aA][bB]1/*"])
        #expect(g.aasa.contains("\"caseSensitive\": false"))
    }

    @Test func badRequestsAreErrors() throws {
        let r = Router()
        expectError(.invalidArgument, "empty domain") { _ = try r.appLinks(AppLinksRequest(domain: "", appIDs: [app])) }
        expectError(.invalidArgument, "no app") { _ = try r.appLinks(AppLinksRequest(domain: domain, appIDs: [])) }
        expectError(.invalidArgument, "empty app ID") { _ = try r.appLinks(AppLinksRequest(domain: domain, appIDs: [""])) }
        var o = RouterOptions()
        o.hostHandling = .alwaysSegment
        let segmentRouter = try Router(options: o)
        expectError(.invalidArgument, "no https hosts") {
            _ = try segmentRouter.appLinks(AppLinksRequest(domain: domain, appIDs: [app]))
        }
    }

    // MARK: the property test

    static let literals = ["a", "b", "ab", "x1", "café", "v1.0"]

    static func randomRoute(_ rng: inout SplitMix64) -> String {
        var path = ""
        let count = rng.below(4)
        for k in 0..<count {
            switch rng.below(9) {
            case 0: path += "/:p\(k)"
            case 1: path += "/<int:p\(k)>"
            case 2: path += "/<float:p\(k)>"
            case 3: path += "/<uuid:p\(k)>"
            case 4: path += "/*"
            default: path += "/" + rng.pick(literals)
            }
        }
        switch rng.below(6) {
        case 0: path += "/*"
        case 1: path += "/<path:rest>"
        default: if path.isEmpty { path = "/" }
        }
        switch rng.below(4) {
        case 0: return path
        case 1: return "https://*.example.com" + path
        default: return "https://www.example.com" + path
        }
    }

    static let values = ["1", "42", "-7", "+3", "1.5", "abc", "a.b", "x%20y", "%2F", "caf%C3%A9", "A", "%61",
                         "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-42661417400Z",
                         "99999999999999999999", "a+b", "ab", "x1", "v1.0", "b"]

    static func randomURL(_ rng: inout SplitMix64, _ routes: [String]) -> String {
        var path = ""
        if !routes.isEmpty && rng.chance(70) {
            // An instance of a route: its literals, random values elsewhere.
            let route = rng.pick(routes)
            let p = route.hasPrefix("https://www.") ? String(route.dropFirst("https://www.example.com".count))
                : route.hasPrefix("https://*.") ? String(route.dropFirst("https://*.example.com".count)) : route
            for seg in p.split(separator: "/") {
                if seg.hasPrefix(":") || seg.hasPrefix("<") || seg == "*" {
                    if seg.hasPrefix("<path:") || (seg == "*" && p.hasSuffix("/*") && rng.chance(50)) {
                        for _ in 0..<rng.below(3) { path += "/" + rng.pick(values) }
                    } else {
                        path += "/" + rng.pick(values)
                    }
                } else {
                    let text = String(seg).replacingOccurrences(of: "é", with: "%C3%A9")
                    path += "/" + (rng.chance(10) ? text.uppercased() : text)
                }
            }
        } else {
            for _ in 0..<rng.below(5) { path += "/" + rng.pick(values + literals.map { $0.replacingOccurrences(of: "é", with: "%C3%A9") }) }
        }
        if rng.chance(15) { path += "/" }
        return "https://www.example.com" + path
    }

    @Test func randomRoutesLoseNoLinkAndTheReportNamesEveryWidening() throws {
        var rng = SplitMix64(state: 0x5157_4C49_4E4B)
        var opened = 0, widenedOpens = 0
        for _ in 0..<60 {
            let router = Router()
            var patterns: [String] = []
            for _ in 0..<(1 + rng.below(6)) {
                let p = Self.randomRoute(&rng)
                if (try? router.add(p, target: p)) != nil { patterns.append(p) }
            }
            let g = try router.appLinks(AppLinksRequest(domain: domain, appIDs: [app], androidPackage: "com.example.app"))
            let aasa = try AASA(json: g.aasa)
            let android = try AndroidApp(json: g.androidApp)
            for _ in 0..<80 {
                let url = Self.randomURL(&rng, patterns)
                let resolved = try router.resolveBuffer(url).matched
                let decision = try aasa.decisions(host: domain, url: url).first
                let ios = decision?.verdict == .match
                let verdict = try android.evaluate(url: url, assetLinks: nil)
                let encodedSlash = url.lowercased().contains("%2f")
                // The class the notes name: a last segment of encoded slashes only, which iOS
                // decodes and then drops with the trailing '/'.
                var trimmed = url.lowercased()
                while trimmed.hasSuffix("/") { trimmed.removeLast() }
                let trailingEncodedSlash = trimmed.hasSuffix("/%2f")
                if resolved {
                    opened += 1
                    #expect(ios || trailingEncodedSlash, "iOS loses \(url) (routes \(patterns); aasa \(g.aasa))")
                    #expect(verdict.opens || encodedSlash, "Android loses \(url) (routes \(patterns); \(g.androidApp))")
                    continue
                }
                if ios, let d = decision, !encodedSlash {
                    widenedOpens += 1
                    let named = g.rules.filter { $0.componentIndex == d.ruleIndex }
                        .contains { !$0.widenings.filter { $0.platform == .ios }.isEmpty }
                    #expect(named, "iOS opens \(url) for component \(d.ruleIndex) but the router misses it, and no widening is reported (\(patterns))")
                }
                if verdict.opens, let f = verdict.filterIndex, !encodedSlash {
                    let path = String(url.dropFirst("https://www.example.com".count))
                    let decoded = path.removingPercentEncodingForLinks
                    let named = g.rules.filter { $0.androidFilterIndex == f }.contains { rule in
                        rule.androidPaths.contains { (try? AndroidPattern(.advancedGlob, $0).matches(decoded)) == true }
                            && !rule.widenings.filter { $0.platform == .android }.isEmpty
                    }
                    #expect(named, "Android opens \(url) but the router misses it, and no widening is reported (\(patterns))")
                }
            }
        }
        #expect(opened > 500)
        #expect(widenedOpens > 20)
    }

    // MARK: cross-check

    @Test func crossCheckFindsRoutesTheFileMissesAndRulesNoRouteHandles() throws {
        let r = Router()
        try r.add("https://www.example.com/buy/:id", target: "Buy", name: "buy")
        try r.add("/help/<int:n>", target: "Help")
        try r.add("/account/*", target: "Account")
        try r.add("/account/private/:x", target: "Private")
        let aasa = try AASA(json: """
            {"applinks": {"details": [{"appIDs": ["\(app)"], "components": [
              {"/": "/account/private/*", "exclude": true},
              {"/": "/buy/*"}, {"/": "/account/*"}, {"/": "/sell/*"}]}]}}
            """)
        let check = try r.crossCheck(aasa, host: domain, appID: app)
        #expect(check.routesNotOpened.map(\.route) == ["/help/<int:n>", "/account/private/:x"])
        #expect(check.routesNotOpened.first?.examples == [.init(url: "https://www.example.com/help/42", verdict: nil,
                                                                 detailIndex: nil, ruleIndex: nil)])
        #expect(check.routesNotOpened.last?.examples == [.init(url: "https://www.example.com/account/private/p1",
                                                                verdict: .block, detailIndex: 0, ruleIndex: 0)])
        #expect(check.rulesNotHandled.map(\.ruleIndex) == [3])
        #expect(check.rulesNotHandled.first?.rule == "{\"/\":\"/sell/*\"}")
        #expect(check.json.contains("\"routes_not_opened\"") && check.json.contains("\"rules_not_handled\""))
    }

    @Test func crossCheckOfAFileThatCoversTheRouterIsEmpty() throws {
        let (r, g) = try generated(["/a/:b", "/c/<path:d>", "/"])
        let check = try r.crossCheck(try AASA(json: g.aasa), host: domain, appID: app)
        #expect(check.routesNotOpened.isEmpty && check.rulesNotHandled.isEmpty, "\(check.json)")
    }
}

extension String {
    /// Percent-decoded, invalid UTF-8 as U+FFFD (as Android's Uri.getPath reads a path).
    var removingPercentEncodingForLinks: String {
        var out: [UInt8] = []
        let b = Array(utf8)
        var i = 0
        while i < b.count {
            if b[i] == 0x25, i + 2 < b.count, let v = UInt8(String(decoding: b[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                out.append(v)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
