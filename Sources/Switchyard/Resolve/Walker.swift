/// The resolve walk: a depth-first search of the Table in specificity order (SEMANTICS.md §3).
/// With the default precedence the first match found is the most specific one; the walk then
/// only visits subtrees that hold a higher priority (`TreeNode.maxPriority`), so a table with
/// one priority stops at its first match. Each node's URL position is fixed by its depth
/// (only a remainder, always last, consumes several segments), so the walk visits every node
/// at most once: bounded by the table size for any table, with no exponential backtracking.
/// Below a catch-all in the middle a node may be reached at several positions; each
/// (catch-all, position) is walked once (CatchAllWalk.swift), which keeps the bound polynomial.
/// The walk recurses where it must come back to a node, but only `WalkTable.recursionBudget`
/// calls deep; below that it keeps a `WalkFrame` per node in the MatchBuffer's storage instead, so
/// its stack use is bounded whatever the depth of the URL or the table.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One captured value: its text and, for typed parameters, the converted value.
struct Capture: BitwiseCopyable {
    var text: TextRef
    var kind: SegmentKind
    var intValue: Int64 = 0
    var floatValue: Double = 0
}

/// A node the walk must come back to: the segment at cursor `i` is read again, the walk goes
/// on with the node's dynamic edge `next` (an index into `dynamics`; the end of the node's
/// edges means its remainders are left) with the captures the node had (`captureCount`).
struct WalkFrame: BitwiseCopyable {
    var node: Int32
    var next: Int32
    var captureCount: Int32
    var i: Int
}

/// How the walk reads path segments. A cursor is an Int whose meaning the source decides.
protocol SegmentSource {
    /// The cursor of the first segment.
    var start: Int { get }
    func isEnd(_ i: Int) -> Bool
    /// The segment at `i`, the cursor after it and the segment's prefix word (unfolded);
    /// nil when the URL needs normalising (the walk then stops and the Router reads the
    /// URL the full way).
    func segment(_ i: Int) -> (TextRef, Int, UInt64)?
    /// Segments left from `i`: 0, 1 (one or more) or -1 (the URL needs normalising).
    func remainderSegments(_ i: Int) -> Int
}

/// Segments already read and normalised into a URLView: the cursor is a segment index.
struct ListSource: SegmentSource {
    let segments: UnsafeMutablePointer<TextRef>
    let count: Int
    let url: UnsafePointer<UInt8>
    let decoded: UnsafePointer<UInt8>
    var start: Int { 0 }
    @inline(__always) func isEnd(_ i: Int) -> Bool { i == count }
    @inline(__always) func segment(_ i: Int) -> (TextRef, Int, UInt64)? {
        let t = segments[i]
        let p = t.decoded ? decoded + Int(t.start) : url + Int(t.start)
        return (t, i &+ 1, prefixWord(p, Int(t.count), fold: false))
    }
    @inline(__always) func remainderSegments(_ i: Int) -> Int { count - i > 0 ? 1 : 0 }
}

/// Segments found in the URL bytes as the walk goes, for URLs with nothing to decode: the
/// cursor is a byte offset. An empty, `.` or `..` segment ends the fast walk (normalising
/// them is the full reader's job). A single trailing slash is ignored, as the reader does.
struct BytesSource: SegmentSource {
    let p: UnsafePointer<UInt8>
    let start: Int
    let end: Int
    @inline(__always) func isEnd(_ i: Int) -> Bool { i >= end }

    /// One word at `i` serves both to find the end of the segment and as its prefix word.
    @inline(__always)
    func segment(_ i: Int) -> (TextRef, Int, UInt64)? {
        let w = i &+ 8 <= end ? load8(p, i) : loadTail(p, i, end)
        let m = byteMask(w, 0x2F)
        var j: Int
        if m != 0 {
            j = i &+ m.trailingZeroBitCount >> 3
        } else if i &+ 8 < end {
            j = nextSlash(p, i &+ 8, end)
        } else {
            j = end
        }
        if j > end { j = end }
        let n = j &- i
        if n <= 2 && isDotOrEmpty(i, n) { return nil }
        return (TextRef(start: Int32(truncatingIfNeeded: i), count: Int32(truncatingIfNeeded: n), decoded: false),
                j < end ? j &+ 1 : end, lowBytes(w, n))
    }

    @inline(__always)
    func isDotOrEmpty(_ i: Int, _ n: Int) -> Bool {
        n == 0 || (p[i] == 0x2E && (n == 1 || p[i &+ 1] == 0x2E))
    }

