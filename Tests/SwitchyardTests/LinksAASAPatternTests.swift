// AASA patterns (docs/APP-LINKS.md, "Patterns") against a plain matcher written here:
// random patterns of literals, `?`, `*` and one-character classes on random texts give the
// same answer, pieces longer than a machine word included; and the cost of the hostile
// cases, counted in steps: a piece of `?`s scanned over a 32 KB text, many such components.
import Testing
import Switchyard

/// A token of the plain matcher.
enum PlainToken { case char(Unicode.Scalar), any, star, digit, lower }

/// Whole-text glob match by dynamic programming over (token, text position): the
/// definition, with nothing clever in it.
func plainMatch(_ pattern: [PlainToken], _ text: [Unicode.Scalar]) -> Bool {
    let n = text.count
    var reach = [Bool](repeating: false, count: n + 1)
    reach[0] = true
    for t in pattern {
        var next = [Bool](repeating: false, count: n + 1)
        for p in 0...n where reach[p] {
            switch t {
            case .star: for q in p...n { next[q] = true }
            case .any: if p < n { next[p + 1] = true }
            case .char(let c): if p < n && text[p] == c { next[p + 1] = true }
            case .digit: if p < n && ("0"..."9").contains(text[p]) { next[p + 1] = true }
            case .lower: if p < n && ("a"..."z").contains(text[p]) { next[p + 1] = true }
            }
        }
        reach = next
    }
    return reach[n]
}

/// A small deterministic generator (SplitMix64), so a failure reproduces.
private struct Seeded {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

private let letters: [Unicode.Scalar] = ["a", "b", "1", "é"]

/// A random pattern: mostly literals and `?`, with a few `*`, so that pieces are long.
private func randomPattern(_ g: inout Seeded, length: Int) -> (text: String, tokens: [PlainToken]) {
    var text = ""
    var tokens: [PlainToken] = []
    for _ in 0..<length {
        let r = g.next(100)
        switch r {
        case 0..<4: text += "*"; tokens.append(.star)
        case 4..<34: text += "?"; tokens.append(.any)
        case 34..<37: text += "$(digit)"; tokens.append(.digit)
        case 37..<40: text += "$(lower)"; tokens.append(.lower)
        default:
            let c = letters[g.next(r < 95 ? 2 : letters.count)]
            text.unicodeScalars.append(c)
            tokens.append(.char(c))
        }
    }
    return (text, tokens)
}

private func randomText(_ g: inout Seeded, length: Int) -> [Unicode.Scalar] {
    (0..<length).map { _ in letters[g.next(g.next(10) == 0 ? letters.count : 2)] }
}

/// A text made of a pattern's own characters: `?` and classes as some letter, `*` as a
/// random run, so that matches are common, not only failures.
private func textFitting(_ tokens: [PlainToken], _ g: inout Seeded) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    for t in tokens {
        switch t {
        case .char(let c): out.append(c)
        case .any: out.append(letters[g.next(letters.count)])
        case .digit: out.append("7")
        case .lower: out.append("b")
        case .star: out += randomText(&g, length: g.next(40))
        }
    }
    if g.next(3) == 0, !out.isEmpty { out[g.next(out.count)] = letters[g.next(letters.count)] }
    return out
}

@Suite struct LinksAASAPatternTests {
    @Test func randomPatternsAnswerAsThePlainMatcher() {
        var g = Seeded(state: 20_261_128)
        var matched = 0
        for round in 0..<3_000 {
            let (pattern, tokens) = randomPattern(&g, length: 1 + g.next(round % 3 == 0 ? 180 : 30))
            let text = round % 2 == 0 ? textFitting(tokens, &g) : randomText(&g, length: g.next(400))
            var s = ""
            s.unicodeScalars.append(contentsOf: text)
            let want = plainMatch(tokens, text)
            let got = aasaPatternMatch(pattern, s).matched
            #expect(got == want, "\(pattern) on \(s)")
            if want { matched += 1 }
        }
        // Both answers occur often enough for the comparison to mean something.
        #expect(matched > 500 && matched < 2_500, "\(matched) matches")
    }

    @Test func aLongPieceOfWildcardsCostsTextTimesWordsNotTextTimesPiece() {
        // Trying each start of "a?a?...b" in "aaa..." compares the whole piece each time:
        // 22,000 starts x 10,001 tokens. Shift-And takes 157 words per character.
        let text = String(repeating: "a", count: 32_000)
        let piece = String(repeating: "a?", count: 5_000) + "b"
        let (matched, steps) = aasaPatternMatch("*" + piece + "*", text)
        #expect(!matched)
        let words = (10_001 + 63) / 64
        #expect(steps <= 10_001 + 128 * words + 32_000 * words, "\(steps) steps")
        #expect(aasaPatternMatch("*" + piece + "*", text + "b").matched)
        let alternating = String(repeating: "ba", count: 5_000)
        #expect(!aasaPatternMatch("*" + piece + "*", alternating + "b").matched)
        #expect(aasaPatternMatch("*" + piece + "*", alternating + "ab").matched)
    }

    @Test func manyComponentsCostEachTheTextOnce() throws {
        // 2,000 components "*a?a?...a?z*b" (14 wildcards each), none of which matches a
        // 32 KB path of "a": each scans the path once, a word per character.
        let wildcards = String(repeating: "a?", count: 14)
        let components = (0..<2_000).map { "{\"/\": \"*\(wildcards)z\($0)*b\"}" }
        let json = "{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.com.example.app\"], \"components\": ["
            + components.joined(separator: ",") + "]}]}}"
        #expect(json.utf8.count < 128 * 1024)
        let aasa = try AASA(json: json, options: .unboundedSteps)
        var steps = 0
        let url = "https://example.com/" + String(repeating: "a", count: 32_000) + "b"
        #expect(try aasa.evaluate(host: "example.com", url: url, steps: &steps).decisions.isEmpty)
        #expect(steps <= 2_000 * (40 + 128 + 32_002), "\(steps) steps")
    }
}
