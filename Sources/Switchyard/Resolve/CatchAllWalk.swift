/// The walk of the two dynamic edges that are not one whole segment each (SEMANTICS.md §2
/// and §3): segments of several pieces (`:id.:format`) and catch-alls followed by more of
/// the pattern (`/*namespace/:project/-/issues`). Tables without them never come here.
///
/// A catch-all tries its splits shortest first, and the walk below it runs once per split.
/// With several catch-alls on one way down that could multiply, so the walk remembers each
/// (catch-all edge, cursor after it) it has passed, in a bitset the MatchBuffer keeps: a
/// second visit could only find the routes the first one already weighed, later in
/// precedence order. A split loop that meets a remembered place stops there, since the
/// loop that passed it went on over every longer split. Each catch-all edge thus reads each
/// URL position about once and walks its subtree at most once per position: the work is
/// polynomial (edges × segments × table size), never exponential, and uses no stack beyond
/// `maxCatchAlls` nested walks.

/// Matches segment `p[0..<n]` (the segment `seg`) against an inline program
/// (InlineSegment.swift) and writes one capture per parameter at `out`. Returns how many,
/// or -1 when the segment does not match. The first literal piece must start the segment
/// and the last must end it; a parameter followed by another piece ends at the first
/// place (after at least one byte) where the next literal occurs. A parameter never takes
/// empty text, `.` or `..`. No backtracking: one pass, each literal searched once.
@inline(never)
func matchInline(_ program: UnsafePointer<UInt8>, _ programCount: Int, _ p: UnsafePointer<UInt8>, _ n: Int,
                 _ seg: TextRef, fold: Bool, emptyPieces: Bool = false,
                 into out: UnsafeMutablePointer<Capture>) -> Int {
    var pos = 0
    var pending = -1  // where the parameter waiting for its end starts
    var written = 0
    var k = 0
    func put(_ start: Int, _ end: Int) -> Bool {
        let len = end - start
        if len < 0 || (len == 0 && !emptyPieces) || (len > 0 && len <= 2 && p[start] == 0x2E && (len == 1 || p[start + 1] == 0x2E)) { return false }
        out[written] = Capture(text: TextRef(start: seg.start &+ Int32(truncatingIfNeeded: start),
                                             count: Int32(truncatingIfNeeded: len), decoded: seg.decoded),
                               kind: .param)
        written += 1
        return true
    }
    while k < programCount {
        if program[k] == InlineProgram.parameterTag {
            pending = pos
            k += 1
            continue
        }
        let m = Int(program[k + 1]) | Int(program[k + 2]) << 8 | Int(program[k + 3]) << 16 | Int(program[k + 4]) << 24
        let lit = program + k + 5
        k += 5 + m
        let isLast = k >= programCount
        func equalAt(_ at: Int) -> Bool { fold ? bytesEqualFolding(lit, p + at, m) : bytesEqual(lit, p + at, m) }
        if pending < 0 {
            if isLast {
                guard n - pos == m, equalAt(pos) else { return -1 }
            } else {
                guard n - pos >= m, equalAt(pos) else { return -1 }
            }
            pos += m
            continue
        }
        var at = -1
        if isLast {
            if n - m > pending || (emptyPieces && n - m == pending), equalAt(n - m) { at = n - m }
        } else {
            var s = emptyPieces ? pending : pending + 1
            while s + m <= n {
                if equalAt(s) { at = s; break }
                s += 1
            }
        }
        guard at >= 0, put(pending, at) else { return -1 }
        pending = -1
        pos = at + m
    }
    if pending >= 0 {
        guard put(pending, n) else { return -1 }
    } else if pos != n {
        return -1
    }
    return written
}

extension Walker {
    /// The captures of inline edge `d` for segment `seg` (`p`, `n`), written above the
    /// pushed ones but not pushed; -1 when the segment does not match.
    @inline(__always)
    func inlineCaptures(_ d: DynamicEdge, _ seg: TextRef, _ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        matchInline(table.keys + Int(d.suffixStart), Int(d.suffixCount), p, n, seg, fold: table.fold,
                    emptyPieces: table.emptyParameters, into: captures + captureCount)
    }

