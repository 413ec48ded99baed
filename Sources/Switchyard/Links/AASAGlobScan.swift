/// The patterns with two or more `*` that read one text (one part of the URL in one mode),
/// matched together in one pass over the text instead of one pass per pattern.
///
/// Each pattern's first and last pieces are checked at the ends of the text (their length).
/// Its middle pieces must then occur in order, each at its leftmost place after the one
/// before (AASAPieceMatcher). The literal middle pieces of every pattern go into one
/// Aho-Corasick automaton, built with the file; reading the text once, each occurrence of a
/// piece moves on every pattern that waits for it and may take it: a pattern that placed a
/// piece ending at e waits for its next piece P from position e + |P| on (it must start at
/// or after e). A pattern moves at most once per middle piece, so the pass costs the text
/// length, plus the anchors, plus per position the pieces that end there and are suffixes
/// of one another (at most sqrt(2 x the pieces' total length): 512 in 128 KiB).
///
/// A middle piece with `?` or a one-character class waits for its longest literal run in the
/// same way and is checked whole where the run occurs; once those checks have cost a
/// sixteenth of what a bit-parallel scan of the rest of the text would (AASAPieceMatcher), or
/// for a piece without literals, it is found by that scan: such a piece costs its pattern at
/// most about 1.07 x the text length x ceil(piece length / 64).
struct AASAGlobScan: Sendable {
    private struct Glob: Sendable {
        var first: [AASAGlobToken]
        var last: [AASAGlobToken]
        /// The middle pieces, as indexes into `sequence`.
        var middle: Range<Int>
    }

    let folded: Bool
    private var globs: [Glob] = []
    /// Every pattern's middle piece numbers, pattern after pattern.
    private var sequence: [Int32] = []
    /// Distinct middle pieces, by number: their tokens, whether they are all literal, the
    /// word of the automaton that a pattern waiting for them waits for (the piece itself, or
    /// its longest literal run; -1 for a piece without literals) and where it starts in them.
    private var pieceTokens: [[AASAGlobToken]] = []
    private var pieceLiteral: [Bool] = []
    private var pieceWord: [Int32] = []
    private var pieceWordAt: [Int] = []
    private var pieceNumbers: [[AASAGlobToken]: Int32] = [:]
    /// The automaton's words (literal pieces and runs), by number.
    private var wordLength: [Int] = []

    // The automaton over the literal pieces. Node 0 is the root; a node's children are
    // edges[edgeStart[v]..<edgeStart[v + 1]], sorted by character.
    private var edgeStart: [Int32] = [0, 0]
    private var edgeChar: [UInt32] = []
    private var edgeNode: [Int32] = []
    private var fail: [Int32] = [0]
    /// The word that ends at the node, or -1.
    private var output: [Int32] = [-1]
    /// The nearest node on the failure chain (the node excluded) where a word ends, or -1.
    private var nextOutput: [Int32] = [-1]
    /// How many words end on the failure chain of each node (the node included).
    private var chainCount: [Int32] = [0]
    /// The failure links as a tree: each node's place in its preorder and its subtree's
    /// size, so that "word w ends where node v stands" is an interval test; and each word's node.
    private var treeOrder: [Int32] = [0]
    private var treeSize: [Int32] = [1]
    private var wordNode: [Int32] = []

    init(folded: Bool) { self.folded = folded }

    var isEmpty: Bool { globs.isEmpty }

    /// Adds a pattern cut into three or more pieces; returns its number in the scan.
    mutating func add(_ pieces: [[AASAGlobToken]]) -> Int32 {
        let start = sequence.count
        for piece in pieces.dropFirst().dropLast() {
            if let k = pieceNumbers[piece] {
                sequence.append(k)
                continue
            }
            let k = Int32(pieceTokens.count)
            pieceNumbers[piece] = k
            pieceTokens.append(piece)
            pieceLiteral.append(piece.allSatisfy { if case .scalar = $0 { return true } else { return false } })
            sequence.append(k)
        }
        globs.append(Glob(first: pieces[0], last: pieces[pieces.count - 1], middle: start..<sequence.count))
        return Int32(globs.count - 1)
    }