    func remainderSegments(_ i: Int) -> Int {
        if i >= end { return 0 }
        var k = i
        while k < end {
            let j = nextSlash(p, k, end)
            if j - k <= 2 && isDotOrEmpty(k, j - k) { return -1 }
            k = j &+ 1
        }
        return 1
    }
}

struct Walker<Source: SegmentSource> {
    /// The table's arrays and settings, as plain values.
    let table: WalkTable
    let url: UnsafePointer<UInt8>
    let decoded: UnsafePointer<UInt8>
    let source: Source

    var captures: UnsafeMutablePointer<Capture>
    var captureCount = 0
    /// The MatchBuffer's storage, for what only the rare ways of the walk read (its frames,
    /// the input of `urlpattern` checks): reached through it, they cost the common walk
    /// nothing to carry.
    let buffer: UnsafeMutablePointer<MatchBuffer.State>
    /// Calls of walkPath open now (see `descend`).
    var recursion: Int32 = 0
    var bestCaptures: UnsafeMutablePointer<Capture>
    var bestCaptureCount = 0
    /// The winning entry's index in `table.entries`, or -1.
    var best: Int32 = -1
    /// The winner's priority (read only while `best >= 0`): the walk compares it at every
    /// node, and keeps it rather than a copy of the whole entry.
    var bestPriority: Int32 = 0
    /// Where the winner's remainder starts (a cursor), or -1.
    var bestRemainder = -1
    /// Set when the source met something to normalise: the result is void.
    var aborted = false
    /// Set when nothing can beat the winner any more (specificity precedence and a winner
    /// at the table's highest priority): the walk unwinds without looking further.
    var done = false
    let topPriority: Int32
    /// Catch-alls followed by more of a pattern (CatchAllWalk.swift): what their walk
    /// remembers (nil for a table without them). One field, so a plain walk pays one store.
    var visited: UnsafeMutablePointer<UInt64>? = nil

    init(_ table: WalkTable, url: UnsafePointer<UInt8>, decoded: UnsafePointer<UInt8>, source: Source,
         captures: UnsafeMutablePointer<Capture>, bestCaptures: UnsafeMutablePointer<Capture>,
         buffer: UnsafeMutablePointer<MatchBuffer.State>) {
        self.table = table
        self.buffer = buffer
        self.url = url
        self.decoded = decoded
        self.source = source
        topPriority = table.nodes[0].maxPriority
        self.captures = captures
        self.bestCaptures = bestCaptures
    }

    /// Room for as many frames as the table has levels (`TableView.walkDepth`), reserved by
    /// the MatchBuffer: a frame is kept only on the way down from a path level, so they fit.
    @inline(__always)
    var frames: UnsafeMutablePointer<WalkFrame> { buffer.pointee.frames.base }

    @inline(__always)
    func text(_ t: TextRef) -> UnsafePointer<UInt8> {
        t.decoded ? decoded + Int(t.start) : url + Int(t.start)
    }

    /// The winning entry (only while `best >= 0`).
    @inline(__always)
    var bestEntry: TableEntry { table.entries[Int(best)] }

    /// Where the winning entry is in the table (only while `best >= 0`).
    @inline(__always)
    var bestEntryAt: UnsafePointer<TableEntry> { UnsafePointer(table.entries + Int(best)) }

    /// Whether a subtree can still hold a better winner than the current one.
    @inline(__always)
    func promising(_ node: Int32) -> Bool {
        if best < 0 { return true }
        let m = table.nodes[Int(node)].maxPriority
        return table.precedence == .specificity ? m > bestPriority : m >= bestPriority
    }

    /// Whether `e`, met now in the walk, beats the current winner.
    @inline(__always)
    func beats(_ e: TableEntry) -> Bool {
        if best < 0 { return true }
        if e.priority != bestPriority { return e.priority > bestPriority }
        let bestEntry = self.bestEntry
        switch table.precedence {
        case .specificity: return false  // met later in the walk = less specific
        case .registrationOrder, .codePoint: return e.seq < bestEntry.seq
        case .mostLiterals:
            if e.literalCount != bestEntry.literalCount { return e.literalCount > bestEntry.literalCount }
            return e.seq < bestEntry.seq
        }
    }

    @inline(__always)
    mutating func take(_ index: Int32, remainder: Int) {
        best = index
        bestPriority = table.entries[Int(index)].priority
        bestRemainder = remainder
        // A loop, not memmove: a winner has a few captures, fewer than a call costs.
        var k = 0
        while k < captureCount {
            bestCaptures[k] = captures[k]
            k &+= 1
        }
        bestCaptureCount = captureCount
        if table.precedence == .specificity && bestPriority >= topPriority { done = true }
    }

