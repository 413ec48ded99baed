// The linear-time regular-expression engine (Sources/Switchyard/Regex): what it matches,
// the captures it gives, the constructs it refuses (with their byte), its size limits, and
// the step bound that makes it safe on any input.
import Testing
@testable import Switchyard

/// Whole-input match of `regex` against `input`, with the groups as strings (nil = unset).
private func run(_ regex: LinearRegex, _ input: String) -> [String?]? {
    let bytes = Array(input.utf8)
    let slots = 2 * (regex.groupCount + 1)
    var groups = [Int32](repeating: -1, count: slots)
    var scratch = [Int32](repeating: 0, count: regex.scratchCount(capturing: true))
    let matched = bytes.withUnsafeBufferPointer { input in
        groups.withUnsafeMutableBufferPointer { g in
            scratch.withUnsafeMutableBufferPointer { s in regex.match(input, groups: g, scratch: s) }
        }
    }
    let plain = bytes.withUnsafeBufferPointer { regex.matches($0) }
    #expect(plain == matched, "matches and match disagree on \(input)")
    guard matched else { return nil }
    return (0...regex.groupCount).map { k in
        let a = Int(groups[2 * k]), b = Int(groups[2 * k + 1])
        return a < 0 || b < 0 ? nil : String(decoding: bytes[a..<b], as: UTF8.self)
    }
}

@Suite("Regex engine")
struct RegexEngineTests {
    /// (regexp, input, matches).
    static let matchCases: [(String, String, Bool)] = [
        ("abc", "abc", true), ("abc", "abcd", false), ("abc", "ab", false), ("", "", true), ("", "a", false),
        ("a.c", "abc", true), ("a.c", "a\nc", false), ("a.c", "aéc", true), ("a..c", "aéc", false),
        ("[a-z]{2,3}", "en", true), ("[a-z]{2,3}", "eng", true), ("[a-z]{2,3}", "e", false),
        ("[a-z]{2,3}", "engl", false), ("[a-z]{2,3}", "EN", false),
        ("[a-z0-9_-]+", "a-b_9", true), ("[a-z0-9_-]+", "a.b", false),
        ("[^/]+", "x y", true), ("[^a]", "é", true), ("[^a]", "a", false), ("[^a]", "b", true),
        ("\\d+", "123", true), ("\\d+", "12a", false), ("\\D", "é", true), ("\\w+", "a_Z9", true),
        ("\\W", "-", true), ("\\s", " ", true), ("\\S", " ", false), ("\\.", ".", true), ("\\.", "a", false),
        ("a|b|c", "b", true), ("a|b|c", "d", false), ("(?:ab)+", "ababab", true), ("(?:ab)+", "aba", false),
        ("a*", "", true), ("a+", "", false), ("a?b", "b", true), ("a{3}", "aaa", true), ("a{3}", "aa", false),
        ("a{2,}", "aaaaa", true), ("a{2,}", "a", false), ("a{0}", "", true), ("a*?b", "aab", true),
        ("^abc$", "abc", true), ("a^b", "ab", false), ("a$b", "ab", false), ("(a|)$", "", true),
        ("café", "café", true), ("caf.", "café", true), ("é+", "ééé", true),
        ("x{", "x{", true), ("x{a}", "x{a}", true), ("\\x41", "A", true), ("[\\-\\]]+", "-]", true),
        ("[-a]", "-", true), ("[a-]", "-", true), ("\\t", "\t", true), ("(?<lang>[a-z]{2})", "en", true),
        ("(a+)+$", "aaaa", true), ("(a|aa)*c", "aaac", true), ("(a|aa)*c", "aaa", false),
        ("[0-9]{4}-[0-9]{2}", "2024-05", true), ("v[0-9]+(\\.[0-9]+)*", "v1.2.3", true),
    ]

    @Test("matches whole inputs", arguments: matchCases)
    func matching(_ c: (String, String, Bool)) throws {
        let r = try LinearRegex(c.0)
        #expect((run(r, c.1) != nil) == c.2, "\(c.0) on \(c.1)")
    }

    /// (regexp, input, groups 1... as a backtracking engine gives them).
    static let captureCases: [(String, String, [String?])] = [
        ("(a+)(a*)", "aaa", ["aaa", ""]),
        ("(a+?)(a*)", "aaa", ["a", "aa"]),
        ("(a|ab)(c|bcd)(d*)", "abcd", ["a", "bcd", ""]),
        ("(a*)(b)?", "aa", ["aa", nil]),
        ("(\\d+)-(\\d+)", "12-345", ["12", "345"]),
        ("(?<y>\\d{4})-(?<m>\\d{2})", "2024-05", ["2024", "05"]),
        ("(.*)/?", "ab", ["ab"]),
        ("(.*?)(b*)", "abb", ["a", "bb"]),
        ("(é)(.)", "éx", ["é", "x"]),
    ]

    @Test("captures are the leftmost-first ones", arguments: captureCases)
    func captures(_ c: (String, String, [String?])) throws {
        let r = try LinearRegex(c.0)
        let got = run(r, c.1)
        #expect(got.map { Array($0.dropFirst()) } == c.2, "\(c.0) on \(c.1): \(String(describing: got))")
        #expect(got?.first == c.1)
    }

