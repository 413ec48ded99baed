// Android beyond the vectors (docs/APP-LINKS.md, "Android"): IntentFilter.matchData over
// the JSON description of an app, assetlinks.json and the dynamic rules put together, the
// errors and findings of each document, and patterns chosen to hurt, counted in steps.
import Testing
import Switchyard

private func app(_ filters: String, package: String = "com.example.app", fingerprints: String = "[\"AA:BB\"]") -> String {
    "{\"package\": \"\(package)\", \"sha256_cert_fingerprints\": \(fingerprints), \"filters\": [\(filters)]}"
}

private func statement(_ extra: String = "", package: String = "com.example.app", fingerprint: String = "aa:bb") -> String {
    "{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {\"namespace\": \"android_app\", "
        + "\"package_name\": \"\(package)\", \"sha256_cert_fingerprints\": [\"\(fingerprint)\"]}\(extra)}"
}

@Suite struct LinksAndroidTests {
    // MARK: IntentFilter.matchData

    static let filters: [(String, String, Bool)] = [
        // Everything in one filter merges: schemes x authorities x paths.
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"a.com\", \"path\": \"/x\"}, {\"host\": \"b.com\"}, {\"path\": \"/y\"}]}",
         "https://b.com/x", true),
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"a.com\", \"path\": \"/x\"}, {\"host\": \"b.com\"}, {\"path\": \"/y\"}]}",
         "https://b.com/z", false),
        // The scheme compares case-sensitively.
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"a.com\"}]}", "HTTPS://a.com/", false),
        // A host wildcard is a suffix: not the root domain, but any text before it.
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"*.a.com\"}]}", "https://x.y.a.com/", true),
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"*.a.com\"}]}", "https://a.com/", false),
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"*a.com\"}]}", "https://bada.com/", true),
        // No host: any host, and the paths are not looked at.
        ("{\"data\": [{\"scheme\": \"https\"}, {\"path\": \"/only\"}]}", "https://anything.test/other", true),
        // A port must equal the URL's own port (-1 when none: 443 is not filled in).
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"a.com\", \"port\": \"443\"}]}", "https://a.com/", false),
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"a.com\", \"port\": 8443}]}", "https://a.com:8443/", true),
        // The path is compared decoded.
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"a.com\", \"path\": \"/a b/c\"}]}", "https://a.com/a%20b%2Fc", true),
        // No trailing-slash leniency, no query, no fragment.
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"a.com\", \"path\": \"/x\"}]}", "https://a.com/x/", false),
        ("{\"data\": [{\"scheme\": \"https\", \"host\": \"a.com\", \"path\": \"/x\"}]}", "https://a.com/x?y#z", true),
        // A filter without a scheme takes no https link, nor one without VIEW or BROWSABLE.
        ("{\"data\": [{\"host\": \"a.com\"}]}", "https://a.com/", false),
        ("{\"categories\": [\"android.intent.category.DEFAULT\"], \"data\": [{\"scheme\": \"https\"}]}", "https://a.com/", false),
    ]

    @Test(arguments: filters)
    func filtersMatchAsIntentFilterDoes(_ row: (String, String, Bool)) throws {
        let a = try AndroidApp(json: app(row.0))
        let v = try a.evaluate(url: row.1, assetLinks: nil)
        #expect((v.filterIndex != nil) == row.2, "\(row.0) on \(row.1): \(v.reasons)")
    }

    @Test func theWholeQuestionStepByStep() throws {
        let verified = app("{\"autoVerify\": true, \"data\": [{\"scheme\": \"https\", \"host\": \"example.com\"}]}")
        let a = try AndroidApp(json: verified)
        let links = try AssetLinks(json: "[\(statement())]")
        #expect(try a.evaluate(url: "https://example.com/p", assetLinks: links).opens)
        // Another certificate: not verified.
        let other = try AssetLinks(json: "[\(statement(fingerprint: "CC:DD"))]")
        let v = try a.evaluate(url: "https://example.com/p", assetLinks: other)
        #expect(!v.opens && v.verified == false)
        // No autoVerify: a deep link, not an App Link.
        let unverified = try AndroidApp(json: app("{\"data\": [{\"scheme\": \"https\", \"host\": \"example.com\"}]}"))
        #expect(try !unverified.evaluate(url: "https://example.com/p", assetLinks: links).opens)
        // Dynamic rules narrow what the manifest takes.
        let dynamic = try AssetLinks(json: "[\(statement(", \"relation_extensions\": {\"delegate_permission/common.handle_all_urls\": {\"dynamic_app_link_components\": [{\"/\": \"/p/*\"}]}}"))]")
        #expect(try a.evaluate(url: "https://example.com/p/1", assetLinks: dynamic).dynamic == .open)
        let excluded = try a.evaluate(url: "https://example.com/q", assetLinks: dynamic)
        #expect(!excluded.opens && excluded.dynamic == .excluded)
    }

    static let badDocuments: [(String, String)] = [
        ("[]", "$: must be an object with \"filters\""),
        ("{\"package\": \"p\"}", "missing \"filters\""),
        ("{\"filters\": [{\"data\": [{\"pathAdvancedPattern\": \"[]\"}]}]}", "$.filters[0].data[0].pathAdvancedPattern: a set must hold"),
        ("{\"filters\": [{\"data\": [{\"port\": \"80a\", \"host\": \"h\"}]}]}", "$.filters[0].data[0].port: must be a port number"),
        ("{\"filters\": [{\"data\": [{\"scheme\": 1}]}]}", "$.filters[0].data[0].scheme: must be a string"),
        ("{\"filters\": [{\"data\": [{\"mimeType\": \"text/plain\"}]}]}", "$.filters[0].data[0].mimeType: unknown attribute"),
        ("{\"filters\": [{\"autoverify\": true}]}", "$.filters[0].autoverify: unknown key"),
    ]

    @Test(arguments: badDocuments)
    func aBadAppDescriptionIsARuleError(_ row: (String, String)) {
        let e = expectError(.rule, row.0) { _ = try AndroidApp(json: row.0) }
        #expect(e?.message.contains(row.1) == true, "\(e?.message ?? "")")
    }

    @Test func assetLinksErrorsAndFindings() throws {
        let e = expectError(.rule, "object") { _ = try AssetLinks(json: "{}") }
        #expect(e?.message.contains("$: must be an array of statements") == true)
        expectError(.rule, "relation") { _ = try AssetLinks(json: "[{\"relation\": \"x\"}]") }
        let include = try AssetLinks(json: "[{\"include\": \"https://other/.well-known/assetlinks.json\"}]")
        #expect(include.findings.map(\.path) == ["$[0].include"])
        let dropped = try AssetLinks(json: "[\(statement(", \"relation_extensions\": {\"delegate_permission/common.handle_all_urls\": {\"dynamic_app_link_components\": [{\"/\": \"\"}]}}"))]")
        #expect(dropped.findings.contains { $0.severity == .error && $0.message.contains("drops every dynamic rule") })
    }

    // MARK: dynamic rules

    static let dynamic: [(String, String, AndroidDynamicVerdict)] = [
        // `*` is lazy and never backtracks (Google's wording).
        ("[{\"/\": \"/a*b\"}]", "/axbyb", .excluded),
        ("[{\"/\": \"/a*b*\"}]", "/axbyb", .open),
        ("[{\"/\": \"/?*\"}]", "/", .excluded),
        ("[{\"/\": \"/*?\"}]", "/x", .open),
        // An absent parameter does not satisfy "*"; extra parameters are allowed.
        ("[{\"?\": {\"dl\": \"*\"}}]", "/?x=1", .excluded),
        ("[{\"?\": {\"dl\": \"*\"}}]", "/?x=1&dl=", .open),
        ("[{\"#\": \"top\"}]", "/a#top", .open),
        // Rules Android drops: the manifest alone decides.
        ("[]", "/a", .open),
        ("[{}]", "/a", .open),
        ("[{\"/\": \"/a\"}, {\"?\": {}}]", "/b", .open),
        ("[{\"/\": \"/a\", \"exclude\": \"yes\"}]", "/a", .open),
        ("{\"/\": \"/a\"}", "/b", .open),
        // Unknown keys are ignored, not fatal.
        ("[{\"/\": \"/a\", \"comment\": \"x\"}]", "/b", .excluded),
    ]

    @Test(arguments: dynamic)
    func dynamicRules(_ row: (String, String, AndroidDynamicVerdict)) throws {
        #expect(try AndroidDynamicRules(json: row.0).evaluate(row.1) == row.2, "\(row.0) on \(row.1)")
    }

    @Test func aListThatOnlyExcludesIsReported() throws {
        let r = try AndroidDynamicRules(json: "[{\"/\": \"/private/*\", \"exclude\": true}]")
        #expect(r.isUsed && r.findings.contains { $0.message.contains("opens nothing") })
    }

    // MARK: patterns

    @Test func storageBeyondAOSPsLimitIsRejected() {
        // AOSP's own test case: each character of a set takes two entries of 2048.
        let set = "[" + String(repeating: "a", count: 1024) + "]"
        expectError(.invalidPattern, "1024-character set") { _ = try AndroidPattern(.advancedGlob, set) }
        #expect((try? AndroidPattern(.advancedGlob, "[" + String(repeating: "a", count: 500) + "]")) != nil)
    }

    @Test func errorPositionsAreBytesInThePattern() {
        let e = expectError(.invalidPattern, "modifier") { _ = try AndroidPattern(.advancedGlob, "é+*") }
        #expect(e?.position == 3)
    }

    @Test func globsAreLinearInSteps() throws {
        let text = Array(String(repeating: "a", count: 20_000).utf16)
        var steps = 0
        let greedy = try? AndroidPattern(.advancedGlob, String(repeating: "a*", count: 500) + "b")
        #expect(greedy?.matches(units: text, steps: &steps) == false)
        #expect(steps <= 20_001, "\(steps)")
        steps = 0
        let simple = try? AndroidPattern(.simpleGlob, String(repeating: ".*a", count: 500) + "b")
        #expect(simple?.matches(units: text, steps: &steps) == false)
        #expect(steps <= 20_001, "\(steps)")
        steps = 0
        let rules = try? AndroidDynamicRules(json: "[{\"/\": \"" + String(repeating: "*a", count: 500) + "b\"}]")
        #expect(try rules?.evaluate("/" + String(repeating: "a", count: 20_000), steps: &steps) == .excluded)
        #expect(steps <= 20_002, "\(steps)")
    }

    @Test func hostPatterns() throws {
        #expect(try AndroidPattern(.host, "*").matches("anything.test"))
        #expect(try AndroidPattern(.host, "*.Example.COM").matches("www.example.com"))
        #expect(try !AndroidPattern(.host, "example.com").matches("example.com.evil.test"))
    }
}
