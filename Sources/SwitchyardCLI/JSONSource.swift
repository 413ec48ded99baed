// A rule document's text with where each value stands in it, so that a JSON path
// (`$.routes[3].pattern`) and a byte inside a string become a line and a column. The
// library's loader decides what is valid; this reader only finds places, and gives up
// (no places) on text that is not JSON.

/// A JSON value and its place in the text.
final class JSONNode {
    enum Kind { case object, array, string, number, literal }
    struct Member {
        var key: String
        /// The key's string literal, quotes included.
        var keyStart: Int, keyEnd: Int
        var value: JSONNode
    }
    let kind: Kind
    /// The value's bytes (a string's quotes included).
    let start: Int
    var end: Int
    var members: [Member] = []
    var items: [JSONNode] = []
    /// A string's decoded text.
    var string = ""

    init(_ kind: JSONNode.Kind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    func member(_ key: String) -> Member? { members.first { $0.key == key } }
}

/// One step of a JSON path.
enum PathStep: Equatable {
    case key(String)
    case index(Int)
}

struct JSONSource {
    let bytes: [UInt8]
    /// Nil when the text is not JSON.
    let root: JSONNode?
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var parser = JSONReader(bytes: bytes)
        root = parser.document()
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    /// 1-based line and column (in characters, as jansson counts) of byte `offset`.
    func lineColumn(_ offset: Int) -> (line: Int, column: Int) {
        let o = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        var column = 1
        var i = lineStarts[lo]
        while i < o {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        // A continuation byte points into the character that holds it.
        if o < bytes.count, bytes[o] & 0xC0 == 0x80, column > 1 { column -= 1 }
        return (lo + 1, column)
    }

    /// The value at `path`, and the member (key place) that holds it when the last step is a key.
    func find(_ path: [PathStep]) -> (node: JSONNode, member: JSONNode.Member?)? {
        guard var node = root else { return nil }
        var member: JSONNode.Member?
        for step in path {
            switch step {
            case .key(let k):
                guard node.kind == .object, let m = node.member(k) else { return nil }
                member = m
                node = m.value
            case .index(let i):
                guard node.kind == .array, i >= 0, i < node.items.count else { return nil }
                member = nil
                node = node.items[i]
            }
        }
        return (node, member)
    }

    /// The offset in the text of decoded byte `byte` of the string literal at `start`.
    func offset(inStringAt start: Int, byte: Int) -> Int {
        var i = start + 1
        var k = 0
        while i < bytes.count, bytes[i] != 0x22 {
            var raw = 1, decoded = 1
            if bytes[i] == 0x5C, i + 1 < bytes.count {
                if bytes[i + 1] == 0x75 {  // \uXXXX, maybe a surrogate pair
                    let v = hex4(i + 2)
                    if let v, v >= 0xD800, v < 0xDC00, i + 11 < bytes.count, bytes[i + 6] == 0x5C, bytes[i + 7] == 0x75 {
                        raw = 12; decoded = 4
                    } else {
                        raw = 6
                        decoded = (v ?? 0) < 0x80 ? 1 : (v ?? 0) < 0x800 ? 2 : 3
                    }
                } else {
                    raw = 2
                }
            }
            if k + decoded > byte { return i }
            k += decoded
            i += raw
        }
        return i
    }

    private func hex4(_ at: Int) -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for b in bytes[at..<(at + 4)] {
            guard let d = hexDigit(b) else { return nil }
            v = v << 4 | UInt32(d)
        }
        return v
    }
}

private func hexDigit(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: return b - 0x30
    case 0x41...0x46: return b - 0x41 + 10
    case 0x61...0x66: return b - 0x61 + 10
    default: return nil
    }
}

/// Recursive descent over the text; nil on anything that is not JSON (or nested too deep).
private struct JSONReader {
    let bytes: [UInt8]
    var i = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() -> JSONNode? {
        skipSpace()
        guard let v = value() else { return nil }
        skipSpace()
        return i == bytes.count ? v : nil
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func value() -> JSONNode? {
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case 0x7B: return object()
        case 0x5B: return array()
        case 0x22:
            let start = i
            guard let s = string() else { return nil }
            let n = JSONNode(.string, start: start, end: i)
            n.string = s
            return n
        case 0x74: return word("true")
        case 0x66: return word("false")
        case 0x6E: return word("null")
        default: return number()
        }
    }

