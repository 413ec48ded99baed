// The module's own JSON reader against jansson, on every rule document and app-link file of
// the repository's test data (the fuzz corpora, the tool's cases, the examples, the AASA
// vectors) and on hand-made documents with every error the reader words. A Swift package
// built without the Jansson trait reads documents with the own reader only; the C library's
// sy_router_load_rules_json reads jansson values. Both must load the same routes and refuse
// the same documents at the same line, column and byte.
#if Jansson
import CJansson
import Foundation
import Testing
import Switchyard

/// A document and where it came from (for the failure message).
struct DifferentialDocument: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var testDescription: String { name }
}

/// The repository's root, from this file's place in it.
private func repositoryRoot(filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Every JSON document of the test data: the rule and AASA fuzz corpora, the tool's cases
/// (rule documents, AASA files, assetlinks.json, intent filters), the examples, and each
/// AASA file of Tests/Data/links/vectors.json (written out by jansson, indented).
private func repositoryDocuments() -> [DifferentialDocument] {
    let root = repositoryRoot()
    var out: [DifferentialDocument] = []
    func add(_ relative: String) {
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) {
            out.append(DifferentialDocument(name: relative, bytes: [UInt8](data)))
        }
    }
    for dir in ["Fuzz/corpus/rules", "Fuzz/corpus/aasa", "examples"] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") { add(dir + "/" + name) }
    }
    let cases = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Tests/CLI").path)) ?? []
    for name in cases.sorted() {
        let files = (try? FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Tests/CLI/" + name).path)) ?? []
        for file in files.sorted() where file.hasSuffix(".json") && file != "expected.json" {
            add("Tests/CLI/\(name)/\(file)")
        }
    }
    let vectors = root.appendingPathComponent("Tests/Data/links/vectors.json").path
    var error = json_error_t()
    if let all = json_load_file(vectors, 0, &error) {
        defer { json_decref(all) }
        for i in 0..<json_array_size(all) {
            guard let aasa = json_object_get(json_array_get(all, i), "aasa"),
                  let text = json_dumps(aasa, 2) else { continue }  // JSON_INDENT(2)
            defer { free(text) }
            out.append(DifferentialDocument(name: "Tests/Data/links/vectors.json[\(i)].aasa",
                                            bytes: Array(String(cString: text).utf8)))
        }
    }
    return out
}

