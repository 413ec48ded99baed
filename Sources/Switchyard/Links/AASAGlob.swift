/// The AASA pattern language (docs/APP-LINKS.md, "Patterns"): `*` is any run of characters
/// (`/` included), `?` one character, `$(name)` one of a variable's values; everything else
/// is literal. A pattern matches the whole text. Characters are Unicode scalars.
///
/// No backtracking: a pattern without multi-value variables is cut at its `*`s into pieces
/// of literals, `?` and one-character classes; the first and last pieces are anchored at the
/// ends of the text, and each middle piece is found at its leftmost place (always a right
/// choice, since `*` can absorb anything) by a bit-parallel Shift-And scan. One match then
/// takes at most pattern length + 128 x w + text length x w steps, w being the longest
/// piece's length / 64 rounded up (1 for pieces up to 64 characters). A pattern with a
/// multi-value variable is matched by carrying the set of reachable text positions from
/// token to token: at most (pattern length + 1) x (text length + 1) steps (a variable's
/// values count with their length).

/// A predefined one-character variable.
enum AASACharClass: UInt8, Sendable {
    case alpha, upper, lower, alnum, digit, xdigit

    /// Whether `u` is in the class; with `folded`, `u` comes from case-folded text, so the
    /// letter classes accept letters of either case (Apple: `$(upper)` matches `q` when
    /// `caseSensitive` is false).
    @inline(__always)
    func contains(_ u: UInt32, folded: Bool) -> Bool {
        let lower = u &- 0x61 < 26, upper = u &- 0x41 < 26, digit = u &- 0x30 < 10
        switch self {
        case .alpha: return lower || upper
        case .upper: return folded ? lower || upper : upper
        case .lower: return folded ? lower || upper : lower
        case .alnum: return lower || upper || digit
        case .digit: return digit
        case .xdigit: return digit || u &- 0x61 < 6 || u &- 0x41 < 6
        }
    }
}

/// The values of a `$(name)` with several values: literal ones grouped by length and sorted
/// (found by binary search), and those with `*` or `?` as small patterns of their own.
struct AASAAlternatives: Sendable {
    var literalGroups: [(length: Int, values: [[UInt32]])] = []
    var globValues: [AASAGlob] = []
}

enum AASAGlobToken: Hashable, Sendable {
    case scalar(UInt32)
    case any
    case star
    case charClass(AASACharClass)
    case oneOf(Int)
    /// An undefined variable, or one without values: nothing matches it.
    case never
}

/// A compiled pattern.
struct AASAGlob: Sendable {
    private(set) var tokens: [AASAGlobToken]
    private(set) var alternatives: [AASAAlternatives]
    /// Whether the text is case-folded before matching (the pattern's literals already are).
    private(set) var folded: Bool
    /// For patterns without multi-value variables: the pieces between the `*`s, each of
    /// `.scalar`, `.any` and `.charClass` tokens. `pieces.count - 1` is the number of `*`.
    private(set) var pieces: [[AASAGlobToken]]?
    /// A token that never matches: so does the pattern.
    private var never = false

    init(tokens: [AASAGlobToken], alternatives: [AASAAlternatives], folded: Bool) {
        var collapsed: [AASAGlobToken] = []
        collapsed.reserveCapacity(tokens.count)
        for t in tokens where !(t == .star && collapsed.last == .star) { collapsed.append(t) }
        self.tokens = collapsed
        self.alternatives = alternatives
        self.folded = folded
        var cut: [[AASAGlobToken]] = [[]]
        for t in collapsed {
            switch t {
            case .scalar, .any, .charClass: cut[cut.count - 1].append(t)
            case .star: cut.append([])
            case .never:
                never = true
                pieces = nil
                return
            case .oneOf:
                pieces = nil
                return
            }
        }
        pieces = cut
    }

    /// Matches every text (`*`).
    var matchesEverything: Bool { tokens == [.star] }

    /// The literal scalars before the first token that is not a literal.
    var literalPrefix: [UInt32] {
        var out: [UInt32] = []
        for t in tokens {
            guard case .scalar(let u) = t else { break }
            out.append(u)
        }
        return out
    }

    func matches(_ text: [UInt32]) -> Bool {
        var steps = 0
        return text.withUnsafeBufferPointer { matches($0, steps: &steps) }
    }

