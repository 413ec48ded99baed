/// A deterministic automaton for `LinearRegex.matches`, built when the regexp is compiled:
/// one table lookup per input byte, no scratch. Building one may cost at most
/// `workPerByte × (regexp length + 8)` units of work (an instruction met while following
/// threads, a state compared, a byte classified or a transition written), and its table
/// at most `entriesPerByte × (length + 8)` transitions and `maxStates` states. A regexp
/// whose automaton would pass one of these goes without: it matches with the Pike VM,
/// which is linear too. So compiling a regexp costs time and memory linear in its length,
/// whatever its automaton would have been (`[ab]*a[ab]{1000}` has 2^1000 states). Captures
/// always come from the Pike VM.
struct RegexDFA: Sendable {
    /// The byte classes: bytes every instruction treats alike share a class.
    let classOf: [UInt8]
    let classCount: Int
    /// `next[state × classCount + class]`: the next state, or -1 when nothing can match.
    let next: [Int32]
    /// Per state: whether the input may end there.
    let accepting: [Bool]

    static let maxStates = 256
    /// Units of work building the automaton may cost per byte of the regexp (plus 8, the
    /// `<re::>` around a constraint): room for the automaton of every ordinary constraint
    /// (`[a-z0-9-]{1,64}` among them).
    static let workPerByte = 1024
    /// Transitions (states × classes) the table may hold per byte of the regexp (plus 8).
    static let entriesPerByte = 16

    /// Work and table room for a regexp of `length` bytes.
    static func budget(length: Int) -> (work: Int, entries: Int) {
        let bytes = length + 8
        return (workPerByte * bytes, entriesPerByte * bytes)
    }

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

    /// The automaton of `program`, or nil when it would pass `maxStates` states, `work`
    /// units of work or `entries` transitions. `spent` (when given) is set to the work done.
    init?(_ program: [RegexInstruction], _ sets: [ByteSet], work: Int, entries maxEntries: Int,
          spent: UnsafeMutablePointer<Int>? = nil) {
        var builder = DFABuilder(program, sets, budget: work)
        defer { spent?.pointee = builder.work }
        guard let table = builder.build(maxEntries: maxEntries) else { return nil }
        classOf = builder.classOf
        classCount = builder.classCount
        next = table.next
        accepting = table.accepting
    }
}

/// The subset construction of a `RegexDFA`, counting its work against a budget.
private struct DFABuilder {
    let program: [RegexInstruction]
    let sets: [ByteSet]
    let budget: Int
    var work = 0
    var classOf = [UInt8](repeating: 0, count: 256)
    var classCount = 1
    /// A byte of each class.
    var representative: [UInt8] = [0]
    /// `seen[pc] == stamp`: pc was met by the current closure (no clearing between closures).
    var seen: [Int32]
    var stamp: Int32 = 0
    var stack: [Int32] = []

    init(_ program: [RegexInstruction], _ sets: [ByteSet], budget: Int) {
        self.program = program
        self.sets = sets
        self.budget = budget
        seen = [Int32](repeating: 0, count: program.count)
    }

    var overBudget: Bool { work > budget }

    /// Splits the classes so that the bytes of `member` and the others never share one.
    mutating func refine(_ member: (UInt8) -> Bool) {
        work += 256
        // New class of (old class, member?), -1 until met.
        var renamed = [Int16](repeating: -1, count: 2 * classCount)
        var count = 0
        var reps: [UInt8] = []
        for b in 0..<256 {
            let key = 2 * Int(classOf[b]) + (member(UInt8(b)) ? 1 : 0)
            if renamed[key] < 0 {
                renamed[key] = Int16(count)
                reps.append(UInt8(b))
                count += 1
            }
            classOf[b] = UInt8(renamed[key])
        }
        classCount = count
        representative = reps
    }

