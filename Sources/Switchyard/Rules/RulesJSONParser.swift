/// The JSON parser of rule documents and app-link files (RulesJSONText.swift has the nodes it
/// writes). It reads as jansson 2.14's json_loadb does with JSON_REJECT_DUPLICATES |
/// JSON_DECODE_ANY, step for step, so that a document refused here is refused by a host's
/// jansson (sy_router_load_rules_json) with the same words, line, column and byte: one
/// token at a time, the error set by the first step that fails, positioned where jansson's
/// stream stands then, and shown with the token's text read so far (up to 20 bytes). Only
/// numbers differ on purpose: one that a double or an Int64 cannot hold is refused at its
/// first byte, with its JSON path (JSONSyntaxError.subject), where jansson refuses an
/// overflow after it and reads an underflow as 0. JSONReaderDifferentialTests compares the two.
struct JSONParser {
    let text: UnsafeBufferPointer<UInt8>
    /// Where the nodes are written, in document order: room for the most a whole document of
    /// the text's length can hold (JSONTape); `nodeCount` nodes were read. Only a text that
    /// fails has more (open containers at its end: `[[[[`), and those past the room are
    /// counted, not written, until it fails where jansson fails.
    private let nodes: UnsafeMutableBufferPointer<JSONNode>
    private(set) var nodeCount = 0

    /// Take a duplicate key instead of refusing it (the reader of the values picks which counts).
    var allowDuplicateKeys = false
    private(set) var firstDuplicateKey: JSONSyntaxError?

    /// jansson's depth limit (JSON_PARSER_MAX_DEPTH): every value counts, the root at 1.
    static let maxDepth = 2048

    /// The stream's place (jansson's `position`).
    private var i = 0
    /// Bytes before this index were read whole: a UTF-8 sequence is checked when its first
    /// byte is read, and its other bytes are then taken without a check (jansson's buffer).
    private var buffered = 0
    /// A byte that is not UTF-8 was met: the stream gives nothing more.
    private var broken = false
    /// The current token's text read so far (jansson's `saved_text`): text[tokenStart..<savedEnd].
    private var tokenStart = 0
    private var savedEnd = 0
    private var token = Token.eof
    /// For a string token: its node, and whether its value holds U+0000.
    private var stringNode = JSONNode(kind: .string, start: 0, end: 0, after: 0)
    private var stringHasNUL = false

    /// A token's kind; punctuation has one case per byte, so that comparing tokens is
    /// comparing small integers.
    private enum Token: UInt8 {
        case eof, invalid, string, integer, real, trueValue, falseValue, null
        case openObject, closeObject, openArray, closeArray, colon, comma
    }

    private static let eof = -1, broken = -2

    init(text: UnsafeBufferPointer<UInt8>, nodes: UnsafeMutableBufferPointer<JSONNode>) {
        self.text = text
        self.nodes = nodes
    }

    /// Writes the next node, when there is room for it.
    @inline(__always)
    private mutating func append(_ node: JSONNode) {
        if nodeCount < nodes.count { nodes.initializeElement(at: nodeCount, to: node) }
        nodeCount += 1
    }

    // MARK: the stream

    /// The next byte, or `eof`, or `broken` (and the error) for a byte that starts no UTF-8 sequence.
    private mutating func get() throws(JSONSyntaxError) -> Int {
        if broken { return Self.broken }
        guard i < text.count else { return Self.eof }
        let c = text[i]
        if i >= buffered {
            if c >= 0x80 {
                let count = utf8SequenceLength(c)
                guard count > 0, i + count <= text.count,
                      firstInvalidUTF8(text.baseAddress! + i, count) == nil else {
                    broken = true
                    throw error("unable to decode byte 0x\(String(c, radix: 16))")
                }
                buffered = i + count
            } else {
                buffered = i + 1
            }
        }
        i += 1
        return Int(c)
    }

    private mutating func getSave() throws(JSONSyntaxError) -> Int {
        let c = try get()
        if c >= 0 { savedEnd = i }
        return c
    }

    private mutating func unget(_ c: Int) { if c >= 0 { i -= 1 } }

    private mutating func ungetUnsave(_ c: Int) {
        if c >= 0 { i -= 1; savedEnd -= 1 }
    }