    /// The walk below inline or catch-all edge `k` (an index into `dynamics`) for the
    /// segment at cursor `i`. True when it is the `last` way on from its node and matched:
    /// its captures stay pushed and the caller goes on to the edge's child itself. Few
    /// arguments: the call sits in the plain walk's loop, which then keeps its registers.
    @inline(never)
    mutating func piecesWay(_ k: Int, _ i: Int, last: Bool) -> Bool {
        let d = table.dynamics[k]
        guard let (seg, next, _) = source.segment(i) else { aborted = true; return false }
        let p = text(seg), n = Int(seg.count)
        if d.kind == .catchAll {
            walkCatchAll(d, i, deep: false, depth: 0)
            return false
        }
        let got = inlineCaptures(d, seg, p, n)
        if got < 0 { return false }
        captureCount &+= got
        if last { return true }
        descend(d.child, next)
        captureCount &-= got
        return false
    }

    /// Whether (catch-all edge `ordinal`, cursor `j`) was passed already; marks it if not.
    /// `visited` holds the bits per edge, the walks counted (CatchAllMemo), then the bits.
    @inline(__always)
    mutating func seenBefore(_ ordinal: Int32, _ j: Int) -> Bool {
        guard let visited else { return false }
        let bit = Int(ordinal) &* Int(visited[0]) &+ (j &- source.start)
        let word = visited + CatchAllMemo.header + (bit >> 6), mask = UInt64(1) << UInt64(bit & 63)
        if word.pointee & mask != 0 { return true }
        word.pointee |= mask
        return false
    }

    /// Walks catch-all edge `d` from cursor `i`: for each split, shortest first, the
    /// catch-all takes one or more whole segments (or, with a program, the start of its
    /// last segment, whose rest the program matches) and the walk goes on below it.
    /// `deep`: called from `walkDeep`, whose frames up to `depth` are in use.
    @inline(never)
    mutating func walkCatchAll(_ d: DynamicEdge, _ i: Int, deep: Bool, depth: Int) {
        let base = captureCount
        defer { captureCount = base }
        let program = table.keys + Int(d.suffixStart), programCount = Int(d.suffixCount)
        var j = i
        var first = -1  // the first segment's start (byte walk)
        while !source.isEnd(j) {
            guard let (s, after, _) = source.segment(j) else { aborted = true; return }
            let n = Int(s.count)
            if n == 0 { return }  // a catch-all never spans an empty segment
            // An earlier walk of this edge went on from here to every longer split (it
            // stops only where this one would): nothing is left to try.
            if seenBefore(d.portStart, after) { return }
            if first < 0 { first = Int(s.start) }
            var taken = n  // bytes of this segment the catch-all takes
            var pushed = 1
            if programCount > 0 {
                let got = matchInline(program, programCount, text(s), n, s, fold: table.fold, emptyPieces: table.emptyParameters, into: captures + base)
                if got > 0 {
                    taken = Int(captures[base].text.count)
                    pushed = got
                } else {
                    pushed = 0
                }
            }
            if pushed > 0, promising(d.child) {
                if Source.self == BytesSource.self {
                    // The URL's own bytes: nothing in them is decoded, so they are the text.
                    captures[base] = Capture(text: TextRef(start: Int32(truncatingIfNeeded: first),
                                                           count: Int32(truncatingIfNeeded: Int(s.start) &+ taken &- first),
                                                           decoded: false), kind: .param)
                } else {
                    // Segments of the list, joined when the match is laid out (`joinCatchAlls`).
                    captures[base] = Capture(text: TextRef(start: Int32(truncatingIfNeeded: i),
                                                           count: Int32(truncatingIfNeeded: j), decoded: false),
                                             kind: .catchAll, intValue: Int64(taken))
                }
                captureCount = base &+ pushed
                if let visited { visited[1] &+= 1 }
                if deep {
                    walkDeep(d.child, after, base: depth)
                } else {
                    descend(d.child, after)
                }
                captureCount = base
                if done || aborted { return }
            }
            j = after
        }
    }
}

/// The largest bitset a walk through catch-alls may use (1 MiB).
let maxCatchAllMemoWords = 1 << 17

/// The layout of what a walk through catch-alls remembers: word 0 the bits per catch-all
/// edge (the URL's cursor span plus one), word 1 the subtrees walked, then the bits.
enum CatchAllMemo {
    static let header = 2
}
