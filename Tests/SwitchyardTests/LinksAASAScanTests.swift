// Many AASA components at once (docs/APP-LINKS.md, "Evaluating an AASA file"): files of
// many random components decide as the plain matcher read rule by rule says, whether the
// patterns are matched one by one or all together in one scan of the URL; and the hostile
// files cost one scan, counted in steps: many components none of whose pieces is found,
// nested pieces that are all found everywhere, pieces with wildcards.
import Testing
import Switchyard

private let app = "ABCDE12345.com.example.app"

private func file(_ components: [String]) -> String {
    "{\"applinks\": {\"details\": [{\"appIDs\": [\"\(app)\"], \"components\": [" + components.joined(separator: ",") + "]}]}}"
}

/// A random pattern with many `*`: short literal pieces (often found), `?` and classes.
private func randomPattern(_ rng: inout SplitMix64, length: Int) -> (text: String, tokens: [PlainToken]) {
    let items: [(String, [PlainToken])] = [
        ("a", [.char("a")]), ("b", [.char("b")]), ("ab", [.char("a"), .char("b")]), ("ba", [.char("b"), .char("a")]),
        ("aab", [.char("a"), .char("a"), .char("b")]), ("A", [.char("A")]), ("1", [.char("1")]), ("?", [.any]),
        ("$(digit)", [.digit]), ("$(lower)", [.lower]), ("*", [.star]), ("*", [.star]), ("*", [.star]),
    ]
    var text = ""
    var tokens: [PlainToken] = []
    for _ in 0..<length {
        let (t, k) = rng.pick(items)
        text += t
        tokens += k
    }
    return (text, tokens)
}

private func folded(_ tokens: [PlainToken]) -> [PlainToken] {
    tokens.map { if case .char("A") = $0 { return .char("a") } else { return $0 } }
}

private func foldedText(_ s: String) -> [Unicode.Scalar] { Array(s.lowercased().unicodeScalars) }

/// A component as the plain reading sees it.
private struct PlainComponent {
    var path: [PlainToken]
    var query: [PlainToken]?
    var fragment: [PlainToken]?
    var caseSensitive: Bool
    var exclude: Bool

    func matches(path p: String, query q: String, fragment f: String) -> Bool {
        let read: (String) -> [Unicode.Scalar] = { caseSensitive ? Array($0.unicodeScalars) : foldedText($0) }
        let fold: ([PlainToken]) -> [PlainToken] = { caseSensitive ? $0 : folded($0) }
        if !plainMatch(fold(path), read(p)) { return false }
        if let query, !plainMatch(fold(query), read(q)) { return false }
        if let fragment, !plainMatch(fold(fragment), read(f)) { return false }
        return true
    }
}

private func randomText(_ rng: inout SplitMix64, length: Int) -> String {
    String((0..<length).map { _ in rng.pick(Array("aaabbbA1")) })
}

@Suite struct LinksAASAScanTests {
    @Test func manyComponentsDecideAsThePlainMatcherRuleByRule() throws {
        var rng = SplitMix64(state: 20_261_129)
        var decided = 0, blocked = 0, undecided = 0
        for _ in 0..<60 {
            var components: [String] = []
            var plain: [PlainComponent] = []
            for _ in 0..<(20 + rng.below(180)) {
                let (pathText, pathTokens) = randomPattern(&rng, length: 1 + rng.below(12))
                // Ending in "z", which some paths lack: no rule matches them.
                var c = PlainComponent(path: [.char("/")] + pathTokens + [.char("z")], caseSensitive: !rng.chance(25),
                                       exclude: rng.chance(15))
                var json = "\"/\": \"/\(pathText)z\""
                if rng.chance(25) {
                    let (q, qt) = randomPattern(&rng, length: 1 + rng.below(6))
                    json += ", \"?\": \"\(q)\""
                    c.query = qt
                }
                if rng.chance(25) {
                    let (f, ft) = randomPattern(&rng, length: 1 + rng.below(6))
                    json += ", \"#\": \"\(f)\""
                    c.fragment = ft
                }
                if !c.caseSensitive { json += ", \"caseSensitive\": false" }
                if c.exclude { json += ", \"exclude\": true" }
                components.append("{\(json)}")
                plain.append(c)
            }
            let aasa = try AASA(json: file(components), options: .unboundedSteps)
            for _ in 0..<8 {
                let path = "/" + randomText(&rng, length: rng.below(300)) + (rng.chance(70) ? "z" : "")
                let query = randomText(&rng, length: rng.below(20)), fragment = randomText(&rng, length: rng.below(20))
                let url = "https://example.com\(path)?\(query)#\(fragment)"
                let want: AASADecision.Verdict? = plain.first { $0.matches(path: path, query: query, fragment: fragment) }
                    .map { $0.exclude ? .block : .match }
                for scanAfter in [nil, 0, Int.max] {
                    var steps = 0
                    let got = try aasa.evaluate(host: "example.com", url: url, steps: &steps, scanAfter: scanAfter)
                    #expect(got.decisions.first?.verdict == want, "\(url), scanAfter \(String(describing: scanAfter))")
                }
                switch want {
                case .match?: decided += 1
                case .block?: blocked += 1
                case nil: undecided += 1
                }
            }
        }
        // Every outcome occurs often enough for the comparison to mean something.
        #expect(decided > 50 && blocked > 10 && undecided > 50, "\(decided) \(blocked) \(undecided)")
    }