    /// Whether the pattern matches all of `s`; `steps` counts the character comparisons,
    /// machine words and position visits (the bound in the type's comment). Past `limit`
    /// steps the match gives up and answers false: the caller refuses the evaluation.
    func matches(_ s: UnsafeBufferPointer<UInt32>, steps: inout Int, limit: Int = .max) -> Bool {
        if never { return false }
        if let pieces { return AASAPieceMatcher(folded: folded, limit: limit).matches(pieces, s, &steps) }
        var start = [Bool](repeating: false, count: s.count + 1)
        start[0] = true
        let end = reach(s, from: start, steps: &steps, limit: limit)
        return end[s.count]
    }

    // MARK: with variables: sets of reachable positions

    /// The positions reachable after the whole pattern, starting from the positions in `start`.
    func reach(_ s: UnsafeBufferPointer<UInt32>, from start: [Bool], steps: inout Int, limit: Int = .max) -> [Bool] {
        let n = s.count
        var cur = start
        var next = [Bool](repeating: false, count: n + 1)
        for token in tokens {
            if steps > limit { return [Bool](repeating: false, count: n + 1) }
            steps &+= n + 1
            for q in 0...n { next[q] = false }
            var any = false
            switch token {
            case .scalar(let u):
                for p in 0..<n where cur[p] {
                    steps &+= 1
                    if s[p] == u { next[p + 1] = true; any = true }
                }
            case .any:
                for p in 0..<n where cur[p] { steps &+= 1; next[p + 1] = true; any = true }
            case .charClass(let c):
                for p in 0..<n where cur[p] {
                    steps &+= 1
                    if c.contains(s[p], folded: folded) { next[p + 1] = true; any = true }
                }
            case .star:
                if let first = cur.firstIndex(of: true) {
                    for q in first...n { steps &+= 1; next[q] = true }
                    any = true
                }
            case .oneOf(let index):
                let alt = alternatives[index]
                for p in 0...n where cur[p] {
                    // A variable of many values costs most per position: stop here too.
                    if steps > limit { return [Bool](repeating: false, count: n + 1) }
                    for group in alt.literalGroups where p + group.length <= n {
                        if AASAGlob.contains(group.values, s, p, group.length, &steps) { next[p + group.length] = true; any = true }
                    }
                }
                for g in alt.globValues {
                    let r = g.reach(s, from: cur, steps: &steps, limit: limit)
                    for q in 0...n where r[q] { next[q] = true; any = true }
                }
            case .never:
                break
            }
            if !any { return next }
            swap(&cur, &next)
        }
        return cur
    }

    /// Binary search of `s[at..<at+len]` among sorted values of that length.
    private static func contains(_ values: [[UInt32]], _ s: UnsafeBufferPointer<UInt32>, _ at: Int, _ len: Int,
                                 _ steps: inout Int) -> Bool {
        var lo = 0, hi = values.count
        while lo < hi {
            // A probe: an array to reach and up to `len` characters to compare.
            steps &+= 2 + len
            let mid = (lo + hi) / 2
            let v = values[mid]
            var order = 0
            for k in 0..<len where v[k] != s[at + k] {
                order = v[k] < s[at + k] ? -1 : 1
                break
            }
            if order == 0 { return true }
            if order < 0 { lo = mid + 1 } else { hi = mid }
        }
        return false
    }
}

// MARK: - Compiling pattern text

/// Where `$(name)` values come from: the file's `substitutionVariables`, then the predefined
/// variables. Compiled alternatives are kept, so `$(lang)` is built once per document and
/// case mode, not once per rule.
struct AASAVariableTable {
    var custom: [String: [String]] = [:]
    private var cache: [String: Int] = [:]
    private var compiled: [AASAAlternatives] = []

    init(custom: [String: [String]]) { self.custom = custom }

    enum Resolved { case charClass(AASACharClass), alternatives(AASAAlternatives), undefined }

    mutating func resolve(_ name: String, fold: Bool) -> Resolved {
        if let values = custom[name] { return .alternatives(alternatives(name, values, fold: fold)) }
        switch name {
        case "alpha": return .charClass(.alpha)
        case "upper": return .charClass(.upper)
        case "lower": return .charClass(.lower)
        case "alnum": return .charClass(.alnum)
        case "digit": return .charClass(.digit)
        case "xdigit": return .charClass(.xdigit)
        case "region": return .alternatives(alternatives(name, aasaRegionCodes, fold: fold))
        case "lang": return .alternatives(alternatives(name, aasaLanguageCodes, fold: fold))
        default: return .undefined
        }
    }

