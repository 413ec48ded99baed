/// A regular expression that always runs in time linear in its input.
///
/// The syntax is the ECMAScript one people write in routes: literals, `.`, classes
/// (`[a-z0-9_-]`, `[^/]`), `\d \w \s \D \W \S`, `\t \n \r \f \v \0 \xHH`, escaped punctuation,
/// groups `( )`, `(?: )`, named groups `(?<name> )`, alternation `|`, the quantifiers
/// `* + ? {m} {m,} {m,n}` and their lazy forms (`*?` ...), and the anchors `^ $`.
/// Backreferences (`\1`, `\k<n>`), lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), word
/// boundaries, atomic groups, possessive quantifiers and inline flags are refused with an
/// `.invalidPattern` error naming the construct and its byte.
///
/// A regexp always matches its whole input (as if written `^(?:...)$`). It works on UTF-8:
/// a literal non-ASCII character is matched whole, and `.`, negated classes and `\D \W \S`
/// match one whole character; classes hold ASCII characters only.
///
/// It compiles once to a program for a Pike VM (a Thompson NFA simulation that carries
/// capture slots): each input byte moves each of at most `instructionCount` threads once,
/// so a match costs at most `2 × instructionCount × (input length + 1)` steps, whatever the
/// pattern and the input. Threads keep the priorities of a backtracking engine
/// (leftmost-first: greedy before lazy, left branch before right), so the captures are the
/// ones a backtracking engine gives; a group inside a repeat keeps the value of the last
/// iteration that set it (as in PCRE; ECMAScript clears it at each iteration).
///
/// `matches` (no captures) first tries a deterministic automaton built with the program
/// (`RegexDFA`: one table lookup per byte), kept when it has at most 256 states; otherwise
/// it runs the Pike VM too.
///
/// Matching never allocates: the caller passes scratch memory of `scratchCount(capturing:)`
/// `Int32`s, or lets `matches(_:)` take it from the stack (`withUnsafeTemporaryAllocation`).
/// A value is immutable and `Sendable`: any number of threads may match with it at once,
/// each with its own scratch.
struct LinearRegex: Hashable, Sendable {
    /// Instructions a program may have unless told otherwise: room for any constraint a
    /// route needs (`[a-z0-9-]{1,64}` takes 128), with scratch for `matches(_:)` of at most
    /// `6 × 1024 × 4` bytes.
    static let defaultMaxInstructions = 1024

    /// The regexp as written.
    let source: [UInt8]
    /// Capture groups, numbered from 1 in the order of their `(`.
    let groupCount: Int
    /// Per group (index 0 = group 1): its name, or nil.
    let groupNames: [String?]
    let instructions: [RegexInstruction]
    let sets: [ByteSet]
    /// The automaton `matches` uses, when it is small enough.
    let automaton: RegexDFA?

    var instructionCount: Int { instructions.count }
    /// For a segment of an app's parameter type or a word set (ParameterTypes.swift): its
    /// check, which `matches` uses instead of the program.
    var parameterType: ParameterMatcher? = nil

    /// Compiles `source`. `offset`: where it stands in the route pattern, added to every
    /// error position. A regexp whose program would pass `maxInstructions` is a `.limit`
    /// error (its repeats expand: `(a|b){100}` is 100 copies). `automaton`: whether to try
    /// building the automaton (within `RegexDFA.budget(length:instructions:)`). `namedGroupsCapture`:
    /// false makes `(?<name>...)` groups match as `(?:...)` (numbered out, costing the VM
    /// nothing), for callers that read only the unnamed groups.
    init(_ source: some Collection<UInt8>, offset: Int = 0,
         maxInstructions: Int = LinearRegex.defaultMaxInstructions,
         automaton: Bool = true, namedGroupsCapture: Bool = true) throws(SwitchyardError) {
        let bytes = Array(source)
        self.source = bytes
        var parser = RegexParser(bytes, offset: offset)
        let tree = try parser.parse()
        let size = try LinearRegex.checkSize(tree, offset: offset, maxInstructions: maxInstructions)
        var program = RegexProgram()
        if !namedGroupsCapture {
            let captures = parser.groupNames.map { $0 == nil }
            var number = 0
            program.groupNumbers = captures.map { keep in
                if keep { number += 1; return number }
                return 0
            }
            groupCount = number
            groupNames = zip(parser.groupNames, captures).compactMap { name, keep in keep ? .some(name) : nil }
        } else {
            groupCount = parser.groupCount
            groupNames = parser.groupNames
        }
        program.instructions.reserveCapacity(size)
        program.compile(tree)
        program.emit(.match)
        instructions = program.instructions
        sets = program.sets
        if automaton {
            let room = RegexDFA.budget(length: bytes.count, instructions: program.instructions.count)
            self.automaton = RegexDFA(program.instructions, program.sets, work: room.work, bytes: room.bytes)
        } else {
            self.automaton = nil
        }
    }

