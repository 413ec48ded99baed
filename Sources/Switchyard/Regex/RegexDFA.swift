/// A deterministic automaton for `LinearRegex.matches`, built when the regexp is compiled:
/// one table lookup per input byte, no scratch. Building one may cost at most
/// `workPerByte × (regexp length + 8)` units of work (an instruction met while following
/// threads, a thread moved over a byte, a word of a state hashed or compared, or a byte
/// classified), and its states and table at most `bytesPerByte × (length + 8) +
/// bytesPerInstruction × instructions` bytes and `maxStates` states. The builder stops as soon as the next unit would pass the budget, so
/// it never spends more. A regexp whose automaton would pass one of these goes without: it
/// matches with the Pike VM, which is linear too. So compiling a regexp costs time and
/// memory linear in its length, whatever its automaton would have been (`[ab]*a[ab]{1000}`
/// has 2^1000 states). Captures always come from the Pike VM.
struct RegexDFA: Sendable {
    /// The byte classes: bytes every instruction treats alike share a class.
    let classOf: [UInt8]
    let classCount: Int
    /// `next[state × classCount + class]`: the next state, or -1 when nothing can match.
    let next: [Int16]
    /// Per state: whether the input may end there.
    let accepting: [Bool]

    static let maxStates = 256
    /// Units of work building the automaton may cost per byte of the regexp (plus 8, the
    /// `<re::>` around a constraint): room for the automaton of every ordinary constraint
    /// (`[a-z0-9-]{1,64}`, the costliest of the tests' ordinary ones, takes 86).
    static let workPerByte = 128
    /// Bytes the states (a bit per instruction a thread can stand at) and the table (2 bytes
    /// a transition) may take per byte of the regexp (plus 8), and per instruction of its
    /// program (which itself takes 12 bytes an instruction).
    static let bytesPerByte = 32
    static let bytesPerInstruction = 8

    /// Work and memory for a regexp of `length` bytes compiled to `instructions`.
    static func budget(length: Int, instructions: Int) -> (work: Int, bytes: Int) {
        let bytes = length + 8
        return (workPerByte * bytes, bytesPerByte * bytes + bytesPerInstruction * instructions)
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
    /// units of work or `bytes` of states and table. `spent` (when given) is set to the work
    /// done, never more than `work`.
    init?(_ program: [RegexInstruction], _ sets: [ByteSet], work: Int, bytes: Int,
          spent: UnsafeMutablePointer<Int>? = nil) {
        var builder = DFABuilder(program, sets, budget: work)
        defer { spent?.pointee = builder.work }
        guard let table = builder.build(maxBytes: bytes) else { return nil }
        classOf = builder.classOf
        classCount = builder.classCount
        next = table.next
        accepting = table.accepting
    }
}

/// The subset construction of a `RegexDFA`, counting its work against a budget. A state is
/// a bitset over the instructions a thread can stand at (consuming ones, `match`, `end`),
/// kept with the others in one flat pool; a hash table of state numbers finds a state
/// again. Its scratch takes 8 bytes per instruction.
private struct DFABuilder {
    let program: [RegexInstruction]
    let sets: [ByteSet]
    let budget: Int
    private(set) var work = 0
    var classOf = [UInt8](repeating: 0, count: 256)
    var classCount = 1
    /// A byte of each class.
    var representative: [UInt8] = [0]
    /// Per instruction: its bit in a state, or -1 for an instruction no thread stands at.
    var bitOf: [Int16] = []
    /// Per bit: its instruction.
    var pcOf: [Int16] = []
    /// 64-bit words a state takes.
    var words = 0
    /// `seen[pc] == stamp`: pc was met by the current closure (no clearing between closures).
    var seen: [UInt16] = []
    var stamp: UInt16 = 0
    /// Instructions met and not yet followed (each at most once per closure): `depth` of them.
    var stack: [Int16] = []
    var depth = 0
    /// The states' bitsets, `words` each, then the one being made.
    var pool: [UInt64] = []

    init(_ program: [RegexInstruction], _ sets: [ByteSet], budget: Int) {
        self.program = program
        self.sets = sets
        self.budget = max(0, budget)
    }

    /// Counts `units` of work, or returns false (counting none) when they would pass the budget.
    @inline(__always)
    mutating func charge(_ units: Int) -> Bool {
        if units > budget - work { return false }
        work += units
        return true
    }

    /// Splits the classes so that the bytes of `member` and the others never share one.
    mutating func refine(_ member: ByteSet) -> Bool {
        refine(ways: 2) { member.contains($0) ? 1 : 0 }
    }

    /// Splits the classes so that bytes of different `group`s (0 ..< ways) never share one.
    mutating func refine(ways: Int, _ group: (UInt8) -> Int) -> Bool {
        guard charge(256) else { return false }
        // New class of (old class, group), -1 until met.
        var renamed = [Int16](repeating: -1, count: ways * classCount)
        var count = 0
        var reps: [UInt8] = []
        for b in 0..<256 {
            let key = ways * Int(classOf[b]) + min(max(group(UInt8(b)), 0), ways - 1)
            if renamed[key] < 0 {
                renamed[key] = Int16(count)
                reps.append(UInt8(b))
                count += 1
            }
            classOf[b] = UInt8(truncatingIfNeeded: renamed[key])
        }
        classCount = count
        representative = reps
        return true
    }