/// Documents with every error the reader words, and the places it counts lines and
/// columns from: syntax, strings, escapes, UTF-8, depth, numbers, and rule-level refusals.
private let handMadeDocuments: [DifferentialDocument] = {
    let texts: [(String, String)] = [
        ("empty", ""), ("spaces only", "  \n "), ("open object", "{"), ("key without colon", "{\"a\""),
        ("colon without value", "{\"a\":"), ("missing close brace", "{\"a\":1"), ("missing close bracket", "[1"),
        ("two values in an array", "[1 2]"), ("text after the document", "{} x"), ("trailing comma in an array", "[1,]"),
        ("trailing comma in an object", "{\"a\":1,}"), ("comma for a key", "{,}"), ("number key", "{1:2}"),
        ("duplicate key", "{\"version\":1,\"version\":1}"),
        ("duplicate key, nested", "{\"version\":1,\"routes\":[{\"pattern\":\"/a\",\"target\":\"A\",\"target\":\"B\"}]}"),
        ("misspelt literal", "[tru]"), ("capital literal", "[True]"), ("lone minus", "[-]"), ("leading zero", "[01]"),
        ("dot without digits", "[1.]"), ("exponent without digits", "[1e]"), ("leading dot", "[.5]"), ("plus sign", "[+1]"),
        ("at sign", "[@]"), ("single quotes", "['a']"), ("comment", "{} // no"), ("invalid escape", "[\"\\x\"]"),
        ("short unicode escape", "[\"\\u12\"]"), ("lone low surrogate", "[\"\\uDC00\"]"),
        ("lone high surrogate", "[\"\\uD800\"]"), ("high surrogate then letter", "[\"\\uD800\\u0041\"]"),
        ("escaped NUL", "[\"\\u0000\"]"), ("control character in a string", "[\"a\u{01}b\"]"),
        ("tab in a string", "[\"a\tb\"]"), ("unterminated string", "[\"abc"), ("backslash at the end", "[\"abc\\"),
        ("too big integer", "{\"version\": 99999999999999999999}"), ("real overflow", "[1e400]"),
        ("negative real overflow", "[-1.5e999]"), ("integer at the 64-bit edge", "[9223372036854775807, -9223372036854775808]"),
        ("escapes decoded", "{\"/a\\/b\": \"T\\u00e9\\ud83d\\ude00\\n\"}"),
        ("multi-line error", "{\n  \"version\": 1,\n  \"routes\": [\n    {\"pattern\": \"/a\", \"target\": \"A\"},\n    x\n  ]\n}"),
        ("columns in characters", "{\"é€😀\": [1, é]}"),
        ("scalar document", "true"), ("array document", "[]"), ("null document", "null"),
        ("version 2", "{\"version\": 2, \"routes\": []}"), ("version as text", "{\"version\": \"1\"}"),
        ("version as real", "{\"version\": 1.0, \"routes\": []}"), ("unknown top-level field", "{\"version\": 1, \"routes\": [], \"bogus\": 1}"),
        ("route without target", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\"}]}"),
        ("bad pattern", "{\"version\": 1, \"routes\": [{\"pattern\": \"/:id(\", \"target\": \"X\"}]}"),
        ("bad pattern after escapes", "{\"version\": 1, \"routes\": [{\"pattern\": \"/\\u00e9\\/<date:d>\", \"target\": \"X\"}]}"),
        ("keyed shape, bad pattern", "{\"/a\": {\"class\": \"A\"},\r\n \"/b/<id\": {\"class\": \"B\"}}"),
        ("unknown route field", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\", \"b\\u00e9\": 1}]}"),
        ("unknown query item type", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\", \"query\": {\"p\": {\"type\": \"date\"}}}]}"),
        ("conflict", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a/:x\", \"target\": \"A\"}, {\"pattern\": \"/a/:y\", \"target\": \"B\"}]}"),
        ("keyed shape with a number", "{\"/a\": 5}"), ("keyed shape", "{\"/a/:id\": \"A\", \"/b\": {\"target\": \"B\", \"name\": \"b\"}}"),
        ("defaults", "{\"version\": 1, \"routes\": [{\"pattern\": \"/u(/:tab)\", \"target\": \"U\", \"defaults\": {\"tab\": \"posts\"}}]}"),
        ("null target", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": null}]}"),
        ("byte-order mark", "\u{FEFF}{\"version\": 1, \"routes\": []}"),
        ("newline in a string", "[\"a\nb\"]"), ("NUL in a key", "{\"a\\u0000\": 1}"),
        ("error after a long token", "[\"" + String(repeating: "a", count: 30) + "\\x\"]"),
        ("too big negative integer", "[-99999999999999999999]"), ("real underflow", "[1e-400]"),
        ("two high surrogates", "[\"\\uD800\\uD800\"]"), ("colon for a value", "[:]"), ("empty key", "{\"\": 1}"),
        ("scalar too deep", String(repeating: "[", count: 2048) + "1" + String(repeating: "]", count: 2048)),
        ("open containers at the end", "[[[["), ("open containers after a member", "{\"a\": [[[{\"b\": [[[["),
        ("duplicate key after many open containers", "[[[[[[[[[[{\"a\":1,\"a\":2}"),
        ("escape after eight plain bytes", "[\"abcdefghijklmnop\\q\"]"),
        ("control character after eight plain bytes", "[\"abcdefghijkl\u{01}\"]"),
        ("non-ASCII after eight plain bytes", "{\"version\": 1, \"routes\": [{\"pattern\": \"/abcdefghij/é\", \"target\": \"é€😀\"}]}"),
        ("duplicate non-ASCII key", "{\"é\": {\"class\": \"A\"}, \"é\": {\"class\": \"B\"}}"),
        ("escaped member names", "{\"version\": 1, \"routes\": [{\"patt\\u0065rn\": \"/a\", \"t\\u0061rget\": \"A\"}]}"),
        ("target and class", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\", \"class\": \"B\"}]}"),
        ("redirect and target", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"redirect\": \"/b\", \"target\": \"A\"}]}"),
        ("append_params on a target", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\", \"append_params\": false}]}"),
        ("every route member", "{\"version\": 1, \"routes\": [{\"pattern\": \"/a/:x\", \"redirect\": \"/b/{x}\", \"name\": \"a\", \"priority\": 3, \"append_params\": false, \"dialect\": \"switchyard\", \"ignore_case\": true, \"query_unknown\": \"refuse\"}, {\"pattern\": \"/b/:x\", \"target\": \"B\", \"parent\": \"a\", \"defaults\": {\"t\": 1}}]}"),
        ("AASA with a duplicate key", "{\"applinks\": {\"details\": [], \"details\": [{\"appIDs\": [\"A.b\"], \"components\": [{\"/\": \"/x\"}]}]}}"),
        ("AASA with numbers", "{\"applinks\": {\"details\": [{\"appIDs\": [\"A.b\"], \"components\": [{\"/\": 0.1, \"?\": {\"a\": 1e21}, \"#\": -0}]}]}}"),
    ]
    var out = texts.map { DifferentialDocument(name: $0.0, bytes: Array($0.1.utf8)) }
    let bytes: [(String, [UInt8])] = [
        ("invalid UTF-8 in a string", Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8)),
        ("invalid UTF-8 outside strings", Array("{\"a\": ".utf8) + [0xC3, 0x28] + Array("}".utf8)),
        ("overlong UTF-8", Array("[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8)),
        ("truncated UTF-8 at the end", Array("[\"".utf8) + [0xE2, 0x82]),
        ("NUL byte", Array("{\"version\": 1}".utf8) + [0]),
        ("NUL byte for a value", [0x5B, 0x00, 0x5D]),
        ("too deep", Array(String(repeating: "[", count: 2049).utf8) + Array(String(repeating: "]", count: 2049).utf8)),
        ("deep enough", Array(String(repeating: "[", count: 2048).utf8) + Array(String(repeating: "]", count: 2048).utf8)),
    ]
    out += bytes.map { DifferentialDocument(name: $0.0, bytes: $0.1) }
    return out
}()

private let allDocuments = repositoryDocuments() + handMadeDocuments

/// What loading a document did.
private enum LoadOutcome: Equatable {
    case routes([Route])
    case refused(SwitchyardError.Code, String, Int?, SwitchyardError.Place?)
}

/// `document`: the text, to place an error of a jansson value in (the own reader places its own).
private func outcome(placingIn document: UnsafeRawBufferPointer? = nil,
                     _ body: (Router) throws(SwitchyardError) -> Void) -> LoadOutcome {
    let router = Router()
    do throws(SwitchyardError) {
        try body(router)
        return .routes(router.routes)
    } catch {
        let e = document.map { error.placed(inDocument: $0) } ?? error
        return .refused(e.code, e.message, e.position, e.place)
    }
}

/// jansson's message of a parse error.
private func janssonText(_ e: json_error_t) -> String {
    var e = e
    return withUnsafeBytes(of: &e.text) { raw in
        let b = raw.bindMemory(to: UInt8.self)
        return String(decoding: b.prefix { $0 != 0 }, as: UTF8.self)
    }
}

/// Checks the own reader's refusal against jansson's parse error. The same line, column,
/// byte and words, except for a number that does not fit: jansson places that after the
/// number ("too big integer", "real number overflow"), the own reader at its first byte,
/// naming the JSON path and why.
private func expectSameSyntaxError(_ own: LoadOutcome, _ e: json_error_t, byteOffset: Int = 0,
                                   _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard case .refused(let code, let message, let position, _) = own else {
        Issue.record("\(name): jansson refuses it (\(janssonText(e))), the own reader reads it", sourceLocation: sourceLocation)
        return
    }
    #expect(code == .rule, "\(name)", sourceLocation: sourceLocation)
    let text = janssonText(e)
    let byte = Int(e.position) + byteOffset
    if text.hasPrefix("too big") || text.hasPrefix("real number overflow") {
        // The own reader names the number ("the integer 99999999999999999999 (line ...") and
        // places it at its first byte; jansson shows it only when it is 20 bytes or shorter.
        let afterSubject = message.split(separator: " ", maxSplits: 3).dropFirst(3).first.map(String.init) ?? ""
        let number = afterSubject.split(separator: " ").first.map(String.init) ?? ""
        if text.contains("near '") { #expect(text.hasSuffix("near '\(number)'"), "\(name): \(text)", sourceLocation: sourceLocation) }
        #expect(position == byte - number.utf8.count, "\(name): \(message)", sourceLocation: sourceLocation)
        #expect(message.contains("(line \(e.line), column \(Int(e.column) - number.count + 1), byte \(byte - number.utf8.count))"),
                "\(name): \(message)", sourceLocation: sourceLocation)
        #expect(message.contains(text.hasPrefix("too big") ? "does not fit in 64 bits" : "overflows a double"),
                "\(name): \(message)", sourceLocation: sourceLocation)
        return
    }
    #expect(position == byte, "\(name): \(message) / jansson: \(text)", sourceLocation: sourceLocation)
    #expect(message.hasPrefix("invalid JSON at line \(e.line), column \(e.column), byte \(byte)"),
            "\(name): \(message) / jansson: line \(e.line), column \(e.column), byte \(byte)", sourceLocation: sourceLocation)
    // The message ends with " at <byte>", as every message with a position does.
    #expect(message.hasSuffix(": \(text) at \(byte)"), "\(name): \(message) / jansson: \(text)", sourceLocation: sourceLocation)
}