    /// The error at the stream's place, with the token read so far as jansson shows it.
    private func error(_ message: String) -> JSONSyntaxError {
        let saved = UnsafeBufferPointer(rebasing: text[tokenStart..<savedEnd])
        var message = message
        if let first = saved.first, first != 0 {
            if saved.count <= 20 {
                message += " near '\(String(decoding: saved.prefix { $0 != 0 }, as: UTF8.self))'"
            }
        } else if !broken {
            message += " near end of file"
        }
        return JSONSyntaxError(message: message, position: i)
    }

    // MARK: tokens

    private static func isDigit(_ c: Int) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isLetter(_ c: Int) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
    private static func isHexDigit(_ c: Int) -> Bool { c >= 0 && hexValue(UInt8(truncatingIfNeeded: c)) != nil && c < 0x80 }

    /// The next token (jansson's lex_scan). After ASCII spaces, punctuation and a string of
    /// printable ASCII without escapes are taken here at once, leaving the stream as reading
    /// them byte by byte would; anything else is read by `scanToken`, one byte at a time.
    private mutating func scan() throws(JSONSyntaxError) {
        let n = text.count
        guard !broken, let base = text.baseAddress else { return try scanToken() }
        var k = i
        while k < n, Self.isSpace(base[k]) { k += 1 }
        if k < n {
            if let kind = Self.punctuation(base[k]) {
                take(kind, from: k, to: k + 1)
                return
            }
            switch base[k] {
            case 0x22:
                let end = plainStringBytesEnd(base, from: k + 1, count: n)
                if end < n, base[end] == 0x22 {
                    stringNode = JSONNode(kind: .string, ascii: true, start: UInt32(k + 1), end: UInt32(end), after: 0)
                    stringHasNUL = false
                    take(.string, from: k, to: end + 1)
                    return
                }
            default: break
            }
        }
        // The spaces are read: the token is read as jansson reads it.
        i = k
        if buffered < k { buffered = k }
        try scanToken()
    }

    /// `scan`, with punctuation right at the stream's place (the usual case after a key or a
    /// value) taken without the call.
    @inline(__always)
    private mutating func nextToken() throws(JSONSyntaxError) {
        if !broken, i < text.count, let kind = Self.punctuation(text[i]) {
            take(kind, from: i, to: i + 1)
            return
        }
        try scan()
    }

    private static func punctuation(_ b: UInt8) -> Token? {
        switch b {
        case 0x7B: return .openObject
        case 0x7D: return .closeObject
        case 0x5B: return .openArray
        case 0x5D: return .closeArray
        case 0x3A: return .colon
        case 0x2C: return .comma
        default: return nil
        }
    }

