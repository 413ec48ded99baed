/// The regular-expression parser: the ECMAScript-style syntax people write in route
/// constraints, read into a tree (`RegexNode`) that `RegexProgram` compiles. Only regular
/// constructs are accepted: backreferences, lookaround, word boundaries and inline flags
/// are errors naming the construct and its byte, because no engine runs them in linear time.

/// 256 bits: which bytes a class matches.
struct ByteSet: Hashable, Sendable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inline(__always)
    func contains(_ b: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(b & 63)
        switch b >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ b: UInt8) {
        let bit = UInt64(1) << UInt64(b & 63)
        switch b >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func insert(_ lo: UInt8, through hi: UInt8) {
        var b = Int(lo)
        while b <= Int(hi) { insert(UInt8(b)); b += 1 }
    }

    mutating func formUnion(_ o: ByteSet) {
        words.0 |= o.words.0; words.1 |= o.words.1; words.2 |= o.words.2; words.3 |= o.words.3
    }

    /// The ASCII bytes not in the set (bytes from 0x80 on are never members of an ASCII set).
    var asciiComplement: ByteSet {
        var s = ByteSet()
        s.words.0 = ~words.0
        s.words.1 = ~words.1
        return s
    }

    static func == (a: ByteSet, b: ByteSet) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    func hash(into h: inout Hasher) {
        h.combine(words.0); h.combine(words.1); h.combine(words.2); h.combine(words.3)
    }

    static let digits: ByteSet = { var s = ByteSet(); s.insert(0x30, through: 0x39); return s }()
    static let word: ByteSet = {
        var s = digits
        s.insert(0x41, through: 0x5A); s.insert(0x61, through: 0x7A); s.insert(0x5F)
        return s
    }()
    /// ASCII white space: tab, line feed, vertical tab, form feed, carriage return, space.
    static let space: ByteSet = { var s = ByteSet(); s.insert(0x09, through: 0x0D); s.insert(0x20); return s }()
}

/// A parsed regular expression.
indirect enum RegexNode {
    case empty
    /// One character: its UTF-8 bytes, matched in sequence.
    case character([UInt8])
    /// A class of ASCII bytes; `nonASCII`: it also matches any one non-ASCII character
    /// (`.`, negated classes, `\D`, `\W`, `\S`).
    case set(ByteSet, nonASCII: Bool)
    case concat([RegexNode])
    case alternate([RegexNode])
    /// `capture`: the group's number (1-based), nil for `(?:...)`.
    case group(RegexNode, capture: Int?)
    /// `max` nil: no upper bound.
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)
    case startAnchor, endAnchor
}

/// The largest count a `{m,n}` may give (larger ones would only make a huge program).
let regexMaxRepeatCount = 1000
/// How deep groups may nest: the parser and the compiler recurse once per level.
let regexMaxNesting = 64

struct RegexParser {
    let bytes: [UInt8]
    /// Added to every error position (the regexp's offset in the route pattern).
    let offset: Int
    var i = 0
    var groupCount = 0
    var groupNames: [String?] = []
    var depth = 0

