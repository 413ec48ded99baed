// Part of the Jansson trait (Package.swift): the C library's sy_router_load_rules_json.
#if Jansson
/// Rule documents given as jansson values (`const json_t *`), read by the same RuleReader as
/// text: only the JSON layer differs, and the differential test (JSONReaderDifferentialTests)
/// checks that a text read by jansson and by the module's own reader loads the same.
import CJansson

extension Router {
    /// Loads a rule document from a jansson value (a borrowed `const json_t *`: only read;
    /// the caller keeps its reference). The size limit applies to text only.
    package func loadRules(jansson: OpaquePointer) throws(SwitchyardError) {
        try load(RuleReader(read: patternConfig.read).document(JanssonValue(UnsafePointer<json_t>(jansson))))
    }
}

/// Bytes that must be UTF-8 (a json_t made in C may hold anything).
private func utf8Text(_ p: UnsafeRawPointer, _ n: Int, _ path: @autoclosure () -> JSONPath,
                      what: String) throws(SwitchyardError) -> String {
    let bytes = p.assumingMemoryBound(to: UInt8.self)
    if let bad = firstInvalidUTF8(bytes, n) {
        throw ruleError(path(), "\(what) is not valid UTF-8 (byte \(bad))")
    }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: n), as: UTF8.self)
}

/// A borrowed jansson value.
struct JanssonValue: RuleJSON {
    let p: UnsafePointer<json_t>
    init(_ p: UnsafePointer<json_t>) { self.p = p }

    /// nil for a type jansson does not have.
    private var knownKind: JSONKind? {
        switch p.pointee.type {
        case JSON_OBJECT: return .object
        case JSON_ARRAY: return .array
        case JSON_STRING: return .string
        case JSON_INTEGER: return .integer
        case JSON_REAL: return .real
        case JSON_TRUE: return .trueValue
        case JSON_FALSE: return .falseValue
        case JSON_NULL: return .null
        default: return nil
        }
    }
    // A value of unknown type (only a corrupt json_t has one) is read as null: refused
    // wherever a value is expected.
    var kind: JSONKind { knownKind ?? .null }
    var kindName: String { knownKind.map(jsonTypeName) ?? "a value of unknown type" }

    func text(_ path: @autoclosure () -> JSONPath, what: String) throws(SwitchyardError) -> String {
        guard let s = json_string_value(p) else { throw ruleError(path(), "\(what) could not be read") }
        return try utf8Text(UnsafeRawPointer(s), json_string_length(p), path(), what: what)
    }
    var integer: Int64 { Int64(json_integer_value(p)) }
    var real: Double { json_real_value(p) }
    func member(_ key: String) -> JanssonValue? { json_object_get(p, key).map { JanssonValue(UnsafePointer($0)) } }
    var memberCount: Int { json_object_size(p) }
    var elementCount: Int { json_array_size(p) }

    func forEachMember(_ path: @autoclosure () -> JSONPath,
                       _ body: (String, JanssonValue) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        let mutableObject = UnsafeMutablePointer(mutating: p)  // the iterator API is not const; nothing is written
        var it = json_object_iter(mutableObject)
        while let i = it {
            guard let keyPointer = json_object_iter_key(i), let value = json_object_iter_value(i) else {
                throw ruleError(path(), "an object member could not be read")
            }
            let key = try utf8Text(UnsafeRawPointer(keyPointer), json_object_iter_key_len(i), path(), what: "a key")
            try body(key, JanssonValue(UnsafePointer(value)))
            it = json_object_iter_next(mutableObject, i)
        }
    }

    func forEachElement(_ path: @autoclosure () -> JSONPath,
                        _ body: (Int, JanssonValue) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        for i in 0..<json_array_size(p) {
            guard let item = json_array_get(p, i) else { throw ruleError(path().index(i), "could not be read") }
            try body(i, JanssonValue(UnsafePointer(item)))
        }
    }
}
#endif