    /// Builds the automaton once every pattern is added: a trie of the words in sorted order (so each node's children come in character order), then failure links
    /// breadth first.
    mutating func finish() {
        pieceNumbers = [:]
        var words: [[UInt32]: Int32] = [:]
        for tokens in pieceTokens {
            // The longest run of literals (the last of equal ones), as its own word.
            var best = 0..<0
            var run = 0
            for (k, t) in tokens.enumerated() {
                if case .scalar = t {
                    run += 1
                    if run >= best.count { best = (k + 1 - run)..<(k + 1) }
                } else {
                    run = 0
                }
            }
            if best.isEmpty {
                pieceWord.append(-1)
                pieceWordAt.append(0)
                continue
            }
            let text = tokens[best].map { t -> UInt32 in if case .scalar(let u) = t { return u } else { return 0 } }
            if let w = words[text] {
                pieceWord.append(w)
            } else {
                words[text] = Int32(wordLength.count)
                pieceWord.append(Int32(wordLength.count))
                wordLength.append(text.count)
            }
            pieceWordAt.append(best.lowerBound)
        }
        var literal = words.map { (text: $0.key, piece: $0.value) }
        literal.sort { $0.text.lexicographicallyPrecedes($1.text) }
        var parentOf: [Int32] = [-1]
        var charOf: [UInt32] = [0]
        output = [-1]
        var path: [Int32] = [0]
        var previous: [UInt32] = []
        for (text, piece) in literal {
            var common = 0
            while common < text.count && common < previous.count && text[common] == previous[common] { common += 1 }
            path.removeSubrange((common + 1)...)
            for u in text[common...] {
                let node = Int32(parentOf.count)
                parentOf.append(path[path.count - 1])
                charOf.append(u)
                output.append(-1)
                path.append(node)
            }
            output[Int(path[path.count - 1])] = piece
            while wordNode.count <= Int(piece) { wordNode.append(0) }
            wordNode[Int(piece)] = path[path.count - 1]
            previous = text
        }
        let count = parentOf.count
        // Children by parent: the nodes were made in sorted order, so each parent's children
        // are already in character order.
        edgeStart = [Int32](repeating: 0, count: count + 1)
        for v in 1..<max(count, 1) { edgeStart[Int(parentOf[v]) + 1] += 1 }
        for v in 0..<count { edgeStart[v + 1] += edgeStart[v] }
        edgeChar = [UInt32](repeating: 0, count: max(count - 1, 0))
        edgeNode = [Int32](repeating: 0, count: max(count - 1, 0))
        var fill = Array(edgeStart.dropLast())
        for v in 1..<max(count, 1) {
            let p = Int(parentOf[v])
            edgeChar[Int(fill[p])] = charOf[v]
            edgeNode[Int(fill[p])] = Int32(v)
            fill[p] += 1
        }
        fail = [Int32](repeating: 0, count: count)
        nextOutput = [Int32](repeating: -1, count: count)
        var queue: [Int32] = [0]
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for e in Int(edgeStart[Int(v)])..<Int(edgeStart[Int(v) + 1]) {
                let w = Int(edgeNode[e])
                let f = v == 0 ? 0 : step(fail[Int(v)], edgeChar[e])
                fail[w] = f
                nextOutput[w] = output[Int(f)] >= 0 ? f : nextOutput[Int(f)]
                queue.append(Int32(w))
            }
        }
        // Breadth first, a node's failure link comes before it: sizes from the last node back,
        // then places from the first on, each child taking the next free range of its parent.
        chainCount = [Int32](repeating: 0, count: count)
        treeSize = [Int32](repeating: 1, count: count)
        treeOrder = [Int32](repeating: 0, count: count)
        for v in queue.dropFirst() {
            chainCount[Int(v)] = (output[Int(v)] >= 0 ? 1 : 0) + chainCount[Int(fail[Int(v)])]
        }
        for v in queue.dropFirst().reversed() { treeSize[Int(fail[Int(v)])] += treeSize[Int(v)] }
        var free = [Int32](repeating: 1, count: count)
        for v in queue.dropFirst() {
            let f = Int(fail[Int(v)])
            treeOrder[Int(v)] = free[f]
            free[f] += treeSize[Int(v)]
            free[Int(v)] = treeOrder[Int(v)] + 1
        }
    }

    /// Whether `word` ends where the automaton stands in node v.
    @inline(__always)
    private func ends(_ word: Int, at v: Int32) -> Bool {
        let w = Int(wordNode[word])
        return treeOrder[w] <= treeOrder[Int(v)] && treeOrder[Int(v)] < treeOrder[w] + treeSize[w]
    }

    private func child(_ v: Int32, _ u: UInt32) -> Int32? {
        var lo = Int(edgeStart[Int(v)]), hi = Int(edgeStart[Int(v) + 1])
        while lo < hi {
            let mid = (lo + hi) >> 1
            let c = edgeChar[mid]
            if c == u { return edgeNode[mid] }
            if c < u { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The automaton's move on `u`: the longest piece prefix that ends the text read so far.
    private func step(_ from: Int32, _ u: UInt32) -> Int32 {
        var v = from
        while true {
            if let w = child(v, u) { return w }
            if v == 0 { return 0 }
            v = fail[Int(v)]
        }
    }

    /// Whether each pattern matches all of `s`, by pattern number. `steps` counts the
    /// characters read, the automaton's moves, the words found, the anchors' comparisons and
    /// the checks of pieces with wildcards (and their scans, as AASAPieceMatcher counts them).
    /// Past `limit` steps the pass stops and its answers are not to be used.
    func run(_ s: UnsafeBufferPointer<UInt32>, steps: inout Int, limit: Int = .max) -> [Bool] {
        var r = Run(scan: self, s: s, stepLimit: limit, steps: steps)
        r.read()
        steps = r.steps
        return r.matched
    }

    /// One text's pass: what each pattern waits for, and the lists it waits on.
    private struct Run {
        let scan: AASAGlobScan
        let s: UnsafeBufferPointer<UInt32>
        let matcher: AASAPieceMatcher
        var steps: Int
        var matched: [Bool]
        /// Per pattern: the index in `sequence` of the piece it waits for, the last place a
        /// piece may end (before the last piece), its link in the one list it is on, and for
        /// a piece with wildcards the checks it may still make.
        var at: [Int]
        var limit: [Int]
        var link: [Int32]
        var checks: [Int]
        /// Patterns that may take their word from position e on, filed under e; and those
        /// that may take it now, filed under the word; how many are on either.
        var ready: [Int32]
        var waiting: [Int32]
        var live = 0
        /// The words someone waits for now, and each word's place in that list (-1: none).
        var active: [Int32] = []
        var activeAt: [Int32]

        init(scan: AASAGlobScan, s: UnsafeBufferPointer<UInt32>, stepLimit: Int, steps: Int) {
            self.scan = scan
            self.s = s
            self.steps = steps
            matcher = AASAPieceMatcher(folded: scan.folded, limit: stepLimit)
            let count = scan.globs.count
            matched = [Bool](repeating: false, count: count)
            at = [Int](repeating: 0, count: count)
            limit = [Int](repeating: 0, count: count)
            link = [Int32](repeating: -1, count: count)
            checks = [Int](repeating: 0, count: count)
            ready = [Int32](repeating: -1, count: s.count + 1)
            waiting = [Int32](repeating: -1, count: scan.wordLength.count)
            activeAt = [Int32](repeating: -1, count: scan.wordLength.count)
        }

        mutating func wait(_ g: Int32, for word: Int) {
            if waiting[word] < 0 {
                activeAt[word] = Int32(active.count)
                active.append(Int32(word))
            }
            link[Int(g)] = waiting[word]
            waiting[word] = g
        }

        /// The word ends at `end`: everyone waiting for it takes it.
        mutating func found(_ word: Int, end: Int) {
            var g = waiting[word]
            waiting[word] = -1
            let place = Int(activeAt[word])
            let moved = active[active.count - 1]
            active[place] = moved
            activeAt[Int(moved)] = Int32(place)
            active.removeLast()
            activeAt[word] = -1
            while g >= 0 {
                let next = link[Int(g)]
                live -= 1
                take(Int(g), word: word, end: end)
                g = next
            }
        }

        /// Moves pattern g on from position `from`: places pieces without literals at once
        /// and files it for the word of its next piece; leaves it when it can no longer match.
        mutating func advance(_ g: Int, from: Int) {
            var p = from
            let stop = scan.globs[g].middle.upperBound
            while at[g] < stop {
                let piece = Int(scan.sequence[at[g]])
                let m = scan.pieceTokens[piece].count
                if p + m > limit[g] { return }
                let word = Int(scan.pieceWord[piece])
                if word >= 0 {
                    // From here on the word may end where it lies in a piece starting at p or later.
                    let from = p + scan.pieceWordAt[piece] + scan.wordLength[word]
                    link[g] = ready[from]
                    ready[from] = Int32(g)
                    live += 1
                    // Checks worth a sixteenth of the bit-parallel scan of the rest of the text:
                    // a check costs a few times a scan's step.
                    checks[g] = (limit[g] - p) / 16 * ((m + 63) / 64) + 64
                    return
                }
                guard let found = matcher.leftmost(scan.pieceTokens[piece], s, from: p, before: limit[g], &steps) else { return }
                p = found + m
                at[g] += 1
            }
            matched[g] = true
        }

        /// Pattern g's word ends at `end`: the piece it waits for may start at `end` - the
        /// word's place in it. A literal piece is there; one with wildcards is checked there,
        /// and on failure waits for the word's next place, or once its checks are spent is
        /// found by the bit-parallel scan from the next start on.
        mutating func take(_ g: Int, word: Int, end: Int) {
            if steps > matcher.limit { return }
            let piece = Int(scan.sequence[at[g]])
            let m = scan.pieceTokens[piece].count
            let start = end - scan.wordLength[word] - scan.pieceWordAt[piece]
            if start + m > limit[g] { return }
            if scan.pieceLiteral[piece] {
                at[g] += 1
                advance(g, from: end)
                return
            }
            let before = steps
            if matcher.pieceAt(scan.pieceTokens[piece], s, start, &steps) {
                at[g] += 1
                advance(g, from: start + m)
                return
            }
            checks[g] -= steps &- before
            if checks[g] > 0 {
                wait(Int32(g), for: word)
                live += 1
                return
            }
            guard let found = matcher.leftmost(scan.pieceTokens[piece], s, from: start + 1, before: limit[g], &steps) else { return }
            at[g] += 1
            advance(g, from: found + m)
        }

        mutating func read() {
            let n = s.count
            for g in 0..<scan.globs.count {
                if steps > matcher.limit { return }
                let first = scan.globs[g].first, last = scan.globs[g].last
                steps &+= 1
                if first.count + last.count > n || !matcher.pieceAt(first, s, 0, &steps)
                    || !matcher.pieceAt(last, s, n - last.count, &steps) { continue }
                at[g] = scan.globs[g].middle.lowerBound
                limit[g] = n - last.count
                advance(g, from: first.count)
            }
            var v: Int32 = 0
            var i = 0
            while i < n && live > 0 && steps <= matcher.limit {
                // The move, counted with the failure links it follows.
                let u = s[i]
                while true {
                    steps &+= 1
                    if let w = scan.child(v, u) { v = w; break }
                    if v == 0 { break }
                    v = scan.fail[Int(v)]
                }
                let e = i + 1
                var g = ready[e]
                while g >= 0 {
                    let next = link[Int(g)]
                    wait(g, for: Int(scan.pieceWord[Int(scan.sequence[at[Int(g)]])]))
                    g = next
                }
                // The words that end here and are waited for: by the failure chain, or by the
                // list of words waited for, whichever is shorter.
                if Int(scan.chainCount[Int(v)]) <= active.count {
                    var node = scan.output[Int(v)] >= 0 ? v : scan.nextOutput[Int(v)]
                    while node >= 0 {
                        steps &+= 1
                        let word = Int(scan.output[Int(node)])
                        if waiting[word] >= 0 { found(word, end: e) }
                        node = scan.nextOutput[Int(node)]
                    }
                } else {
                    // Backwards: taking a word moves the last one into its place, already seen.
                    var k = active.count - 1
                    while k >= 0 {
                        steps &+= 1
                        if k < active.count, scan.ends(Int(active[k]), at: v) { found(Int(active[k]), end: e) }
                        k -= 1
                    }
                }
                i += 1
            }
        }
    }
}

/// The numbers of a rule's patterns in their scans (-1: a pattern with fewer than two `*`,
/// with a variable of several values, or none: matched alone).
struct AASAScanIDs: Sendable {
    var path: Int32 = -1
    var parent: Int32 = -1
    var query: Int32 = -1
    var fragment: Int32 = -1
}

/// Which text a scan reads: a part of the URL, in one of the four modes (AASAMode).
enum AASAScanSlot: Int {
    case path, query, fragment

    func slot(_ mode: AASAMode) -> Int { rawValue * 4 + mode }

    /// The steps that the patterns reading a text of `length` characters may cost one by one
    /// before the rest are matched in one scan: a few readings of the text, so that a URL
    /// that few rules can match costs only those rules, and no URL costs more than a few
    /// scans.
    static func budget(_ length: Int) -> Int { 4 * (length + 64) }

    /// The scans of a file's rules, and each rule's numbers in them. A pattern inherited from
    /// `defaults` is one pattern however many rules inherit it.
    static func build(_ rules: [CompiledRule]) -> ([AASAGlobScan], [AASAScanIDs]) {
        var scans = (0..<12).map { AASAGlobScan(folded: $0 & 1 != 0) }
        var ids: [AASAScanIDs] = []
        ids.reserveCapacity(rules.count)
        var inherited: [Int32: AASAScanIDs] = [:]
        func add(_ glob: AASAGlob?, _ slot: Int) -> Int32 {
            guard let pieces = glob?.pieces, pieces.count >= 3 else { return -1 }
            return scans[slot].add(pieces)
        }
        for rule in rules {
            var r = AASAScanIDs()
            if let known = inherited[rule.shares.path] {
                (r.path, r.parent) = (known.path, known.parent)
            } else if let path = rule.path {
                r.path = add(path.glob, AASAScanSlot.path.slot(rule.mode))
                r.parent = add(path.parent, AASAScanSlot.path.slot(rule.mode))
                if rule.shares.path >= 0 { inherited[rule.shares.path] = r }
            }
            if let known = inherited[rule.shares.query] {
                r.query = known.query
            } else if case .whole(let g) = rule.query {
                r.query = add(g, AASAScanSlot.query.slot(rule.mode))
                if rule.shares.query >= 0 { inherited[rule.shares.query] = r }
            }
            if let known = inherited[rule.shares.fragment] {
                r.fragment = known.fragment
            } else if let fragment = rule.fragment {
                r.fragment = add(fragment, AASAScanSlot.fragment.slot(rule.mode))
                if rule.shares.fragment >= 0 { inherited[rule.shares.fragment] = r }
            }
            ids.append(r)
        }
        for k in scans.indices where !scans[k].isEmpty { scans[k].finish() }
        return (scans, ids)
    }
}