    /// Finds the literal child of `node` whose key equals `p[0..<n]` (`word`: its prefix
    /// word, folded when `fold`), and whose port equals `port` for hosts; -1 when none.
    /// Static, so calling it never copies the walker.
    @inline(__always)
    static func literalChild(_ literals: UnsafeMutablePointer<LiteralEdge>, _ slots: UnsafeMutablePointer<Int32>,
                             _ keys: UnsafePointer<UInt8>, _ node: UnsafeMutablePointer<TreeNode>,
                             _ p: UnsafePointer<UInt8>, _ n: Int,
                             word: UInt64, fold: Bool, port: UnsafePointer<UInt8>? = nil,
                             portCount: Int = 0) -> Int32 {
        if node.pointee.slotMask == 0 {
            var k = Int(node.pointee.literalStart)
            let end = k &+ Int(node.pointee.literalCount)
            while k < end {
                let e = literals[k]
                if e.prefix == word, Int(e.keyCount) == n, restEquals(keys, e, p, n, fold),
                   portEquals(keys, e, port, portCount) {
                    return e.child
                }
                k &+= 1
            }
            return -1
        }
        // A negative mask: the keys' first words collide (crafted or not), so the index
        // hashes whole keys with a seeded hash, looked up out of line.
        if node.pointee.slotMask < 0 {
            return wholeKeyChild(literals, slots, keys, node, p, n, word: word, fold: fold, port: port, portCount: portCount)
        }
        let h = literalHash(word, n)
        let mask = Int(node.pointee.slotMask)
        var s = Int(h) & mask
        while true {
            let idx = slots[Int(node.pointee.slotStart) &+ s]
            if idx < 0 { return -1 }
            let e = literals[Int(node.pointee.literalStart) &+ Int(idx)]
            if e.prefix == word, Int(e.keyCount) == n, restEquals(keys, e, p, n, fold),
               portEquals(keys, e, port, portCount) {
                return e.child
            }
            s = (s &+ 1) & mask
        }
    }

    /// `literalChild` for a node whose index hashes whole keys (`wholeKeyHash`).
    @inline(never)
    static func wholeKeyChild(_ literals: UnsafeMutablePointer<LiteralEdge>, _ slots: UnsafeMutablePointer<Int32>,
                              _ keys: UnsafePointer<UInt8>, _ node: UnsafeMutablePointer<TreeNode>,
                              _ p: UnsafePointer<UInt8>, _ n: Int, word: UInt64, fold: Bool,
                              port: UnsafePointer<UInt8>?, portCount: Int) -> Int32 {
        let mask = Int(node.pointee.slotMask & .max)
        var s = Int(wholeKeyHash(p, n, fold: fold)) & mask
        while true {
            let idx = slots[Int(node.pointee.slotStart) &+ s]
            if idx < 0 { return -1 }
            let e = literals[Int(node.pointee.literalStart) &+ Int(idx)]
            if e.prefix == word, Int(e.keyCount) == n, restEquals(keys, e, p, n, fold),
               portEquals(keys, e, port, portCount) {
                return e.child
            }
            s = (s &+ 1) & mask
        }
    }

    /// The bytes after the prefix word (keys longer than 8 bytes only). Up to 16 bytes, the
    /// last 8 as one word (overlapping the prefix word, which is equal).
    @inline(__always)
    static func restEquals(_ keys: UnsafePointer<UInt8>, _ e: LiteralEdge, _ p: UnsafePointer<UInt8>, _ n: Int,
                           _ fold: Bool) -> Bool {
        if n <= 8 { return true }
        let k = keys + Int(e.keyStart)
        if _slowPath(n > 16) { return longRestEquals(k, p, n, fold) }
        let key = load8(k, n &- 8), given = load8(p, n &- 8)
        return key == (fold ? asciiLowerWord(given) : given)
    }

    /// `restEquals` for keys longer than 16 bytes: out of line, so that the walk's literal
    /// lookups stay small enough to inline.
    @inline(never)
    static func longRestEquals(_ k: UnsafePointer<UInt8>, _ p: UnsafePointer<UInt8>, _ n: Int, _ fold: Bool) -> Bool {
        fold ? bytesEqualFolding(k + 8, p + 8, n &- 8) : bytesEqual(k + 8, p + 8, n &- 8)
    }