/// A number the own reader refuses and jansson reads as 0 or a subnormal (docs/SEMANTICS.md §5).
private func isUnderflow(_ own: LoadOutcome) -> Bool {
    if case .refused(.rule, let message, _, _) = own { return message.contains("underflows a double") }
    return false
}

/// A jansson value as the app-link readers see it.
private func linkValue(_ v: UnsafePointer<json_t>) -> LinkJSONValue {
    switch v.pointee.type {
    case JSON_OBJECT:
        var members: [(String, LinkJSONValue)] = []
        let object = UnsafeMutablePointer(mutating: v)
        var it = json_object_iter(object)
        while let i = it {
            let key = String(decoding: UnsafeBufferPointer(
                start: UnsafeRawPointer(json_object_iter_key(i)!).assumingMemoryBound(to: UInt8.self),
                count: json_object_iter_key_len(i)), as: UTF8.self)
            members.append((key, linkValue(UnsafePointer(json_object_iter_value(i)!))))
            it = json_object_iter_next(object, i)
        }
        return .object(members)
    case JSON_ARRAY: return .array((0..<json_array_size(v)).map { linkValue(UnsafePointer(json_array_get(v, $0)!)) })
    case JSON_STRING:
        return .string(String(decoding: UnsafeBufferPointer(
            start: UnsafeRawPointer(json_string_value(v)!).assumingMemoryBound(to: UInt8.self),
            count: json_string_length(v)), as: UTF8.self))
    case JSON_INTEGER: return .int(Int(json_integer_value(v)))
    case JSON_REAL: return .real(json_real_value(v))
    case JSON_TRUE: return .bool(true)
    case JSON_FALSE: return .bool(false)
    default: return .null
    }
}

