// AASA evaluation beyond the vectors (docs/APP-LINKS.md, "Evaluating an AASA file"): the
// errors and findings of a file, the readings the spec leaves to us, the index of rules
// against a plain reading of every rule, and input chosen to hurt: deep JSON, huge and
// pathological patterns, counted in steps rather than timed.
import Testing
import Switchyard

private let app = "ABCDE12345.com.example.app"

/// A one-app file with these components (JSON text of the array's elements).
private func file(_ components: String, defaults: String? = nil, variables: String? = nil) -> String {
    var applinks = "\"details\": [{\"appIDs\": [\"\(app)\"], \"components\": [\(components)]}]"
    if let defaults { applinks += ", \"defaults\": \(defaults)" }
    if let variables { applinks += ", \"substitutionVariables\": \(variables)" }
    return "{\"applinks\": {\(applinks)}}"
}

private func verdict(_ json: String, _ url: String, host: String = "example.com") throws -> AASADecision.Verdict? {
    try AASA(json: json).decisions(host: host, url: url).first { $0.appID == app }?.verdict
}

@Suite struct LinksAASATests {
    // MARK: errors and findings

    static let badFiles: [(String, String)] = [
        ("[]", "$: an apple-app-site-association file must be a JSON object, not an array"),
        ("{\"applinks\": []}", "$.applinks: must be an object, not an array"),
        ("{\"applinks\": {\"details\": 3}}", "$.applinks.details: must be an array of entries, not an integer"),
        ("{\"applinks\": {\"details\": [7]}}", "$.applinks.details[0]: must be an object, not an integer"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": \"x\"}]}}", "$.applinks.details[0].appIDs: must be an array of strings"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [1]}]}}", "$.applinks.details[0].appIDs[0]: must be a string, not an integer"),
        (file("{\"/\": null}"), "$.applinks.details[0].components[0][\"/\"]: must be a string, not null"),
        (file("{\"?\": 1}"), "$.applinks.details[0].components[0][\"?\"]: must be a string or an object"),
        (file("{\"caseSensitive\": \"no\"}"), "$.applinks.details[0].components[0].caseSensitive: must be true or false"),
        (file("\"/x\""), "$.applinks.details[0].components[0]: must be a component object, not a string"),
        (file("{}", defaults: "[]"), "$.applinks.defaults: must be an object, not an array"),
        (file("{}", variables: "{\"food\": \"pizza\"}"), "$.applinks.substitutionVariables.food: must be an array of strings"),
        ("{\"applinks\": {\"details\": [{\"appID\": \"a\", \"paths\": [\"/x\", 5]}]}}", "$.applinks.details[0].paths[1]: must be a string"),
        ("{\"applinks\": {", "invalid JSON at line 1, column 14"),
        ("", "invalid JSON"),
    ]

    @Test(arguments: badFiles)
    func aBadFileIsARuleErrorNamingItsPath(_ row: (String, String)) {
        let e = expectError(.rule, row.0) { _ = try AASA(json: row.0) }
        #expect(e?.message.contains(row.1) == true, "\(e?.message ?? ""): expected \(row.1)")
    }

    static let findings: [(String, String, String)] = [
        (file("{\"/\": \"/a\", \"casesensitive\": false}"), "$.applinks.details[0].components[0].casesensitive", "did you mean \"caseSensitive\""),
        (file("{\"?\": {\"a\": \"1\", \"b\": true}}"), "$.applinks.details[0].components[0][\"?\"].b", "ignores the whole"),
        (file("{\"/\": \"*\"}, {\"/\": \"/a\"}"), "$.applinks.details[0].components[1]", "never reached"),
        (file("{\"/\": \"/$(nope)\"}"), "$.applinks.details[0].components[0]", "$(nope), which is not defined"),
        (file("{\"/\": \"/$(food\"}"), "$.applinks.details[0].components[0]", "without \")\""),
        (file("{\"/\": \"/café\"}"), "$.applinks.details[0].components[0]", "never matches with percentEncoded true"),
        (file("{}", variables: "{\"digit\": [\"x\"]}"), "$.applinks.substitutionVariables.digit", "shadows the predefined"),
        (file("{}", defaults: "{\"/\": \"/x/*\"}"), "$.applinks.defaults", "apply to every rule"),
        ("{\"applinks\": {\"details\": [{\"appID\": \"a\", \"appIDs\": [\"b\"], \"components\": []}]}}",
         "$.applinks.details[0].appID", "ignored"),
        ("{\"applinks\": {\"details\": [{\"appID\": \"a\", \"components\": [], \"paths\": []}]}}",
         "$.applinks.details[0].paths", "ignored"),
        ("{\"applinks\": {\"details\": [{\"components\": [{}]}]}}", "$.applinks.details[0]", "names no app"),
        ("{\"applinks\": {\"apps\": [\"x\"], \"details\": []}}", "$.applinks.apps", "not empty"),
        ("{\"applinks\": {\"details\": {\"a\": {\"paths\": [\"*\"]}}}}", "$.applinks.details", "order between its apps"),
        ("{\"webcredentials\": {\"apps\": []}}", "$", "no \"applinks\" section"),
        ("{\"applinks\": {\"details\": [], \"detials\": 1}}", "$.applinks.detials", "unknown key"),
        ("{\"applinks\": {\"details\": [{\"appID\": \"a\", \"paths\": [\"/detail/?id=*\"]}]}}",
         "$.applinks.details[0].paths[0]", "never a query"),
        ("{\"applinks\": {\"details\": [], \"details\": []}}", "$.applinks.details", "duplicate"),
    ]

    @Test(arguments: findings)
    func findingsNameThePathAndTheReason(_ row: (String, String, String)) throws {
        let f = try AASA(json: row.0).findings
        #expect(f.contains { $0.path == row.1 && $0.message.contains(row.2) }, "\(f)")
    }

    // MARK: readings the spec leaves open ([ours] in AASA.md), pinned

    static let readings: [(String, String, String, AASADecision.Verdict?)] = [
        // Query items are compared raw when percentEncoded is true, decoded when false; '+' stays a plus.
        ("raw query item", file("{\"?\": {\"q\": \"a b\"}}"), "https://example.com/?q=a%20b", nil),
        ("decoded query item", file("{\"?\": {\"q\": \"a b\"}, \"percentEncoded\": false}"), "https://example.com/?q=a%20b", .match),
        ("plus is a plus", file("{\"?\": {\"q\": \"a b\"}, \"percentEncoded\": false}"), "https://example.com/?q=a+b", nil),
        ("item names fold too", file("{\"?\": {\"Q\": \"x\"}, \"caseSensitive\": false}"), "https://example.com/?q=X", .match),
        ("variables in '#'", file("{\"#\": \"$(digit)\"}"), "https://example.com/#7", .match),
        ("variables in query values", file("{\"?\": {\"id\": \"$(alpha)$(digit)\"}}"), "https://example.com/?id=a1", .match),
        ("custom values with wildcards", file("{\"/\": \"/$(v)\"}", variables: "{\"v\": [\"a*z\"]}"), "https://example.com/abcz", .match),
        ("an undefined variable never matches", file("{\"/\": \"/$(nope)\"}"), "https://example.com/$(nope)", nil),
        ("an unterminated $( is literal", file("{\"/\": \"/$(x\"}"), "https://example.com/$(x", .match),
        ("lang folds", file("{\"/\": \"/$(lang)\", \"caseSensitive\": false}"), "https://example.com/EN", .match),
        ("lang is case-sensitive by default", file("{\"/\": \"/$(lang)\"}"), "https://example.com/EN", nil),
        ("non-ASCII folds one to one", file("{\"/\": \"/É\", \"caseSensitive\": false, \"percentEncoded\": false}"),
         "https://example.com/%C3%A9", .match),
        ("a raw space in the URL is sent encoded", file("{\"/\": \"/a%20b\"}"), "https://example.com/a b", .match),
        ("raw non-ASCII in the URL is sent encoded", file("{\"/\": \"/caf%C3%A9\"}"), "https://example.com/café", .match),
        ("? counts scalars when decoded", file("{\"/\": \"/?\", \"percentEncoded\": false}"), "https://example.com/%C3%A9", .match),
        ("? counts encoded characters otherwise", file("{\"/\": \"/?\"}"), "https://example.com/%C3%A9", nil),
        ("an empty dictionary constrains nothing", file("{\"?\": {}}"), "https://example.com/?a=1", .match),
        ("legacy paths take the defaults", "{\"applinks\": {\"defaults\": {\"caseSensitive\": false}, \"details\": [{\"appID\": \"\(app)\", \"paths\": [\"/A\"]}]}}",
         "https://example.com/a", .match),
        ("legacy paths ignore a default query", "{\"applinks\": {\"defaults\": {\"?\": \"x\"}, \"details\": [{\"appID\": \"\(app)\", \"paths\": [\"/a\"]}]}}",
         "https://example.com/a", .match),
        ("runs of * are one", file("{\"/\": \"/a/**\"}"), "https://example.com/a", .match),
        ("the host ignores userinfo and port", file("{\"/\": \"/a\"}"), "https://u:p@EXAMPLE.com:8443/a", .match),
        ("dot segments are compared as written", file("{\"/\": \"/a/b\"}"), "https://example.com/a/../a/b", nil),
        ("an inner // is compared as written", file("{\"/\": \"/a/b\"}"), "https://example.com/a//b", nil),
        ("the leading-slash run of a pattern is one", file("{\"/\": \"///a\"}"), "https://example.com/a", .match),
        ("an empty / pattern is the root", file("{\"/\": \"\"}"), "https://example.com/", .match),
        ("an empty / pattern is only the root", file("{\"/\": \"\"}"), "https://example.com/a", nil),
    ]

    @Test(arguments: readings)
    func readingsThatTheSpecLeavesOpenArePinned(_ row: (String, String, String, AASADecision.Verdict?)) throws {
        #expect(try verdict(row.1, row.2) == row.3, "\(row.0)")
    }

    @Test func outcomesSayWhyNothingWasDecided() throws {
        let aasa = try AASA(json: file("{}"))
        #expect(try aasa.evaluate(host: "example.com", url: "https://other.example.com/").outcome == .otherHost)
        #expect(try aasa.evaluate(host: "example.com", url: "http://example.com/").outcome == .notHTTPS)
        #expect(try aasa.evaluate(host: "example.com", url: "https://example.com/").primaryApp == app)
        expectError(.invalidURL, "no scheme") { _ = try aasa.evaluate(host: "example.com", url: "example.com/x") }
        expectError(.invalidURL, "bad port") { _ = try aasa.evaluate(host: "example.com", url: "https://example.com:8x/") }
        expectError(.limit, "long URL") {
            _ = try aasa.evaluate(host: "example.com", url: "https://example.com/" + String(repeating: "a", count: 40_000))
        }
    }

    // MARK: the index reads only the rules that can match, and decides as reading all would

    @Test func theIndexDecidesAsEveryRuleInOrderWould() throws {
        var rng = SplitMix64(state: 0xA5A5_1234)
        let pieces = ["a", "b", "A", "*", "?", "?*", "$(digit)", "$(lower)", "%20", "%2F", "x", ""]
        for _ in 0..<150 {
            var entries: [String] = []
            for _ in 0..<(1 + rng.below(3)) {
                var comps: [String] = []
                for _ in 0..<(1 + rng.below(6)) {
                    var path = ""
                    for _ in 0..<(1 + rng.below(3)) { path += rng.pick(["/", "", "/"]) + rng.pick(pieces) }
                    var c = "\"/\": \"\(path)\""
                    if rng.chance(30) { c += ", \"caseSensitive\": false" }
                    if rng.chance(30) { c += ", \"percentEncoded\": false" }
                    if rng.chance(20) { c += ", \"exclude\": true" }
                    if rng.chance(15) { c += ", \"?\": {\"k\": \"\(rng.pick(pieces))\"}" }
                    comps.append("{\(c)}")
                }
                let apps = rng.chance(50) ? "\"A.a\"" : "\"A.a\", \"B.b\""
                entries.append("{\"appIDs\": [\(apps)], \"components\": [\(comps.joined(separator: ", "))]}")
            }
            let aasa = try AASA(json: "{\"applinks\": {\"details\": [\(entries.joined(separator: ", "))]}}")
            for _ in 0..<20 {
                var path = ""
                for _ in 0..<rng.below(4) { path += "/" + rng.pick(["a", "b", "A", "B", "7", "x", "%20", "%2F", "ab", "a%2Fb", ""]) }
                if rng.chance(20) { path += "?k=" + rng.pick(["a", "7", "A"]) }
                let url = "https://example.com" + path
                var s1 = 0, s2 = 0
                let indexed = try aasa.evaluate(host: "example.com", url: url, steps: &s1)
                let plain = try aasa.evaluate(host: "example.com", url: url, steps: &s2, everyRule: true)
                #expect(indexed == plain, "\(url)")
            }
        }
    }

    @Test func aURLReadsOnlyTheRulesOfItsFirstSegment() throws {
        // Near Apple's 128 KiB: 2,000 apps' worth of rules under distinct first segments.
        var comps: [String] = []
        for i in 0..<2_000 {
            comps.append("{\"/\": \"/section\(i)/items/*\", \"?\": {\"ref\": \"?*\"}}")
        }
        let json = file(comps.joined(separator: ",\n"))
        #expect(json.utf8.count > 100_000 && json.utf8.count <= AASA.Options.appleSizeLimit, "\(json.utf8.count)")
        let aasa = try AASA(json: json)
        var steps = 0
        let e = try aasa.evaluate(host: "example.com", url: "https://example.com/section1999/items/42?ref=mail", steps: &steps)
        #expect(e.decisions.map(\.ruleIndex) == [1999])
        #expect(steps < 200, "\(steps) steps")
        var all = 0
        _ = try aasa.evaluate(host: "example.com", url: "https://example.com/section1999/items/42?ref=mail", steps: &all, everyRule: true)
        #expect(all > 2_000)
    }

    // MARK: hostile input

    @Test func deeplyNestedJSONIsAnErrorOrIgnored() throws {
        let deep = String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)
        expectError(.rule, "deep array") { _ = try AASA(json: deep) }
        let deepInUnknownKey = file("{\"/\": \"/a\", \"future\": " + String(repeating: "{\"a\": ", count: 1_000) + "1"
                                    + String(repeating: "}", count: 1_000) + "}")
        #expect(try AASA(json: deepInUnknownKey).findings.count == 1)
    }

    @Test func aPathologicalStarPatternIsBoundedInSteps() {
        let text = String(repeating: "a", count: 10_000)
        // Backtracking would take exponential time; here every piece is found at its leftmost place.
        let (matched, steps) = aasaPatternMatch(String(repeating: "*a", count: 30) + "*b", text)
        #expect(!matched)
        #expect(steps <= 2 * 31 * 10_001, "\(steps) steps")
        let (m2, s2) = aasaPatternMatch(String(repeating: "a*", count: 5_000) + "a", text)
        #expect(m2)
        #expect(s2 <= 10_001 * 10_002, "\(s2) steps")
        // With a variable: sets of positions, one pass per token.
        let (m3, s3) = aasaPatternMatch(String(repeating: "*$(lower)", count: 50) + "*b", text)
        #expect(!m3)
        #expect(s3 <= 102 * 10_001 * 2, "\(s3) steps")
    }

    @Test func aHugePatternIsBoundedInSteps() throws {
        let pattern = "/" + String(repeating: "?*", count: 200_000)
        let (matched, steps) = aasaPatternMatch(pattern, "/" + String(repeating: "x", count: 1_000))
        #expect(!matched)
        #expect(steps < 1_000_000, "\(steps)")
        var o = AASA.Options()
        o.sizeLimit = 1024 * 1024  // 400 KB: over the 128 KiB iOS reads
        let aasa = try AASA(json: file("{\"/\": \"\(pattern)\"}"), options: o)
        #expect(try aasa.decisions(host: "example.com", url: "https://example.com/x").isEmpty)
    }
}
