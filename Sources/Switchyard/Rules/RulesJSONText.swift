// Part of the RuleDocuments trait (Package.swift).
#if RuleDocuments
/// Rule documents given as text (SEMANTICS.md §5, docs/SECURITY.md "Limits"): read into a
/// flat list of 16-byte nodes, one per JSON value, that point into the text, instead of a
/// jansson tree (about 80 bytes per byte of `[{},{},...]`). A node needs at least two bytes
/// of text (`0,`), so the list costs at most 8 bytes per byte of document, whatever it holds,
/// and it is dropped as soon as the routes have been read from it. The grammar is RFC 8259
/// as jansson reads it with JSON_REJECT_DUPLICATES | JSON_DECODE_ANY (UTF-8 only, no NUL in
/// strings, duplicate keys refused), and errors are worded as jansson words them. Numbers a
/// double or a 64-bit integer cannot hold (`1e400`, `1e-400`, `1e20` as an integer) are refused
/// with their place, where jansson would read `1e-400` as 0.

enum JSONKind: UInt8 { case object, array, string, integer, real, trueValue, falseValue, null }

struct JSONNode {
    var kind: JSONKind
    /// A string whose text holds `\` escapes (decoded when read).
    var escaped = false
    /// The value's text: for a string, between its quotes.
    var start: UInt32
    var end: UInt32
    /// The index of the node after this value and everything inside it.
    var after: UInt32
}

/// A document's text and its nodes in document order (a container, then its members: for
/// an object each key's string node followed by its value). Borrows the text: used only
/// during the load that parsed it.
final class JSONTape {
    let text: UnsafeBufferPointer<UInt8>
    fileprivate(set) var nodes: [JSONNode] = []

    init(parsing text: UnsafeBufferPointer<UInt8>) throws(SwitchyardError) {
        self.text = text
        // Room for the most nodes the text can hold: pages never written are never touched.
        nodes.reserveCapacity(text.count / 2 + 1)
        var parser = JSONParser(text: text)
        do throws(JSONSyntaxError) {
            try parser.parse(into: &nodes)
        } catch {
            throw error.ruleError(text)
        }
    }

    var root: TapeValue { TapeValue(tape: self, index: 0) }

    func bytes(_ n: JSONNode) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[Int(n.start)..<Int(n.end)])
    }

    func string(_ n: JSONNode) -> String { decodedJSONString(text, n) }
}

