// Each lint on small documents (RulesLinter, the library side of `switchyard check`): what
// it reports, where (JSON path and byte), and what it leaves alone.
import Testing
import Switchyard

/// `{"version": 1, "routes": [...]}` from route objects written as JSON text.
func lintDocument(_ routes: [String], extra: String = "") -> String {
    "{\"version\": 1, \(extra)\"routes\": [\(routes.joined(separator: ", "))]}"
}

/// The findings of a document as "id@path" (and "#position" when one is given).
func lintFindings(_ json: String, _ configuration: LintConfiguration = LintConfiguration()) throws -> [String] {
    try RulesLinter.lint(json: json, configuration: configuration).findings.map { f in
        "\(f.rule.id)@\(f.path)" + (f.position.map { "#\($0)" } ?? "")
    }
}

@Suite("Lint: each rule on small documents")
struct LintRulesTests {
    @Test("what each lint reports", arguments: [
        // shadowed-route and parameter-name-only
        ([#"{"pattern": "/u/:id", "target": "A"}"#, #"{"pattern": "/u/:name", "target": "B", "priority": 1}"#],
         ["shadowed-route@$.routes[0].pattern", "parameter-name-only@$.routes[1].pattern#4"]),
        ([#"{"pattern": "/u/:id", "target": "A"}"#, #"{"pattern": "/u/<int:id>", "target": "B", "priority": 1}"#], []),
        ([#"{"pattern": "/f/*rest", "target": "A", "priority": 1}"#, #"{"pattern": "/f/<path:p>", "target": "B"}"#],
         ["shadowed-route@$.routes[1].pattern"]),
        // redirect-loop: every hop decided; a hop that depends on the value is not
        ([#"{"pattern": "/a/:x", "redirect": "/b/{x}"}"#, #"{"pattern": "/b/:x", "redirect": "/a/{x}"}"#],
         ["redirect-loop@$.routes[0].redirect", "redirect-loop@$.routes[1].redirect"]),
        ([#"{"pattern": "/a/:x", "redirect": "/b/{x}"}"#, #"{"pattern": "/b/<int:x>", "redirect": "/a/{x}"}"#], []),
        ([#"{"pattern": "/a", "redirect": "/a?again=1"}"#], ["redirect-loop@$.routes[0].redirect"]),
        // redirect-offsite and redirect-unhandled
        ([#"{"pattern": "https://a.example.com/x", "redirect": "https://b.example.com/x"}"#,
          #"{"pattern": "https://b.example.com/x", "target": "B"}"#],
         ["redirect-offsite@$.routes[0].redirect"]),
        ([#"{"pattern": "https://a.example.com/x", "redirect": "https://a.example.com/y"}"#],
         ["redirect-unhandled@$.routes[0].redirect"]),
        ([#"{"pattern": "/x/:id", "redirect": "/y/{id}"}"#, #"{"pattern": "/y/<uuid:id>", "target": "Y"}"#], []),
        ([#"{"pattern": "/x/<int:id>", "redirect": "/y/{id}"}"#, #"{"pattern": "/y/<uuid:id>", "target": "Y"}"#],
         ["redirect-unhandled@$.routes[0].redirect"]),
        ([#"{"pattern": "https://*.example.com/x", "redirect": "https://example.com/x"}"#,
          #"{"pattern": "https://example.com/x", "target": "X"}"#], []),
        // empty-placeholder: at the byte of the placeholder in the template
        ([#"{"pattern": "/old/*rest", "redirect": "/new/{rest}/view"}"#, #"{"pattern": "/new/*rest", "target": "N"}"#],
         ["empty-placeholder@$.routes[0].redirect#5"]),
        ([#"{"pattern": "/old/<path:rest>", "redirect": "/new/{rest}/view"}"#, #"{"pattern": "/new/*rest", "target": "N"}"#], []),
        // unused-default
        ([#"{"pattern": "/i/<int:id>", "target": "I", "defaults": {"id": 1, "tab": "a"}}"#],
         ["unused-default@$.routes[0].defaults.id"]),
        ([#"{"pattern": "/i(/:id)", "target": "I", "defaults": {"id": 1}}"#], []),
        ([#"{"pattern": "/p", "redirect": "/i", "defaults": {"src": "p"}}"#, #"{"pattern": "/i", "target": "I"}"#],
         ["unused-default@$.routes[0].defaults.src"]),
        // redirect-misses-query-item: the target's contract requires q (pattern or "query")
        ([#"{"pattern": "/s", "redirect": "/search?page=2", "append_params": false}"#,
          #"{"pattern": "/search?q=<string:q>&page=<int:page=1>", "target": "S"}"#],
         ["redirect-misses-query-item@$.routes[0].redirect"]),
        ([#"{"pattern": "/s", "redirect": "/search"}"#,
          #"{"pattern": "/search", "target": "S", "query": {"q": {"type": "string"}}}"#],
         ["redirect-misses-query-item@$.routes[0].redirect"]),
        ([#"{"pattern": "/s/:term", "redirect": "/search?q={term}"}"#,
          #"{"pattern": "/search?q=<string:q>", "target": "S"}"#], []),
        ([#"{"pattern": "/s/:q", "redirect": "/search"}"#, #"{"pattern": "/search?q=<string:q>", "target": "S"}"#], []),
        ([#"{"pattern": "/s/:q", "redirect": "/search", "append_params": false}"#,
          #"{"pattern": "/search?q=<string:q>", "target": "S"}"#],
         ["redirect-misses-query-item@$.routes[0].redirect"]),
        ([#"{"pattern": "/s", "redirect": "/search"}"#, #"{"pattern": "/search?q=<string:q?>&n=<int:n=1>", "target": "S"}"#], []),
        ([#"{"pattern": "/s", "redirect": "/search"}"#,
          #"{"pattern": "/search", "target": "S", "query": {"q": {"type": "string", "key": "term"}}}"#],
         ["redirect-misses-query-item@$.routes[0].redirect"]),
        ([#"{"pattern": "/s", "redirect": "/search?term=a"}"#,
          #"{"pattern": "/search", "target": "S", "query": {"q": {"type": "string", "key": "term"}}}"#], []),
    ] as [([String], [String])])
    func reports(routes: [String], expected: [String]) throws {
        #expect(try lintFindings(lintDocument(routes)).sorted() == expected.sorted(), "\(routes)")
    }

    @Test("a chain longer than the limit, decided hop by hop")
    func redirectLimit() throws {
        var routes = (0..<9).map { #"{"pattern": "/h\#($0)", "redirect": "/h\#($0 + 1)"}"# }
        routes.append(#"{"pattern": "/h9", "target": "End"}"#)
        let found = try lintFindings(lintDocument(routes))
        // From /h0 nine redirects are needed; from /h1 eight, which is the limit.
        #expect(found == ["redirect-limit@$.routes[0].redirect"])
    }

    @Test("with an allowlist, a redirect to another site is the author's stated intent")
    func allowlistSilencesOffsite() throws {
        let doc = lintDocument([#"{"pattern": "https://a.example.com/x", "redirect": "myapp://x"}"#,
                                #"{"pattern": "myapp://x", "target": "X"}"#],
                               extra: #""redirect_allowlist": ["myapp"], "#)
        #expect(try lintFindings(doc) == [])
    }

    @Test("keyed documents name routes by their key")
    func keyedPaths() throws {
        let doc = #"{"/u/:id": {"class": "A"}, "/u/<int:n>": {"class": "B"}, "/v/:id": {"redirectUrl": "/nowhere"}}"#
        #expect(try lintFindings(doc) == [#"redirect-unhandled@$["/v/:id"].redirectUrl"#])
    }

    @Test("disabled lints and the size limit")
    func configuration() throws {
        let doc = lintDocument([#"{"pattern": "/u/:id", "target": "A"}"#, #"{"pattern": "/u/:name", "target": "B", "priority": 1}"#])
        let off = LintConfiguration(disabled: [.shadowedRoute, .parameterNameOnly])
        #expect(try lintFindings(doc, off) == [])
        let small = LintConfiguration(disabled: [.shadowedRoute, .parameterNameOnly], maxDocumentBytes: 16)
        #expect(try lintFindings(doc, small) == ["document-size@$"])
    }

    @Test("a document that does not load is the loader's rule error")
    func loadError() throws {
        let e = expectError(.rule, "bad pattern") {
            _ = try RulesLinter.lint(json: lintDocument([#"{"pattern": "/a/<int:x", "target": "A"}"#]))
        }
        #expect(e?.message.hasPrefix("$.routes[0].pattern: ") == true)
        #expect(e?.position == 3)
    }

    @Test("every lint has an id, a severity, a summary and a fix")
    func catalogue() {
        for r in LintRule.allCases {
            #expect(!r.id.isEmpty && !r.summary.isEmpty && !r.fix.isEmpty)
            #expect(LintRule(rawValue: r.id) == r)
        }
    }
}

@Suite("Lint: explain's reasons")
struct LintExplainTests {
    @Test("the part that decided", arguments: [
        (["/a/:x", "/a/:y|1"], "/a/b", "/a/:y", "priority"),
        (["myapp://a/:x", "/a/:x"], "myapp://a/b", "myapp://a/:x", "scheme"),
        (["https://w.example.com/a", "https://*.example.com/a"], "https://w.example.com/a", "https://w.example.com/a", "host"),
        (["https://*.example.com/a", "https://*.b.example.com/a"], "https://w.b.example.com/a", "https://*.b.example.com/a", "host"),
        (["/a/:x/c", "/a/b/:y"], "/a/b/c", "/a/b/:y", "segment 2"),
        (["/a/:x", "/a/<uuid:u>", "/a/<int:i>"], "/a/0a1b2c3d-4e5f-6789-abcd-ef0123456789", "/a/<uuid:u>", "segment 2"),
        (["/a/*", "/a"], "/a", "/a", "end at segment 2"),
        (["/a/*rest", "/a/:x"], "/a/b", "/a/:x", "segment 2"),
    ] as [([String], String, String, String)])
    func decidingPart(routes: [String], url: String, winner: String, part: String) throws {
        let r = Router()
        for (i, spec) in routes.enumerated() {
            let bits = spec.split(separator: "|")
            try r.add(Route(String(bits[0]), target: "t\(i)", priority: bits.count > 1 ? Int(bits[1]) ?? 0 : 0))
        }
        let x = try r.explain(url)
        #expect(x.winner?.entry.route.pattern == winner)
        #expect(x.winner?.entry.route.pattern == (try r.resolveBuffer(url)).pattern)
        #expect(x.candidates.dropFirst().allSatisfy { $0.decidedBy?.description == part },
                "\(x.candidates.map { $0.reason ?? "winner" })")
    }

    @Test("an optional group's alternative is tried alone")
    func alternatives() throws {
        let r = Router()
        try r.add("/c(/:d)(/:e)", target: "C")
        try r.add("/c/x/:e", target: "X")
        let x = try r.explain("/c/x/y")
        #expect(x.candidates.map(\.entry.alternative) == ["/c/x/:e", "/c/:d/:e"])
        #expect(x.candidates[1].pathParameters.map(\.text) == ["x", "y"])
        #expect(x.candidates[1].reason == "segment 2: literal 'x' beats :d")
    }

    @Test("an unreadable URL is the resolver's error")
    func invalidURL() throws {
        let r = Router()
        try r.add("/a", target: "A")
        expectError(.invalidURL, "12:30") { _ = try r.explain("12:30/x") }
    }
}
