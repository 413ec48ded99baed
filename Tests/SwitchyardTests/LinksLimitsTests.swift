// The bounds of app-link files (docs/APP-LINKS.md, "Limits"; docs/SECURITY.md, "Limits"):
// an AASA file over Apple's 128 KiB and an assetlinks.json over Android's 1 MiB are refused
// with the limit named, before they are parsed; an app whose autoVerify hosts pass Android's
// 1 MiB is refused; and a file of hundreds of thousands of app IDs compiles (its duplicate
// check is a set, not a scan of the list read so far).
import Testing
import Switchyard

/// An AASA file of one entry naming `ids` with one rule, padded with a webcredentials app to `size`
/// bytes when a size is given.
private func aasaFile(ids: [String], size: Int? = nil) -> String {
    let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
    let head = "{\"applinks\": {\"details\": [{\"appIDs\": [\(list)], \"components\": [{\"/\": \"/buy/*\"}]}]}, \"webcredentials\": {\"apps\": [\""
    let tail = "\"]}}"
    guard let size else { return head + tail }
    return head + String(repeating: "x", count: max(0, size - head.utf8.count - tail.utf8.count)) + tail
}

@Suite struct LinksLimitsTests {
    @Test func anAASAFileOverApplesLimitIsRefusedWithTheLimitNamed() throws {
        let atLimit = aasaFile(ids: ["A.b"], size: 128 * 1024)
        #expect(atLimit.utf8.count == AASA.Options.appleSizeLimit)
        let aasa = try AASA(json: atLimit)
        #expect(aasa.findings.isEmpty, "\(aasa.findings)")
        #expect(try aasa.decisions(host: "example.com", url: "https://example.com/buy/1").map(\.appID) == ["A.b"])

        let over = aasaFile(ids: ["A.b"], size: 128 * 1024 + 1)
        let e = expectError(.limit, "one byte over 128 KiB") { _ = try AASA(json: over) }
        #expect(e?.message == "$: the AASA file is 131073 bytes, over Apple's limit of 131072 bytes (128 KiB): iOS ignores a larger file")
    }

    @Test func aRaisedLimitReadsTheFileAndSaysIOSIgnoresIt() throws {
        var o = AASA.Options()
        o.sizeLimit = 1024 * 1024
        let aasa = try AASA(json: aasaFile(ids: ["A.b"], size: 200_000), options: o)
        #expect(aasa.findings.map(\.message) == ["the file is 200000 bytes, over Apple's limit of 131072 bytes (128 KiB): iOS ignores a larger file"])
    }

    @Test func aLowerLimitAndTheCeilingAreRefusedToo() throws {
        let small = aasaFile(ids: ["A.b"])
        var o = AASA.Options()
        o.sizeLimit = 20
        let e = expectError(.limit, "over sizeLimit") { _ = try AASA(json: small, options: o) }
        #expect(e?.message.contains("over the 20-byte limit (sizeLimit; Apple's limit of 131072 bytes") == true)
        o.sizeLimit = 16 * 1024 * 1024
        o.maxDocumentSize = 20
        let c = expectError(.limit, "over maxDocumentSize") { _ = try AASA(json: small, options: o) }
        #expect(c?.message.contains("over the 20-byte limit (maxDocumentSize)") == true)
        o.sizeLimit = -1
        _ = expectError(.invalidArgument, "a negative limit") { _ = try AASA(json: small, options: o) }
    }

    @Test func halfAMillionAppIDsInOneEntryCompileAndAreEachDecidedOnce() throws {
        // 7 MB: every ID is checked against those read before it. A scan of the list took
        // minutes here; a set takes one lookup per ID.
        var ids = (0..<500_000).map { "T\($0).a" }
        ids.append("T7.a")
        var o = AASA.Options()
        o.sizeLimit = o.maxDocumentSize
        let json = aasaFile(ids: ids)
        #expect(json.utf8.count > 5_000_000)
        let aasa = try AASA(json: json, options: o)
        #expect(aasa.appIDs.count == 500_000)
        #expect(aasa.findings.filter { $0.message.contains("listed twice") }.map(\.path) == ["$.applinks.details[0].appIDs[500000]"])
        var steps = 0
        let e = try aasa.evaluate(host: "example.com", url: "https://example.com/buy/1", steps: &steps)
        #expect(e.decisions.count == 500_000)
        #expect(e.decisions.first?.appID == "T0.a" && e.decisions.last?.appID == "T499999.a")
        // One rule, read once for every app: the comparisons do not grow with the apps.
        #expect(steps < 100, "\(steps) steps")
    }

