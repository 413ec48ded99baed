// Routes in the `urlpattern` dialect in a router (docs/SEMANTICS.md §10): their groups in the
// match, their place among the routes of the default dialect, conflicts, errors and rule
// documents.
import Testing
import Switchyard

/// The path parameters of the winner of `url`, by name; nil for a miss.
private func groups(_ r: Router, _ url: String) throws -> [String: String]? {
    let m = MatchBuffer()
    guard try r.resolve(url, into: m) else { return nil }
    var out: [String: String] = [:]
    for p in m.pathParameters { out[p.name] = p.text }
    return out
}

private func winner(_ r: Router, _ url: String) throws -> String? {
    let m = MatchBuffer()
    return try r.resolve(url, into: m) ? m.target : nil
}

@Suite struct URLPatternRouterTests {
    @Test(arguments: [
        ("/books/:id(\\d+)", "/books/42", ["id": "42"] as [String: String]?),
        ("/books/:id(\\d+)", "/books/abc", nil),
        ("/blog/:slug{/comments}?", "/blog/hello/comments", ["slug": "hello"]),
        ("/blog/:slug{/comments}?", "/blog/hello", ["slug": "hello"]),
        ("/files/*", "/files/a/b.txt", ["0": "a/b.txt"]),
        ("{/:lang}?/docs", "/docs", [:]),
        ("{/:lang}?/docs", "/fr/docs", ["lang": "fr"]),
        ("/:a/(\\d+)/*", "/x/7/y/z", ["a": "x", "0": "7", "1": "y/z"]),
        ("/search/:q", "/search/caf%C3%A9", ["q": "caf%C3%A9"]),
        ("/user/:id", "myapp://user/42", ["id": "42"]),
        ("/user/:id", "https://example.com/user/42?x=1#top", ["id": "42"]),
        ("/user/:id", "https://example.com/user/42/", nil),
        ("/a/:b?", "/a", [:]),
    ] as [(String, String, [String: String]?)])
    func groupsOfOneRoute(_ pattern: String, _ url: String, _ want: [String: String]?) throws {
        let r = try Router()
        try r.add(pattern, target: "t", dialect: .urlpattern)
        #expect(try groups(r, url) == want, "\(pattern) on \(url)")
    }

    @Test func searchHashAndIgnoreCase() throws {
        let r = try Router()
        try r.add(Route(urlPattern: "/s", target: "search", search: "q=:q&*", hash: ":h?"))
        #expect(try groups(r, "/s?q=cats&page=2#top") == ["q": "cats", "0": "page=2", "h": "top"])
        #expect(try groups(r, "/s?page=2") == nil)
        try r.add(Route(urlPattern: "/Docs/:page", target: "docs", ignoreCase: true))
        #expect(try groups(r, "/dOCS/Intro") == ["page": "Intro"])
        #expect(try winner(r, "/docs/intro") == "docs")
    }

