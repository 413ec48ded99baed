// Duplicate keys in rule documents: found in objects of any size (a few keys are compared one
// by one, more through a set), by their decoded text, and only among the keys of one object.
import Testing
import Switchyard

/// A document with one route whose defaults object has `keys` (each with the value 1), in order.
private func defaultsDocument(_ keys: [String]) -> String {
    let members = keys.map { "\"\($0)\": 1" }.joined(separator: ", ")
    return versioned(#"{"pattern": "/a", "target": "A", "defaults": {"# + members + "}}")
}

@Suite("Rules: duplicate keys")
struct RulesDuplicateKeyTests {
    @Test("a repeated key is refused wherever it stands, in objects of every size", arguments: [1, 2, 8, 9, 10, 30])
    func repeated(count: Int) throws {
        let keys = (0..<count).map { "k\($0)" }
        let r = Router()
        try r.loadRules(json: defaultsDocument(keys))
        #expect(try r.resolveBuffer("/a").target == "A")
        for at in Set([0, count / 2, count - 1]) {
            try expectRuleError(defaultsDocument(keys + [keys[at]]), ["duplicate object key"])
        }
    }

    @Test("keys are compared decoded: an escaped spelling repeats the plain one")
    func escaped() throws {
        try expectRuleError(defaultsDocument(["ab", "\\u0061b"]), ["duplicate object key"])
        try expectRuleError(defaultsDocument((0..<12).map { "k\($0)" } + ["\\u006B3"]), ["duplicate object key"])
        try expectRuleError(defaultsDocument(["\\u006B3"] + (0..<12).map { "k\($0)" }), ["duplicate object key"])
    }

    @Test("the same key in a nested object or in a sibling object is no repeat; a repeat after a nested object is")
    func nested() throws {
        let r = Router()
        try r.loadRules(json: versioned(#"{"pattern": "/a", "target": "A", "defaults": {"pattern": 1, "target": 2}}"#,
                                        #"{"pattern": "/b", "target": "B"}"#))
        #expect(try r.resolveBuffer("/b").target == "B")
        let many = (0..<12).map { "\"k\($0)\": 1" }.joined(separator: ", ")
        try r.loadRules(json: versioned(#"{"pattern": "/c", "target": "C", "defaults": {"# + many + "}}",
                                        #"{"pattern": "/d", "target": "D", "defaults": {"# + many + "}}"))
        #expect(try r.resolveBuffer("/d").target == "D")
        try expectRuleError(versioned(#"{"pattern": "/a", "defaults": {"x": 1}, "target": "A", "pattern": "/b"}"#),
                            ["duplicate object key"])
    }
}
