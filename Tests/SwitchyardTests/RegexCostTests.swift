// What a regexp may cost (docs/SECURITY.md, "Regular expressions"): building its automaton
// stays within a budget linear in its length, a urlpattern tail's match copies slots only
// for its parts, inner groups count against maxParameters, and the Pike VM steps of one
// resolve are bounded whatever the routes. Each test counts work, never time.
import Testing
@testable import Switchyard

@Suite("Regex cost")
struct RegexCostTests {
    /// Regexps whose automaton is huge or costly to build, written by an attacker.
    static let hostile: [String] = [
        "[ab]*a[ab]{1000}c",
        "(a|b)*a(a|b){60}",
        "[a-z]*a[a-z]{200}",
        String(repeating: "(?:[a-z]{1,9}|x)", count: 12),
        ".*a.{500}",
        String(repeating: "[^/]*?-", count: 40),
    ]

    @Test("building an automaton stays within its budget, linear in the regexp", arguments: hostile)
    func automatonBudget(_ source: String) throws {
        let r = try LinearRegex(source, maxInstructions: 2 * LinearRegex.defaultMaxInstructions, automaton: false)
        let room = RegexDFA.budget(length: source.utf8.count, instructions: r.instructionCount)
        var spent = 0
        let dfa = withUnsafeMutablePointer(to: &spent) {
            RegexDFA(r.instructions, r.sets, work: room.work, bytes: room.bytes, spent: $0)
        }
        // The builder stops before the unit that would pass its budget.
        #expect(spent <= room.work, "\(source): \(spent) of \(room.work)")
        if let dfa { #expect(2 * dfa.next.count <= room.bytes) }
    }

    @Test("the regexp of the fuzz seed automaton-overshoot stays within its budget")
    func overshootSeed() throws {
        // Fuzz/corpus/regex_cost/automaton-overshoot up to its NUL: the builder once spent
        // 64,389 units of a 63,488 budget on it, checking only between steps.
        let seed = Array("[abl^]bab`[ahKa?zQ0-0-]{1,64}01-]{$1".utf8) + [0xD4, 0xC9, 0xCB, 0x86] + Array("Sequenc{06}ll@".utf8)
        let cost = try #require(RegexCost.measure(seed, on: Array("ab".utf8)))
        #expect(cost.automatonWork <= cost.automatonBudget, "\(cost)")
        #expect(!cost.automatonDisagrees)
    }

    /// Constraints people write: each keeps its automaton within the budget.
    static let ordinary: [String] = [
        "[a-z0-9-]{1,64}", "\\d+", "[a-z]{2,3}", "v\\d+(\\.\\d+)*", "[^/]+", ".+",
        "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "(?:en|fr|de)(?:-[A-Z]{2})?",
        "\\d{4}-\\d{2}-\\d{2}", "[A-Za-z0-9_]{3,32}",
    ]

    @Test("ordinary constraints keep their automaton", arguments: ordinary)
    func ordinaryAutomaton(_ source: String) throws {
        #expect(try LinearRegex(source).automaton != nil, "\(source)")
    }

    @Test("the automaton decides as the VM does")
    func automatonAgrees() throws {
        let inputs = ["", "a", "ab", "abc", "aaab", "ba", "abab", "en", "en-US", "2024-05-01", "é", "xé", "/"]
        for source in Self.ordinary + ["a|ab|abc", "[ab]*b", "é+", "(?:a|é)x", "^a$|b"] {
            let r = try LinearRegex(source)
            for text in inputs {
                let bytes = Array(text.utf8)
                let vm = bytes.withUnsafeBufferPointer { r.countingSteps($0).matched }
                #expect(bytes.withUnsafeBufferPointer { r.matches($0) } == vm, "\(source) on \(text)")
            }
        }
    }

    @Test("a 257-byte urlpattern route near the state budget builds no costly automaton")
    func urlPatternCompile() throws {
        // The pathname regexp is generated around the groups: the route's bytes bound its work.
        let pattern = "/x/:a([ab]*a[ab]{60}c)/" + String(repeating: "([a-z]{1,9}|x)", count: 16)
        let r = try Router()
        try r.add(Route(urlPattern: String(pattern.prefix(257)), target: "t"))
        let source = "^/x/([ab]*a[ab]{60}c)/$"
        let regex = try LinearRegex(source, maxInstructions: 2048, automaton: false)
        let room = RegexDFA.budget(length: source.utf8.count, instructions: regex.instructionCount)
        var spent = 0
        _ = withUnsafeMutablePointer(to: &spent) {
            RegexDFA(regex.instructions, regex.sets, work: room.work, bytes: room.bytes, spent: $0)
        }
        #expect(spent <= room.work)
    }

    @Test("groups inside a urlpattern regexp count against maxParameters")
    func innerGroupsCounted() throws {
        let many = "/x/(" + (0..<400).map { "(?<n\($0)>a)" }.joined() + ")"
        let r = try Router()
        #expect {
            try r.add(Route(urlPattern: many, target: "t"))
        } throws: { error in
            guard let e = error as? SwitchyardError else { return false }
            return e.code == .limit && e.message.contains("64 parameters") && e.position != nil
        }
        // 60 inner groups and one part: within 64, and the tail's match copies one pair of
        // slots for the part (and the whole match), not 61.
        let fits = "/x/:p(" + (0..<60).map { "(?<n\($0)>a)" }.joined() + ")/:rest(.*)"
        try r.add(Route(urlPattern: fits, target: "t"))
        let m = try r.resolveBuffer("/x/" + String(repeating: "a", count: 60) + "/tail")
        #expect(m.matched)
        let compiled = try compileRoutePattern(Route(urlPattern: fits, target: "t"), try Router().patternConfig)
        let matcher = try #require(compiled.urlPattern)
        #expect(matcher.pathname.regex.groupCount == 2)
        #expect(matcher.slotCount == 6)
    }