    @inline(__always)
    static func portEquals(_ keys: UnsafePointer<UInt8>, _ e: LiteralEdge, _ port: UnsafePointer<UInt8>?,
                           _ n: Int) -> Bool {
        if Int(e.portCount) != n { return false }
        guard n > 0, let port else { return true }
        return bytesEqual(keys + e.portStart, port, n)
    }

    // MARK: levels

    mutating func walkScheme(_ view: inout URLView) {
        let root = table.nodes
        if view.hasScheme {
            let sp = url + Int(view.scheme.start), sn = Int(view.scheme.count)
            let c = Walker.literalChild(table.literals, table.slots, table.keys, root, sp, sn, word: view.schemeWord,
                                        fold: true)
            if c >= 0 && promising(c) { walkHost(c, &view) }
        }
        var k = Int(root.pointee.dynamicStart)
        let end = k + Int(root.pointee.dynamicCount)
        while k < end {  // only `anyScheme`
            let c = table.dynamics[k].child
            if promising(c) { walkHost(c, &view) }
            k += 1
        }
    }

    mutating func walkHost(_ index: Int32, _ view: inout URLView) {
        let node = table.nodes + Int(index)
        if view.hasHost {
            let h = url + Int(view.host.start), hn = Int(view.host.count)
            let port: UnsafePointer<UInt8>? = view.port.count > 0 ? url + Int(view.port.start) : nil
            let pn = Int(view.port.count)
            // A host with no A-Z compares the same unfolded.
            let fold = !view.hostIsLowercase
            let c = Walker.literalChild(table.literals, table.slots, table.keys, node, h, hn, word: prefixWord(h, hn, fold: fold),
                                        fold: fold, port: port, portCount: pn)
            if c >= 0 && promising(c) { walkPath(c, source.start) }
            var k = Int(node.pointee.dynamicStart)
            let end = k + Int(node.pointee.dynamicCount)
            while k < end {
                let d = table.dynamics[k]
                k += 1
                guard promising(d.child) else { continue }
                if d.kind == .anyHost { walkPath(d.child, source.start); continue }
                // `*.example.com`: one or more labels, then the suffix; the port must agree.
                let sn = Int(d.suffixCount)
                guard hn > sn, Int(d.portCount) == pn,
                      bytesEqualFolding(table.keys + Int(d.suffixStart), h + (hn - sn), sn),
                      pn == 0 || port.map({ bytesEqual(table.keys + Int(d.portStart), $0, pn) }) == true else { continue }
                walkPath(d.child, source.start)
            }
        } else {
            var k = Int(node.pointee.dynamicStart)
            let end = k + Int(node.pointee.dynamicCount)
            while k < end {
                let d = table.dynamics[k]
                if d.kind == .anyHost, promising(d.child) { walkPath(d.child, source.start) }
                k += 1
            }
        }
    }

