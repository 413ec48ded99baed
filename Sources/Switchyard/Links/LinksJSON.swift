// Part of the RuleDocuments trait (Package.swift): app-link files are JSON read with jansson.
#if RuleDocuments
/// The JSON layer of app links (docs/APP-LINKS.md): AASA files, `assetlinks.json` and intent
/// filter descriptions are read with jansson, as rule documents are; the generated files are
/// written with a small value tree. Errors name the JSON path (`$.applinks.details[2]`).
import CJansson

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

/// A borrowed jansson value, only read.
typealias JSONRef = UnsafePointer<json_t>

/// A document's error: the `rule` code, with the JSON path first.
func linkError(_ path: JSONPath, _ message: String, position: Int? = nil) -> SwitchyardError {
    SwitchyardError(.rule, "\(path): \(message)", position: position)
}

func linkMustBe(_ what: String, _ path: JSONPath, _ v: JSONRef) -> SwitchyardError {
    linkError(path, "must be \(what), not \(jsonTypeName(v))")
}

func isObject(_ v: JSONRef) -> Bool { v.pointee.type == JSON_OBJECT }
func isArray(_ v: JSONRef) -> Bool { v.pointee.type == JSON_ARRAY }
func isString(_ v: JSONRef) -> Bool { v.pointee.type == JSON_STRING }
func isBool(_ v: JSONRef) -> Bool { v.pointee.type == JSON_TRUE || v.pointee.type == JSON_FALSE }

/// Text of jansson bytes, checked as UTF-8 (a value parsed from text already is; one made in
/// C by a host need not be).
private func linkText(_ p: UnsafePointer<CChar>, _ n: Int, _ path: @autoclosure () -> JSONPath)
    throws(SwitchyardError) -> String {
    let bytes = UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self)
    if let bad = firstInvalidUTF8(bytes, n) { throw linkError(path(), "is not valid UTF-8 (byte \(bad))") }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: n), as: UTF8.self)
}

/// The members of an object in document order (jansson keeps it).
func linkMembers(_ object: JSONRef, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> [(String, JSONRef)] {
    let mutableObject = UnsafeMutablePointer(mutating: object)  // the iterator API is not const; nothing is written
    var out: [(String, JSONRef)] = []
    out.reserveCapacity(json_object_size(object))
    var it = json_object_iter(mutableObject)
    while let i = it {
        guard let key = json_object_iter_key(i), let value = json_object_iter_value(i) else {
            throw linkError(path(), "an object member could not be read")
        }
        out.append((try linkText(key, json_object_iter_key_len(i), path()), UnsafePointer(value)))
        it = json_object_iter_next(mutableObject, i)
    }
    return out
}

/// The elements of an array.
func linkElements(_ array: JSONRef) -> [JSONRef] {
    let n = json_array_size(array)
    var out: [JSONRef] = []
    out.reserveCapacity(n)
    for i in 0..<n {
        if let v = json_array_get(array, i) { out.append(UnsafePointer(v)) }
    }
    return out
}

/// A string value, or nil when the value is not a string.
func linkStringValue(_ v: JSONRef, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String? {
    guard v.pointee.type == JSON_STRING, let s = json_string_value(v) else { return nil }
    return try linkText(s, json_string_length(v), path())
}

/// A string value, or an error naming the path.
func linkString(_ v: JSONRef, _ path: @autoclosure () -> JSONPath) throws(SwitchyardError) -> String {
    guard let s = try linkStringValue(v, path()) else { throw linkMustBe("a string", path(), v) }
    return s
}

/// A value as compact JSON text (jansson's writer, members in document order).
func compactJSON(_ v: JSONRef) -> String {
    guard let p = json_dumps(v, Int(JSON_COMPACT) | Int(JSON_ENCODE_ANY)) else { return "" }
    defer { free(p) }
    return String(cString: p)
}

/// A parsed document; the jansson value is released with it.
final class LinkJSON {
    let root: JSONRef

    private init(_ root: UnsafeMutablePointer<json_t>) { self.root = UnsafePointer(root) }
    deinit { json_decref(UnsafeMutablePointer(mutating: root)) }

    /// Runs `body` with the root value; the document stays alive for the whole call (a
    /// method's `self` does), where a bare `doc.root` could outlive `doc`.
    func read<R>(_ body: (JSONRef) throws(SwitchyardError) -> R) throws(SwitchyardError) -> R {
        try body(root)
    }

    /// Parses UTF-8 JSON text. `what` names the document in messages ("the AASA file").
    /// Over `maxSize` bytes is an error; a duplicate key is a warning (Apple's and Google's
    /// readers keep one of the values; which one is not documented), and so is a leading
    /// byte-order mark, which is skipped.
    static func parse(_ bytes: UnsafeRawBufferPointer, what: String, maxSize: Int,
                      findings: inout [LinkFinding]) throws(SwitchyardError) -> LinkJSON {
        if bytes.count > maxSize {
            throw SwitchyardError(.rule, "$: \(what) is \(bytes.count) bytes, over the limit of \(maxSize) bytes")
        }
        var base = bytes.baseAddress ?? UnsafeRawPointer(emptyBytes)
        var count = bytes.count
        if count >= 3, base.load(as: UInt8.self) == 0xEF, base.load(fromByteOffset: 1, as: UInt8.self) == 0xBB,
           base.load(fromByteOffset: 2, as: UInt8.self) == 0xBF {
            findings.append(LinkFinding(.warning, path: "$", "the file starts with a UTF-8 byte-order mark; JSON files should not"))
            base += 3
            count -= 3
        }
        let text = base.assumingMemoryBound(to: CChar.self)
        var error = json_error_t()
        if let root = json_loadb(text, count, Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY), &error) {
            return LinkJSON(root)
        }
        let strictError = error
        // A duplicate key is the one error the strict parse has that a lenient one has not.
        if let root = json_loadb(text, count, Int(JSON_DECODE_ANY), &error) {
            let path = strictError.position > 0
                ? jsonPath(in: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count,
                           at: Int(strictError.position) - 1).description
                : "$"
            findings.append(LinkFinding(.warning, path: path,
                "\(errorText(strictError)) (line \(strictError.line)); only one of the values is used"))
            return LinkJSON(root)
        }
        throw syntaxError(error, text, count, offset: bytes.count - count)
    }

    private static func errorText(_ e: json_error_t) -> String {
        var e = e
        return withUnsafeBytes(of: &e.text) { raw -> String in
            let b = raw.bindMemory(to: UInt8.self)
            let n = b.firstIndex(of: 0) ?? b.count
            return String(decoding: UnsafeBufferPointer(rebasing: b[..<n]), as: UTF8.self)
        }
    }

    private static func syntaxError(_ e: json_error_t, _ text: UnsafePointer<CChar>, _ count: Int,
                                    offset: Int) -> SwitchyardError {
        var whereText = ""
        if e.position > 0 {
            let path = jsonPath(in: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count,
                                at: Int(e.position) - 1)
            if path.description != "$" { whereText = " in \(path)" }
        }
        let byte = e.position >= 0 ? Int(e.position) + offset : nil
        return SwitchyardError(.rule,
            "invalid JSON at line \(e.line), column \(e.column), byte \(byte ?? -1)\(whereText): \(errorText(e))",
            position: byte)
    }
}

/// A JSON value to write: the generated files and the C functions' reports.
enum LinkJSONValue: Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([LinkJSONValue])
    case object([(String, LinkJSONValue)])

    static func == (a: LinkJSONValue, b: LinkJSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
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
#endif
