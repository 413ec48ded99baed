/// The JSON layer of app links (docs/APP-LINKS.md): AASA files, `assetlinks.json` and intent
/// filter descriptions are read with the module's own JSON reader, as rule documents are
/// (so with every trait, and on every platform); the generated files are written with a
/// small value tree. Errors name the JSON path (`$.applinks.details[2]`).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A finding about a document that does not stop it from being used: a key the system
/// ignores, a rule that can never be reached, a file over the size Apple accepts. Those of
/// severity `error` change what the file means without the author noticing (a `?`
/// dictionary that is ignored whole); `warning` is everything else.
public struct LinkFinding: Sendable, Equatable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Equatable {
        /// Noticed; the document means what it seems to.
        case warning
        /// The document means something other than it seems to.
        case error
    }

    /// How serious it is.
    public var severity: Severity
    /// Where in the document: a JSON path such as `$.applinks.details[0].components[3]`.
    public var path: String
    /// What was noticed, in plain words.
    public var message: String

    /// A finding from its parts.
    public init(_ severity: Severity, path: String, _ message: String) {
        self.severity = severity
        self.path = path
        self.message = message
    }

    public var description: String { "\(severity.rawValue): \(path): \(message)" }
}

/// A value of a parsed app-link document, only read.
typealias JSONRef = TapeValue

/// A document's error: the `rule` code, with the JSON path first.
func linkError(_ path: JSONPath, _ message: String, position: Int? = nil) -> SwitchyardError {
    SwitchyardError(.rule, "\(path): \(message)", position: position)
}

func linkMustBe(_ what: String, _ path: JSONPath, _ v: JSONRef) -> SwitchyardError {
    linkError(path, "must be \(what), not \(jsonTypeName(v.kind))")
}

/// A value's JSON type in words, for "must be X, not Y" messages.
func jsonTypeName(_ v: JSONRef) -> String { jsonTypeName(v.kind) }

func isObject(_ v: JSONRef) -> Bool { v.kind == .object }
func isArray(_ v: JSONRef) -> Bool { v.kind == .array }
func isString(_ v: JSONRef) -> Bool { v.kind == .string }
func isBool(_ v: JSONRef) -> Bool { v.kind == .trueValue || v.kind == .falseValue }

/// The members of an object in document order. A key given twice (the parse let it
/// through, with a warning) stands once, where it first stands, with the value given last:
/// what Apple's and Google's readers are taken to do, and what jansson did when it read
/// these files.
func linkMembers(_ object: JSONRef, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> [(String, JSONRef)] {
    var out: [(String, JSONRef)] = []
    try object.forEachMember(path()) { key, value in out.append((key, value)) }
    guard object.tape.firstDuplicateKey != nil, out.count > 1 else { return out }
    var firstIndex: [String: Int] = [:]
    var kept: [(String, JSONRef)] = []
    kept.reserveCapacity(out.count)
    for (key, value) in out {
        if let k = firstIndex[key] { kept[k].1 = value; continue }
        firstIndex[key] = kept.count
        kept.append((key, value))
    }
    return kept
}

/// The value of `key` in an object (the last one, when the key is given twice).
func linkMember(_ object: JSONRef, _ key: String) -> JSONRef? {
    guard isObject(object) else { return nil }
    var found: JSONRef?
    try? object.forEachMember(.root) { k, value in if k == key { found = value } }
    return found
}

/// The elements of an array.
func linkElements(_ array: JSONRef) -> [JSONRef] {
    var out: [JSONRef] = []
    try? array.forEachElement(.root) { _, value in out.append(value) }
    return out
}

/// A string value, or nil when the value is not a string.
func linkStringValue(_ v: JSONRef, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String? {
    guard v.kind == .string else { return nil }
    return try v.text(path(), what: "the string")
}

/// A string value, or an error naming the path.
func linkString(_ v: JSONRef, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String {
    guard let s = try linkStringValue(v, path()) else { throw linkMustBe("a string", path(), v) }
    return s
}

/// A value as compact JSON text, members in document order: numbers as jansson writes them
/// (an integer in decimal, a real with 17 significant digits), so a rule's text reads as it
/// did when these files were read with jansson.
func compactJSON(_ v: JSONRef) -> String {
    LinkJSONValue(v).text(pretty: false)
}

/// A double as jansson writes it: `%.17g`, with `.0` added when that looks like an integer,
/// and the exponent without `+` and leading zeros.
func realText(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let n = buffer.withUnsafeMutableBufferPointer { b in
        withVaList([value]) { vsnprintf(b.baseAddress, b.count, "%.17g", $0) }
    }
    guard n > 0, n < buffer.count else { return String(value) }
    var text = Array(buffer[..<Int(n)].map { UInt8(bitPattern: $0) })
    if !text.contains(0x2E), !text.contains(0x65) { text += [0x2E, 0x30] }
    if let e = text.firstIndex(of: 0x65) {
        var start = e + 1
        if start < text.count, text[start] == 0x2D { start += 1 }
        var end = start
        if end < text.count, text[end] == 0x2B { end += 1 }
        while end < text.count - 1, text[end] == 0x30 { end += 1 }
        text.removeSubrange(start..<end)
    }
    return String(decoding: text, as: UTF8.self)
}

/// A parsed document: its own copy of the text, which the values point into.
package final class LinkJSON {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private let tape: JSONTape

    private init(storage: UnsafeMutableBufferPointer<UInt8>, tape: JSONTape) {
        self.storage = storage
        self.tape = tape
    }
    deinit { storage.deallocate() }

    /// Runs `body` with the root value; the document stays alive for the whole call (a
    /// method's `self` does), where a bare root value could outlive the text.
    func read<R>(_ body: (JSONRef) throws(SwitchyardError) -> R) throws(SwitchyardError) -> R {
        try body(tape.root)
    }

    /// An app-link document's JSON as its readers see it, and the parse's findings (a
    /// byte-order mark, a duplicate key); errors as `parse` throws them. For comparing the
    /// reader with jansson (JSONReaderDifferentialTests).
    package static func value(parsing bytes: UnsafeRawBufferPointer) throws(SwitchyardError)
        -> (value: LinkJSONValue, findings: [LinkFinding]) {
        var findings: [LinkFinding] = []
        let doc = try parse(bytes, what: "the document", maxSize: Int.max, findings: &findings)
        return (try doc.read { root in LinkJSONValue(root) }, findings)
    }

    /// Parses UTF-8 JSON text with the module's own reader (RulesJSONText.swift, the one rule
    /// documents use). `what` names the document in messages ("the AASA file").
    /// Over `maxSize` bytes is an error; a duplicate key is a warning (Apple's and Google's
    /// readers keep one of the values; which one is not documented), and so is a leading
    /// byte-order mark, which is skipped.
    static func parse(_ bytes: UnsafeRawBufferPointer, what: String, maxSize: Int,
                      findings: inout [LinkFinding]) throws(SwitchyardError) -> LinkJSON {
        if bytes.count > maxSize {
            throw SwitchyardError(.rule, "$: \(what) is \(bytes.count) bytes, over the limit of \(maxSize) bytes")
        }
        var text = UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? emptyBytes,
                                       count: bytes.count)
        var offset = 0
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
            findings.append(LinkFinding(.warning, path: "$", "the file starts with a UTF-8 byte-order mark; JSON files should not"))
            text = UnsafeBufferPointer(rebasing: text[3...])
            offset = 3
        }
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.count, 1))
        _ = storage.initialize(from: text)
        let copy = UnsafeBufferPointer(rebasing: storage[..<text.count])
        let tape: JSONTape
        do throws(SwitchyardError) {
            tape = try JSONTape(parsing: copy, allowingDuplicateKeys: true, byteOffset: offset)
        } catch {
            storage.deallocate()
            throw error
        }
        if let duplicate = tape.firstDuplicateKey {
            let path = duplicate.position > 0
                ? jsonPath(in: copy.baseAddress ?? emptyBytes, count: copy.count, at: duplicate.position - 1).description
                : "$"
            findings.append(LinkFinding(.warning, path: path,
                "\(duplicate.message) (line \(duplicate.place(copy).line)); only one of the values is used"))
        }
        return LinkJSON(storage: storage, tape: tape)
    }
}