    @Test("the automaton is built for ordinary constraints and left out when too large")
    func automaton() throws {
        for source in ["[a-z]{2,3}", "(a+)+$", "(a|aa)*c", "v\\d+(\\.\\d+)*", ".+"] {
            #expect(try LinearRegex(source).automaton != nil, "\(source)")
        }
        // The automaton would have to remember the last eleven bytes: over 256 states.
        let big = try LinearRegex("[ab]*a[ab]{10}")
        #expect(big.automaton == nil)
        let input = Array(("ba" + String(repeating: "b", count: 10)).utf8)
        #expect(input.withUnsafeBufferPointer { big.matches($0) })
    }

    @Test("group names are kept")
    func names() throws {
        let r = try LinearRegex("(?<year>\\d+)-(\\d+)-(?<day>\\d+)")
        #expect(r.groupCount == 3)
        #expect(r.groupNames == ["year", nil, "day"])
    }

    /// (regexp, error position, words the message must hold).
    static let refused: [(String, Int, String)] = [
        ("(a)\\1", 3, "backreference"), ("(?<n>a)\\k<n>", 7, "backreference"),
        ("a(?=b)", 1, "lookahead"), ("a(?!b)", 1, "negative lookahead"),
        ("(?<=a)b", 0, "lookbehind"), ("(?<!a)b", 0, "negative lookbehind"),
        ("\\bx", 0, "word boundary"), ("x\\B", 1, "word boundary"), ("(?>a)", 0, "atomic"),
        ("(?i)a", 0, "inline flag"), ("a++", 2, "possessive"), ("\\p{L}", 0, "escape"),
        ("*a", 0, "nothing to repeat"), ("a**", 2, "nothing to repeat"), ("^*", 1, "nothing to repeat"),
        ("(a", 0, "unclosed '('"), ("a)", 1, "unmatched ')'"), ("[a-", 0, "unclosed '['"),
        ("[z-a]", 1, "out of order"), ("a{3,2}", 1, "out of order"), ("[é]", 1, "ASCII"),
        ("\\", 0, "end"), ("(?<>a)", 3, "empty group name"), ("(?<a>x)(?<a>y)", 10, "twice"),
        ("\\x9", 0, "hex"), ("\\01", 0, "octal"),
    ]

    @Test("non-regular and malformed constructs are refused with their byte", arguments: refused)
    func refusals(_ c: (String, Int, String)) {
        do {
            _ = try LinearRegex(c.0, offset: 100)
            Issue.record("\(c.0) was accepted")
        } catch {
            #expect(error.code == .invalidPattern, "\(c.0): \(error)")
            #expect(error.position == 100 + c.1, "\(c.0): \(error)")
            #expect(error.message.contains(c.2), "\(c.0): \(error.message)")
        }
    }

    @Test("program size and repeat counts are bounded")
    func limits() throws {
        #expect(throws: SwitchyardError.self) { try LinearRegex("a{1001}") }
        #expect(throws: SwitchyardError.self) { try LinearRegex("(a{1000}){1000}") }
        #expect(throws: SwitchyardError.self) { try LinearRegex("((((a{100}){100}){100}){100}){100}") }
        #expect(throws: SwitchyardError.self) { try LinearRegex(String(repeating: "(", count: 65) + "a" + String(repeating: ")", count: 65)) }
        do {
            _ = try LinearRegex("x(.{1,300})", offset: 7)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .limit)
            #expect(error.position == 7)
        }
        let fits = try LinearRegex("[a-z0-9-]{1,64}")
        #expect(fits.instructionCount <= 130)
        #expect(try LinearRegex("a", maxInstructions: 2).instructionCount == 2)
        #expect(throws: SwitchyardError.self) { try LinearRegex("ab", maxInstructions: 2) }
    }

    /// Patterns that take a backtracking engine exponential time, against 32 KiB inputs
    /// that almost match: the steps stay within the engine's bound, 2 × program × (n + 1).
    static let redosCases: [(String, String)] = [
        ("(a+)+$", String(repeating: "a", count: 32 * 1024) + "!"),
        ("(a|aa)*c", String(repeating: "a", count: 32 * 1024)),
        (String(repeating: "(a?)", count: 30) + String(repeating: "a", count: 30), String(repeating: "a", count: 32 * 1024)),
        (String(repeating: "(", count: 30) + "a?" + String(repeating: ")?", count: 30) + "b", String(repeating: "a", count: 32 * 1024)),
        ("(.*a){12}", String(repeating: "a", count: 32 * 1024) + "b"),
        ("(\\w+\\s?)*$", String(repeating: "word ", count: 6 * 1024) + "!"),
    ]

    @Test("steps are linear in the input, whatever the pattern (ReDoS)", arguments: redosCases)
    func linearSteps(_ c: (String, String)) throws {
        let r = try LinearRegex(c.0)
        let input = Array(c.1.utf8)
        let (matched, steps) = input.withUnsafeBufferPointer { r.countingSteps($0) }
        let bound = 2 * r.instructionCount * (input.count + 1)
        #expect(steps <= bound, "\(c.0): \(steps) steps, bound \(bound)")
        #expect(!matched)
        #expect(!input.withUnsafeBufferPointer { r.matches($0) }, "\(c.0): the automaton disagrees")
        // Doubling the input at most doubles the steps (plus a constant).
        let twice = input + input
        let (_, steps2) = twice.withUnsafeBufferPointer { r.countingSteps($0) }
        #expect(steps2 * 10 <= steps * 21, "\(c.0): \(steps) then \(steps2)")
    }
}