    /// Byte classes: bytes that every consuming instruction treats alike. One pass over the
    /// 256 bytes per distinct set or literal byte the program reads, and per UTF-8 range.
    mutating func classify() {
        var literal = ByteSet()
        var usedSets = [Bool](repeating: false, count: sets.count)
        var utf8 = false, continuation = false
        for inst in program {
            switch inst.op {
            case .byte: literal.insert(UInt8(truncatingIfNeeded: inst.a))
            case .set: usedSets[Int(inst.a)] = true
            case .utf8: usedSets[Int(inst.a)] = true; utf8 = true
            case .continuation: continuation = true
            default: break
            }
        }
        work += program.count
        for (k, used) in usedSets.enumerated() where used {
            if overBudget { return }
            let s = sets[k]
            refine { s.contains($0) }
        }
        for b in 0..<256 where literal.contains(UInt8(b)) {
            if overBudget { return }
            refine { $0 == UInt8(b) }
        }
        if utf8 {
            refine { $0 >= 0xC2 && $0 <= 0xDF }
            refine { $0 >= 0xE0 && $0 <= 0xEF }
            refine { $0 >= 0xF0 && $0 <= 0xF4 }
        }
        if continuation { refine { $0 & 0xC0 == 0x80 } }
    }

    /// The instruction a thread at consuming `pc` goes on at after byte `b`, or -1.
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

    /// A state: the sorted consuming, `match` and `end` instructions threads stand at after
    /// following the others from `starts`.
    mutating func closure(_ starts: [Int32], atStart: Bool, atEnd: Bool) -> [Int32] {
        stamp &+= 1
        var out: [Int32] = []
        stack.removeAll(keepingCapacity: true)
        stack.append(contentsOf: starts.reversed())
        while let pc32 = stack.popLast() {
            let pc = Int(pc32)
            if seen[pc] == stamp { continue }
            seen[pc] = stamp
            work += 1
            let inst = program[pc]
            switch inst.op {
            case .jump: stack.append(inst.a)
            case .split: stack.append(inst.b); stack.append(inst.a)
            case .save: stack.append(pc32 + 1)
            case .start: if atStart { stack.append(pc32 + 1) }
            case .end: if atEnd { stack.append(pc32 + 1) } else { out.append(pc32) }
            default: out.append(pc32)
            }
        }
        out.sort()
        work += out.count
        return out
    }

    mutating func accepts(_ state: [Int32]) -> Bool {
        if state.contains(where: { program[Int($0)].op == .match }) { return true }
        let ends = state.filter { program[Int($0)].op == .end }.map { $0 + 1 }
        return !ends.isEmpty && closure(ends, atStart: false, atEnd: true)
            .contains { program[Int($0)].op == .match }
    }

    mutating func build(maxEntries: Int) -> (next: [Int32], accepting: [Bool])? {
        classify()
        if overBudget { return nil }
        let first = closure([0], atStart: true, atEnd: false)
        var states: [[Int32]] = [first]
        var index: [[Int32]: Int32] = [first: 0]
        var next: [Int32] = []
        var accepting: [Bool] = []
        var targets: [Int32] = []
        var k = 0
        while k < states.count {
            let state = states[k]
            accepting.append(accepts(state))
            if next.count + classCount > maxEntries { return nil }
            for c in 0..<classCount {
                let b = representative[c]
                targets.removeAll(keepingCapacity: true)
                for pc in state {
                    let t = target(Int(pc), b)
                    if t >= 0 { targets.append(Int32(t)) }
                }
                work += state.count + 1
                if targets.isEmpty { next.append(-1); continue }
                let to = closure(targets, atStart: false, atEnd: false)
                work += to.count  // hashing and comparing it
                if overBudget { return nil }
                if let known = index[to] {
                    next.append(known)
                } else {
                    if states.count == RegexDFA.maxStates { return nil }
                    index[to] = Int32(states.count)
                    next.append(Int32(states.count))
                    states.append(to)
                }
            }
            k += 1
        }
        return (next, accepting)
    }
}
