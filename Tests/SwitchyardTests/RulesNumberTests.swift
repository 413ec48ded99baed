// Numbers in rule documents (SEMANTICS.md §5): a number a double or a 64-bit integer cannot
// hold is refused with its JSON path, line, column and byte, never read as 0 or infinity.
// And the text reader's edge cases that jansson read the same way (escapes, surrogates).
import Testing
import Switchyard

@Suite("Rule document numbers")
struct RulesNumberTests {
    /// `{"version": 1, "routes": [{"pattern": "/a", "target": "A", "defaults": {"x": N}}]}`
    /// puts N at this byte (line 1, column byte + 1).
    static let numberByte = 77
    static func withDefault(_ number: String) -> String {
        versioned(#"{"pattern": "/a", "target": "A", "defaults": {"x": \#(number)}}"#)
    }

    @Test("a number that underflows or overflows is refused where it stands", arguments: [
        ("1e-400", "underflows"), ("-1e-400", "underflows"), ("4.9e-324", "underflows"),
        ("0.000001e-320", "underflows"), ("1e400", "overflows"), ("-1.8e308", "overflows"),
        ("99999999999999999999", "does not fit in 64 bits"), ("-9223372036854775809", "does not fit in 64 bits"),
    ])
    func refused(number: String, words: String) throws {
        let json = Self.withDefault(number)
        #expect(json.utf8.dropFirst(Self.numberByte).starts(with: number.utf8))
        try expectRuleError(json, ["$.routes[0].defaults.x", words, number,
                                   "line 1, column \(Self.numberByte + 1), byte \(Self.numberByte)"],
                            position: Self.numberByte)
    }

    @Test("a number on a later line is placed by line and column")
    func lineAndColumn() throws {
        let json = "{\"version\": 1,\n\"routes\": [{\"pattern\": \"/a\", \"target\": \"A\",\n  \"defaults\": {\"x\": 1e-400}}]}"
        let byte = json.utf8.count - "1e-400}}]}".utf8.count
        let e = try expectRuleError(json, ["$.routes[0].defaults.x", "(line 3, column 21, byte \(byte))"], position: byte)
        #expect(e?.message.contains("1e-400") == true, "\(e?.message ?? "")")
    }

    @Test("numbers a double or an Int64 holds load as written", arguments: [
        ("0e-400", ParameterValue.float(0)), ("-0.0", .float(0)), ("1e308", .float(1e308)),
        ("2.2250738585072014e-308", .float(2.2250738585072014e-308)), ("1.5", .float(1.5)),
        ("9223372036854775807", .int(Int64.max)), ("-9223372036854775808", .int(Int64.min)), ("0", .int(0)),
    ])
    func accepted(number: String, value: ParameterValue) throws {
        let r = Router()
        try r.loadRules(json: Self.withDefault(number))
        #expect(try r.resolve("/a")?.params["x"] == value)
    }

    @Test("strings read as jansson reads them: escapes, surrogate pairs, and the refusals", arguments: [
        (#""\u00e9\ud83d\ude00\n\/\"""#, "é😀\n/\""),
    ])
    func strings(literal: String, value: String) throws {
        let r = Router()
        try r.loadRules(json: versioned(#"{"pattern": "/a", "target": \#(literal)}"#))
        #expect(try r.resolve("/a")?.target == value)
    }

    @Test("malformed strings and numbers are invalid JSON", arguments: [
        #""\ud83d""#, #""\ude00""#, #""\x""#, "\"a\u{01}\"", "01", "1.", "-", "1e", ".5", "+1", "tru",
    ])
    func malformed(literal: String) throws {
        try expectRuleError(versioned(#"{"pattern": "/a", "target": \#(literal)}"#), ["invalid JSON", "$.routes[0].target"])
    }
}