/// A JSON value to write (the generated files and the C functions' reports), or a document
/// as read (`init(_:)`, `LinkJSON.value(parsing:)`): members in document order.
package enum LinkJSONValue: Equatable {
    case string(String)
    case int(Int)
    case real(Double)
    case bool(Bool)
    case null
    case array([LinkJSONValue])
    case object([(String, LinkJSONValue)])

    /// A value as the app-link readers see it: a key given twice stands once, where it first
    /// stands, with the value given last (`linkMembers`).
    init(_ v: JSONRef) {
        switch v.kind {
        case .object: self = .object(((try? linkMembers(v, .root)) ?? []).map { ($0.0, LinkJSONValue($0.1)) })
        case .array: self = .array(linkElements(v).map(LinkJSONValue.init))
        case .string: self = .string((try? v.text(.root, what: "")) ?? "")
        case .integer: self = .int(Int(truncatingIfNeeded: v.integer))
        case .real: self = .real(v.real)
        case .trueValue: self = .bool(true)
        case .falseValue: self = .bool(false)
        case .null: self = .null
        }
    }

    package static func == (a: LinkJSONValue, b: LinkJSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.real(let x), .real(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    static func strings(_ list: [String]) -> LinkJSONValue { .array(list.map { .string($0) }) }
    static func optional(_ s: String?) -> LinkJSONValue { s.map { .string($0) } ?? .null }

    /// JSON text: indented by two spaces per level when `pretty` (short arrays of scalars
    /// stay on one line), compact otherwise.
    func text(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        if pretty { out += "\n" }
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .string(let s): writeString(s, into: &out)
        case .int(let i): out += String(i)
        case .real(let r): out += realText(r)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            let inline = !pretty || (items.count <= 8 && items.allSatisfy(\.isScalar))
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += inline && pretty ? ", " : "," }
                if !inline { newline(&out, indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if !inline { newline(&out, indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            let inline = pretty && members.count <= 3 && members.allSatisfy { $0.1.isScalar }
                && members.reduce(0, { $0 + $1.0.utf8.count + 8 }) < 72
            out += "{"
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out += inline ? ", " : "," }
                if pretty && !inline { newline(&out, indent + 1) }
                writeString(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty && !inline { newline(&out, indent) }
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ indent: Int) {
        out += "\n"
        out += String(repeating: "  ", count: indent)
    }
}

/// A JSON string literal (RFC 8259 escapes; `/` is written as is).
func writeString(_ s: String, into out: inout String) {
    appendJSONString(s, to: &out)
}

extension LinkFinding {
    var jsonValue: LinkJSONValue {
        .object([("severity", .string(severity.rawValue)), ("path", .string(path)), ("message", .string(message))])
    }
}