    init(_ source: String, offset: Int = 0,
         maxInstructions: Int = LinearRegex.defaultMaxInstructions,
         automaton: Bool = true, namedGroupsCapture: Bool = true) throws(SwitchyardError) {
        try self.init(source.utf8, offset: offset, maxInstructions: maxInstructions,
                      automaton: automaton, namedGroupsCapture: namedGroupsCapture)
    }

    /// Checks `source` as `init` would, without making a program: its group count (and
    /// names), or the error `init` would throw. Costs time linear in its length.
    static func check(_ source: String, offset: Int = 0,
                      maxInstructions: Int = LinearRegex.defaultMaxInstructions) throws(SwitchyardError) -> [String?] {
        var parser = RegexParser(Array(source.utf8), offset: offset)
        let tree = try parser.parse()
        _ = try checkSize(tree, offset: offset, maxInstructions: maxInstructions)
        return parser.groupNames
    }

    /// The program's size (with its `match`), or a `.limit` error past `maxInstructions`.
    private static func checkSize(_ tree: RegexNode, offset: Int, maxInstructions: Int) throws(SwitchyardError) -> Int {
        let size = RegexProgram.size(of: tree, cap: maxInstructions + 1) + 1  // and `match`
        if size > maxInstructions {
            throw SwitchyardError(.limit, "the regular expression compiles to more than \(maxInstructions) instructions (a repeat count makes it too large) at \(offset)",
                                  position: offset)
        }
        return size
    }

    /// The regexp that matches the empty input only, made without parsing.
    static let empty = LinearRegex(source: [], instructions: [RegexInstruction(op: .match)])

    private init(source: [UInt8], instructions: [RegexInstruction]) {
        self.source = source
        self.instructions = instructions
        sets = []
        automaton = nil
        groupCount = 0
        groupNames = []
    }

    static func == (a: LinearRegex, b: LinearRegex) -> Bool {
        a.source == b.source && a.parameterType?.name == b.parameterType?.name
    }
    func hash(into h: inout Hasher) { h.combine(source); h.combine(parameterType?.name) }

    /// The `Int32`s of scratch a match needs: without captures (`matches`) or with them (`match`).
    func scratchCount(capturing: Bool) -> Int {
        let m = instructions.count
        let k = capturing ? 2 * (groupCount + 1) : 0
        return 2 * (2 * m + m * k) + 2 * (m + 1) + k
    }

