// Rule documents (SEMANTICS.md §5, §8 "Documents"): both shapes, every field, every kind of
// bad document (each an error naming the JSON path, and after it nothing has changed), the
// redirect allowlist, replacement of the previous document, and files.
import Testing
import Switchyard

#if canImport(Glibc)
import Glibc
#endif

/// The §5 keyed example.
let keyedExample = """
{ "https://blog.example.com/:userName/article/details/:articleId": { "class": "BlogDetailPage" },
  "https://live.example.com/room/:id": { "redirectUrl": "myapp://app/live/room" } }
"""

/// The §5 versioned example, plus the routes its redirects lead to.
let versionedExample = """
{ "version": 1,
  "redirect_allowlist": ["myapp", "https://*.example.com"],
  "routes": [
    { "pattern": "myapp://user/<int:id>", "target": "UserProfile", "name": "user",
      "priority": 0, "defaults": { "tab": "posts" } },
    { "pattern": "https://example.com/skill/:language",
      "redirect": "myapp://app/tiny?id=__C92EAF9" },
    { "pattern": "myapp://app/tiny", "target": "MiniApp" } ] }
"""

/// Loads `json` into a fresh router with one route added by hand, expects a rule error whose
/// message contains every string of `contains`, and checks the router is unchanged.
@discardableResult
func expectRuleError(_ json: String, _ contains: [String], position: Int? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> SwitchyardError? {
    let r = Router()
    try r.add("/kept/:id", target: "Kept")
    try r.loadRules(json: #"{"version": 1, "routes": [{"pattern": "/old", "target": "Old"}]}"#)
    let before = r.routes
    let e = expectError(.rule, json, sourceLocation: sourceLocation) { try r.loadRules(json: json) }
    for c in contains {
        #expect(e?.message.contains(c) == true, "expected '\(c)' in: \(e?.message ?? "no error")",
                sourceLocation: sourceLocation)
    }
    if let position {
        #expect(e?.position == position, "position of: \(e?.message ?? "")", sourceLocation: sourceLocation)
    }
    #expect(r.routes == before, "the router changed after a failed load", sourceLocation: sourceLocation)
    #expect(try r.resolveBuffer("/old").target == "Old", sourceLocation: sourceLocation)
    return e
}

/// A versioned document with the given route objects (JSON text).
func versioned(_ routes: String...) -> String {
    #"{"version": 1, "routes": ["# + routes.joined(separator: ", ") + "]}"
}

@Suite("Rules")
struct RulesTests {
    // MARK: the two shapes

    @Test("the keyed shape: keys are patterns, class is the target, redirectUrl the redirect")
    func keyedShape() throws {
        let r = Router()
        try r.add("myapp://app/live/room", target: "LiveRoom")
        try r.loadRules(json: keyedExample)
        let m = try r.resolveBuffer("https://blog.example.com/alice/article/details/42")
        #expect(m.target == "BlogDetailPage")
        #expect(m.params["userName"] == .string("alice"))
        #expect(m.params["articleId"] == .string("42"))
        let live = try r.resolveBuffer("https://live.example.com/room/7?from=share")
        #expect(live.target == "LiveRoom")
        #expect(live.url == "myapp://app/live/room?id=7&from=share")
        #expect(live.redirects.count == 2)
    }

    @Test("the versioned shape: every field")
    func versionedShape() throws {
        let r = Router()
        try r.loadRules(json: versionedExample)
        let m = try r.resolveBuffer("myapp://user/42")
        #expect(m.target == "UserProfile")
        #expect(m.name == "user")
        #expect(m.params["id"] == .int(42))
        #expect(m.params["tab"] == .string("posts"))
        let skill = try r.resolveBuffer("https://example.com/skill/cloud_native")
        #expect(skill.url == "myapp://app/tiny?id=__C92EAF9&language=cloud_native")
        #expect(skill.target == "MiniApp")
    }

    @Test("both shapes accept the same route fields, under either spelling")
    func sameFields() throws {
        let r = Router()
        try r.loadRules(json: """
            {"/a/:x": {"target": "A", "name": "a", "priority": 3, "defaults": {"n": 1, "f": 2.5, "s": "t"}},
             "/r/:x": {"redirect": "/a/{x}", "append_params": false},
             "/c": {"class": "C"}}
            """)
        let m = try r.resolveBuffer("/a/1")
        #expect(m.target == "A" && m.name == "a")
        #expect(m.params["n"] == .int(1))
        #expect(m.params["f"] == .float(2.5))
        #expect(m.params["s"] == .string("t"))
        #expect(r.routes.first { $0.pattern == "/a/:x" }?.priority == 3)
        #expect(try r.resolveBuffer("/r/5?q=1").url == "/a/5")
        try r.loadRules(json: versioned(#"{"pattern": "/v", "class": "V"}"#,
                                        #"{"pattern": "/w/:x", "redirectUrl": "/v", "append_params": true}"#))
        #expect(try r.resolveBuffer("/w/1").url == "/v?x=1")
    }

    @Test("an empty document of either shape loads and removes the previous document's routes")
    func emptyDocuments() throws {
        let r = Router()
        try r.loadRules(json: versionedExample)
        try r.loadRules(json: "{}")
        #expect(r.routes.isEmpty)
        try r.loadRules(json: versionedExample)
        try r.loadRules(json: #"{"version": 1, "routes": []}"#)
        #expect(r.routes.isEmpty)
    }

    // MARK: replacing documents

    @Test("a load replaces the previous document's routes; routes added one by one stay")
    func replaces() throws {
        let r = Router()
        try r.add("/manual", target: "Manual")
        try r.loadRules(json: versioned(#"{"pattern": "/one", "target": "One"}"#))
        try r.loadRules(json: versioned(#"{"pattern": "/two", "target": "Two"}"#))
        #expect(!(try r.resolveBuffer("/one").matched))
        #expect(try r.resolveBuffer("/two").target == "Two")
        #expect(try r.resolveBuffer("/manual").target == "Manual")
        // A document route may take the shape of the previous document's route (it is gone).
        try r.loadRules(json: versioned(#"{"pattern": "/:x", "target": "X"}"#))
        try r.loadRules(json: versioned(#"{"pattern": "/:y", "target": "Y"}"#))
        #expect(try r.resolveBuffer("/q").target == "Y")
        // remove() takes a document route too.
        #expect(r.remove("/:y"))
    }

    @Test("a document route conflicting with a route added by hand is a rule error")
    func conflictWithManual() throws {
        let r = Router()
        try r.add("/u/:id", target: "Manual")
        let e = expectError(.rule, "conflict") {
            try r.loadRules(json: versioned(#"{"pattern": "/u/:name", "target": "Doc"}"#))
        }
        #expect(e?.message.contains("$.routes[0].pattern") == true)
        #expect(e?.message.contains("'/u/:name'") == true && e?.message.contains("'/u/:id'") == true)
        #expect(r.routes.count == 1)
    }

    // MARK: bad documents

    @Test("invalid JSON reports jansson's line, column and byte, and where it is")
    func syntax() throws {
        // position is jansson's byte offset, which points just past the offending token:
        // here the '}' at byte 40 (line 2 starts at byte 15), so 41.
        try expectRuleError("{\"version\": 1,\n \"routes\": [ {\"pattern\": } ] }",
                            ["invalid JSON", "line 2, column 26, byte 41", "$.routes[0].pattern"], position: 41)
        try expectRuleError("", ["invalid JSON", "line 1"], position: 0)
        try expectRuleError("{\"a\": ", ["invalid JSON"], position: 6)
        try expectRuleError("{} trailing", ["invalid JSON", "end of file expected"], position: 11)
    }

    @Test("duplicate keys are errors naming where they are", arguments: [
        (#"{"version": 1, "routes": [{"pattern": "/a", "target": "A", "target": "B"}]}"#, "$.routes[0].target"),
        (#"{"/a": {"class": "A"}, "/a": {"class": "B"}}"#, #"$["/a"]"#),
        (#"{"version": 1, "version": 1, "routes": []}"#, "$.version"),
    ])
    func duplicates(json: String, path: String) throws {
        try expectRuleError(json, ["duplicate", path])
    }

    @Test("the top level must be an object", arguments: ["[]", "1", "\"x\"", "null", "true"])
    func topLevel(json: String) throws {
        try expectRuleError(json, ["$: a rule document must be a JSON object"])
    }

    @Test("unknown fields are errors", arguments: [
        (#"{"version": 1, "routes": [], "extra": 1}"#, "$.extra: unknown field"),
        (versioned(#"{"pattern": "/a", "target": "A", "tagret": "B"}"#), "$.routes[0].tagret: unknown field"),
        (#"{"/a": {"class": "A", "pattern": "/b"}}"#, #"$["/a"].pattern: unknown field"#),
        (#"{"/a": {"class": "A", "tabs": {}}}"#, #"$["/a"].tabs: unknown field"#),
    ])
    func unknownFields(json: String, words: String) throws {
        try expectRuleError(json, [words])
    }

    @Test("wrong types, null included, are errors", arguments: [
        (#"{"version": "1", "routes": []}"#, "$.version: must be the integer 1, not a string"),
        (#"{"version": 1.0, "routes": []}"#, "$.version: must be the integer 1, not a real number"),
        (#"{"version": 1, "routes": {}}"#, "$.routes: must be an array of routes, not an object"),
        (#"{"version": 1, "routes": null}"#, "$.routes: must be an array of routes, not null"),
        (#"{"version": 1, "routes": ["/a"]}"#, "$.routes[0]: must be a route object, not a string"),
        (versioned(#"{"pattern": 1, "target": "A"}"#), "$.routes[0].pattern: must be a string, not an integer"),
        (versioned(#"{"pattern": "/a", "target": null}"#), "$.routes[0].target: must be a string, not null"),
        (versioned(#"{"pattern": "/a", "target": "A", "name": null}"#), "$.routes[0].name: must be a string, not null"),
        (versioned(#"{"pattern": "/a", "target": "A", "priority": "1"}"#), "$.routes[0].priority: must be an integer"),
        (versioned(#"{"pattern": "/a", "target": "A", "priority": 1.5}"#), "$.routes[0].priority: must be an integer"),
        (versioned(#"{"pattern": "/a", "target": "A", "priority": null}"#), "$.routes[0].priority: must be an integer, not null"),
        (versioned(#"{"pattern": "/a", "target": "A", "defaults": []}"#), "$.routes[0].defaults: must be an object"),
        (versioned(#"{"pattern": "/a", "target": "A", "defaults": {"t": true}}"#), "$.routes[0].defaults.t: must be a string or a number"),
        (versioned(#"{"pattern": "/a", "target": "A", "defaults": {"t": null}}"#), "$.routes[0].defaults.t: must be a string or a number, not null"),
        (versioned(#"{"pattern": "/a", "target": "A", "defaults": {"a b": {}}}"#), #"$.routes[0].defaults["a b"]"#),
        (versioned(#"{"pattern": "/a", "redirect": "/b", "append_params": "no"}"#), "$.routes[0].append_params: must be true or false"),
        (#"{"/a": "A"}"#, #"$["/a"]: must be a route object, not a string"#),
        (#"{"routes": []}"#, #"needs "version": 1"#),
        (#"{"version": 1, "redirect_allowlist": "myapp", "routes": []}"#, "$.redirect_allowlist: must be an array of strings"),
        (#"{"version": 1, "redirect_allowlist": [1], "routes": []}"#, "$.redirect_allowlist[0]: must be a string"),
    ])
    func wrongTypes(json: String, words: String) throws {
        try expectRuleError(json, [words])
    }

    @Test("version must be 1 and routes must be present")
    func versionAndRoutes() throws {
        try expectRuleError(#"{"version": 2, "routes": []}"#, ["$.version: must be 1", "not 2"])
        try expectRuleError(#"{"version": 1}"#, [#"$: missing "routes""#])
    }

    @Test("a route needs exactly one of a target and a redirect, and a pattern", arguments: [
        (versioned(#"{"pattern": "/a", "target": "A", "redirect": "/b"}"#), "$.routes[0]: has both a target"),
        (versioned(#"{"pattern": "/a"}"#), "$.routes[0]: has neither a target nor a redirect"),
        (versioned(#"{"pattern": "/a", "target": "A", "class": "B"}"#), #"$.routes[0]: has both "target" and "class""#),
        (versioned(#"{"pattern": "/a", "redirect": "/b", "redirectUrl": "/c"}"#), #"has both "redirect" and "redirectUrl""#),
        (#"{"/a": {"class": "A", "redirectUrl": "/b"}}"#, #"$["/a"]: has both a target"#),
        (#"{"/a": {}}"#, #"$["/a"]: has neither"#),
        (versioned(#"{"target": "A"}"#), #"$.routes[0]: missing "pattern""#),
        (versioned(#"{"pattern": "/a", "target": "A", "append_params": false}"#), "only a redirect route takes"),
    ])
    func destinations(json: String, words: String) throws {
        try expectRuleError(json, [words])
    }

    @Test("a bad pattern names the JSON path and the byte inside the pattern")
    func badPatterns() throws {
        try expectRuleError(versioned(#"{"pattern": "/a", "target": "A"}"#, #"{"pattern": "/user/<int:id", "target": "B"}"#),
                            ["$.routes[1].pattern", "unclosed '<' at 6"], position: 6)
        try expectRuleError(#"{"/ok": {"class": "A"}, "/x/<date:d>": {"class": "B"}}"#,
                            [#"$["/x/<date:d>"]"#, "unknown type 'date' at 4"], position: 4)
        try expectRuleError(versioned(#"{"pattern": "/a/*/b/:c:d", "target": "A"}"#),
                            ["$.routes[0].pattern", "two parameters need literal text between them at 9"], position: 9)
    }

    @Test("an over-long pattern inside a document is a rule error")
    func longPattern() throws {
        let long = "/" + String(repeating: "a", count: 5000)
        try expectRuleError(versioned(#"{"pattern": ""# + long + #"", "target": "A"}"#), ["$.routes[0].pattern", "over the limit"])
    }

    @Test("conflicts inside a document name the route's path and both patterns")
    func conflicts() throws {
        try expectRuleError(versioned(#"{"pattern": "/u/:id", "target": "A"}"#, #"{"pattern": "/u/:name", "target": "B"}"#),
                            ["$.routes[1].pattern", "'/u/:name'", "'/u/:id'"])
        // The same shape at another priority is fine.
        let r = Router()
        try r.loadRules(json: versioned(#"{"pattern": "/u/:id", "target": "A"}"#,
                                        #"{"pattern": "/u/:name", "target": "B", "priority": 1}"#))
        #expect(try r.resolveBuffer("/u/1").target == "B")
    }

    @Test("priority outside 32 bits and an empty default name are errors")
    func ranges() throws {
        try expectRuleError(versioned(#"{"pattern": "/a", "target": "A", "priority": 4294967296}"#),
                            ["$.routes[0].priority", "32-bit"])
        try expectRuleError(versioned(#"{"pattern": "/a", "target": "A", "defaults": {"": 1}}"#),
                            [#"$.routes[0].defaults[""]"#, "non-empty name"])
    }

    @Test("a bad redirect names the JSON path of the redirect and the byte in it")
    func badRedirects() throws {
        try expectRuleError(versioned(#"{"pattern": "/a/:id", "redirect": "https://{id}.example.com/"}"#),
                            ["$.routes[0].redirect", "host"], position: 8)
        try expectRuleError(#"{"/a/:id": {"redirectUrl": "myapp://x/{user}"}}"#,
                            [#"$["/a/:id"].redirectUrl"#, "{user}"], position: 10)
        try expectRuleError(versioned(#"{"pattern": "/a(/:id)", "redirect": "/b/{id}"}"#),
                            ["$.routes[0].redirect", "every alternative"])
        // An empty redirect, also with an allowlist (checked before the template).
        try expectRuleError(#"{"version": 1, "redirect_allowlist": ["myapp"], "routes": [{"pattern": "/a", "redirect": ""}]}"#,
                            ["$.routes[0].redirect", "empty"])
    }

    @Test("a document over maxDocumentSize is a rule error")
    func documentSize() throws {
        var o = RouterOptions()
        o.limits.maxDocumentSize = 64
        let r = try Router(options: o)
        try r.loadRules(json: #"{"/a": {"class": "A"}}"#)
        let big = versioned(#"{"pattern": "/b", "target": "B"}"#, #"{"pattern": "/c", "target": "C"}"#)
        let e = expectError(.rule, "over size") { try r.loadRules(json: big) }
        #expect(e?.message.contains("maxDocumentSize") == true)
        #expect(try r.resolveBuffer("/a").target == "A")
    }

    @Test("text in a document is strict JSON: a NUL escape in a string is refused")
    func nulEscape() throws {
        try expectRuleError(versioned(#"{"pattern": "/a", "target": "A\u0000B"}"#), ["invalid JSON"])
    }

    // MARK: the allowlist

    static let allowlist = #""redirect_allowlist": ["myapp", "https://*.example.com", "http://exact.test:8080"]"#

    func allowDoc(_ redirect: String) -> String {
        #"{"version": 1, "# + RulesTests.allowlist + #", "routes": [{"pattern": "/a/:id", "redirect": ""# + redirect + #""}]}"#
    }

    @Test("redirects inside the allowlist load", arguments: [
        "myapp://user/{id}", "MYAPP://x", "https://m.example.com/{id}", "https://a.b.example.com:443/x",
        "http://exact.test:8080/p", "/relative/{id}", "rel", "https://m.example.com./x",
    ])
    func allowed(redirect: String) throws {
        let r = Router()
        try r.loadRules(json: allowDoc(redirect))
        #expect(r.routes.count == 1)
    }

    @Test("redirects outside the allowlist are rejected when loaded", arguments: [
        "https://example.com/x", "https://evil.com/x", "https://m.example.com.evil.com/", "http://m.example.com/",
        "otherapp://x", "http://exact.test/p", "http://exact.test:9090/p", "https://m.example.com:8443/",
        "javascript:alert(1)",
    ])
    func rejected(redirect: String) throws {
        try expectRuleError(allowDoc(redirect), ["$.routes[0].redirect", "redirect_allowlist"])
    }

    @Test("a network-path redirect is refused in every document, before the allowlist is consulted")
    func networkPath() throws {
        try expectRuleError(allowDoc("//evil.com/x"), ["$.routes[0].redirect", "'//'"])
        try expectRuleError(versioned(#"{"pattern": "/a", "redirect": "//evil.com/x"}"#), ["$.routes[0].redirect", "'//'"])
    }

    @Test("without an allowlist any redirect loads; the allowlist covers only its document")
    func noAllowlist() throws {
        let r = Router()
        try r.loadRules(json: versioned(#"{"pattern": "/a", "redirect": "https://anywhere.test/"}"#))
        try r.loadRules(json: allowDoc("myapp://x"))
        try r.add("/manual", redirect: "https://anywhere.test/")
        #expect(r.routes.count == 2)
    }

    @Test("malformed allowlist entries are errors naming the entry", arguments: [
        ("1abc", "[0]"), ("myapp://host", "only a web scheme has a host"), ("https://", "scheme and a host only"),
        ("https://a.com/path", "no path"), ("https://a*.com", "'*' may only start"), ("https://*x.com", "'*.domain'"),
        ("https://a.com:80x", "decimal digits"), ("", "not a scheme"),
    ])
    func badEntries(entry: String, words: String) throws {
        try expectRuleError(#"{"version": 1, "redirect_allowlist": [""# + entry + #""], "routes": []}"#,
                            ["$.redirect_allowlist[0]", words])
    }

    // MARK: files

    @Test("a document is read from a file; an unreadable file is an I/O error")
    func files() throws {
        let path = "/tmp/switchyard-rules-test-\(getpid()).json"
        let text = versionedExample
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        defer { unlink(path) }
        let r = Router()
        try r.loadRules(contentsOfFile: path)
        #expect(try r.resolveBuffer("myapp://user/1").target == "UserProfile")
        let e = expectError(.io, "missing file") { try r.loadRules(contentsOfFile: "/nonexistent/rules.json") }
        #expect(e?.message.contains("/nonexistent/rules.json") == true)
        expectError(.io, "a directory") { try r.loadRules(contentsOfFile: "/tmp") }
        expectError(.invalidArgument, "NUL in path") { try r.loadRules(contentsOfFile: "/tmp/a\u{0}b") }
        #expect(r.routes.count == 3)
    }
}