    /// Walks from path node `start` at cursor `i0`. It recurses only where it must come back
    /// (a literal child tried before parameters, or remainders after them), through
    /// `descend`; the last way on from a node is taken by looping, so a walk down a chain
    /// costs no calls. Captures pushed on the way are dropped when it returns.
    mutating func walkPath(_ start: Int32, _ i0: Int) {
        let captureBase = captureCount
        defer { captureCount = captureBase }
        var index = start
        var i = i0
        while true {
            if aborted || done { return }
            let node = table.nodes + Int(index)
            if source.isEnd(i) {
                // The pattern ends where the URL ends: it beats a remainder of zero segments (§8).
                var k = node.pointee.endStart
                let end = k &+ node.pointee.endCount
                while k < end {
                    if beats(table.entries[Int(k)]) {
                        // A route whose query contract refuses the query lets the next one try.
                        if _slowPath(table.entries[Int(k)].hasQueryContract) && !queryAccepts(table.entries[Int(k)]) {
                            k &+= 1
                            continue
                        }
                        take(k, remainder: -1)
                    }
                    if table.precedence == .specificity { break }  // sorted: the first is the best here
                    k &+= 1
                }
                if node.pointee.remainderCount > 0 { considerRemainders(node.pointee, i, segmentsLeft: 0) }
                return
            }
            // Nothing below can beat the winner: skip the node without looking at its edges.
            if best >= 0 && (table.precedence == .specificity ? node.pointee.maxPriority <= bestPriority
                                                         : node.pointee.maxPriority < bestPriority) { return }
            guard let (seg, next, rawWord) = source.segment(i) else { aborted = true; return }
            let p = text(seg)
            let n = Int(seg.count)
            let hasRemainders = node.pointee.remainderCount > 0
            var literal: Int32 = -1
            if node.pointee.literalCount > 0 {
                let word = table.fold ? asciiLowerWord(rawWord) : rawWord
                let c = Walker.literalChild(table.literals, table.slots, table.keys, node, p, n, word: word, fold: table.fold)
                if c >= 0 && promising(c) { literal = c }
            }
            if literal >= 0 {
                if node.pointee.dynamicCount == 0 && !hasRemainders {  // nothing to come back for
                    index = literal
                    i = next
                    continue
                }
                descend(literal, next)
                if done { return }
            }
            var tail: Int32 = -1  // the last way on, taken by the loop
            var k = Int(node.pointee.dynamicStart)
            let end = k &+ Int(node.pointee.dynamicCount)
            edges: while k < end {
                let d = table.dynamics[k]
                k &+= 1
                guard promising(d.child), n > 0 || table.emptyParameters else { continue }  // parameters never match empty (but in RoutingKit's reading)
                let last = k == end && !hasRemainders
                var cap = Capture(text: seg, kind: .param)
                switch d.kind {
                case .uuid:
                    guard isUUID(p, n) else { continue }
                    cap.kind = .uuid
                case .int:
                    guard let v = parseInt64(p, n) else { continue }
                    cap.kind = .int
                    cap.intValue = v
                case .float:
                    guard let v = parseDecimal(p, n) else { continue }
                    cap.kind = .float
                    cap.floatValue = v
                case .param: break
                case .star:  // one segment, not captured
                    if last { tail = d.child; break }
                    descend(d.child, next)
                    if done { return }
                    continue
                default:
                    // Constraints, inline and catch-all edges, out of line: the loop keeps
                    // the registers it has for the common kinds. True: the last way on, its
                    // captures pushed.
                    if otherEdge(k &- 1, i, last: last) { tail = d.child; break edges }
                    if done || aborted { return }
                    continue
                }
                if d.kind == .star { break }
                captures[captureCount] = cap
                captureCount &+= 1
                if last { tail = d.child; break }  // the capture stays pushed for the loop
                descend(d.child, next)
                captureCount &-= 1
                if done { return }
            }
            if tail >= 0 {
                index = tail
                i = next
                continue
            }
            if hasRemainders {
                let left = source.remainderSegments(i)
                if left < 0 { aborted = true; return }
                considerRemainders(node.pointee, i, segmentsLeft: left)
            }
            return
        }
    }

    /// `walkPath` without recursion, for what lies below `recursionBudget` open calls: the
    /// last way on from a node is taken by moving to it; before the other ways (a literal
    /// child tried before parameters, parameters before remainders) it keeps a frame, and
    /// when a subtree is done it takes the frame back and goes on where it was (`back`).
    /// It answers exactly as `walkPath` would (the tests run every table both ways).
    /// Captures pushed on the way are dropped when the walk comes back above them.
    /// `base`: the frames in use below this walk (a catch-all's split walks above them).
    mutating func walkDeep(_ start: Int32, _ i0: Int, base: Int = 0) {
        let captureBase = captureCount
        defer { captureCount = captureBase }
        var depth = base
        var index = start
        var i = i0
        walk: while true {
            if aborted || done { return }
            let node = table.nodes + Int(index)
            if source.isEnd(i) {
                // The pattern ends where the URL ends: it beats a remainder of zero segments (§8).
                var e = node.pointee.endStart
                let end = e &+ node.pointee.endCount
                while e < end {
                    if beats(table.entries[Int(e)]) {
                        if _slowPath(table.entries[Int(e)].hasQueryContract) && !queryAccepts(table.entries[Int(e)]) {
                            e &+= 1
                            continue
                        }
                        take(e, remainder: -1)
                    }
                    if table.precedence == .specificity { break }  // sorted: the first is the best here
                    e &+= 1
                }
                if node.pointee.remainderCount > 0 { considerRemainders(node.pointee, i, segmentsLeft: 0) }
            } else if best >= 0 && (table.precedence == .specificity ? node.pointee.maxPriority <= bestPriority
                                                                : node.pointee.maxPriority < bestPriority) {
                // Nothing below can beat the winner: skip the node without looking at its edges.
            } else {
                guard let (seg, next, rawWord) = source.segment(i) else { aborted = true; return }
                let p = text(seg)
                let n = Int(seg.count)
                if node.pointee.literalCount > 0 {
                    let word = table.fold ? asciiLowerWord(rawWord) : rawWord
                    let c = Walker.literalChild(table.literals, table.slots, table.keys, node, p, n, word: word, fold: table.fold)
                    if c >= 0 && promising(c) {
                        if node.pointee.dynamicCount != 0 || node.pointee.remainderCount > 0 {
                            // Come back for the parameters and remainders.
                            frames[depth] = WalkFrame(node: index, next: node.pointee.dynamicStart,
                                                      captureCount: Int32(truncatingIfNeeded: captureCount), i: i)
                            depth &+= 1
                        }
                        index = c
                        i = next
                        continue walk
                    }
                }
                if ways(node, Int(node.pointee.dynamicStart), seg, p, n, i, next, &index, &depth) {
                    i = next
                    continue walk
                }
            }
            // This node is done: go back to the last node that has ways left.
            if depth == base || !back(&depth, &index, &i, base: base) { return }
        }
    }