    @Test("a tail's steps with captures stay within instructions × URL length")
    func tailSteps() throws {
        let pattern = "/x/" + (0..<30).map { ":p\($0)(a*)" }.joined(separator: "-")
        let compiled = try compileRoutePattern(Route(urlPattern: pattern, target: "t"), try Router().patternConfig)
        let regex = try #require(compiled.urlPattern).pathname.regex
        let url = Array(("/x/" + String(repeating: "a", count: 4096)).utf8)
        let plain = url.withUnsafeBufferPointer { regex.countingSteps($0) }
        let capturing = url.withUnsafeBufferPointer { regex.countingSteps($0, capturing: true) }
        let bound = 2 * regex.instructionCount * (url.count + 1)
        #expect(plain.steps <= bound)
        // 31 pairs of slots: a copy of them counts 8 steps, so capturing costs at most 9 times more.
        #expect(capturing.steps <= 9 * bound)
    }

    @Test("one resolve's regexp steps are bounded whatever the routes")
    func resolveBudget() throws {
        // Twenty constraints at one place that no automaton serves, each a full VM run.
        let r = try Router()
        for k in 0..<20 { try r.add("/p/<re:x:[ab]*a[ab]{200}\(Character(UnicodeScalar(0x63 + k)!))>", target: "t\(k)") }
        let regex = try LinearRegex("[ab]*a[ab]{200}c")
        #expect(regex.automaton == nil)
        let segment = String(repeating: "ab", count: 8 * 1024)
        let oneRun = Array(segment.utf8).withUnsafeBufferPointer { regex.countingSteps($0).steps }
        #expect(20 * oneRun > regexStepBudget, "the test must pass the budget to check it")
        #expect {
            _ = try r.resolveBuffer("/p/" + segment)
        } throws: { error in
            guard let e = error as? SwitchyardError else { return false }
            return e.code == .limit && e.message.contains("\(regexStepBudget) steps")
        }
        // A short segment stays far inside the budget, on the same buffer.
        let m = MatchBuffer()
        #expect(try !r.resolve("/p/ab", into: m))
        #expect(try r.resolve("/p/a" + String(repeating: "b", count: 200) + "e", into: m))
    }

    @Test("a tail past the budget ends the resolve with the limit error")
    func tailBudget() throws {
        let r = try Router()
        let pattern = "/x/:a([ab]*a[ab]{900}c)"
        try r.add(Route(urlPattern: pattern, target: "t", search: "q=:s([ab]*a[ab]{900}c)"))
        let long = String(repeating: "ab", count: 8 * 1024)
        #expect {
            _ = try r.resolveBuffer("/x/" + long + "?q=" + long)
        } throws: { error in
            (error as? SwitchyardError)?.code == .limit
        }
    }
}
