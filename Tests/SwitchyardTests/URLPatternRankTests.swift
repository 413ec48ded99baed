// A urlpattern segment that is exactly one regexp group (`/books/:id(\d+)`, `/books/(\d+)`)
// is the constraint `<re:name:regexp>` of the default dialect (docs/SEMANTICS.md §10): it
// ranks, conflicts and matches as that segment does, in tables that mix both dialects.
import Testing
import Switchyard

/// One route of a table: its pattern, target and dialect (`up`: urlpattern).
struct RankRow: Sendable {
    var pattern: String
    var target: String
    var up = false
    var priority = 0
}

private func sy(_ p: String, _ t: String, priority: Int = 0) -> RankRow { RankRow(pattern: p, target: t, priority: priority) }
private func up(_ p: String, _ t: String, priority: Int = 0) -> RankRow { RankRow(pattern: p, target: t, up: true, priority: priority) }

private func router(_ rows: [RankRow]) throws -> Router {
    let r = try Router()
    for row in rows {
        if row.up {
            try r.add(row.pattern, target: row.target, dialect: .urlpattern, priority: row.priority)
        } else {
            try r.add(row.pattern, target: row.target, priority: row.priority)
        }
    }
    return r
}

/// The winner of `url` and its path parameters ("name=text", in order); "miss" for none.
private func answer(_ r: Router, _ url: String) throws -> String {
    let m = MatchBuffer()
    guard try r.resolve(url, into: m) else { return "miss" }
    let params = m.pathParameters.map { "\($0.name)=\($0.text)" }.joined(separator: ",")
    return "\(m.target ?? "?") [\(params)]"
}

@Suite struct URLPatternRankTests {
    /// Each table, added in the order given and in the reverse order: the winner of each URL.
    static let tables: [(String, [RankRow], [(String, String)])] = [
        ("a constrained group beats :name", [up("/books/:id(\\d+)", "numeric"), sy("/books/:slug", "slug")],
         [("/books/42", "numeric [id=42]"), ("/books/abc", "slug [slug=abc]")]),
        ("typed beats a constrained group, which beats :name",
         [sy("/books/<int:n>", "int"), up("/books/:id(\\d+)", "numeric"), sy("/books/:slug", "slug")],
         [("/books/42", "int [n=42]"), ("/books/007x", "slug [slug=007x]")]),
        ("a float beats a constrained group", [sy("/books/<float:x>", "float"), up("/books/:id(\\d+(?:\\.\\d+)*)", "dotted")],
         [("/books/2.5", "float [x=2.5]"), ("/books/1.2.3", "dotted [id=1.2.3]")]),
        ("literals first, catch-alls last",
         [sy("/books/new", "literal"), up("/books/:id(\\d+)", "numeric"), sy("/books/*rest", "catch-all")],
         [("/books/new", "literal []"), ("/books/42", "numeric [id=42]"), ("/books/4/2", "catch-all [rest=4/2]")]),
        ("a constrained group beats the dialect's own :name (a tail)",
         [up("/books/:slug", "tail"), up("/books/:id(\\d+)", "numeric")],
         [("/books/42", "numeric [id=42]"), ("/books/x", "tail [slug=x]")]),
        ("deeper segments: a constrained group then a literal",
         [up("/books/:id(\\d+)/reviews", "reviews"), sy("/books/:slug/reviews", "slug")],
         [("/books/42/reviews", "reviews [id=42]"), ("/books/x/reviews", "slug [slug=x]")]),
        ("unnamed groups are numbered from 0", [up("/books/(\\d+)/(\\w+)", "unnamed"), sy("/books/:a/:b", "plain")],
         [("/books/42/ab", "unnamed [0=42,1=ab]"), ("/books/x/ab", "plain [a=x,b=ab]")]),
        ("named and unnamed groups", [up("/a/:x(\\d+)/(\\d+)", "mixed")], [("/a/1/2", "mixed [x=1,0=2]")]),
        ("priority first", [up("/books/:id(\\d+)", "low", priority: -1), sy("/books/:slug", "slug")],
         [("/books/42", "slug [slug=42]")]),
        ("a regexp that may match '/' stays a tail", [up("/books/:id(.+)", "tail"), sy("/books/:slug", "slug")],
         [("/books/42", "slug [slug=42]"), ("/books/4/2", "tail [id=4/2]")]),
        ("a regexp that may match the empty text stays a tail", [up("/books/:id(\\d*)", "tail"), sy("/books/:slug", "slug")],
         [("/books/42", "slug [slug=42]"), ("/books/", "tail [id=]")]),
        ("a group with a modifier stays a tail", [up("/books/:id(\\d+)?", "tail"), sy("/books/:slug", "slug")],
         [("/books/42", "slug [slug=42]"), ("/books", "tail []")]),
    ]