    /// The walk below `node` (at cursor `i`), before coming back: by a call while fewer than
    /// `recursionBudget` are open, else with frames (`walkDeep`), whose stack use is fixed.
    /// Only the places that come back pay for the count, not the walk down a chain.
    @inline(__always)
    mutating func descend(_ node: Int32, _ i: Int) {
        if recursion < table.recursionBudget {
            recursion &+= 1
            walkPath(node, i)
            recursion &-= 1
        } else {
            walkDeep(node, i)
        }
    }

    /// Pops frames until one has a way on: true with `index` and `i` where the walk goes
    /// on, false when none is left (or the walk is over). Out of line: most walks never
    /// come back, and the loop above stays small.
    @inline(never)
    mutating func back(_ depth: inout Int, _ index: inout Int32, _ i: inout Int, base: Int = 0) -> Bool {
        while depth > base {
            if aborted || done { return false }
            depth &-= 1
            let f = frames[depth]
            captureCount = Int(f.captureCount)
            index = f.node
            i = f.i
            let node = table.nodes + Int(index)
            guard let (seg, next, _) = source.segment(i) else { aborted = true; return false }
            if ways(node, Int(f.next), seg, text(seg), Int(seg.count), i, next, &index, &depth) {
                i = next
                return true
            }
        }
        return false
    }

    /// The ways on from `node` whose segment `seg` (`p`, `n`) is at cursor `i`: its dynamic
    /// edges from `k`, then its remainders. True when the walk goes on down (to `index`, a
    /// frame pushed if `node` has ways left after it); false when `node` is done.
    /// Frames never overflow: one is pushed only on the way down from a path level, and a
    /// MatchBuffer reserves as many as the table has levels (`TableView.walkDepth`).
    @inline(__always)
    mutating func ways(_ node: UnsafeMutablePointer<TreeNode>, _ k0: Int, _ seg: TextRef, _ p: UnsafePointer<UInt8>,
                       _ n: Int, _ i: Int, _ next: Int, _ index: inout Int32, _ depth: inout Int) -> Bool {
        let hasRemainders = node.pointee.remainderCount > 0
        let end = Int(node.pointee.dynamicStart) &+ Int(node.pointee.dynamicCount)
        var k = k0
        while k < end {
            let d = table.dynamics[k]
            k &+= 1
            guard promising(d.child), n > 0 || table.emptyParameters else { continue }  // parameters never match empty (but in RoutingKit's reading)
            let last = k == end && !hasRemainders
            var cap = Capture(text: seg, kind: .param)
            switch d.kind {
            case .uuid:
                guard isUUID(p, n) else { continue }
                cap.kind = .uuid
            case .int:
                guard let v = parseInt64(p, n) else { continue }
                cap.kind = .int
                cap.intValue = v
            case .float:
                guard let v = parseDecimal(p, n) else { continue }
                cap.kind = .float
                cap.floatValue = v
            case .param: break
            case .star: cap.kind = .star  // one segment, not captured
            case .inline:  // several captures (CatchAllWalk.swift)
                let got = inlineCaptures(d, seg, p, n)
                if got < 0 { continue }
                if !last {
                    frames[depth] = WalkFrame(node: index, next: Int32(truncatingIfNeeded: k),
                                              captureCount: Int32(truncatingIfNeeded: captureCount), i: i)
                    depth &+= 1
                }
                captureCount &+= got
                index = d.child
                return true
            case .catchAll:
                walkCatchAll(d, i, deep: true, depth: depth)
                if done || aborted { return false }
                continue
            default:
                cap.kind = constrainedKind(d, p, n)  // `.star`: an unnamed constraint is not captured
                if cap.kind == .param { continue }
            }
            if !last {
                frames[depth] = WalkFrame(node: index, next: Int32(truncatingIfNeeded: k),
                                          captureCount: Int32(truncatingIfNeeded: captureCount), i: i)
                depth &+= 1
            }
            // The last way on keeps its capture until the walk comes back above it.
            if cap.kind != .star {
                captures[captureCount] = cap
                captureCount &+= 1
            }
            index = d.child
            return true
        }
        if hasRemainders {
            let left = source.remainderSegments(i)
            if left < 0 { aborted = true; return false }
            considerRemainders(node.pointee, i, segmentsLeft: left)
        }
        return false
    }

