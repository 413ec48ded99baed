// A rule document's own lint settings (`"lint": {"disable": [...]}` at the top level, read by
// `switchyard check`): the loader accepts them in both shapes, keeps nothing of them, and
// refuses any other value there with its JSON path.
import Testing
import Switchyard

@Suite("Rules: lint settings in a document")
struct RulesLintSettingsTests {
    static let acceptedDocuments: [String] = [
        #"{"version": 1, "lint": {"disable": ["shadowed-route"]}, "routes": [{"pattern": "/a", "target": "A"}]}"#,
        #"{"version": 1, "routes": [{"pattern": "/a", "target": "A"}], "lint": {"disable": []}}"#,
        // The loader checks the shape only; which ids exist is the linter's business.
        #"{"version": 1, "routes": [{"pattern": "/a", "target": "A"}], "lint": {"disable": ["no-such-lint"]}}"#,
        #"{"lint": {"disable": ["unused-default", "redirect-offsite"]}, "/a": {"class": "A"}}"#,
        #"{"/a": {"class": "A"}, "lint": {"disable": []}}"#,
    ]

    @Test("accepted in both shapes, and nothing of them becomes a route", arguments: acceptedDocuments)
    func accepted(_ json: String) throws {
        let r = Router()
        try r.loadRules(json: json)
        #expect(r.routes.count == 1)
        #expect(try r.resolveBuffer("/a").target == "A")
        #expect(try r.resolveBuffer("/lint").matched == false)
    }

    static let refusedDocuments: [(json: String, message: String)] = [
        (#"{"version": 1, "routes": [], "lint": ["shadowed-route"]}"#, #"$.lint: must be an object"#),
        (#"{"version": 1, "routes": [], "lint": null}"#, #"$.lint: must be an object"#),
        (#"{"version": 1, "routes": [], "lint": {"enable": []}}"#, #"$.lint.enable: unknown field"#),
        (#"{"version": 1, "routes": [], "lint": {"disable": "shadowed-route"}}"#,
         #"$.lint.disable: must be an array of lint ids (strings), not a string"#),
        (#"{"version": 1, "routes": [], "lint": {"disable": ["a", 3]}}"#, #"$.lint.disable[1]: must be a string, not an integer"#),
        (#"{"version": 1, "routes": [], "lint": {"disable": [], "strict": true}}"#, #"$.lint.strict: unknown field"#),
        // Keyed: only an object whose one member is "disable" is lint settings.
        (#"{"lint": {"disable": [null]}}"#, #"$["lint"].disable[0]: must be a string, not null"#),
        (#"{"lint": {"disable": {}}}"#, #"$["lint"].disable: must be an array of lint ids (strings), not an object"#),
        (#"{"lint": ["shadowed-route"]}"#, #"$["lint"]: must be a route object, not an array"#),
        (#"{"lint": {"disable": [], "class": "A"}}"#, #"$["lint"]"#),
    ]

    @Test("any other value there is an error naming its JSON path", arguments: refusedDocuments)
    func refused(_ c: (json: String, message: String)) throws {
        try expectRuleError(c.json, [c.message])
    }
}
