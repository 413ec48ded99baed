/// Matches an AASA pattern cut at its `*`s into pieces (AASAGlob): the first piece at the
/// start of the text, the last at its end, each middle piece at its leftmost place after the
/// one before. A piece is a run of literals, `?` and one-character classes, so it has a fixed
/// length and the leftmost place is the leftmost start.
///
/// A middle piece is found by Shift-And: bit k of the state says that the last k + 1 text
/// characters match the piece's first k + 1 tokens, and each text character advances every
/// bit at once, a machine word (64 tokens) at a time. Finding a piece of length m in n
/// characters thus costs n x ceil(m / 64) word steps, whatever the piece and the text, where
/// trying each start costs up to n x m.
struct AASAPieceMatcher {
    let folded: Bool
    /// Past this many steps a scan gives up (nil): the evaluation that set it is refused.
    var limit: Int = .max

    /// Below this many comparisons (text left x piece length), trying each start is cheaper
    /// than building the masks.
    private static let directSearchLimit = 256

    func matches(_ pieces: [[AASAGlobToken]], _ s: UnsafeBufferPointer<UInt32>, _ steps: inout Int) -> Bool {
        let n = s.count
        let first = pieces[0]
        if pieces.count == 1 { return n == first.count && pieceAt(first, s, 0, &steps) }
        let last = pieces[pieces.count - 1]
        if first.count + last.count > n { return false }
        if !pieceAt(first, s, 0, &steps) || !pieceAt(last, s, n - last.count, &steps) { return false }
        var pos = first.count
        let end = n - last.count
        var k = 1
        while k < pieces.count - 1 {
            let piece = pieces[k]
            // The leftmost place leaves the most text to the pieces after it.
            guard let at = leftmost(piece, s, from: pos, before: end, &steps) else { return false }
            pos = at + piece.count
            k += 1
        }
        return true
    }

    @inline(__always)
    private func accepts(_ t: AASAGlobToken, _ u: UInt32) -> Bool {
        switch t {
        case .scalar(let p): return p == u
        case .any: return true
        case .charClass(let c): return c.contains(u, folded: folded)
        default: return false
        }
    }

    func pieceAt(_ piece: [AASAGlobToken], _ s: UnsafeBufferPointer<UInt32>, _ at: Int, _ steps: inout Int) -> Bool {
        var k = 0
        while k < piece.count {
            steps &+= 1
            if !accepts(piece[k], s[at + k]) { return false }
            k += 1
        }
        return true
    }

    /// The leftmost start at or after `from` where the piece lies wholly before `before`.
    func leftmost(_ piece: [AASAGlobToken], _ s: UnsafeBufferPointer<UInt32>, from: Int, before: Int,
                  _ steps: inout Int) -> Int? {
        let m = piece.count
        if m == 0 { return from }
        if from + m > before { return nil }
        if (before - from).multipliedReportingOverflow(by: m).partialValue <= AASAPieceMatcher.directSearchLimit {
            var at = from
            while at + m <= before {
                steps &+= 1
                if pieceAt(piece, s, at, &steps) { return at }
                at += 1
            }
            return nil
        }
        return shiftAnd(piece, s, from: from, before: before, &steps)
    }

    /// Shift-And for a piece of up to 64 tokens: where in `s[from..<before]` its first
    /// occurrence ends (-1: none). Apart from its callers, so that its loop keeps the table
    /// and the state in registers whoever calls it.
    @inline(never)
    private static func oneWordScan(_ table: UnsafeBufferPointer<UInt64>, _ any: UInt64,
                                    _ wide: [UInt32: [(word: Int, bits: UInt64)]], _ s: UnsafeBufferPointer<UInt32>,
                                    from: Int, before: Int, found: UInt64) -> Int {
        var d: UInt64 = 0
        var j = from
        while j < before {
            let u = s[j]
            let mask = u < 128 ? table[Int(u)] : any | (wide[u]?.first?.bits ?? 0)
            d = ((d << 1) | 1) & mask
            if d & found != 0 { return j }
            j += 1
        }
        return -1
    }