    /// Byte classes: bytes that every consuming instruction treats alike. One pass over the
    /// 256 bytes per distinct set or literal byte the program reads, and per UTF-8 range.
    mutating func classify() -> Bool {
        guard charge(program.count) else { return false }
        var literal = ByteSet()
        var usedSets = [Bool](repeating: false, count: sets.count)
        var utf8 = false, continuation = false
        for inst in program {
            switch inst.op {
            case .byte: literal.insert(UInt8(truncatingIfNeeded: inst.a))
            case .set, .utf8:
                let k = Int(inst.a)
                if k >= 0 && k < usedSets.count { usedSets[k] = true }
                if inst.op == .utf8 { utf8 = true }
            case .continuation: continuation = true
            default: break
            }
        }
        for (k, used) in usedSets.enumerated() where used {
            guard refine(sets[k]) else { return false }
        }
        for b in 0..<256 where literal.contains(UInt8(b)) {
            var one = ByteSet()
            one.insert(UInt8(b))
            guard refine(one) else { return false }
        }
        // The UTF-8 lead bytes of 2, 3 and 4 byte sequences and the continuation bytes, in
        // one pass.
        if utf8 || continuation {
            guard refine(ways: 5, { b in
                if b >= 0x80 && b <= 0xBF { return continuation ? 1 : 0 }
                if !utf8 { return 0 }
                if b >= 0xC2 && b <= 0xDF { return 2 }
                if b >= 0xE0 && b <= 0xEF { return 3 }
                if b >= 0xF0 && b <= 0xF4 { return 4 }
                return 0
            }) else { return false }
        }
        return true
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

    /// Starts a closure: no instruction met yet.
    mutating func newClosure() {
        stamp &+= 1
        if stamp == 0 {
            for k in seen.indices { seen[k] = 0 }
            stamp = 1
        }
        depth = 0
    }

    /// Stacks `pc` unless the current closure met it already (so the stack never holds more
    /// than one entry per instruction).
    @inline(__always)
    mutating func reach(_ pc: Int) {
        guard pc >= 0 && pc < seen.count, seen[pc] != stamp, depth < stack.count else { return }
        seen[pc] = stamp
        stack[depth] = Int16(truncatingIfNeeded: pc)
        depth += 1
    }

    /// Stacks the instructions the threads of the state at `pool[from...]` go on at after
    /// byte `b`. False when the budget runs out.
    mutating func step(from: Int, _ b: UInt8) -> Bool {
        var cursor = MemberCursor()
        while case let pc = nextMember(of: from, &cursor), pc >= 0 {
            guard charge(1) else { return false }
            reach(target(pc, b))
        }
        return true
    }

    /// Where a walk over a state's instructions stands: the word, and its bits not yet given.
    struct MemberCursor {
        var word = -1
        var bits: UInt64 = 0
    }

    /// The next instruction of the state at `pool[base...]` after those `cursor` gave, or -1.
    func nextMember(of base: Int, _ cursor: inout MemberCursor) -> Int {
        while cursor.bits == 0 {
            cursor.word += 1
            if cursor.word >= words { return -1 }
            cursor.bits = pool[base + cursor.word]
        }
        let pc = Int(pcOf[cursor.word << 6 | cursor.bits.trailingZeroBitCount])
        cursor.bits &= cursor.bits &- 1
        return pc
    }

    /// Follows the non-consuming instructions from the stacked ones, setting the bit of each
    /// instruction a thread stands at in the state at `pool[base...]`. False when the budget
    /// runs out. The hot loop of the construction: it works on the arrays' buffers.
    mutating func close(into base: Int, atStart: Bool, atEnd: Bool) -> Bool {
        let room = budget - work
        var spent = 0
        var sp = depth
        let stamp = self.stamp
        let m = program.count
        let done = program.withUnsafeBufferPointer { program in
            bitOf.withUnsafeBufferPointer { bitOf in
                seen.withUnsafeMutableBufferPointer { seen in
                    stack.withUnsafeMutableBufferPointer { stack in
                        pool.withUnsafeMutableBufferPointer { pool in
                            @inline(__always) func reach(_ pc: Int) {
                                guard pc >= 0 && pc < m, seen[pc] != stamp, sp < stack.count else { return }
                                seen[pc] = stamp
                                stack[sp] = Int16(truncatingIfNeeded: pc)
                                sp &+= 1
                            }
                            while sp > 0 {
                                if spent == room { return false }
                                spent &+= 1
                                sp &-= 1
                                let pc = Int(stack[sp])
                                let inst = program[pc]
                                switch inst.op {
                                case .jump: reach(Int(inst.a))
                                case .split: reach(Int(inst.a)); reach(Int(inst.b))
                                case .save: reach(pc &+ 1)
                                case .start: if atStart { reach(pc &+ 1) }
                                case .end where atEnd: reach(pc &+ 1)
                                default:
                                    let bit = Int(bitOf[pc])
                                    let word = base &+ (bit &>> 6)
                                    if bit >= 0 && word < pool.count { pool[word] |= 1 &<< UInt64(bit & 63) }
                                }
                            }
                            return true
                        }
                    }
                }
            }
        }
        work += spent
        depth = sp
        return done
    }

    /// Appends an empty state to the pool; its words' index.
    mutating func appendEmptyState() -> Int {
        let base = pool.count
        for _ in 0..<words { pool.append(0) }
        return base
    }

    /// Whether the input may end in the state at `pool[base...]`: a thread stands at
    /// `match`, or reaches it over `end`s. nil when the budget runs out.
    mutating func accepts(_ base: Int) -> Bool? {
        newClosure()
        var cursor = MemberCursor()
        while case let pc = nextMember(of: base, &cursor), pc >= 0 {
            guard charge(1) else { return nil }
            switch program[pc].op {
            case .match: return true
            case .end: reach(pc + 1)
            default: break
            }
        }
        if depth == 0 { return false }
        let scratch = appendEmptyState()
        defer { pool.removeLast(words) }
        guard close(into: scratch, atStart: false, atEnd: true) else { return nil }
        cursor = MemberCursor()
        while case let pc = nextMember(of: scratch, &cursor), pc >= 0 {
            if program[pc].op == .match { return true }
        }
        return false
    }

    func hash(_ base: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for w in 0..<words { h = (h ^ pool[base + w]) &* 0x0000_0100_0000_01B3 }
        return h ^ (h >> 29)
    }

    func same(_ a: Int, _ b: Int) -> Bool {
        for w in 0..<words where pool[a + w] != pool[b + w] { return false }
        return true
    }

    mutating func build(maxBytes: Int) -> (next: [Int16], accepting: [Bool])? {
        // States are numbered in Int16 and instructions stacked as Int16.
        guard program.count > 0, program.count < Int(Int16.max), classify() else { return nil }
        bitOf = [Int16](repeating: -1, count: program.count)
        for (pc, inst) in program.enumerated() {
            switch inst.op {
            case .byte, .set, .utf8, .continuation, .match, .end:
                bitOf[pc] = Int16(truncatingIfNeeded: pcOf.count)
                pcOf.append(Int16(truncatingIfNeeded: pc))
            default: break
            }
        }
        words = (pcOf.count + 63) >> 6
        // What a state takes: its bitset, its row, its accepting flag and two hash slots
        // (Int16); one more bitset for the state being made.
        let perState = 8 * words + 2 * classCount + 1 + 4
        let maxStates = min(RegexDFA.maxStates, (maxBytes - 8 * words) / perState)
        guard words > 0, maxStates >= 1 else { return nil }
        seen = [UInt16](repeating: 0, count: program.count)
        stack = [Int16](repeating: 0, count: program.count)
        pool.reserveCapacity((maxStates + 1) * words)
        var slots = 16
        while slots < 2 * maxStates { slots <<= 1 }
        var index = [Int16](repeating: -1, count: slots)
        let mask = slots - 1
        var next: [Int16] = []
        next.reserveCapacity(maxStates * classCount)
        var accepting: [Bool] = []
        accepting.reserveCapacity(maxStates)

        newClosure()
        reach(0)
        let first = appendEmptyState()
        guard close(into: first, atStart: true, atEnd: false), charge(words) else { return nil }
        index[Int(truncatingIfNeeded: hash(first)) & mask] = 0
        var stateCount = 1
        var k = 0
        while k < stateCount {
            let from = k * words
            guard let accepts = accepts(from) else { return nil }
            accepting.append(accepts)
            for c in 0..<classCount {
                let b = representative[c]
                guard charge(1) else { return nil }
                newClosure()
                guard step(from: from, b) else { return nil }
                if depth == 0 { next.append(-1); continue }
                let to = appendEmptyState()
                guard close(into: to, atStart: false, atEnd: false), charge(words) else { return nil }
                if (0..<words).allSatisfy({ pool[to + $0] == 0 }) {
                    // Every thread died at an anchor: nothing can match from here.
                    pool.removeLast(words)
                    next.append(-1)
                    continue
                }
                var slot = Int(truncatingIfNeeded: hash(to)) & mask
                var found = -1
                while index[slot] >= 0 {
                    guard charge(words) else { return nil }
                    if same(Int(index[slot]) * words, to) { found = Int(index[slot]); break }
                    slot = (slot + 1) & mask
                }
                if found >= 0 {
                    pool.removeLast(words)
                    next.append(Int16(truncatingIfNeeded: found))
                    continue
                }
                if stateCount == maxStates { return nil }
                index[slot] = Int16(truncatingIfNeeded: stateCount)
                next.append(Int16(truncatingIfNeeded: stateCount))
                stateCount += 1
            }
            k += 1
        }
        return (next, accepting)
    }
}