    @Test(arguments: tables.indices)
    func precedence(_ k: Int) throws {
        let (name, rows, urls) = Self.tables[k]
        for order in [rows, rows.reversed()] {
            let r = try router(order)
            for (url, want) in urls {
                #expect(try answer(r, url) == want, "\(name): \(url) with \(order.map(\.pattern))")
            }
        }
    }

    /// Constraints at one place rank in the order they first appear there, whatever their dialect.
    @Test func constraintsInTheOrderAdded() throws {
        let r = try router([up("/k/(\\w+)", "word"), sy("/k/<re:d:\\d+>", "digits")])
        #expect(try answer(r, "/k/42") == "word [0=42]")
        let s = try router([sy("/k/<re:d:\\d+>", "digits"), up("/k/(\\w+)", "word")])
        #expect(try answer(s, "/k/42") == "digits [d=42]")
        #expect(try answer(s, "/k/ab") == "word [0=ab]")
    }

    /// The same constraint at the same place, in either dialect and under any names, is the
    /// same shape: a conflict at one priority.
    @Test(arguments: [
        (up("/books/:id(\\d+)", "a"), sy("/books/<re:id:\\d+>", "b"), true),
        (sy("/books/<re:n:\\d+>", "a"), up("/books/(\\d+)", "b"), true),
        (up("/books/:id(\\d+)", "a"), up("/books/:n(\\d+)", "b"), true),
        (up("/books/:id(\\d+)", "a"), sy("/books/<re::\\d+>", "b"), false),  // not captured: another place
        (up("/books/:id(\\d+)", "a"), sy("/books/<re:id:[0-9]+>", "b"), false),  // another regexp text
        (up("/books/:id(\\d+)", "a"), sy("/books/<re:id:\\d+>", "b", priority: 1), false),
        (up("/books/:id(\\d+)", "a"), sy("/books/<int:id>", "b"), false),
    ] as [(RankRow, RankRow, Bool)])
    func conflicts(_ first: RankRow, _ second: RankRow, _ conflict: Bool) throws {
        let r = try router([first])
        if conflict {
            let e = expectError(.conflict, "\(second.pattern) after \(first.pattern)") { _ = try router([first, second]) }
            #expect(e?.message.contains(first.pattern) == true, "\(e?.message ?? "")")
        } else {
            _ = try router([first, second])
        }
        _ = r
    }

    /// The explainer tries a urlpattern route in its own dialect, and orders it as resolving does.
    @Test func explained() throws {
        let r = try router([sy("/books/:slug", "slug"), up("/books/:id(\\d+)", "numeric"), sy("/books/<int:n>", "int")])
        let e = try RouteExplainer(r).explain("/books/42")
        #expect(e.candidates.map(\.entry.route.pattern) == ["/books/<int:n>", "/books/:id(\\d+)", "/books/:slug"])
        #expect(e.candidates.dropFirst().allSatisfy { $0.reason != nil })
        let numeric = e.candidates.first { $0.entry.route.dialect == .urlpattern }
        #expect(numeric?.pathParameters.map(\.text) == ["42"])
    }

    /// A redirect's placeholders may name the groups of a segment route (its values are
    /// captured by the segments, as a default-dialect route's are), and a tail's.
    @Test func redirectPlaceholders() throws {
        let r = Router()
        var old = Route("/old/:id(\\d+)", redirect: "/new/{id}")
        old.dialect = .urlpattern
        try r.add(old)
        try r.add("/new/:id", target: "New")
        let m = try r.resolveBuffer("/old/5")
        #expect(m.target == "New" && m.redirects == ["/old/5", "/new/5"])
        var tail = Route("/older/:id(\\d+)?", redirect: "/new/{id}")
        tail.dialect = .urlpattern
        try r.add(tail)
        let t = try r.resolveBuffer("/older/7")
        #expect(t.target == "New" && t.redirects == ["/older/7", "/new/7"])
        // A name the pattern does not have is still an error.
        var bad = Route("/oldest/:id(\\d+)?", redirect: "/new/{nope}")
        bad.dialect = .urlpattern
        _ = expectError(.invalidArgument, "a name no group has") { try r.add(bad) }
    }