    init(_ bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    func fail(_ message: String, _ at: Int) -> SwitchyardError {
        SwitchyardError(.invalidPattern, "\(message) at \(offset + at)", position: offset + at)
    }

    func unsupported(_ construct: String, _ at: Int) -> SwitchyardError {
        fail("\(construct) is not supported in a regular expression (it cannot run in linear time)", at)
    }

    mutating func parse() throws(SwitchyardError) -> RegexNode {
        let node = try parseAlternation()
        if i < bytes.count {  // only a ')' stops an alternation early
            throw fail("unmatched ')'", i)
        }
        return node
    }

    mutating func parseAlternation() throws(SwitchyardError) -> RegexNode {
        var branches = [try parseConcat()]
        while i < bytes.count, bytes[i] == 0x7C {  // '|'
            i += 1
            branches.append(try parseConcat())
        }
        return branches.count == 1 ? branches[0] : .alternate(branches)
    }

    mutating func parseConcat() throws(SwitchyardError) -> RegexNode {
        var items: [RegexNode] = []
        while i < bytes.count, bytes[i] != 0x7C, bytes[i] != 0x29 {
            let atomStart = i
            let atom = try parseAtom()
            items.append(try parseQuantifiers(atom, atomStart: atomStart))
        }
        if items.isEmpty { return .empty }
        return items.count == 1 ? items[0] : .concat(items)
    }

    mutating func parseQuantifiers(_ atom: RegexNode, atomStart: Int) throws(SwitchyardError) -> RegexNode {
        var node = atom
        var quantified = false
        while i < bytes.count {
            let at = i
            var min = 0, max: Int? = nil
            switch bytes[i] {
            case 0x2A: i += 1                       // '*'
            case 0x2B: min = 1; i += 1              // '+'
            case 0x3F: max = 1; i += 1              // '?'
            case 0x7B:                              // '{'
                guard let (m, n, end) = try braces(i) else { return node }  // a literal '{'
                min = m; max = n; i = end
            default: return node
            }
            if quantified { throw fail("nothing to repeat (a quantifier follows another)", at) }
            switch atom {
            case .startAnchor, .endAnchor, .empty: throw fail("nothing to repeat", at)
            default: break
            }
            var greedy = true
            if i < bytes.count, bytes[i] == 0x3F { greedy = false; i += 1 }
            if i < bytes.count, bytes[i] == 0x2B { throw unsupported("a possessive quantifier", i) }
            node = .repetition(node, min: min, max: max, greedy: greedy)
            quantified = true
        }
        return node
    }

    /// `{m}`, `{m,}` or `{m,n}` at `at`: the counts and the index after '}', or nil when the
    /// text is not a quantifier (then '{' is a literal, as in ECMAScript without the u flag).
    func braces(_ at: Int) throws(SwitchyardError) -> (Int, Int?, Int)? {
        var k = at + 1
        func number(_ k: inout Int) -> Int? {
            let start = k
            var v = 0
            while k < bytes.count, bytes[k] &- 0x30 < 10 {
                v = Swift.min(v * 10 + Int(bytes[k] &- 0x30), regexMaxRepeatCount + 1)
                k += 1
            }
            return k > start ? v : nil
        }
        guard let m = number(&k) else { return nil }
        var n: Int? = m
        if k < bytes.count, bytes[k] == 0x2C {
            k += 1
            n = number(&k)
        }
        guard k < bytes.count, bytes[k] == 0x7D else { return nil }
        if m > regexMaxRepeatCount || (n ?? 0) > regexMaxRepeatCount {
            throw SwitchyardError(.limit, "a repeat count over \(regexMaxRepeatCount) in a regular expression at \(offset + at)",
                                  position: offset + at)
        }
        if let n, n < m { throw fail("repeat counts out of order ({\(m),\(n)})", at) }
        return (m, n, k + 1)
    }

    mutating func parseAtom() throws(SwitchyardError) -> RegexNode {
        let b = bytes[i]
        switch b {
        case 0x28: return try parseGroup()
        case 0x5B: return try parseClass()
        case 0x2E:  // '.'
            i += 1
            return .set(.dot, nonASCII: true)
        case 0x5E: i += 1; return .startAnchor
        case 0x24: i += 1; return .endAnchor
        case 0x5C: return try parseEscape(inClass: false).node
        case 0x2A, 0x2B, 0x3F: throw fail("nothing to repeat", i)
        case 0x7B:
            if try braces(i) != nil { throw fail("nothing to repeat", i) }
            i += 1
            return .character([b])
        default:
            return .character(try character())
        }
    }

    /// One literal character at `i` (its UTF-8 bytes), moving past it.
    mutating func character() throws(SwitchyardError) -> [UInt8] {
        let b = bytes[i]
        let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0
        guard length > 0, i + length <= bytes.count else { throw fail("invalid UTF-8", i) }
        let out = Array(bytes[i..<(i + length)])
        i += length
        return out
    }

    mutating func parseGroup() throws(SwitchyardError) -> RegexNode {
        let open = i
        if depth == regexMaxNesting {
            throw SwitchyardError(.limit, "groups nested over \(regexMaxNesting) deep in a regular expression at \(offset + open)",
                                  position: offset + open)
        }
        i += 1
        var capture: Int? = nil
        if i < bytes.count, bytes[i] == 0x3F {  // '(?'
            let next = i + 1 < bytes.count ? bytes[i + 1] : 0
            let after = i + 2 < bytes.count ? bytes[i + 2] : 0
            switch next {
            case 0x3A: i += 2  // (?:
            case 0x3D: throw unsupported("lookahead '(?='", open)
            case 0x21: throw unsupported("negative lookahead '(?!'", open)
            case 0x3C where after == 0x3D: throw unsupported("lookbehind '(?<='", open)
            case 0x3C where after == 0x21: throw unsupported("negative lookbehind '(?<!'", open)
            case 0x3C:
                i += 2
                let nameStart = i
                while i < bytes.count, bytes[i] != 0x3E {
                    let c = bytes[i]
                    let ok = (c | 0x20) &- 0x61 < 26 || c == 0x5F || c == 0x24 || (i > nameStart && c &- 0x30 < 10)
                    if !ok { throw fail("invalid character in a group name", i) }
                    i += 1
                }
                if i == bytes.count { throw fail("unclosed group name", nameStart - 2) }
                if i == nameStart { throw fail("empty group name", nameStart) }
                let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
                if groupNames.contains(name) { throw fail("group name '\(name)' is used twice", nameStart) }
                i += 1
                groupCount += 1
                groupNames.append(name)
                capture = groupCount
            case 0x3E: throw unsupported("an atomic group '(?>'", open)
            default: throw unsupported("an inline flag or group form '(?\(printable(next))'", open)
            }
        } else {
            groupCount += 1
            groupNames.append(nil)
            capture = groupCount
        }
        depth += 1
        let inner = try parseAlternation()
        depth -= 1
        guard i < bytes.count, bytes[i] == 0x29 else { throw fail("unclosed '('", open) }
        i += 1
        return .group(inner, capture: capture)
    }

    mutating func parseClass() throws(SwitchyardError) -> RegexNode {
        let open = i
        i += 1
        var negated = false
        if i < bytes.count, bytes[i] == 0x5E { negated = true; i += 1 }
        var set = ByteSet()
        var nonASCII = false
        while true {
            guard i < bytes.count else { throw fail("unclosed '['", open) }
            if bytes[i] == 0x5D { i += 1; break }
            let itemAt = i
            let lo = try classItem()
            switch lo {
            case .set(let s, let n):
                set.formUnion(s)
                nonASCII = nonASCII || n
                continue
            case .byte(let low):
                // A range `a-z` (a '-' first, last or next to a class escape is literal).
                if i + 1 < bytes.count, bytes[i] == 0x2D, bytes[i + 1] != 0x5D {
                    i += 1
                    let hiAt = i
                    guard case .byte(let high) = try classItem() else {
                        throw fail("a class escape cannot end a range", hiAt)
                    }
                    if high < low { throw fail("range out of order in a class", itemAt) }
                    set.insert(low, through: high)
                } else {
                    set.insert(low)
                }
            }
        }
        if negated { return .set(set.asciiComplement, nonASCII: !nonASCII) }
        return .set(set, nonASCII: nonASCII)
    }

    enum ClassItem { case byte(UInt8), set(ByteSet, Bool) }

    mutating func classItem() throws(SwitchyardError) -> ClassItem {
        let b = bytes[i]
        if b == 0x5C {
            let (node, single) = try parseEscape(inClass: true)
            if let single { return .byte(single) }
            if case .set(let s, let n) = node { return .set(s, n) }
            throw fail("invalid escape in a class", i)
        }
        if b >= 0x80 { throw fail("a class may hold ASCII characters only (write a non-ASCII character outside '[...]')", i) }
        i += 1
        return .byte(b)
    }

    /// An escape at `i` (a backslash): its node and, when it stands for one ASCII byte, that byte.
    mutating func parseEscape(inClass: Bool) throws(SwitchyardError) -> (node: RegexNode, single: UInt8?) {
        let at = i
        guard i + 1 < bytes.count else { throw fail("'\\' at the end of the regular expression", at) }
        let c = bytes[i + 1]
        i += 2
        func one(_ v: UInt8) -> (RegexNode, UInt8?) { (.character([v]), v) }
        switch c {
        case 0x64: return (.set(.digits, nonASCII: false), nil)                       // \d
        case 0x44: return (.set(ByteSet.digits.asciiComplement, nonASCII: true), nil) // \D
        case 0x77: return (.set(.word, nonASCII: false), nil)                         // \w
        case 0x57: return (.set(ByteSet.word.asciiComplement, nonASCII: true), nil)   // \W
        case 0x73: return (.set(.space, nonASCII: false), nil)                        // \s
        case 0x53: return (.set(ByteSet.space.asciiComplement, nonASCII: true), nil)  // \S
        case 0x74: return one(0x09)
        case 0x6E: return one(0x0A)
        case 0x76: return one(0x0B)
        case 0x66: return one(0x0C)
        case 0x72: return one(0x0D)
        case 0x30:
            if i < bytes.count, bytes[i] &- 0x30 < 10 { throw unsupported("an octal escape", at) }
            return one(0)
        case 0x31...0x39: throw unsupported("a backreference '\\\(printable(c))'", at)
        case 0x6B: throw unsupported("a backreference '\\k'", at)
        case 0x62 where inClass: return one(0x08)
        case 0x62: throw unsupported("a word boundary '\\b'", at)
        case 0x42: throw unsupported("a word boundary '\\B'", at)
        case 0x78:  // \xHH
            guard i + 1 < bytes.count, let h = hexValue(bytes[i]), let l = hexValue(bytes[i + 1]) else {
                throw fail("'\\x' needs two hex digits", at)
            }
            i += 2
            let v = h << 4 | l
            if v >= 0x80 { throw fail("'\\x' above 7F (write the character itself)", at) }
            return one(v)
        default:
            // Escaped punctuation stands for itself; escaped letters and digits are reserved.
            if c < 0x80, !((c | 0x20) &- 0x61 < 26), c &- 0x30 >= 10 { return one(c) }
            throw unsupported("the escape '\\\(printable(c))'", at)
        }
    }
}

extension ByteSet {
    /// What `.` matches among ASCII bytes: all but line feed and carriage return (as in ECMAScript).
    static let dot: ByteSet = {
        var s = ByteSet()
        s.insert(0x0A); s.insert(0x0D)
        return s.asciiComplement
    }()
}

private func printable(_ b: UInt8) -> String {
    b >= 0x20 && b < 0x7F ? String(Character(UnicodeScalar(b))) : "non-ASCII"
}