    /// The token `text[start..<end]` (ASCII), read whole.
    private mutating func take(_ kind: Token, from start: Int, to end: Int) {
        token = kind
        tokenStart = start
        savedEnd = end
        i = end
        if buffered < end { buffered = end }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// The token at the stream's place, one byte at a time.
    private mutating func scanToken() throws(JSONSyntaxError) {
        var c: Int
        tokenStart = i  // nothing read yet: an error among the spaces shows no token
        savedEnd = i
        repeat { c = try get() } while c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
        tokenStart = c >= 0 ? i - 1 : i
        savedEnd = i
        switch c {
        case Self.eof: token = .eof
        case Self.broken: token = .invalid
        case 0x7B: token = .openObject
        case 0x7D: token = .closeObject
        case 0x5B: token = .openArray
        case 0x5D: token = .closeArray
        case 0x3A: token = .colon
        case 0x2C: token = .comma
        case 0x22: try scanString()
        case 0x2D, 0x30...0x39: try scanNumber(c)
        case _ where Self.isLetter(c):
            repeat { c = try getSave() } while Self.isLetter(c)
            ungetUnsave(c)
            let word = UnsafeBufferPointer(rebasing: text[tokenStart..<savedEnd])
            if word.elementsEqual("true".utf8) { token = .trueValue }
            else if word.elementsEqual("false".utf8) { token = .falseValue }
            else if word.elementsEqual("null".utf8) { token = .null }
            else { token = .invalid }
        default:
            // The rest of a UTF-8 sequence joins the token, so that its text stays UTF-8.
            i = max(i, buffered)
            savedEnd = i
            token = .invalid
        }
    }

    /// A string (jansson's lex_scan_string): the lexing, then its escapes checked.
    private mutating func scanString() throws(JSONSyntaxError) {
        token = .invalid
        var escaped = false
        skipPlainStringBytes()
        var c = try getSave()
        while c != 0x22 {
            if c == Self.broken { return }
            if c == Self.eof { throw error("premature end of input") }
            if c <= 0x1F {
                ungetUnsave(c)
                throw error(c == 0x0A ? "unexpected newline" : "control character 0x\(String(c, radix: 16))")
            }
            if c == 0x5C {
                escaped = true
                c = try getSave()
                if c == 0x75 {
                    c = try getSave()
                    for _ in 0..<4 {
                        guard Self.isHexDigit(c) else { throw error("invalid escape") }
                        c = try getSave()
                    }
                } else {
                    switch c {
                    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: c = try getSave()
                    default: throw error("invalid escape")
                    }
                }
            } else {
                skipPlainStringBytes()
                c = try getSave()
            }
        }
        let value = UnsafeBufferPointer(rebasing: text[(tokenStart + 1)..<(savedEnd - 1)])
        stringNode = JSONNode(kind: .string, escaped: escaped, ascii: !escaped && value.allSatisfy { $0 < 0x80 },
                              start: UInt32(tokenStart + 1), end: UInt32(savedEnd - 1), after: 0)
        stringHasNUL = false
        if escaped { try checkUnicodeEscapes() }
        token = .string
    }

    /// Takes the run of printable ASCII bytes other than '"' and '\\' at the stream's place,
    /// as `getSave` would one by one (such a byte needs no UTF-8 check and ends nothing).
    private mutating func skipPlainStringBytes() {
        guard !broken, let base = text.baseAddress else { return }
        let k = plainStringBytesEnd(base, from: i, count: text.count)
        if k == i { return }
        i = k
        savedEnd = k
        if buffered < k { buffered = k }
    }

    /// The `\u` escapes of the string just read: surrogates in pairs, and whether one is U+0000.
    private mutating func checkUnicodeEscapes() throws(JSONSyntaxError) {
        func hex(_ k: Int) -> UInt32 {
            var v: UInt32 = 0
            for j in k..<(k + 4) { v = v << 4 | UInt32(hexValue(text[j]) ?? 0) }
            return v
        }
        func shown(_ v: UInt32) -> String {
            let digits = String(v, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        var k = Int(stringNode.start)
        let end = Int(stringNode.end)
        while k < end {
            guard text[k] == 0x5C else { k += 1; continue }
            guard text[k + 1] == 0x75 else { k += 2; continue }
            var value = hex(k + 2)
            k += 6
            if value >= 0xD800, value <= 0xDBFF {
                guard k + 1 < end, text[k] == 0x5C, text[k + 1] == 0x75 else {
                    throw error("invalid Unicode '\(shown(value))'")
                }
                let low = hex(k + 2)
                k += 6
                guard low >= 0xDC00, low <= 0xDFFF else { throw error("invalid Unicode '\(shown(value))\(shown(low))'") }
                value = 0x10000
            } else if value >= 0xDC00, value <= 0xDFFF {
                throw error("invalid Unicode '\(shown(value))'")
            }
            if value == 0 { stringHasNUL = true }
        }
    }

    /// A number (jansson's lex_scan_number); a value its kind cannot hold is refused here.
    private mutating func scanNumber(_ first: Int) throws(JSONSyntaxError) {
        token = .invalid
        var c = first
        if c == 0x2D { c = try getSave() }
        if c == 0x30 {
            c = try getSave()
            if Self.isDigit(c) { ungetUnsave(c); return }
        } else if Self.isDigit(c) {
            repeat { c = try getSave() } while Self.isDigit(c)
        } else {
            ungetUnsave(c)
            return
        }
        if c != 0x2E, c != 0x45, c != 0x65 {
            ungetUnsave(c)
            let shown = String(decoding: UnsafeBufferPointer(rebasing: text[tokenStart..<savedEnd]), as: UTF8.self)
            guard Int64(shown) != nil else {
                throw JSONSyntaxError(message: "does not fit in 64 bits (-2^63 to 2^63-1)",
                                      position: tokenStart, subject: "the integer \(shown)")
            }
            token = .integer
            return
        }
        if c == 0x2E {
            c = try get()
            guard Self.isDigit(c) else { unget(c); return }
            savedEnd = i
            repeat { c = try getSave() } while Self.isDigit(c)
        }
        if c == 0x45 || c == 0x65 {
            c = try getSave()
            if c == 0x2B || c == 0x2D { c = try getSave() }
            guard Self.isDigit(c) else { ungetUnsave(c); return }
            repeat { c = try getSave() } while Self.isDigit(c)
        }
        ungetUnsave(c)
        try checkReal()
        token = .real
    }

    /// A real number a double holds: no overflow, and no underflow to 0 or a subnormal.
    private func checkReal() throws(JSONSyntaxError) {
        let number = UnsafeBufferPointer(rebasing: text[tokenStart..<savedEnd])
        let shown = String(decoding: number, as: UTF8.self)
        let value = Double(shown) ?? .nan
        if value.isInfinite {
            throw JSONSyntaxError(message: "overflows a double (its largest magnitude is 1.8e308)",
                                  position: tokenStart, subject: "the number \(shown)")
        }
        let mantissa = number.prefix { $0 | 0x20 != 0x65 }
        let nonzero = mantissa.contains { $0 &- 0x31 < 9 }
        if value.isSubnormal || (value == 0 && nonzero) {
            throw JSONSyntaxError(message: "underflows a double (its smallest normal magnitude is 2.2e-308; it would read as \(value))",
                                  position: tokenStart, subject: "the number \(shown)")
        }
    }

    // MARK: values

    /// An open container: its node, and for an object where its keys so far are.
    private struct Open {
        var node: Int
        var isObject: Bool
        /// An object's keys so far: in `keyScratch` from `keyBase` on, or, past
        /// `scannedKeys` of them, in `keySets[keySet]` (comparing each new key to every one
        /// before would cost the square of their number).
        var keyBase = 0
        var keySet = -1
    }

    /// The keys of the open objects that are not in a Set, innermost last.
    /// The first `keyCount` are in use (entries past it are left to be written over, so that
    /// closing an object only lowers the count).
    private var keyScratch: [JSONNode] = []
    private var keyCount = 0
    /// The key Sets of the open objects that have one, innermost last (only the innermost
    /// object takes keys, so its Set is the last one made and is dropped when it closes).
    private var keySets: [Set<String>] = []
    private static let scannedKeys = 8

    /// Parses the whole text into `nodes` (jansson's parse_json, parse_value, parse_object
    /// and parse_array, with an explicit stack in place of recursion).
    mutating func parse() throws(JSONSyntaxError) {
        var stack: [Open] = []
        try scan()
        var valueDone = try beginValue(&stack)
        while true {
            if valueDone {
                guard let open = stack.last else {
                    try scan()
                    if token != .eof { throw error("end of file expected") }
                    return
                }
                try nextToken()
                let isObject = open.isObject
                if token == .comma {
                    try scan()
                    if isObject {
                        try key(&stack)
                        valueDone = try beginValue(&stack)
                    } else {
                        if token == .eof { throw error("']' expected") }
                        valueDone = try beginValue(&stack)
                    }
                    continue
                }
                guard token == (isObject ? .closeObject : .closeArray) else {
                    throw error(isObject ? "'}' expected" : "']' expected")
                }
                close(&stack)
                continue
            }
            // A container was opened by the token before: its first member or element, or its end.
            let isObject = stack[stack.count - 1].isObject
            try scan()
            if token == (isObject ? .closeObject : .closeArray) {
                close(&stack)
                valueDone = true
            } else if isObject {
                try key(&stack)
                valueDone = try beginValue(&stack)
            } else {
                if token == .eof { throw error("']' expected") }
                valueDone = try beginValue(&stack)
            }
        }
    }

    /// The current token as a value: a scalar's node (true), or an opened container (false).
    private mutating func beginValue(_ stack: inout [Open]) throws(JSONSyntaxError) -> Bool {
        if stack.count + 1 > Self.maxDepth { throw error("maximum parsing depth reached") }
        let at = UInt32(tokenStart), end = UInt32(savedEnd), after = UInt32(nodeCount + 1)
        switch token {
        case .string:
            if stringHasNUL { throw error("\\u0000 is not allowed without JSON_ALLOW_NUL") }
            var node = stringNode
            node.after = after
            append(node)
        case .integer: append(JSONNode(kind: .integer, start: at, end: end, after: after))
        case .real: append(JSONNode(kind: .real, start: at, end: end, after: after))
        case .trueValue: append(JSONNode(kind: .trueValue, start: at, end: end, after: after))
        case .falseValue: append(JSONNode(kind: .falseValue, start: at, end: end, after: after))
        case .null: append(JSONNode(kind: .null, start: at, end: end, after: after))
        case .openObject, .openArray:
            let isObject = token == .openObject
            stack.append(Open(node: nodeCount, isObject: isObject, keyBase: keyCount))
            append(JSONNode(kind: isObject ? .object : .array, start: at, end: at, after: 0))
            return false
        case .invalid: throw error("invalid token")
        default: throw error("unexpected token")
        }
        return true
    }

    /// The current token as the next key of the innermost object, then its `:`; the token
    /// after that is left for its value.
    private mutating func key(_ stack: inout [Open]) throws(JSONSyntaxError) {
        guard token == .string else { throw error("string or '}' expected") }
        if stringHasNUL { throw error("NUL byte in object key not supported") }
        var key = stringNode
        key.after = UInt32(nodeCount + 1)
        if isDuplicate(key, in: &stack[stack.count - 1]) {
            let duplicate = error("duplicate object key")
            guard allowDuplicateKeys else { throw duplicate }
            if firstDuplicateKey == nil { firstDuplicateKey = duplicate }
        }
        append(key)
        try nextToken()
        guard token == .colon else { throw error("':' expected") }
        try scan()
    }

    /// Whether `key` repeats a key of the object `open` (compared as Strings, as a
    /// Set<String> compares them); records it as one of its keys.
    private mutating func isDuplicate(_ key: JSONNode, in open: inout Open) -> Bool {
        if open.keySet >= 0 { return !keySets[open.keySet].insert(decodedJSONString(text, key)).inserted }
        for k in open.keyBase..<keyCount where Self.sameKey(keyScratch[k], key, in: text) { return true }
        if keyCount < keyScratch.count {
            keyScratch[keyCount] = key
        } else {
            keyScratch.append(key)
        }
        keyCount += 1
        if keyCount - open.keyBase > Self.scannedKeys {
            var set = Set<String>()
            for k in open.keyBase..<keyCount { set.insert(decodedJSONString(text, keyScratch[k])) }
            keySets.append(set)
            open.keySet = keySets.count - 1
            keyCount = open.keyBase
        }
        return false
    }

    /// Whether two keys are equal Strings. Equal bytes are; unescaped ASCII keys are equal
    /// only when their bytes are; others are decoded and compared as Strings (canonical
    /// equivalence: U+212A equals 'K').
    private static func sameKey(_ a: JSONNode, _ b: JSONNode, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let x = UnsafeBufferPointer(rebasing: text[Int(a.start)..<Int(a.end)])
        let y = UnsafeBufferPointer(rebasing: text[Int(b.start)..<Int(b.end)])
        if sameBytes(x, y) { return true }
        if a.ascii && b.ascii { return false }
        return decodedJSONString(text, a) == decodedJSONString(text, b)
    }

    /// Takes the `}` or `]` just read as the end of the innermost container.
    private mutating func close(_ stack: inout [Open]) {
        let open = stack.removeLast()
        if open.keySet >= 0 {
            keySets.removeLast()
        } else if open.isObject {
            keyCount = open.keyBase
        }
        guard open.node < nodes.count else { return }
        nodes[open.node].end = UInt32(i)
        nodes[open.node].after = UInt32(nodeCount)
    }
}

/// The length of the UTF-8 sequence a byte starts, or 0 for a byte that starts none
/// (jansson's utf8_check_first).
private func utf8SequenceLength(_ b: UInt8) -> Int {
    switch b {
    case ..<0x80: return 1
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return 0
    }
}

/// The end of the run of printable ASCII bytes other than '"' and '\\' from `start`, read
/// eight bytes at a time (byte by byte in the last seven of the text).
private func plainStringBytesEnd(_ base: UnsafePointer<UInt8>, from start: Int, count n: Int) -> Int {
    var k = start
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    while n - k >= 8 {
        // Byte j of the text is byte j of w on any machine.
        let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
        // The high bit of each byte of w below 0x20, at or above 0x80, or equal to '"' or '\\';
        // a borrow can mark a byte above a marked one, never below, so the lowest is exact.
        let control = (w &- ones &* 0x20) & ~w
        let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
        let stop = (w | control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
        if stop != 0 { return k + stop.trailingZeroBitCount >> 3 }
        k += 8
    }
    while k < n {
        let b = base[k]
        if b < 0x20 || b >= 0x80 || b == 0x22 || b == 0x5C { break }
        k += 1
    }
    return k
}
