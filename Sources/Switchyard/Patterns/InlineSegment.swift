/// Segments made of several pieces (SEMANTICS.md §2, "Inline parameters and catch-alls in
/// the middle"): `:id.:format`, `file-:name.json`, `<algorithm>:<hash>`, and the text a
/// catch-all's last segment must end with (`*id.:format`).
///
/// A segment's pieces are compiled into a small program kept as the segment's key bytes:
/// a literal piece is `1`, its length (4 bytes, little-endian) and its bytes; a parameter
/// is `2`. Two programs are equal exactly when the segments match the same texts, so the
/// key also serves as the segment's shape (conflicts) and its edge in the route table.

enum InlineProgram {
    static let literalTag: UInt8 = 1
    static let parameterTag: UInt8 = 2

    static func appendLiteral(_ bytes: [UInt8], to out: inout [UInt8]) {
        out.append(literalTag)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: bytes.count).littleEndian) { out += $0 }
        out += bytes
    }

    /// How many literal bytes a program holds: more literal text is more specific (§3).
    static func literalBytes(_ program: [UInt8]) -> Int {
        var total = 0
        var k = 0
        while k < program.count {
            if program[k] == literalTag {
                let n = readLength(program, k + 1)
                total += n
                k += 5 + n
            } else {
                k += 1
            }
        }
        return total
    }

    /// Whether segments of program `a` are tried before those of `b` at one place (§3):
    /// more literal bytes first; then piece by piece from the left, at the first
    /// difference: a program that has ended, then a literal, then a parameter; of two
    /// literals the longer, then the smaller in byte order.
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let la = literalBytes(a), lb = literalBytes(b)
        if la != lb { return la > lb }
        var i = 0, j = 0
        while true {
            if i >= a.count || j >= b.count { return i >= a.count && j < b.count }
            let ta = a[i], tb = b[j]
            if ta != tb { return ta == literalTag }
            if ta == parameterTag { i += 1; j += 1; continue }
            let na = readLength(a, i + 1), nb = readLength(b, j + 1)
            if na != nb { return na > nb }
            let x = a[(i + 5)..<(i + 5 + na)], y = b[(j + 5)..<(j + 5 + nb)]
            if x != y { return x.lexicographicallyPrecedes(y) }
            i += 5 + na
            j += 5 + nb
        }
    }

    static func readLength(_ program: [UInt8], _ at: Int) -> Int {
        Int(program[at]) | Int(program[at + 1]) << 8 | Int(program[at + 2]) << 16 | Int(program[at + 3]) << 24
    }
}

/// One piece of a segment as written.
enum InlinePiece {
    /// Literal text (still percent-encoded, as written) and where it starts in the slice.
    case literal(ArraySlice<UInt8>)
    /// A parameter's name and the byte where the piece starts (its ':' or '<').
    case parameter(name: ArraySlice<UInt8>, at: Int)
}

/// Whether a segment written `t` holds a parameter that is not the whole segment: a `:name`
/// or `<...>` with other text around it. Plain forms (`:id`, `<int:id>`, `*`, literals
/// without `:name` or `<`) stay what they were.
func segmentHasInlineParameter(_ t: ArraySlice<UInt8>) -> Bool {
    var k = t.startIndex
    while k < t.endIndex {
        let b = t[k]
        if b == 0x3C { return true }
        if b == 0x3A, k + 1 < t.endIndex, isNameStart(t[k + 1]) { return true }
        k += 1
    }
    return false
}

/// Cuts a segment into pieces. `:name` (a name of `[A-Za-z_][A-Za-z0-9_]*`) and `<name>` or
/// `<string:name>` are parameters; any other text is literal. `bad` makes the error for a
/// message and a slice index. `types`: the router's own, named in the refusal of one here.
func inlinePieces(_ t: ArraySlice<UInt8>, types: ParameterTypeRegistry? = nil,
                  _ bad: (String, Int) -> SwitchyardError) throws(SwitchyardError) -> [InlinePiece] {
    var pieces: [InlinePiece] = []
    var literalStart = t.startIndex
    var k = t.startIndex
    var lastWasParameter = false
    func flushLiteral(_ end: Int) {
        if end > literalStart {
            pieces.append(.literal(t[literalStart..<end]))
            lastWasParameter = false
        }
    }
    while k < t.endIndex {
        let b = t[k]
        if b == 0x3A, k + 1 < t.endIndex, isNameStart(t[k + 1]) {
            flushLiteral(k)
            if lastWasParameter { throw bad("two parameters need literal text between them", k) }
            var e = k + 1
            while e < t.endIndex, isNameByte(t[e]) { e += 1 }
            pieces.append(.parameter(name: t[(k + 1)..<e], at: k))
            lastWasParameter = true
            k = e
            literalStart = e
            continue
        }
        if b == 0x3C {
            flushLiteral(k)
            if lastWasParameter { throw bad("two parameters need literal text between them", k) }
            guard let close = t[k...].firstIndex(of: 0x3E) else { throw bad("unclosed '<'", k) }
            var name = t[(k + 1)..<close]
            if let colon = name.firstIndex(of: 0x3A) {
                let type = String(decoding: name[..<colon], as: UTF8.self)
                switch type {
                case "string": break
                case "": throw bad("missing type before ':'", k + 1)
                case "int", "float", "uuid", "path", "re":
                    throw bad("a '<\(type):...>' parameter must be a whole segment", k + 1)
                case _ where type.hasPrefix("one(") || types?.lookUp(type) != nil:
                    // SEMANTICS §2: a segment of several pieces ends each parameter where
                    // the next literal first occurs, before any type could be asked.
                    throw bad("a word set or a type of the app's own ('<\(type):...>') must be a whole segment, not one piece of it", k + 1)
                default: throw bad("unknown type '\(type)'", k + 1)
                }
                name = name[(colon + 1)...]
            }
            pieces.append(.parameter(name: name, at: k))
            lastWasParameter = true
            k = close + 1
            literalStart = k
            continue
        }
        switch b {
        case 0x3E, 0x2A, 0x7B, 0x7D:
            let c = Character(UnicodeScalar(b))
            throw bad("'\(c)' is not allowed inside a segment's literal text", k)
        default: break
        }
        k += 1
    }
    flushLiteral(t.endIndex)
    return pieces
}