    /// Whether the regexp matches all of `input`, with scratch from the stack (none when the
    /// automaton decides). Not for the resolve path, where the MatchBuffer lends scratch:
    /// past 1 KiB the stack scratch is allocated.
    func matches(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        if let parameterType { return parameterType.check(input) == .accepted }
        if let automaton, !input.isEmpty { return automaton.matches(input) }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: scratchCount(capturing: false)) { scratch in
            var budget = Int.max
            return matches(input, scratch: scratch, budget: &budget) ?? false
        }
    }

    /// Whether the regexp matches all of `input`, or nil when the Pike VM would take more
    /// than `budget` steps (see `countingSteps`) to say; `budget` is reduced by the steps
    /// taken (the automaton takes none). `scratch` holds at least
    /// `scratchCount(capturing: false)` elements; its contents need no initialising.
    func matches(_ input: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<Int32>,
                 budget: inout Int) -> Bool? {
        if let parameterType { return parameterType.check(input) == .accepted }
        if let automaton, !input.isEmpty { return automaton.matches(input) }
        var steps = 0
        let matched = run(input, groups: nil, slotCount: 0, scratch: scratch, steps: &steps, limit: budget)
        budget -= steps
        return budget < 0 ? nil : matched
    }

    /// Matches all of `input`, writing each group's start and end offsets into `groups`
    /// (`2 × (groupCount + 1)` elements: the whole match first, then group 1, ...; -1 for
    /// a group that took no part). `scratch` holds `scratchCount(capturing: true)` elements.
    /// Returns false (and leaves `groups` unspecified) when it does not match, nil when the
    /// steps would pass `budget` (reduced by the steps taken). The captures are looked for
    /// only once the input is known to match (by the automaton, or the VM without slots),
    /// so a miss costs what `matches` costs whatever the number of groups.
    func match(_ input: UnsafeBufferPointer<UInt8>, groups: UnsafeMutableBufferPointer<Int32>,
               scratch: UnsafeMutableBufferPointer<Int32>, budget: inout Int) -> Bool? {
        guard let hit = matches(input, scratch: scratch, budget: &budget) else { return nil }
        if !hit { return false }
        var steps = 0
        let matched = run(input, groups: groups, slotCount: 2 * (groupCount + 1), scratch: scratch, steps: &steps, limit: budget)
        budget -= steps
        return budget < 0 ? nil : matched
    }

    /// `match` without a budget.
    func match(_ input: UnsafeBufferPointer<UInt8>, groups: UnsafeMutableBufferPointer<Int32>,
               scratch: UnsafeMutableBufferPointer<Int32>) -> Bool {
        var budget = Int.max
        return match(input, groups: groups, scratch: scratch, budget: &budget) ?? false
    }

    /// Whether the Pike VM matches all of `input`, counting its steps: an instruction met
    /// by a thread, and one more per 8 capture slots (or fewer) copied when `capturing`. What the
    /// linear-time bound and the resolve's budget are stated in.
    func countingSteps(_ input: UnsafeBufferPointer<UInt8>, capturing: Bool = false) -> (matched: Bool, steps: Int) {
        var steps = 0
        let k = capturing ? 2 * (groupCount + 1) : 0
        let matched = withUnsafeTemporaryAllocation(of: Int32.self, capacity: scratchCount(capturing: capturing)) { scratch in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(k, 2)) { groups in
                run(input, groups: capturing ? groups : nil, slotCount: k, scratch: scratch, steps: &steps, limit: .max)
            }
        }
        return (matched, steps)
    }

    /// The Pike VM. Two thread lists (sparse sets of instruction indices, in priority order,
    /// each thread with `slotCount` capture slots), a stack for following the non-consuming
    /// instructions, and the slots of the thread being followed.
    private func run(_ input: UnsafeBufferPointer<UInt8>, groups: UnsafeMutableBufferPointer<Int32>?,
                     slotCount k: Int, scratch: UnsafeMutableBufferPointer<Int32>, steps: inout Int,
                     limit: Int) -> Bool {
        let m = instructions.count
        guard let base = scratch.baseAddress, scratch.count >= 2 * (2 * m + m * k) + 2 * (m + 1) + k,
              input.count < Int(Int32.max) else { return false }
        let listSize = 2 * m + m * k
        var current = ThreadList(base, m: m, k: k)
        var following = ThreadList(base + listSize, m: m, k: k)
        let stack = base + 2 * listSize
        let work = stack + 2 * (m + 1)
        current.reset()
        following.reset()
        return instructions.withUnsafeBufferPointer { program in
            sets.withUnsafeBufferPointer { sets in
                let n = input.count
                for s in 0..<k { work[s] = -1 }
                add(&current, 0, at: 0, n: n, program, work, stack, k, &steps)
                var pos = 0
                while pos < n {
                    if current.count == 0 || steps > limit { return false }
                    let c = input[pos]
                    following.reset()
                    var t = 0
                    while t < current.count {
                        let pc = Int(current.dense[t])
                        let inst = program[pc]
                        steps &+= 1
                        var target = -1
                        switch inst.op {
                        case .byte: if c == UInt8(truncatingIfNeeded: inst.a) { target = pc &+ 1 }
                        case .set: if sets[Int(inst.a)].contains(c) { target = pc &+ 1 }
                        case .utf8:
                            if c < 0x80 {
                                if sets[Int(inst.a)].contains(c) { target = pc &+ 4 }
                            } else if c >= 0xC2 && c <= 0xDF {
                                target = pc &+ 3
                            } else if c >= 0xE0 && c <= 0xEF {
                                target = pc &+ 2
                            } else if c >= 0xF0 && c <= 0xF4 {
                                target = pc &+ 1
                            }
                        case .continuation: if c & 0xC0 == 0x80 { target = pc &+ 1 }
                        default: break
                        }
                        if target >= 0 {
                            let from = current.slots + t &* k
                            for s in 0..<k { work[s] = from[s] }
                            steps &+= (k &+ 7) &>> 3
                            add(&following, target, at: pos &+ 1, n: n, program, work, stack, k, &steps)
                        }
                        t &+= 1
                    }
                    swap(&current, &following)
                    pos &+= 1
                }
                var t = 0
                while t < current.count {
                    if program[Int(current.dense[t])].op == .match {
                        if let groups {
                            let from = current.slots + t &* k
                            for s in 0..<min(k, groups.count) { groups[s] = from[s] }
                            if groups.count >= 2 { groups[0] = 0; groups[1] = Int32(n) }
                        }
                        return true
                    }
                    t &+= 1
                }
                return false
            }
        }
    }

    /// Adds the thread at `pc0` (position `pos`, slots in `work`) to `list`, following jumps,
    /// splits, saves and anchors in priority order; each instruction joins a list once per
    /// position, which is what bounds the work. `work` is the same when it returns.
    @inline(__always)
    private func add(_ list: inout ThreadList, _ pc0: Int, at pos: Int, n: Int,
                     _ program: UnsafeBufferPointer<RegexInstruction>, _ work: UnsafeMutablePointer<Int32>,
                     _ stack: UnsafeMutablePointer<Int32>, _ k: Int, _ steps: inout Int) {
        // Stack entries are pairs: (pc, 0) to follow, or (-1 - slot, value) to restore.
        var sp = 0
        stack[0] = Int32(truncatingIfNeeded: pc0)
        stack[1] = 0
        sp = 1
        while sp > 0 {
            sp &-= 1
            let tag = Int(stack[2 &* sp])
            if tag < 0 {
                work[-1 &- tag] = stack[2 &* sp &+ 1]
                continue
            }
            var pc = tag
            while true {
                if list.contains(pc) { break }
                let at = list.insert(pc)
                steps &+= 1
                let inst = program[pc]
                switch inst.op {
                case .jump:
                    pc = Int(inst.a)
                    continue
                case .split:
                    stack[2 &* sp] = inst.b
                    stack[2 &* sp &+ 1] = 0
                    sp &+= 1
                    pc = Int(inst.a)
                    continue
                case .save:
                    let slot = Int(inst.a)
                    if slot < k {
                        stack[2 &* sp] = Int32(truncatingIfNeeded: -1 &- slot)
                        stack[2 &* sp &+ 1] = work[slot]
                        sp &+= 1
                        work[slot] = Int32(truncatingIfNeeded: pos)
                    }
                    pc &+= 1
                    continue
                case .start:
                    if pos == 0 { pc &+= 1; continue }
                case .end:
                    if pos == n { pc &+= 1; continue }
                default:
                    let to = list.slots + at &* k
                    for s in 0..<k { to[s] = work[s] }
                    steps &+= (k &+ 7) &>> 3
                }
                break
            }
        }
    }
}

/// A sparse set of instruction indices in insertion order, each with `k` capture slots,
/// laid out in caller scratch: `sparse[m]`, `dense[m]`, `slots[m × k]`.
private struct ThreadList {
    let sparse: UnsafeMutablePointer<Int32>
    let dense: UnsafeMutablePointer<Int32>
    let slots: UnsafeMutablePointer<Int32>
    let m: Int
    var count = 0

    init(_ base: UnsafeMutablePointer<Int32>, m: Int, k: Int) {
        sparse = base
        dense = base + m
        slots = base + 2 * m
        self.m = m
        sparse.initialize(repeating: 0, count: m)
    }

    @inline(__always) mutating func reset() { count = 0 }

    @inline(__always)
    func contains(_ pc: Int) -> Bool {
        let s = Int(sparse[pc])
        return s < count && Int(dense[s]) == pc
    }

    @inline(__always)
    mutating func insert(_ pc: Int) -> Int {
        sparse[pc] = Int32(truncatingIfNeeded: count)
        dense[count] = Int32(truncatingIfNeeded: pc)
        count &+= 1
        return count &- 1
    }
}