    mutating func word(_ w: String) -> JSONNode? {
        let start = i
        for b in w.utf8 {
            guard i < bytes.count, bytes[i] == b else { return nil }
            i += 1
        }
        return JSONNode(.literal, start: start, end: i)
    }

    mutating func number() -> JSONNode? {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        return i > start ? JSONNode(.number, start: start, end: i) : nil
    }

    mutating func object() -> JSONNode? {
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { return nil }
        let node = JSONNode(.object, start: i, end: i)
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == 0x7D { i += 1; node.end = i; return node }
        while true {
            skipSpace()
            let keyStart = i
            guard i < bytes.count, bytes[i] == 0x22, let key = string() else { return nil }
            let keyEnd = i
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x3A else { return nil }
            i += 1
            skipSpace()
            guard let v = value() else { return nil }
            node.members.append(JSONNode.Member(key: key, keyStart: keyStart, keyEnd: keyEnd, value: v))
            skipSpace()
            guard i < bytes.count else { return nil }
            if bytes[i] == 0x2C { i += 1; continue }
            guard bytes[i] == 0x7D else { return nil }
            i += 1
            node.end = i
            return node
        }
    }

    mutating func array() -> JSONNode? {
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { return nil }
        let node = JSONNode(.array, start: i, end: i)
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == 0x5D { i += 1; node.end = i; return node }
        while true {
            skipSpace()
            guard let v = value() else { return nil }
            node.items.append(v)
            skipSpace()
            guard i < bytes.count else { return nil }
            if bytes[i] == 0x2C { i += 1; continue }
            guard bytes[i] == 0x5D else { return nil }
            i += 1
            node.end = i
            return node
        }
    }

    /// A string literal at `i` (on its opening quote); its decoded text.
    mutating func string() -> String? {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 { i += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { return nil }
            if b != 0x5C { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { return nil }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case 0x22, 0x5C, 0x2F: out.append(e)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                guard var v = hex(4) else { return nil }
                if v >= 0xD800, v < 0xDC00, i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 {
                    i += 2
                    guard let low = hex(4), low >= 0xDC00, low < 0xE000 else { return nil }
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(v) else { return nil }
                out += Array(String(Character(scalar)).utf8)
            default: return nil
            }
        }
        return nil
    }

    mutating func hex(_ n: Int) -> UInt32? {
        guard i + n <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<n {
            guard let d = hexDigit(bytes[i]) else { return nil }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }
}

/// Reads the JSON path at the start of `text` (`$`, `.name`, `[3]`, `["any key"]`) and
/// returns its steps and the rest of the text; nil when `text` does not start with one.
func leadingJSONPath(_ text: String) -> (steps: [PathStep], rest: Substring)? {
    let b = Array(text.utf8)
    guard b.first == 0x24 else { return nil }  // '$'
    var i = 1
    var steps: [PathStep] = []
    while i < b.count {
        if b[i] == 0x2E {  // .name
            var j = i + 1
            while j < b.count, (b[j] | 0x20) &- 0x61 < 26 || b[j] &- 0x30 < 10 || b[j] == 0x5F { j += 1 }
            guard j > i + 1 else { break }
            steps.append(.key(String(decoding: b[(i + 1)..<j], as: UTF8.self)))
            i = j
        } else if b[i] == 0x5B, i + 1 < b.count {  // [n] or ["key"]
            if b[i + 1] == 0x22 {
                var reader = JSONReader(bytes: Array(b[(i + 1)...]))
                guard let key = reader.string(), i + 1 + reader.i < b.count, b[i + 1 + reader.i] == 0x5D else { break }
                steps.append(.key(key))
                i = i + 1 + reader.i + 1
            } else {
                var j = i + 1
                while j < b.count, b[j] &- 0x30 < 10 { j += 1 }
                guard j > i + 1, j < b.count, b[j] == 0x5D, let n = Int(String(decoding: b[(i + 1)..<j], as: UTF8.self))
                else { break }
                steps.append(.index(n))
                i = j + 1
            }
        } else {
            break
        }
    }
    let rest = String(decoding: b[i...], as: UTF8.self)
    return (steps, Substring(rest))
}