    /// A redirect from a tail: named and numbered groups fill the template decoded once, then
    /// encoded for their place (`@` is a path character; `/`, `\\` and `%` are escaped); an
    /// absent group is empty; hostile values cannot leave their place or the host.
    @Test(arguments: [
        ("/a/:x(.*)", "/to/{x}", "/a/caf%C3%A9", "https://ex.com/to/caf%C3%A9"),
        ("/a/:x(.*)", "/to?q={x}", "/a/a%20b", "https://ex.com/to?q=a%20b"),
        ("/a/*", "/to/{0}", "/a/b/c", "https://ex.com/to/b%2Fc"),
        ("/a/(\\d+)-:y?", "/to/{0}/{y}", "/a/12-", "https://ex.com/to/12/"),
        ("/a/(\\d+)-:y?", "/to/{0}/{y}", "/a/12-z", "https://ex.com/to/12/z"),
        ("/a/:x(.*)", "/to/{x}", "/a/%2F%2Fevil.com", "https://ex.com/to/%2F%2Fevil.com"),
        ("/a/:x(.*)", "/{x}", "/a/%2F%2Fevil.com", "https://ex.com/%2F%2Fevil.com"),
        ("/a/:x(.*)", "/to/{x}", "/a/..%2F..%2Fadmin", "https://ex.com/to/..%2F..%2Fadmin"),
        ("/a/:x(.*)", "/to/{x}", "/a/%5Cevil.com", "https://ex.com/to/%5Cevil.com"),
        ("/a/:x(.*)", "/to/{x}", "/a/u@evil.com", "https://ex.com/to/u@evil.com"),
        ("/a/:x(.*)", "/to/{x}", "/a/%2525", "https://ex.com/to/%2525"),
    ] as [(String, String, String, String)])
    func tailRedirects(_ pattern: String, _ template: String, _ path: String, _ want: String) throws {
        let r = Router()
        var old = Route(pattern, redirect: "https://ex.com" + template)
        old.dialect = .urlpattern
        old.appendParams = false
        try r.add(old)
        let m = try r.resolveBuffer("https://ex.com" + path)
        #expect(m.redirects.count == 2 && m.redirects.last == want, "\(pattern) \(path)")
    }

    /// Groups a template does not name are appended to the query decoded once, then encoded.
    @Test func tailAppendParams() throws {
        let r = Router()
        var old = Route("/a/:x(.*)", redirect: "https://ex.com/to")
        old.dialect = .urlpattern
        try r.add(old)
        let m = try r.resolveBuffer("https://ex.com/a/caf%C3%A9%2F%26")
        #expect(m.redirects.last == "https://ex.com/to?x=caf%C3%A9/%26")
    }

    /// `url(for:)` fills a segment route's groups and checks them against their regexps.
    @Test func urlBuilding() throws {
        let r = Router()
        try r.add("/books/(\\d+)/:part(\\w+)", target: "t", dialect: .urlpattern, name: "book")
        #expect(try r.url(for: "book", parameters: ["0": "42", "part": "intro"]) == "/books/42/intro")
        _ = expectError(.invalidArgument, "a value its regexp refuses") {
            _ = try r.url(for: "book", parameters: ["0": "x", "part": "intro"])
        }
    }

    /// The standard's ignoreCase folds the regexp's letters; the route is still a segment route
    /// when its fixed text has no letter to fold.
    @Test func ignoreCase() throws {
        let r = try Router()
        try r.add("/7/:code(ab)", target: "folded", dialect: .urlpattern, ignoreCase: true)
        try r.add("/7/:slug", target: "slug")
        #expect(try answer(r, "/7/aB") == "folded [code=aB]")
        #expect(try answer(r, "/7/ac") == "slug [slug=ac]")
    }

    /// A segment route reads the URL as every segment route does (§1): segments are decoded,
    /// a trailing slash and empty segments are dropped.
    @Test(arguments: [
        ("/books/42/", "numeric [id=42]"), ("/books//42", "numeric [id=42]"),
        ("/books/4%32", "numeric [id=42]"), ("https://example.com/books/42?x=1#f", "numeric [id=42]"),
        ("myapp://books/42", "numeric [id=42]"), ("/books/4a", "miss"),
    ])
    func readsTheURLAsSegments(_ url: String, _ want: String) throws {
        let r = try router([up("/books/:id(\\d+)", "numeric")])
        #expect(try answer(r, url) == want, "\(url)")
    }
}
