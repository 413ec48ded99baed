// Differential test: on random regexps and random inputs, the automaton (RegexDFA) decides
// exactly as the Pike VM does. Seeded (SplitMix64), so a failure names its regexp and input.
import Testing
@testable import Switchyard

@Suite("Regex automaton equals the Pike VM")
struct RegexAutomatonDifferentialTests {
    /// Atoms over a small alphabet, so that random inputs often match: literals (one of them
    /// non-ASCII), classes, negated ones and `.` (which read whole UTF-8 characters).
    static let atoms = ["a", "b", "é", "[ab]", "[^a]", ".", "\\d", "[a-c1]", "\\W", "(?:)"]
    /// Bytes of the inputs: the atoms' characters, a `/`, a lone continuation byte and an
    /// invalid lead byte (a regexp never matches invalid UTF-8 with `.`).
    static let pieces: [[UInt8]] = [[0x61], [0x62], [0x63], [0x31], [0xC3, 0xA9], [0x2F], [0x80], [0xFF], [0xE2, 0x82, 0xAC]]

    static func randomRegex(_ rng: inout SplitMix64, depth: Int = 0) -> String {
        var out = ""
        if depth == 0 && rng.chance(10) { out += "^" }
        for _ in 0..<(1 + rng.below(3)) {
            var item: String
            if depth < 3 && rng.chance(25) {
                var branches = [randomRegex(&rng, depth: depth + 1)]
                for _ in 0..<rng.below(3) { branches.append(randomRegex(&rng, depth: depth + 1)) }
                item = (rng.chance(50) ? "(" : "(?:") + branches.joined(separator: "|") + ")"
            } else {
                item = rng.pick(atoms)
            }
            if item != "(?:)" || rng.chance(20) {
                switch rng.below(10) {
                case 0: item += "*"
                case 1: item += "+"
                case 2: item += "?"
                case 3: item += "{\(rng.below(3)),\(3 + rng.below(3))}"
                case 4: item += "{\(1 + rng.below(3))}"
                case 5: item += rng.pick(["*?", "+?", "??"])
                default: break
                }
            }
            out += item
        }
        if depth == 0 && rng.chance(10) { out += "$" }
        if depth == 0 && rng.chance(10) { out = "a|" + out }
        return out
    }

    /// One to `pieces` pieces, never empty (the empty input is the VM's).
    static func randomInput(_ rng: inout SplitMix64, pieces: Int) -> [UInt8] {
        var input: [UInt8] = []
        for _ in 0..<(1 + rng.below(pieces)) { input += rng.pick(Self.pieces) }
        return input
    }

    @Test("random regexps: the automaton decides as the VM on random inputs")
    func randomRegexps() throws {
        var rng = SplitMix64(state: 0x5EED_0DFA)
        var compared = 0
        for round in 0..<3000 {
            let source = Self.randomRegex(&rng)
            guard let r = try? LinearRegex(source), let dfa = r.automaton else { continue }
            for _ in 0..<12 {
                let input = Self.randomInput(&rng, pieces: 8)
                let vm = input.withUnsafeBufferPointer { r.countingSteps($0).matched }
                let automaton = input.withUnsafeBufferPointer { dfa.matches($0) }
                #expect(automaton == vm, "round \(round): \(source) on \(input)")
                compared += 1
            }
        }
        // Most random regexps get an automaton: the comparison must have happened.
        #expect(compared > 20_000)
    }

    @Test("an automaton cut short by its budget leaves the regexp on the VM, deciding the same")
    func budgetCutsShort() throws {
        var rng = SplitMix64(state: 0xB0D6E7)
        var cut = 0
        for _ in 0..<400 {
            let source = Self.randomRegex(&rng)
            guard let r = try? LinearRegex(source, automaton: false), r.instructionCount > 4 else { continue }
            // A budget that runs out part-way: no automaton, never a wrong one.
            let work = rng.below(40 * r.instructionCount)
            var spent = 0
            let dfa = withUnsafeMutablePointer(to: &spent) {
                RegexDFA(r.instructions, r.sets, work: work, bytes: 1 << 20, spent: $0)
            }
            #expect(spent <= work, "\(source): \(spent) of \(work)")
            guard let dfa else { cut += 1; continue }
            for _ in 0..<8 {
                let input = Self.randomInput(&rng, pieces: 6)
                let vm = input.withUnsafeBufferPointer { r.countingSteps($0).matched }
                #expect(input.withUnsafeBufferPointer { dfa.matches($0) } == vm, "\(source) on \(input)")
            }
        }
        #expect(cut > 50)
    }
}