@Suite("JSON readers: the own reader and jansson read every document the same")
struct JSONReaderDifferentialTests {
    @Test("the test data has the documents this test is about")
    func documentsFound() {
        let names = allDocuments.map(\.name)
        #expect(names.contains { $0.hasPrefix("Fuzz/corpus/rules/") })
        #expect(names.contains { $0.hasPrefix("Fuzz/corpus/aasa/") })
        #expect(names.contains { $0.hasSuffix("/assetlinks.json") })
        #expect(names.contains { $0.hasPrefix("Tests/Data/links/vectors.json") })
        #expect(names.contains("Tests/CLI/check-invalid-json/rules.json"))
        #expect(allDocuments.count > 100)
    }

    /// The C library's path (jansson parses, sy_router_load_rules_json's loadRules(jansson:)
    /// reads the value) against the own reader's (loadRules on the text).
    @Test("a rule document loads the same routes, or is refused the same way", arguments: allDocuments)
    func ruleDocument(_ doc: DifferentialDocument) {
        let own = doc.bytes.withUnsafeBytes { raw in outcome { r throws(SwitchyardError) in try r.loadRules(bytes: raw) } }
        var error = json_error_t()
        let parsed = doc.bytes.withUnsafeBytes { raw in
            json_loadb(raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count,
                       Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY), &error)
        }
        guard let parsed else {
            expectSameSyntaxError(own, error, doc.name)
            return
        }
        defer { json_decref(parsed) }
        if isUnderflow(own) { return }
        let viaJansson = doc.bytes.withUnsafeBytes { raw in
            outcome(placingIn: raw) { r throws(SwitchyardError) in try r.loadRules(jansson: OpaquePointer(parsed)) }
        }
        #expect(own == viaJansson, "\(doc.name)")
        // Every error of a document read from text has a place.
        if case .refused(_, let message, _, let place) = own { #expect(place != nil, "\(doc.name): \(message)") }
    }

