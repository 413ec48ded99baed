/// The regular-expression compiler: a `RegexNode` tree becomes a flat program for the Pike
/// VM (LinearRegex.swift). The program's size is known before it is made (`size(of:)`), so
/// a pattern whose repeats would make a huge program is refused without making it.

/// One instruction. Consuming instructions (`byte`, `set`, `utf8`, `continuation`) read one
/// input byte; the others move threads without reading.
struct RegexInstruction: Hashable, Sendable, BitwiseCopyable {
    enum Op: UInt8, Sendable, BitwiseCopyable {
        /// The byte `a`.
        case byte
        /// A byte of set `a` (ASCII bytes only).
        case set
        /// One character: an ASCII byte of set `a`, or the lead byte of a non-ASCII UTF-8
        /// sequence, whose continuation bytes the next three instructions read (a 2-byte
        /// sequence goes on at the third of them, a 3-byte one at the second).
        case utf8
        /// A UTF-8 continuation byte (80-BF).
        case continuation
        /// Go on at `a` first, then at `b` (the order is the priority of a backtracking engine).
        case split
        case jump
        /// Record the position in capture slot `a`.
        case save
        /// `^` and `$`: the start or the end of the input.
        case start, end
        case match
    }

    var op: Op
    var a: Int32 = 0
    var b: Int32 = 0
}

struct RegexProgram {
    var instructions: [RegexInstruction] = []
    var sets: [ByteSet] = []
    /// Per group of the source (index 0 = group 1), its number in the program, 0 when it
    /// does not capture; nil: every group keeps its own number.
    var groupNumbers: [Int]? = nil

    /// The instructions `node` compiles to, saturating at `cap` (so counts never overflow).
    static func size(of node: RegexNode, cap: Int) -> Int {
        func add(_ x: Int, _ y: Int) -> Int { min(cap, x + y) }
        func mul(_ x: Int, _ y: Int) -> Int {
            let (p, o) = x.multipliedReportingOverflow(by: y)
            return o ? cap : min(cap, p)
        }
        switch node {
        case .empty: return 0
        case .character(let bytes): return bytes.count
        case .set(_, let nonASCII): return nonASCII ? 4 : 1
        case .concat(let items): return items.reduce(0) { add($0, size(of: $1, cap: cap)) }
        case .alternate(let branches):
            return branches.reduce(2 * (branches.count - 1)) { add($0, size(of: $1, cap: cap)) }
        case .group(let inner, let capture): return add(size(of: inner, cap: cap), capture == nil ? 0 : 2)
        case .repetition(let inner, let lo, let hi, _):
            let s = size(of: inner, cap: cap)
            let required = mul(lo, s)
            guard let hi else { return add(required, add(s, 2)) }
            return add(required, mul(hi - lo, add(s, 1)))
        case .startAnchor, .endAnchor: return 1
        }
    }

    mutating func emit(_ op: RegexInstruction.Op, _ a: Int = 0, _ b: Int = 0) {
        instructions.append(RegexInstruction(op: op, a: Int32(truncatingIfNeeded: a), b: Int32(truncatingIfNeeded: b)))
    }

    var next: Int { instructions.count }

    mutating func setIndex(_ s: ByteSet) -> Int {
        if let k = sets.firstIndex(of: s) { return k }
        sets.append(s)
        return sets.count - 1
    }

    mutating func compile(_ node: RegexNode) {
        switch node {
        case .empty: break
        case .character(let bytes): for b in bytes { emit(.byte, Int(b)) }
        case .set(let s, let nonASCII):
            let k = setIndex(s)
            if nonASCII {
                emit(.utf8, k)
                emit(.continuation); emit(.continuation); emit(.continuation)
            } else {
                emit(.set, k)
            }
        case .concat(let items): for item in items { compile(item) }
        case .alternate(let branches):
            var jumps: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k < branches.count - 1 {
                    let split = next
                    emit(.split, split + 1, 0)
                    compile(branch)
                    jumps.append(next)
                    emit(.jump)
                    instructions[split].b = Int32(next)
                } else {
                    compile(branch)
                }
            }
            for j in jumps { instructions[j].a = Int32(next) }
        case .group(let inner, let written):
            let capture = written.flatMap { n in groupNumbers.map { $0[n - 1] == 0 ? nil : $0[n - 1] } ?? n }
            if let capture { emit(.save, 2 * capture) }
            compile(inner)
            if let capture { emit(.save, 2 * capture + 1) }
        case .repetition(let inner, let lo, let hi, let greedy):
            for _ in 0..<lo { compile(inner) }
            if let hi {
                // Nested, `x(x(x)?)?`, not `x?x?x?`: the same matches in the same order of
                // preference, but a thread that skips goes straight to the end, so the
                // threads (and an automaton's states) after k bytes are a handful, not
                // hi - k optional copies.
                var splits: [Int] = []
                for _ in lo..<hi {
                    splits.append(next)
                    emit(.split)
                    compile(inner)
                }
                for split in splits { prefer(split: split, body: split + 1, out: next, greedy: greedy) }
            } else {
                let loop = next
                emit(.split)
                compile(inner)
                emit(.jump, loop)
                prefer(split: loop, body: loop + 1, out: next, greedy: greedy)
            }
        case .startAnchor: emit(.start)
        case .endAnchor: emit(.end)
        }
    }

    mutating func optional(_ inner: RegexNode, greedy: Bool) {
        let split = next
        emit(.split)
        compile(inner)
        prefer(split: split, body: split + 1, out: next, greedy: greedy)
    }

    mutating func prefer(split: Int, body: Int, out: Int, greedy: Bool) {
        instructions[split].a = Int32(greedy ? body : out)
        instructions[split].b = Int32(greedy ? out : body)
    }
}