    /// Shift-And over `s[from..<before]`. The masks: per ASCII character one row of words
    /// (the `?` and class positions that accept it, and its literal positions); a character
    /// above ASCII takes the `?` row and its own literal positions, kept as (word, bits)
    /// pairs, at most one pair per word.
    private func shiftAnd(_ piece: [AASAGlobToken], _ s: UnsafeBufferPointer<UInt32>, from: Int, before: Int,
                          _ steps: inout Int) -> Int? {
        let m = piece.count
        let words = (m + 63) / 64
        var anyRow = [UInt64](repeating: 0, count: words)
        var classRows: [AASACharClass: [UInt64]] = [:]
        var wide: [UInt32: [(word: Int, bits: UInt64)]] = [:]
        var ascii = [UInt64](repeating: 0, count: 128 * words)
        for (k, t) in piece.enumerated() {
            let w = k >> 6, bit = UInt64(1) << UInt64(k & 63)
            switch t {
            case .any: anyRow[w] |= bit
            case .charClass(let c): classRows[c, default: [UInt64](repeating: 0, count: words)][w] |= bit
            case .scalar(let u) where u < 128: ascii[Int(u) * words + w] |= bit
            case .scalar(let u):
                var list = wide[u, default: []]
                if let lastPair = list.last, lastPair.word == w {
                    list[list.count - 1].bits |= bit
                } else {
                    list.append((w, bit))
                }
                wide[u] = list
            default: break
            }
        }
        for c in 0..<128 {
            let row = c * words
            for w in 0..<words { ascii[row + w] |= anyRow[w] }
            for (cls, bits) in classRows where cls.contains(UInt32(c), folded: folded) {
                for w in 0..<words { ascii[row + w] |= bits[w] }
            }
        }
        steps &+= m + 128 * words
        let lastWord = words - 1
        let found = UInt64(1) << UInt64((m - 1) & 63)
        if words == 1 {
            // The common case, a piece of up to 64 tokens: the state is one register.
            let end = ascii.withUnsafeBufferPointer {
                AASAPieceMatcher.oneWordScan($0, anyRow[0], wide, s, from: from, before: before, found: found)
            }
            steps &+= (end < 0 ? before : end + 1) - from
            return end < 0 ? nil : end + 1 - m
        }
        var state = [UInt64](repeating: 0, count: words)
        return ascii.withUnsafeBufferPointer { ascii in
            state.withUnsafeMutableBufferPointer { d -> Int? in
                var j = from
                while j < before {
                    // Bit k of the state stands for a start at j - k, allowed from `from` to
                    // before - m: only the words holding such k can be set, so only they are
                    // advanced (a piece half as long as the text costs half the words).
                    let low = max(0, j - (before - m)) >> 6
                    let high = min(m - 1, j - from) >> 6
                    // The top bit of the word below carries the start at j - 64 x low, allowed
                    // when low has just grown (that word was advanced at the last character).
                    var carry: UInt64 = low == 0 ? 1 : d[low - 1] >> 63
                    let u = s[j]
                    if u < 128 {
                        let row = Int(u) * words
                        for w in low...high {
                            let v = d[w]
                            d[w] = ((v << 1) | carry) & ascii[row + w]
                            carry = v >> 63
                        }
                    } else {
                        let pairs = wide[u] ?? []
                        var p = 0
                        while p < pairs.count && pairs[p].word < low { p += 1 }
                        for w in low...high {
                            var mask = anyRow[w]
                            if p < pairs.count && pairs[p].word == w { mask |= pairs[p].bits; p += 1 }
                            let v = d[w]
                            d[w] = ((v << 1) | carry) & mask
                            carry = v >> 63
                        }
                    }
                    steps &+= high - low + 1
                    if d[lastWord] & found != 0 { return j + 1 - m }
                    if steps > limit { return nil }
                    j += 1
                }
                return nil
            }
        }
    }
}
