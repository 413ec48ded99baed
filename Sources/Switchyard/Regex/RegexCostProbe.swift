/// The work a regexp costs, counted, for the cost fuzz target (Fuzz/regex_cost.swift) and
/// tests: what compiling it spent and what the Pike VM spends on one input, in the units
/// the bounds of docs/SECURITY.md ("Regular expressions") are stated in.
package struct RegexCost: Sendable {
    /// Bytes of the regexp.
    package var length = 0
    /// Instructions of its program (at most `LinearRegex.defaultMaxInstructions`).
    package var instructions = 0
    /// Capture groups.
    package var groups = 0
    /// Units of work the automaton's construction spent, and its budget for this regexp.
    package var automatonWork = 0
    package var automatonBudget = 0
    /// Whether an automaton was kept.
    package var hasAutomaton = false
    /// Pike VM steps on the input, without captures and with them; whether it matched.
    package var steps = 0
    package var capturingSteps = 0
    package var matched = false
    /// Whether the automaton, when kept, decided otherwise than the Pike VM.
    package var automatonDisagrees = false

    /// Compiles `regexp` as a constraint is compiled and runs it on `input`; nil when the
    /// regexp is refused (the error a route would get).
    package static func measure(_ regexp: some Collection<UInt8>, on input: [UInt8]) -> RegexCost? {
        guard let r = try? LinearRegex(regexp, automaton: false) else { return nil }
        var cost = RegexCost()
        cost.length = r.source.count
        cost.instructions = r.instructionCount
        cost.groups = r.groupCount
        let room = RegexDFA.budget(length: cost.length, instructions: cost.instructions)
        cost.automatonBudget = room.work
        var spent = 0
        let dfa = withUnsafeMutablePointer(to: &spent) {
            RegexDFA(r.instructions, r.sets, work: room.work, bytes: room.bytes, spent: $0)
        }
        cost.automatonWork = spent
        cost.hasAutomaton = dfa != nil
        input.withUnsafeBufferPointer { text in
            let plain = r.countingSteps(text)
            cost.steps = plain.steps
            cost.matched = plain.matched
            cost.capturingSteps = r.countingSteps(text, capturing: true).steps
            if let dfa, !text.isEmpty { cost.automatonDisagrees = dfa.matches(text) != plain.matched }
        }
        return cost
    }
}

extension MatchBuffer {
    /// The Pike VM steps the last resolve's constraints and tails spent (0 for a table
    /// without regexps).
    package var regexStepsSpent: Int {
        guard let tail = state.pointee.tail else { return 0 }
        return regexStepBudget - tail.pointee.budget
    }
}