    /// App-link files are read with the own reader only: its values (a duplicate key once,
    /// where it first stands, with the value given last), its findings (a byte-order mark, the
    /// first duplicate key) and its refusals are those of jansson's parse, as the app-link
    /// readers used it (strict, then without refusing duplicates).
    @Test("an app-link file reads as the same JSON values, findings and refusals", arguments: allDocuments)
    func appLinkFile(_ doc: DifferentialDocument) throws {
        let own: Result<(value: LinkJSONValue, findings: [LinkFinding]), SwitchyardError> = doc.bytes.withUnsafeBytes { raw in
            do throws(SwitchyardError) { return .success(try LinkJSON.value(parsing: raw)) } catch { return .failure(error) }
        }
        var bytes = doc.bytes[...]
        var expectedFindings: [String] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
            expectedFindings.append("the file starts with a UTF-8 byte-order mark; JSON files should not")
        }
        let offset = doc.bytes.count - bytes.count
        var strict = json_error_t(), lenient = json_error_t()
        let parsed: UnsafeMutablePointer<json_t>? = Array(bytes).withUnsafeBytes { raw in
            let text = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            if let v = json_loadb(text, raw.count, Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY), &strict) { return v }
            guard let v = json_loadb(text, raw.count, Int(JSON_DECODE_ANY), &lenient) else { return nil }
            expectedFindings.append("\(janssonText(strict)) (line \(strict.line)); only one of the values is used")
            return v
        }
        guard let parsed else {
            let refused: LoadOutcome
            switch own {
            case .success: refused = .routes([])
            case .failure(let e): refused = .refused(e.code, e.message, e.position, e.place)
            }
            expectSameSyntaxError(refused, lenient, byteOffset: offset, doc.name)
            return
        }
        defer { json_decref(parsed) }
        if case .failure(let e) = own, e.message.contains("underflows a double") { return }
        let read = try own.get()
        #expect(read.value == linkValue(parsed), "\(doc.name)")
        #expect(read.findings.map(\.message) == expectedFindings, "\(doc.name)")
    }

    @Test("the hand-made documents reach every refusal they are named for")
    func handMadeRefusals() {
        // Without this, a document whose error both readers miss the same way would pass.
        let refusedByJansson = handMadeDocuments.filter { doc in
            var e = json_error_t()
            let v = doc.bytes.withUnsafeBytes { raw in
                json_loadb(raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count,
                           Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY), &e)
            }
            if let v { json_decref(v); return false }
            return true
        }.map(\.name)
        for name in ["empty", "duplicate key", "too deep", "invalid UTF-8 in a string", "escaped NUL", "too big integer",
                     "real overflow", "control character in a string", "lone low surrogate", "NUL byte", "byte-order mark"] {
            #expect(refusedByJansson.contains(name), "\(name)")
        }
        #expect(!refusedByJansson.contains("deep enough"))
        #expect(!refusedByJansson.contains("real underflow"))
    }

    /// The one difference on purpose (docs/SEMANTICS.md §5): jansson reads a number that
    /// underflows a double as 0 (or a subnormal); the own reader refuses it, at its first byte.
    @Test("a real number that underflows is refused by the own reader only")
    func underflow() {
        let own = outcome { r throws(SwitchyardError) in try r.loadRules(json: "{\"version\": 1, \"routes\": [], \"x\": 1e-400}") }
        guard case .refused(.rule, let message, let position, _) = own else {
            Issue.record("read: \(own)")
            return
        }
        #expect(position == 34)
        #expect(message.contains("$.x: the number 1e-400 (line 1, column 35, byte 34) underflows a double"))
        var error = json_error_t()
        let v = json_loads("[1e-400]", 0, &error)
        #expect(v != nil)
        if let v { json_decref(v) }
    }
}
#endif
