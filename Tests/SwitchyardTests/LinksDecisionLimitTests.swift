import Testing
@testable import Switchyard

// App-link decisions cost at most `linkDecisionStepLimit` steps: a long URL against files
// whose patterns are each linear but together multiply (many components with `*` pieces,
// variables of many values between stars, many dynamic rules or intent-filter paths) is
// refused with `limit` instead of taking seconds. Counted in steps, not timed.

extension AASA.Options {
    /// No step limit: for tests of the matchers' own step bounds.
    static var unboundedSteps: AASA.Options {
        var o = AASA.Options()
        o.maxDecisionSteps = .max
        return o
    }
}

private let app = "ABCDE12345.com.example.app"

private func aasaFile(_ components: [String]) -> String {
    "{\"applinks\": {\"details\": [{\"appIDs\": [\"\(app)\"], \"components\": [" + components.joined(separator: ",") + "]}]}}"
}

/// Components that fill Apple's 128 KiB, each made by `component(i)`.
private func fill(_ component: (Int) -> String) -> [String] {
    var out: [String] = []
    var size = 100
    var i = 0
    while true {
        let c = component(i)
        if size + c.utf8.count + 1 > AASA.Options.appleSizeLimit { return out }
        out.append(c)
        size += c.utf8.count + 1
        i += 1
    }
}

private let longURL = "https://example.com/" + String(repeating: "en", count: 16_000) + "b"

@Suite struct LinksDecisionLimitTests {
    /// Files an attacker can write within Apple's size limit, each of which costs tens of
    /// millions of steps against a 32 KB URL.
    static let costlyFiles: [(String, [String])] = [
        ("variables between stars", [ "{\"/\": \"" + Array(repeating: "$(lang)", count: 13_000).joined(separator: "*") + "*z\"}" ]),
        ("variables between stars, many components",
         fill { "{\"/\": \"" + Array(repeating: "$(lang)", count: 40).joined(separator: "*") + "*\($0)*z\"}" }),
        ("wildcard pieces", fill { "{\"/\": \"*" + String(repeating: "e?", count: 1 + $0 % 20) + "z?e*\($0)*b\"}" }),
    ]

    @Test(arguments: costlyFiles.indices)
    func costlyFilesAreRefusedWithTheLimitNamed(_ k: Int) throws {
        let (name, components) = Self.costlyFiles[k]
        let json = aasaFile(components)
        #expect(json.utf8.count <= AASA.Options.appleSizeLimit, "\(name): \(json.utf8.count) bytes")
        let aasa = try AASA(json: json)
        var steps = 0
        let e = expectError(.limit, name) { _ = try aasa.evaluate(host: "example.com", url: longURL, steps: &steps) }
        #expect(e?.message.contains("maxDecisionSteps") == true, "\(name): \(e?.message ?? "")")
        // It stopped near the limit, not after the whole work.
        #expect(steps <= linkDecisionStepLimit + 8 * 32_100, "\(name): \(steps) steps")
        // The same file decides short URLs as before.
        #expect(try aasa.evaluate(host: "example.com", url: "https://example.com/en/z").outcome == .evaluated, "\(name)")
    }

    @Test func aRaisedLimitGivesTheAnswerOfTheUnlimitedMatch() throws {
        let components = (1...60).map { "{\"/\": \"*z*\(String(repeating: "en", count: $0))*b\"}" } + ["{\"/\": \"*en*b\"}"]
        let json = aasaFile(components)
        var low = AASA.Options()
        low.maxDecisionSteps = 1_000
        expectError(.limit, "low limit") { _ = try AASA(json: json, options: low).evaluate(host: "example.com", url: longURL) }
        let unlimited = try AASA(json: json, options: .unboundedSteps).evaluate(host: "example.com", url: longURL)
        let byDefault = try AASA(json: json).evaluate(host: "example.com", url: longURL)
        #expect(unlimited.decisions.map(\.ruleIndex) == [60])
        #expect(byDefault.decisions.map(\.ruleIndex) == [60])
    }

    @Test func manyDynamicRulesAgainstALongPathAreRefused() throws {
        var rules: [String] = []
        var size = 2
        var i = 0
        while size < 1_000_000 {
            let r = "{\"/\": \"*b\(i)\"}"
            rules.append(r)
            size += r.utf8.count + 1
            i += 1
        }
        let dynamic = try AndroidDynamicRules(json: "[" + rules.joined(separator: ",") + "]")
        var steps = 0
        let e = expectError(.limit, "dynamic") { _ = try dynamic.evaluate("/" + String(repeating: "a", count: 32_000), steps: &steps) }
        #expect(e?.message.contains("dynamic rules") == true)
        #expect(steps <= linkDecisionStepLimit + 2 * 32_100, "\(steps) steps")
        #expect(try dynamic.evaluate("/b7") == .open)
        // Many query items against rules that each read them all.
        let byQuery = try AndroidDynamicRules(json: "[" + (0..<2_000).map { "{\"?\": {\"x\(String(repeating: "y", count: 40))\": \"*\($0)\"}}" }.joined(separator: ",") + "]")
        let query = "/?" + Array(repeating: "x" + String(repeating: "y", count: 40) + "=a", count: 700).joined(separator: "&")
        expectError(.limit, "query items") { _ = try byQuery.evaluate(query) }
    }

    @Test func manyIntentFilterPathsAgainstALongPathAreRefused() throws {
        let paths = (0..<3_000).map { "{\"pathPattern\": \".*b\($0)\"}" }.joined(separator: ",")
        let json = """
        {"package": "com.example.app", "filters": [{"autoVerify": true, "actions": ["android.intent.action.VIEW"],
          "categories": ["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"],
          "data": [{"scheme": "https"}, {"host": "example.com"}, \(paths)]}]}
        """
        let app = try AndroidApp(json: json)
        let e = expectError(.limit, "filters") { _ = try app.evaluate(url: "https://example.com/" + String(repeating: "a", count: 32_000), assetLinks: nil) }
        #expect(e?.message.contains("intent filters") == true)
        #expect(try app.evaluate(url: "https://example.com/xb7", assetLinks: nil).filterIndex == 0)
    }
}