    /// Steps to decide a 32 KB path of `fill` ending in "b" against these components.
    private func steps(_ components: [String], fill: String = "a") throws -> (steps: Int, decided: Bool) {
        let json = file(components)
        #expect(json.utf8.count <= AASA.Options.appleSizeLimit, "\(json.utf8.count) bytes")
        let aasa = try AASA(json: json, options: .unboundedSteps)
        var path = ""
        while path.unicodeScalars.count < 32_000 { path += fill }
        var steps = 0
        let e = try aasa.evaluate(host: "example.com", url: "https://example.com/" + path + "b", steps: &steps)
        return (steps, !e.decisions.isEmpty)
    }

    @Test func manyComponentsNoneOfWhosePiecesIsFoundCostOneScan() throws {
        // 8,000 components "*<13 letters of a and b>*b": one by one, each reads the whole path.
        var components: [String] = []
        var size = 100
        for i in 1..<8_192 where size + 64 < AASA.Options.appleSizeLimit {
            let piece = String((0..<13).map { (i >> $0) & 1 == 1 ? "b" : "a" })
            components.append("{\"/\": \"*\(piece)*b\"}")
            size += components[components.count - 1].utf8.count + 1
        }
        let (n, decided) = try steps(components)
        #expect(!decided)
        // The budget of one-by-one matching, the anchors, one move per character (with its
        // failure links) and one step per piece found.
        #expect(n <= 4 * (32_002 + 64) + 32_002 + 3 * components.count + 4 * 32_002, "\(n) steps")
    }

    @Test func nestedPiecesFoundEverywhereCostThePathTimesTheirNumber() throws {
        // "*z*a*b", "*z*aa*b", ...: "a", "aa", ... end at almost every place of the path,
        // though nobody waits for them: each place visits the nested pieces that end there.
        let n = 32_002
        let nested = (1...300).map { "{\"/\": \"*z*\(String(repeating: "a", count: $0))*b\"}" }
        let (cost, decided) = try steps(nested)
        #expect(!decided)
        #expect(cost <= 4 * (n + 64) + 304 * n, "\(cost) steps")
        // When they are waited for, each component moves on once per piece, then waits for
        // a "z" that never comes.
        let taken = (1...300).map { "{\"/\": \"*\(String(repeating: "a", count: $0))*\(String(repeating: "a", count: 301 - $0))*z*b\"}" }
        let (cost2, decided2) = try steps(taken)
        #expect(!decided2)
        #expect(cost2 <= 4 * (n + 64) + 304 * n + 2 * 300, "\(cost2) steps")
    }

    @Test func componentsThatMatchDecideInFileOrderAfterTheScan() throws {
        // Many components whose pieces are all found, the last matching: the first that
        // matches decides, as rule-by-rule reading says.
        var components = (0..<3_000).map { "{\"/\": \"*a*ab\($0)*b\", \"exclude\": true}" }
        components.append("{\"/\": \"*a*a*b\"}")
        components.append("{\"/\": \"*\", \"exclude\": true}")
        let json = file(components)
        let aasa = try AASA(json: json, options: .unboundedSteps)
        let url = "https://example.com/" + String(repeating: "a", count: 32_000) + "b"
        var steps = 0
        let e = try aasa.evaluate(host: "example.com", url: url, steps: &steps)
        #expect(e.decisions.map(\.ruleIndex) == [3_000])
        #expect(e.decisions.first?.verdict == .match)
        #expect(steps <= 4 * (32_002 + 64) + 4 * 32_002 + 10 * 3_001, "\(steps) steps")
    }

    @Test func piecesWithWildcardsWhoseRunIsEverywhereAreFoundByTheScanOnceTheirChecksAreSpent() throws {
        // "a?a?...a?b?a": its run "a" ends at every place of a path of a, each check fails at
        // the b, until the checks are spent and the bit-parallel scan finds the piece near the
        // end. Those that also want a "z" then fail; the last component does not.
        let pieces = (1...30).map { String(repeating: "a?", count: $0) + "b?a" }
        var components = pieces.map { "{\"/\": \"*\($0)*z*b\", \"exclude\": true}" }
        components.append("{\"/\": \"*\(pieces[29])*b\"}")
        let aasa = try AASA(json: file(components), options: .unboundedSteps)
        let path = "/" + String(repeating: "a", count: 3_000) + "bca" + "b"
        for scanAfter in [nil, 0, Int.max] {
            var steps = 0
            let e = try aasa.evaluate(host: "example.com", url: "https://example.com" + path, steps: &steps, scanAfter: scanAfter)
            #expect(e.decisions.map(\.ruleIndex) == [30], "scanAfter \(String(describing: scanAfter))")
            #expect(e.decisions.first?.verdict == .match)
        }
        let plain = plainMatch([.char("/"), .star] + Array(repeating: [PlainToken.char("a"), .any], count: 30).flatMap { $0 }
                               + [.char("b"), .any, .char("a"), .star, .char("b")], Array(path.unicodeScalars))
        #expect(plain)
    }
}