/// A string node's value (escapes decoded; the text was checked as UTF-8 when parsed).
func decodedJSONString(_ text: UnsafeBufferPointer<UInt8>, _ n: JSONNode) -> String {
    let raw = UnsafeBufferPointer(rebasing: text[Int(n.start)..<Int(n.end)])
    if !n.escaped { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var i = 0
    while i < raw.count {
        let b = raw[i]
        guard b == 0x5C else { out.append(b); i += 1; continue }
        let e = raw[i + 1]
        i += 2
        switch e {
        case 0x62: out.append(0x08)
        case 0x66: out.append(0x0C)
        case 0x6E: out.append(0x0A)
        case 0x72: out.append(0x0D)
        case 0x74: out.append(0x09)
        case 0x75:
            var scalar = hex4(raw, i)
            i += 4
            if scalar >= 0xD800, scalar < 0xDC00 {  // a high surrogate: its low one follows (checked)
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(raw, i + 2) - 0xDC00)
                i += 6
            }
            appendUTF8(&out, scalar)
        default: out.append(e)                     // " \ /
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// A value of a tape, read by `RuleReader`.
struct TapeValue {
    let tape: JSONTape
    let index: Int
    var node: JSONNode { tape.nodes[index] }
}

/// Where the parser stopped and why, in jansson's words.
struct JSONSyntaxError: Error {
    var message: String
    /// The byte after the offending token (jansson's `position`); for a byte that is not
    /// UTF-8, that byte; for a number that does not fit, its first byte.
    var position: Int
    /// For a number that does not fit: "the number 1e-400" (then `message` says why).
    var subject = ""
    var isNumber: Bool { !subject.isEmpty }

    func ruleError(_ text: UnsafeBufferPointer<UInt8>) -> SwitchyardError {
        let at = min(position, text.count)
        let base = text.baseAddress ?? emptyBytes
        // jansson counts lines from 1 and columns in characters, up to the byte before `at`.
        var line = 1, column = 0
        for b in UnsafeBufferPointer(rebasing: text[..<at]) {
            if b == 0x0A { line += 1; column = 0 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        if isNumber {
            let path = jsonPath(in: base, count: text.count, at: at)
            return SwitchyardError(.rule,
                "\(path): \(subject) (line \(line), column \(column + 1), byte \(at)) \(message)", position: at)
        }
        var whereText = ""
        if at > 0 {
            let path = jsonPath(in: base, count: text.count, at: at - 1)
            if path.description != "$" { whereText = " in \(path)" }
        }
        return SwitchyardError(.rule,
            "invalid JSON at line \(line), column \(column), byte \(at)\(whereText): \(message)", position: at)
    }
}

private func hex4(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
    var v: UInt32 = 0
    for k in i..<(i + 4) { v = v << 4 | UInt32(hexValue(p[k]) ?? 0) }
    return v
}

private func appendUTF8(_ out: inout [UInt8], _ s: UInt32) {
    switch s {
    case ..<0x80: out.append(UInt8(s))
    case ..<0x800: out += [UInt8(0xC0 | s >> 6), UInt8(0x80 | s & 0x3F)]
    case ..<0x10000: out += [UInt8(0xE0 | s >> 12), UInt8(0x80 | s >> 6 & 0x3F), UInt8(0x80 | s & 0x3F)]
    default:
        out += [UInt8(0xF0 | s >> 18), UInt8(0x80 | s >> 12 & 0x3F), UInt8(0x80 | s >> 6 & 0x3F), UInt8(0x80 | s & 0x3F)]
    }
}

private struct JSONParser {
    let text: UnsafeBufferPointer<UInt8>
    var i = 0

    /// jansson's depth limit (JSON_PARSER_MAX_DEPTH).
    static let maxDepth = 2048

    /// An open container: its node, and for an object the keys seen so far (duplicates are
    /// refused where the second one stands, as jansson does).
    struct Open {
        var node: Int
        var keys: Set<String>?
    }

    enum Want { case value, firstValueOrClose, firstKeyOrClose, key, colon, commaOrClose, end }

    init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

    func fail(_ message: String, token: Range<Int>?) -> JSONSyntaxError {
        guard let token, !token.isEmpty else {
            return JSONSyntaxError(message: "\(message) near end of file", position: i)
        }
        let shown = String(decoding: UnsafeBufferPointer(rebasing: text[token.prefix(40)]), as: UTF8.self)
            .unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
        return JSONSyntaxError(message: "\(message) near '\(shown)'", position: token.upperBound)
    }

    mutating func skipSpace() {
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
    }

    mutating func parse(into nodes: inout [JSONNode]) throws(JSONSyntaxError) {
        var stack: [Open] = []
        var want = Want.value
        while true {
            skipSpace()
            if i == text.count {
                if want == .end { return }
                throw fail(want == .value && nodes.isEmpty ? "'[' or '{' expected" : "unexpected token", token: nil)
            }
            let c = text[i]
            switch want {
            case .end:
                throw fail("end of file expected", token: try tokenRange())
            case .colon:
                guard c == 0x3A else { throw fail("':' expected", token: try tokenRange()) }
                i += 1
                want = .value
            case .commaOrClose:
                let isObject = nodes[stack[stack.count - 1].node].kind == .object
                if c == 0x2C {
                    i += 1
                    want = isObject ? .key : .value
                } else if c == (isObject ? 0x7D : 0x5D) {
                    want = close(&stack, &nodes)
                } else {
                    throw fail(isObject ? "'}' expected" : "']' expected", token: try tokenRange())
                }
            case .firstKeyOrClose, .key:
                if c == 0x7D, want == .firstKeyOrClose {
                    want = close(&stack, &nodes)
                    continue
                }
                guard c == 0x22 else { throw fail("string or '}' expected", token: try tokenRange()) }
                let keyStart = i
                var key = try string()
                key.after = UInt32(nodes.count + 1)
                nodes.append(key)
                let name = decodedJSONString(text, key)
                if stack[stack.count - 1].keys?.insert(name).inserted == false {
                    throw fail("duplicate object key", token: keyStart..<i)
                }
                want = .colon
            case .value, .firstValueOrClose:
                if c == 0x5D, want == .firstValueOrClose {
                    want = close(&stack, &nodes)
                    continue
                }
                let at = UInt32(i)
                switch c {
                case 0x7B, 0x5B:
                    if stack.count >= Self.maxDepth { throw fail("maximum parsing depth reached", token: i..<(i + 1)) }
                    let isObject = c == 0x7B
                    stack.append(Open(node: nodes.count, keys: isObject ? [] : nil))
                    nodes.append(JSONNode(kind: isObject ? .object : .array, start: at, end: at, after: 0))
                    i += 1
                    want = isObject ? .firstKeyOrClose : .firstValueOrClose
                    continue
                case 0x22, 0x2D, 0x30...0x39:
                    var leaf = c == 0x22 ? try string() : try number()
                    leaf.after = UInt32(nodes.count + 1)
                    nodes.append(leaf)
                default:
                    let token = try tokenRange()
                    let word = UnsafeBufferPointer(rebasing: text[token])
                    let kind: JSONKind
                    if word.elementsEqual("true".utf8) { kind = .trueValue }
                    else if word.elementsEqual("false".utf8) { kind = .falseValue }
                    else if word.elementsEqual("null".utf8) { kind = .null }
                    else {
                        throw fail(token.count > 1 || isLetter(c) ? "invalid token" : "unexpected token", token: token)
                    }
                    i = token.upperBound
                    nodes.append(JSONNode(kind: kind, start: at, end: UInt32(i), after: UInt32(nodes.count + 1)))
                }
                want = stack.isEmpty ? .end : .commaOrClose
            }
        }
    }

    /// Takes the `}` or `]` at `i` as the end of the innermost container; what comes next.
    private mutating func close(_ stack: inout [Open], _ nodes: inout [JSONNode]) -> Want {
        i += 1
        let open = stack.removeLast()
        nodes[open.node].end = UInt32(i)
        nodes[open.node].after = UInt32(nodes.count)
        return stack.isEmpty ? .end : .commaOrClose
    }

    private func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// The token at `i` as jansson's lexer takes it for a message: a word of letters, a
    /// number, a string, or one byte (a whole UTF-8 character).
    private func tokenRange() throws(JSONSyntaxError) -> Range<Int> {
        var j = i
        let c = text[i]
        if isLetter(c) {
            while j < text.count, isLetter(text[j]) { j += 1 }
            return i..<j
        }
        if c == 0x22 {
            var copy = self
            _ = try copy.string()
            return i..<copy.i
        }
        if c >= 0x80 {
            guard firstInvalidUTF8(text.baseAddress! + i, min(4, text.count - i)) != 0 else {
                throw JSONSyntaxError(message: "unable to decode byte 0x\(String(c, radix: 16))", position: i)
            }
            j += 1
            while j < text.count, text[j] & 0xC0 == 0x80 { j += 1 }
            return i..<j
        }
        return i..<(i + 1)
    }

    /// A string at `i` (its opening quote): checked as jansson checks it, and skipped.
    private mutating func string() throws(JSONSyntaxError) -> JSONNode {
        let open = i
        i += 1
        var escaped = false
        while true {
            guard i < text.count else { throw fail("premature end of input", token: open..<i) }
            let b = text[i]
            if b == 0x22 { break }
            if b < 0x20 {
                throw fail("control character 0x\(String(b, radix: 16))", token: open..<(i + 1))
            }
            if b >= 0x80 {
                let bad = firstInvalidUTF8(text.baseAddress! + i, min(4, text.count - i))
                guard bad != 0 else {
                    throw JSONSyntaxError(message: "unable to decode byte 0x\(String(b, radix: 16))", position: i)
                }
                i += 1
                while i < text.count, text[i] & 0xC0 == 0x80 { i += 1 }
                continue
            }
            if b == 0x5C {
                escaped = true
                guard i + 1 < text.count else { throw fail("premature end of input", token: open..<(i + 1)) }
                let e = text[i + 1]
                switch e {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: i += 2
                case 0x75:
                    let value = try unicodeEscape(at: i, open: open)
                    if value == 0 {
                        throw fail("\\u0000 is not allowed without JSON_ALLOW_NUL", token: open..<i)
                    }
                default:
                    throw fail("invalid escape", token: open..<(i + 2))
                }
                continue
            }
            i += 1
        }
        i += 1
        return JSONNode(kind: .string, escaped: escaped, start: UInt32(open + 1), end: UInt32(i - 1), after: 0)

    }

    /// `\uXXXX` at `at` (a surrogate pair as one): its scalar; `i` moves past it.
    private mutating func unicodeEscape(at: Int, open: Int) throws(JSONSyntaxError) -> UInt32 {
        func digits(_ k: Int) -> UInt32? {
            guard k + 4 <= text.count else { return nil }
            var v: UInt32 = 0
            for j in k..<(k + 4) {
                guard let h = hexValue(text[j]) else { return nil }
                v = v << 4 | UInt32(h)
            }
            return v
        }
        guard let high = digits(at + 2) else { throw fail("invalid escape", token: open..<min(at + 6, text.count)) }
        i = at + 6
        if high >= 0xDC00, high < 0xE000 {
            throw fail("invalid Unicode '\\u\(String(high, radix: 16, uppercase: true))'", token: open..<i)
        }
        guard high >= 0xD800, high < 0xDC00 else { return high }
        guard i + 1 < text.count, text[i] == 0x5C, text[i + 1] == 0x75, let low = digits(i + 2),
              low >= 0xDC00, low < 0xE000 else {
            throw fail("invalid Unicode '\\u\(String(high, radix: 16, uppercase: true))'", token: open..<i)
        }
        i += 6
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    /// A number at `i`: RFC 8259's grammar, and a value its kind can hold.
    private mutating func number() throws(JSONSyntaxError) -> JSONNode {
        let start = i
        var j = i
        func digitsFrom(_ k: Int) -> Int {
            var k = k
            while k < text.count, text[k] &- 0x30 < 10 { k += 1 }
            return k
        }
        if text[j] == 0x2D { j += 1 }
        let intStart = j
        j = digitsFrom(j)
        var invalid = j == intStart || (text[intStart] == 0x30 && j - intStart > 1)
        var isReal = false
        if !invalid, j < text.count, text[j] == 0x2E {
            isReal = true
            let k = digitsFrom(j + 1)
            invalid = k == j + 1
            j = k
        }
        if !invalid, j < text.count, text[j] | 0x20 == 0x65 {
            isReal = true
            var k = j + 1
            if k < text.count, text[k] == 0x2B || text[k] == 0x2D { k += 1 }
            let e = digitsFrom(k)
            invalid = e == k
            j = e
        }
        if invalid {
            throw fail("invalid token", token: start..<max(j, start + 1))
        }
        i = j
        let token = UnsafeBufferPointer(rebasing: text[start..<j])
        let shown = String(decoding: token, as: UTF8.self)
        if !isReal {
            guard Int64(shown) != nil else {
                throw JSONSyntaxError(message: "does not fit in 64 bits (-2^63 to 2^63-1)",
                                      position: start, subject: "the integer \(shown)")
            }
            return JSONNode(kind: .integer, start: UInt32(start), end: UInt32(j), after: 0)
        }
        let value = Double(shown) ?? .nan
        if value.isInfinite {
            throw JSONSyntaxError(message: "overflows a double (its largest magnitude is 1.8e308)",
                                  position: start, subject: "the number \(shown)")
        }
        let mantissa = token.prefix { $0 | 0x20 != 0x65 }
        let nonzero = mantissa.contains { $0 &- 0x31 < 9 }
        if value.isSubnormal || (value == 0 && nonzero) {
            throw JSONSyntaxError(message: "underflows a double (its smallest normal magnitude is 2.2e-308; it would read as \(value))",
                                  position: start, subject: "the number \(shown)")
        }
        return JSONNode(kind: .real, start: UInt32(start), end: UInt32(j), after: 0)
    }
}
#endif