    /// Dynamic edge `k` of a kind the plain walk does not know (a constraint, inline pieces,
    /// a catch-all in the middle) tried at segment `i`: true when it is the last way on and
    /// its captures are pushed (the caller goes on to its child); false when it did not
    /// match or its subtree was walked.
    @inline(never)
    mutating func otherEdge(_ k: Int, _ i: Int, last: Bool) -> Bool {
        let d = table.dynamics[k]
        if d.kind == .inline || d.kind == .catchAll { return piecesWay(k, i, last: last) }
        guard let (seg, next, _) = source.segment(i) else { aborted = true; return false }
        let kind = constrainedKind(d, text(seg), Int(seg.count))
        if kind == .param { return false }
        let pushed = kind == .regex  // a named constraint is captured; an unnamed one is not
        if pushed {
            captures[captureCount] = Capture(text: seg, kind: .regex)
            captureCount &+= 1
        }
        if last { return true }
        descend(d.child, next)
        if pushed { captureCount &-= 1 }
        return false
    }

    /// What a dynamic edge other than the common kinds makes of segment `p[0..<n]`: for a
    /// `.regex` edge whose constraint accepts it, `.regex` (named) or `.star` (unnamed, not
    /// captured); `.param` when the segment does not pass (or the edge is of another kind).
    @inline(__always)
    func constrainedKind(_ d: DynamicEdge, _ p: UnsafePointer<UInt8>, _ n: Int) -> SegmentKind {
        guard d.kind == .regex, let view = buffer.pointee.tableView,
              constraintAccepts(view.pointee.constraints, d.suffixStart, p, n, buffer.pointee.tail) else { return .param }
        return d.portCount == 0 ? .regex : .star
    }

    /// `segmentsLeft`: 0, or 1 for "one or more".
    @inline(__always)
    mutating func considerRemainders(_ node: TreeNode, _ i: Int, segmentsLeft: Int) {
        var k = node.remainderStart
        let end = k &+ node.remainderCount
        while k < end {
            let e = table.entries[Int(k)]
            if Int(e.remainderMin) <= segmentsLeft, beats(e) {
                if _slowPath(e.hasQueryContract) && !queryAccepts(e) {
                    k &+= 1
                    continue
                }
                if _slowPath(e.isTail) {
                    let saved = captureCount
                    if matchTail(e) { take(k, remainder: i) }
                    captureCount = saved
                    if best == k && table.precedence == .specificity { return }
                    k &+= 1
                    continue
                }
                take(k, remainder: i)
                if table.precedence == .specificity { return }
            }
            k &+= 1
        }
    }
}

// MARK: typed parameters (SEMANTICS §2 and §8)

