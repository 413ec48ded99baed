/// A deterministic automaton for `LinearRegex.matches`, built when the regexp is compiled:
/// one table lookup per input byte, no scratch. Built only while it stays small
/// (`maxStates`); a regexp whose automaton would be larger matches with the Pike VM, which
/// is linear too. Captures always come from the Pike VM.
struct RegexDFA: Sendable {
    /// The byte classes: bytes every instruction treats alike share a class.
    let classOf: [UInt8]
    let classCount: Int
    /// `next[state × classCount + class]`: the next state, or -1 when nothing can match.
    let next: [Int32]
    /// Per state: whether the input may end there.
    let accepting: [Bool]

    static let maxStates = 256
    /// Transitions the table may hold (states × classes): what building it may cost.
    static let maxEntries = 16 * 1024

    /// Runs the automaton over `input` (not empty: the empty input is the VM's, where `^`
    /// and `$` meet).
    @inline(__always)
    func matches(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        next.withUnsafeBufferPointer { table in
            classOf.withUnsafeBufferPointer { classes in
                var state = 0
                for b in input {
                    state = Int(table[state &* classCount &+ Int(classes[Int(b)])])
                    if state < 0 { return false }
                }
                return accepting[state]
            }
        }
    }

    /// The automaton of `program`, or nil when it would pass `maxStates` states.
    init?(_ program: [RegexInstruction], _ sets: [ByteSet]) {
        let m = program.count
        // The instruction a thread at consuming `pc` goes on at after byte `b`, or -1.
        func target(_ pc: Int, _ b: UInt8) -> Int {
            let inst = program[pc]
            switch inst.op {
            case .byte: return b == UInt8(truncatingIfNeeded: inst.a) ? pc + 1 : -1
            case .set: return sets[Int(inst.a)].contains(b) ? pc + 1 : -1
            case .utf8:
                if b < 0x80 { return sets[Int(inst.a)].contains(b) ? pc + 4 : -1 }
                if b >= 0xC2 && b <= 0xDF { return pc + 3 }
                if b >= 0xE0 && b <= 0xEF { return pc + 2 }
                if b >= 0xF0 && b <= 0xF4 { return pc + 1 }
                return -1
            case .continuation: return b & 0xC0 == 0x80 ? pc + 1 : -1
            default: return -1
            }
        }
        let consuming = (0..<m).filter {
            switch program[$0].op {
            case .byte, .set, .utf8, .continuation: return true
            default: return false
            }
        }
        // Byte classes: bytes with the same targets from every consuming instruction.
        var classOf = [UInt8](repeating: 0, count: 256)
        var classIndex: [[Int32]: Int] = [:]
        var representative: [UInt8] = []
        for b in 0..<256 {
            let signature = consuming.map { Int32(target($0, UInt8(b))) }
            if let k = classIndex[signature] {
                classOf[b] = UInt8(k)
            } else {
                classIndex[signature] = representative.count
                classOf[b] = UInt8(representative.count)
                representative.append(UInt8(b))
            }
        }
        let classCount = representative.count
        // A state: the sorted consuming, `match` and `end` instructions threads stand at.
        func closure(_ starts: [Int], atStart: Bool, atEnd: Bool) -> [Int32] {
            var seen = [Bool](repeating: false, count: m)
            var out: [Int32] = []
            var stack = starts.reversed() as [Int]
            while let pc = stack.popLast() {
                if seen[pc] { continue }
                seen[pc] = true
                let inst = program[pc]
                switch inst.op {
                case .jump: stack.append(Int(inst.a))
                case .split: stack.append(Int(inst.b)); stack.append(Int(inst.a))
                case .save: stack.append(pc + 1)
                case .start: if atStart { stack.append(pc + 1) }
                case .end: if atEnd { stack.append(pc + 1) } else { out.append(Int32(pc)) }
                default: out.append(Int32(pc))
                }
            }
            out.sort()
            return out
        }
        func accepts(_ state: [Int32]) -> Bool {
            let ends = state.filter { program[Int($0)].op == .end }.map { Int($0) + 1 }
            if state.contains(where: { program[Int($0)].op == .match }) { return true }
            return !ends.isEmpty && closure(ends, atStart: false, atEnd: true)
                .contains { program[Int($0)].op == .match }
        }
        var states: [[Int32]] = [closure([0], atStart: true, atEnd: false)]
        var index: [[Int32]: Int32] = [states[0]: 0]
        var next: [Int32] = []
        var accepting: [Bool] = []
        var k = 0
        while k < states.count {
            let state = states[k]
            accepting.append(accepts(state))
            for c in 0..<classCount {
                let b = representative[c]
                let targets = state.map { target(Int($0), b) }.filter { $0 >= 0 }
                if targets.isEmpty { next.append(-1); continue }
                let to = closure(targets, atStart: false, atEnd: false)
                if next.count >= Self.maxEntries { return nil }
                if let known = index[to] {
                    next.append(known)
                } else {
                    if states.count == Self.maxStates { return nil }
                    index[to] = Int32(states.count)
                    next.append(Int32(states.count))
                    states.append(to)
                }
            }
            k += 1
        }
        self.classOf = classOf
        self.classCount = classCount
        self.next = next
        self.accepting = accepting
    }
}