    @Test func routerAndDocumentDialects() throws {
        var o = RouterOptions()
        o.dialect = .urlpattern
        let r = try Router(options: o)
        try r.add("/a/:id(\\d+)", target: "up")
        var own = Route("/b/<int:id>", target: "sy")
        own.dialect = .switchyard
        try r.add(own)
        #expect(try groups(r, "/a/7") == ["id": "7"])
        #expect(try winner(r, "/b/7") == "sy")
        let d = try Router()
        try d.loadRules(json: """
            {"version": 1, "dialect": "urlpattern", "routes": [
              {"pattern": "/x/:n(\\\\d+)", "target": "x"},
              {"pattern": "/y/<int:n>", "target": "y", "dialect": "switchyard"},
              {"pattern": "/z", "target": "z", "search": "k=:k", "ignore_case": true}]}
            """)
        #expect(try winner(d, "/x/12") == "x")
        #expect(try winner(d, "/x/ab") == nil)
        #expect(try winner(d, "/y/3") == "y")
        #expect(try groups(d, "/Z?k=v") == ["k": "v"])
        let keyed = try Router()
        try keyed.loadRules(json: #"{"dialect": "urlpattern", "/k/:id(\\d+)": {"class": "K"}}"#)
        #expect(try winner(keyed, "/k/5") == "K")
        expectError(.rule, "unknown dialect") {
            try keyed.loadRules(json: #"{"version": 1, "dialect": "regex", "routes": []}"#)
        }
        expectError(.rule, "search in the default dialect") {
            try keyed.loadRules(json: #"{"version": 1, "routes": [{"pattern": "/a", "target": "a", "search": "x"}]}"#)
        }
    }

    /// One table, both dialects: literal, typed (a whole-segment regexp group among them, after
    /// `<int:>`) and plain segments first, then urlpattern tails (first added first), then
    /// catch-alls.
    @Test func precedenceAmongDialects() throws {
        let r = try Router()
        try r.add("/books/new", target: "literal")
        try r.add("/books/*rest", target: "catch-all")
        try r.add("/books/:id(\\d+)", target: "numeric", dialect: .urlpattern)
        try r.add("/books/*", target: "wildcard", dialect: .urlpattern)
        try r.add("/shelf/<int:n>", target: "typed")
        try r.add("/shelf/:n(\\d+)", target: "shelf-up", dialect: .urlpattern)
        let rows: [(String, String?)] = [
            ("/books/new", "literal"), ("/books/42", "numeric"), ("/books/abc", "wildcard"),
            ("/books/a/b", "wildcard"), ("/books", "catch-all"), ("/shelf/3", "typed"),
            ("/shelf/x", nil),
        ]
        for (url, want) in rows { #expect(try winner(r, url) == want, "\(url)") }
        let p = try Router()
        try p.add("/books/:id(\\d+)", target: "high", dialect: .urlpattern, priority: 1)
        try p.add("/books/<int:id>", target: "low")
        #expect(try winner(p, "/books/42") == "high")
    }

    @Test func conflicts() throws {
        let r = try Router()
        try r.add("/a/:x(\\d+)", target: "1", dialect: .urlpattern)
        expectError(.conflict, "same pattern twice") { try r.add("/a/:x(\\d+)", target: "2", dialect: .urlpattern) }
        // The same text in the other dialect, or with ignoreCase, is another route.
        try r.add("/a/:x(\\d+)", target: "3", dialect: .urlpattern, ignoreCase: true)
        try r.add("/a/:x", target: "4")
    }

    @Test(arguments: [
        ("/:x(a\\1)", 5, "backreference"), ("/:x((?=a)a)", 4, "lookahead"),
        ("/:x((?<=a)a)", 4, "lookbehind"), ("/([[a-z]--a])", 3, "'['"),
        ("/([\\d&&[0-1]])", 5, "'&&'"), ("/:id([^/]+)", 7, "escaped"), ("/:id/:id", 5, "twice"),
        ("/(café)", 5, "ASCII"), ("/{:a", 1, "unclosed"), ("/(\\m)", 2, "escape"),
    ] as [(String, Int, String)])
    func errors(_ pattern: String, _ at: Int, _ words: String) {
        let e = expectError(.invalidPattern, pattern) {
            try Router().add(pattern, target: "t", dialect: .urlpattern)
        }
        #expect(e?.position == at, "\(pattern): \(e?.message ?? "")")
        #expect(e?.message.contains(words) == true, "\(pattern): \(e?.message ?? "")")
    }

    /// An error in a search or hash pattern, a regexp's included, names its component: the
    /// position is a byte of that pattern, not of the pathname.
    @Test(arguments: [
        ("q=:x(a\\1)", nil, 6, "urlpattern search: a backreference"),
        (nil, ":x((?=a)a)", 3, "urlpattern hash: lookahead"),
        ("(b", nil, 0, "urlpattern search: unclosed"),
    ] as [(String?, String?, Int, String)])
    func componentErrors(_ search: String?, _ hash: String?, _ at: Int, _ words: String) {
        let e = expectError(.invalidPattern, words) {
            try Router().add("/a", target: "t", dialect: .urlpattern, search: search, hash: hash)
        }
        #expect(e?.position == at, "\(e?.message ?? "")")
        #expect(e?.message.hasPrefix(words) == true, "\(e?.message ?? "")")
    }

    /// A resolve on a table with tails leaves the plain routes' answers alone and reuses
    /// one buffer across tables with and without tails.
    @Test func reusedBuffer() throws {
        let plain = try Router()
        try plain.add("/p/:id", target: "plain")
        let tails = try Router()
        // `{/x}?` keeps it a tail (a whole-segment group alone would be a segment route).
        try tails.add("/t/:id(\\d+){/x}?", target: "tail", dialect: .urlpattern)
        let m = MatchBuffer()
        for _ in 0..<3 {
            #expect(try tails.resolve("/t/1", into: m) && m.target == "tail")
            #expect(try plain.resolve("/p/1", into: m) && m.target == "plain")
            #expect(try !tails.resolve("/t/x", into: m))
        }
    }
}
