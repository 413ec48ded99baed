/// Rule documents and app-link files given as text (SEMANTICS.md §5, docs/SECURITY.md
/// "Limits"): read by RulesJSONParser.swift into a flat list of 16-byte nodes, one per JSON
/// value, that point into the text, instead of a jansson tree (about 80 bytes per byte of
/// `[{},{},...]`). A node needs at least two bytes of text (`0,`), so the list costs at most
/// 8 bytes per byte of document, whatever it holds, and it is dropped as soon as the values
/// have been read from it. The grammar is RFC 8259 as jansson reads it with
/// JSON_REJECT_DUPLICATES | JSON_DECODE_ANY (UTF-8 only, no NUL in strings, duplicate keys
/// refused), and errors are worded and placed as jansson words and places them. Numbers a
/// double or a 64-bit integer cannot hold (`1e400`, `1e-400`, `1e20` as an integer) are refused
/// at their first byte, where jansson would read `1e-400` as 0.

enum JSONKind: UInt8 { case object, array, string, integer, real, trueValue, falseValue, null }

struct JSONNode {
    var kind: JSONKind
    /// A string whose text holds `\` escapes (decoded when read).
    var escaped = false
    /// A string without escapes whose bytes are all ASCII: its text is its value, and it
    /// equals another such string only when their bytes are equal.
    var ascii = false
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
    /// Constant once parsed (a `let`, so that reading it needs no exclusivity check).
    let nodes: [JSONNode]

    /// The first duplicate key of a text parsed with `allowingDuplicateKeys` (jansson's
    /// strict error for it, which a rule document gets).
    let firstDuplicateKey: JSONSyntaxError?

    /// Parses `text`. Rule documents refuse a duplicate key; app-link files take it (Apple's
    /// and Google's readers do), noting the first one in `firstDuplicateKey`. `byteOffset`
    /// is added to the byte of an error (a byte-order mark skipped before `text`).
    init(parsing text: UnsafeBufferPointer<UInt8>, allowingDuplicateKeys: Bool = false,
         byteOffset: Int = 0) throws(SwitchyardError) {
        self.text = text
        // Room for the most nodes the text can hold: pages never written are never touched.
        var failure: JSONSyntaxError?
        var duplicate: JSONSyntaxError?
        nodes = [JSONNode](unsafeUninitializedCapacity: text.count / 2 + 1) { room, count in
            var parser = JSONParser(text: text, nodes: room)
            parser.allowDuplicateKeys = allowingDuplicateKeys
            do throws(JSONSyntaxError) {
                try parser.parse()
                // A whole document has room (see JSONParser.nodes); this is never met.
                if parser.nodeCount > room.count {
                    throw JSONSyntaxError(message: "more values than the text's length allows", position: text.count)
                }
            } catch {
                failure = error
            }
            count = min(parser.nodeCount, room.count)
            duplicate = parser.firstDuplicateKey
        }
        firstDuplicateKey = duplicate
        if let failure { throw failure.ruleError(text, byteOffset: byteOffset) }
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

    /// Where the error is: line and column counted from 1 in characters, as jansson counts.
    func place(_ text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let (line, characters) = linePlace(text, at: position)
        return (line, characters)
    }

    func ruleError(_ text: UnsafeBufferPointer<UInt8>, byteOffset: Int = 0) -> SwitchyardError {
        let at = min(position, text.count)
        let base = text.baseAddress ?? emptyBytes
        // jansson counts lines from 1 and columns in characters, up to the byte before `at`.
        let (line, column) = place(text)
        let byte = at + byteOffset
        if isNumber {
            let path = jsonPath(in: base, count: text.count, at: at)
            var e = SwitchyardError(.rule,
                "\(path): \(subject) (line \(line), column \(column + 1), byte \(byte)) \(message)", position: byte)
            if byteOffset == 0 { e.place = SwitchyardError.Place(ofByte: at, in: UnsafeRawBufferPointer(text)) }
            return e
        }
        var whereText = ""
        if at > 0 {
            let path = jsonPath(in: base, count: text.count, at: at - 1)
            if path.description != "$" { whereText = " in \(path)" }
        }
        var e = SwitchyardError(.rule,
            "invalid JSON at line \(line), column \(column), byte \(byte)\(whereText): \(message)", position: byte)
        // The place of the last byte read: the one jansson's line and column name.
        if byteOffset == 0 { e.place = SwitchyardError.Place(ofByte: max(at - 1, 0), in: UnsafeRawBufferPointer(text)) }
        return e
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

/// Whether two byte strings are equal.
@inline(__always)
func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for k in 0..<a.count where a[k] != b[k] { return false }
    return true
}