    @Test func aDefaultPatternInheritedByThousandsOfRulesIsCompiledAndMatchedOnce() throws {
        // 20 KB of default patterns and 10,000 empty components (50 KB): compiled per rule,
        // that is 400 MB of patterns, and matched per rule, 400 million comparisons per URL.
        let long = String(repeating: "x", count: 10_000)
        let rules = Array(repeating: "{}", count: 10_000).joined(separator: ",")
        let json = "{\"applinks\": {\"defaults\": {\"#\": \"\(long)\"}, \"details\": [{\"appID\": \"A.b\", "
            + "\"defaults\": {\"/\": \"/\(long)\"}, \"components\": [\(rules)]}]}}"
        #expect(json.utf8.count < AASA.Options.appleSizeLimit)
        let aasa = try AASA(json: json)
        for (url, verdict) in [("https://example.com/\(long)#\(long)", AASADecision.Verdict.match),
                               ("https://example.com/\(long)#\(long.dropLast())y", nil),
                               ("https://example.com/\(long.dropLast())y#\(long)", nil)] {
            var steps = 0
            let e = try aasa.evaluate(host: "example.com", url: url, steps: &steps)
            #expect(e.decisions.first?.verdict == verdict)
            #expect(steps <= 4 * 10_002, "\(steps) steps")
            var every = 0
            #expect(try aasa.evaluate(host: "example.com", url: url, steps: &every, everyRule: true) == e)
            #expect(every <= 4 * 10_002, "\(every) steps")
        }
    }

    @Test func anAssetLinksFileOverAndroidsLimitIsRefusedWithTheLimitNamed() throws {
        let statement = #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["AA"]}}"#
        let pad = String(repeating: " ", count: 1024 * 1024 - statement.utf8.count - 2)
        let atLimit = "[" + statement + pad + "]"
        #expect(atLimit.utf8.count == 1024 * 1024)
        _ = try AssetLinks(json: atLimit)
        let e = expectError(.limit, "assetlinks.json one byte over 1 MiB") { _ = try AssetLinks(json: "[" + statement + pad + " ]") }
        #expect(e?.message == "$: assetlinks.json is 1048577 bytes, over Android's limit of 1048576 bytes (1 MiB) for assetlinks.json: its verifier reads no more, and the file verifies no app")
        let d = expectError(.limit, "dynamic rules over 1 MiB") {
            _ = try AndroidDynamicRules(json: "[{\"/\": \"*\"}" + String(repeating: " ", count: 1024 * 1024) + "]")
        }
        #expect(d?.message.contains("over Android's limit of 1048576 bytes (1 MiB)") == true)
    }

    @Test func anAppWhoseAutoVerifyHostsPassAndroidsBudgetIsRefused() throws {
        // Each host counts 2 bytes per UTF-16 unit plus 12, as Android counts it.
        func app(hosts: Int, autoVerify: Bool) -> String {
            let data = (0..<hosts).map { "{\"scheme\": \"https\", \"host\": \"h\(String(repeating: "x", count: 50 - String($0).count))\($0).example.com\"}" }
            return "{\"filters\": [{\"autoVerify\": \(autoVerify), \"data\": [\(data.joined(separator: ","))]}]}"
        }
        // A host of 63 units counts 138 bytes: 7,598 of them fit in 1 MiB, 7,599 do not.
        _ = try AndroidApp(json: app(hosts: 7_598, autoVerify: true))
        let e = expectError(.limit, "hosts over 1 MiB") { _ = try AndroidApp(json: app(hosts: 7_599, autoVerify: true)) }
        #expect(e?.message == "$.filters[0]: the autoVerify hosts reach 1048662 bytes as Android counts them, over Android's limit of 1048576 bytes (1 MiB): its verifier checks no host past it")
        // Hosts Android does not verify do not count.
        _ = try AndroidApp(json: app(hosts: 7_599, autoVerify: false))
    }
}