    private mutating func alternatives(_ name: String, _ values: [String], fold: Bool) -> AASAAlternatives {
        let key = (fold ? "i:" : "s:") + name
        if let i = cache[key] { return compiled[i] }
        var byLength: [Int: [[UInt32]]] = [:]
        var globs: [AASAGlob] = []
        for v in values {
            var tokens: [AASAGlobToken] = []
            var literal = true
            for u in v.unicodeScalars {
                switch u {
                case "*": tokens.append(.star); literal = false
                case "?": tokens.append(.any); literal = false
                default: tokens.append(.scalar(fold ? linkFold(u.value) : u.value))
                }
            }
            if literal {
                let scalars = tokens.map { t -> UInt32 in if case .scalar(let u) = t { return u }; return 0 }
                byLength[scalars.count, default: []].append(scalars)
            } else {
                globs.append(AASAGlob(tokens: tokens, alternatives: [], folded: fold))
            }
        }
        var alt = AASAAlternatives()
        for length in byLength.keys.sorted() {
            var list = byLength[length] ?? []
            list.sort { $0.lexicographicallyPrecedes($1) }
            alt.literalGroups.append((length, list))
        }
        alt.globValues = globs
        cache[key] = compiled.count
        compiled.append(alt)
        return alt
    }
}

/// Problems found while compiling a pattern, for the document's findings.
enum AASAPatternProblem: Equatable {
    case undefinedVariable(String)
    case unterminatedVariable
}

extension AASAGlob {
    /// Compiles pattern text: `$(name)` is looked up in `variables`; an unterminated `$(`
    /// is literal text. With `fold`, literals are case-folded (and the text must be too).
    static func compile(_ text: String, fold: Bool, variables: inout AASAVariableTable,
                        problems: inout [AASAPatternProblem]) -> AASAGlob {
        let scalars = Array(text.unicodeScalars)
        var tokens: [AASAGlobToken] = []
        var alternatives: [AASAAlternatives] = []
        tokens.reserveCapacity(scalars.count)
        var i = 0
        while i < scalars.count {
            let u = scalars[i]
            if u == "$", i + 1 < scalars.count, scalars[i + 1] == "(" {
                if let close = scalars[(i + 2)...].firstIndex(of: ")") {
                    var name = ""
                    name.unicodeScalars.append(contentsOf: scalars[(i + 2)..<close])
                    switch variables.resolve(name, fold: fold) {
                    case .charClass(let c): tokens.append(.charClass(c))
                    case .alternatives(let a):
                        if a.literalGroups.isEmpty && a.globValues.isEmpty {
                            tokens.append(.never)
                        } else {
                            tokens.append(.oneOf(alternatives.count))
                            alternatives.append(a)
                        }
                    case .undefined:
                        tokens.append(.never)
                        problems.append(.undefinedVariable(name))
                    }
                    i = close + 1
                    continue
                }
                problems.append(.unterminatedVariable)
            }
            switch u {
            case "*": tokens.append(.star)
            case "?": tokens.append(.any)
            default: tokens.append(.scalar(fold ? linkFold(u.value) : u.value))
            }
            i += 1
        }
        return AASAGlob(tokens: tokens, alternatives: alternatives, folded: fold)
    }
}

/// Compiles one AASA pattern alone (predefined variables only) and matches all of `text`,
/// counting steps: for tests and the fuzzer, which check that no pattern costs more than
/// the bound in AASAGlob's comment.
package func aasaPatternMatch(_ pattern: String, _ text: String, ignoreCase: Bool = false) -> (matched: Bool, steps: Int) {
    var table = AASAVariableTable(custom: [:])
    var problems: [AASAPatternProblem] = []
    let g = AASAGlob.compile(pattern, fold: ignoreCase, variables: &table, problems: &problems)
    var scalars = text.unicodeScalars.map(\.value)
    if ignoreCase { scalars = linkFolded(scalars) }
    var steps = 0
    let matched = scalars.withUnsafeBufferPointer { g.matches($0, steps: &steps) }
    return (matched, steps)
}