/// `<int:>`: optional sign and decimal digits that fit in a signed 64-bit integer.
/// Out of line: typed parameters are rare, and inlined they would bloat every walk frame.
@inline(never)
func parseInt64(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int64? {
    var i = 0
    var negative = false
    if p[0] == 0x2B || p[0] == 0x2D { negative = p[0] == 0x2D; i = 1 }
    if i == n { return nil }
    var v: Int64 = 0
    while i < n {
        let d = p[i] &- 0x30
        if d > 9 { return nil }
        let (m, o1) = v.multipliedReportingOverflow(by: 10)
        let (s, o2) = negative ? m.subtractingReportingOverflow(Int64(d)) : m.addingReportingOverflow(Int64(d))
        if o1 || o2 { return nil }
        v = s
        i += 1
    }
    return v
}

/// `<float:>`: a decimal with optional fraction and exponent, at least one digit before any
/// `.` and after it (no `.5`, `1.`, `inf`, `nan`), whose value is a finite double: one that
/// overflows, or is not zero but rounds to zero (`1e-400`), is not a float. The value is
/// the correctly rounded double (the C library's `strtod`), read without allocating.
@inline(never)
func parseDecimal(_ p: UnsafePointer<UInt8>, _ n: Int) -> Double? {
    var i = 0
    let negative = p[0] == 0x2D
    if p[0] == 0x2B || negative { i = 1 }
    let intStart = i
    while i < n, p[i] &- 0x30 < 10 { i += 1 }
    let intEnd = i
    if intEnd == intStart { return nil }
    var fracStart = i, fracEnd = i
    if i < n, p[i] == 0x2E {
        i += 1
        fracStart = i
        while i < n, p[i] &- 0x30 < 10 { i += 1 }
        fracEnd = i
        if fracEnd == fracStart { return nil }
    }
    var exponent = 0
    if i < n, p[i] | 0x20 == 0x65 {
        i += 1
        var expNegative = false
        if i < n, p[i] == 0x2B || p[i] == 0x2D { expNegative = p[i] == 0x2D; i += 1 }
        let expStart = i
        while i < n, p[i] &- 0x30 < 10 {
            // Saturated: anything this large is out of range either way.
            if exponent < 100_000_000 { exponent = exponent * 10 + Int(p[i] &- 0x30) }
            i += 1
        }
        if i == expStart { return nil }
        if expNegative { exponent = -exponent }
    }
    if i != n { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: DecimalText.capacity) { buffer in
        guard let out = buffer.baseAddress else { return nil }
        return DecimalText.value(out, p, negative: negative, int: intStart..<intEnd, fraction: fracStart..<fracEnd,
                                 exponent: exponent)
    }
}

/// The text `strtod` reads for a checked decimal: its significant digits and a power of ten
/// (`-12345e-3`), so its length is bounded whatever the input's: after `maxDigits` digits
/// the rest only says whether it is zero, kept as one more digit `1` when it is not. That
/// digit places the text strictly between the same two doubles (and the same side of the
/// halfway point) as the input: a halfway point between doubles has at most 767
/// significant digits. No decimal point is written, so no locale can change the reading.
enum DecimalText {
    static let maxDigits = 800
    /// Sign, digits, the sticky digit, 'e', a sign and up to 6 exponent digits, NUL.
    static let capacity = 1 + maxDigits + 1 + 1 + 1 + 6 + 1

    static func value(_ out: UnsafeMutablePointer<CChar>, _ p: UnsafePointer<UInt8>, negative: Bool,
                      int: Range<Int>, fraction: Range<Int>, exponent: Int) -> Double? {
        var k = 0
        if negative { out[0] = 0x2D; k = 1 }
        let digitsStart = k
        var scale = exponent   // the value is digits * 10^scale
        var sticky = false
        for j in int {
            let d = p[j]
            if k == digitsStart && d == 0x30 { continue }  // leading zero
            if k - digitsStart < maxDigits { out[k] = CChar(bitPattern: d); k += 1 } else {
                if d != 0x30 { sticky = true }
                scale += 1
            }
        }
        for j in fraction {
            let d = p[j]
            if k == digitsStart && d == 0x30 { scale -= 1; continue }
            if k - digitsStart < maxDigits { out[k] = CChar(bitPattern: d); k += 1; scale -= 1 } else if d != 0x30 {
                sticky = true
            }
        }
        let digits = k - digitsStart
        if digits == 0 { return negative ? -0.0 : 0.0 }
        if sticky { out[k] = 0x31; k += 1; scale -= 1 }
        // The value lies in [10^magnitude, 10^(magnitude+1)): past the doubles either way.
        let magnitude = k - digitsStart - 1 + scale
        if magnitude > 308 || magnitude < -330 { return nil }
        out[k] = 0x65  // 'e'
        k += 1
        if scale < 0 { out[k] = 0x2D; k += 1; scale = -scale }
        var e = scale, width = 1
        while e >= 10 { e /= 10; width += 1 }
        e = scale
        for w in stride(from: width - 1, through: 0, by: -1) {
            out[k + w] = CChar(0x30 + e % 10)
            e /= 10
        }
        k += width
        out[k] = 0
        var end: UnsafeMutablePointer<CChar>? = nil
        let v = strtod(out, &end)
        guard end == out + k, v.isFinite, v != 0 else { return nil }
        return v
    }
}

/// `<uuid:>`: 8-4-4-4-12 hex digits, any case.
@inline(never)
func isUUID(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    if n != 36 { return false }
    for i in 0..<36 {
        let b = p[i]
        if i == 8 || i == 13 || i == 18 || i == 23 {
            if b != 0x2D { return false }
        } else if hexValue(b) == nil {
            return false
        }
    }
    return true
}
