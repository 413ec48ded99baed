// SEMANTICS.md "Regular-expression constraints": `<re:name:regexp>` segments, where they
// rank, how two constraints at one place are tried, what is a conflict, and the errors
// (with the byte in the route pattern) for what the linear-time engine refuses.
import Testing
import Switchyard

@Suite("Regular-expression constraints")
struct RegexConstraintTests {
    /// (pattern, url, path parameters as "name=text", or nil for a miss).
    static let formCases: [(String, String, [String]?)] = [
        ("/lang/<re:code:[a-z]{2,3}>", "/lang/en", ["code=en"]),
        ("/lang/<re:code:[a-z]{2,3}>", "/lang/eng", ["code=eng"]),
        ("/lang/<re:code:[a-z]{2,3}>", "/lang/english", nil),
        ("/lang/<re:code:[a-z]{2,3}>", "/lang/EN", nil),
        ("/lang/<re:code:[a-z]{2,3}>", "/lang/", nil),
        // The whole segment must match: no implicit search.
        ("/n/<re:id:\\d+>", "/n/12a", nil),
        ("/n/<re:id:^\\d+$>", "/n/12", ["id=12"]),
        // Parentheses, '?' and '/' inside the regexp are its own, not optional groups or cuts.
        ("/v/<re:ver:v\\d+(\\.\\d+)?>", "/v/v1.2", ["ver=v1.2"]),
        ("/v/<re:ver:v\\d+(\\.\\d+)?>", "/v/v1", ["ver=v1"]),
        ("/v/<re:ver:v\\d+(\\.\\d+)?>", "/v/v1.", nil),
        ("/s/<re:p:[^/]+>/end", "/s/x/end", ["p=x"]),
        ("/d/<re:date:(?<y>\\d{4})-\\d{2}>", "/d/2024-05", ["date=2024-05"]),
        // '<' and '>' are escaped (or in a class); the constraint sees the decoded segment.
        ("/c/<re:op:\\<=|\\>=>", "/c/%3C%3D", ["op=<="]),
        ("/c/<re:op:[<>]=>", "/c/%3E%3D", ["op=>="]),
        ("/u/<re:name:caf.>", "/u/caf%C3%A9", ["name=café"]),
        // An unnamed constraint checks the segment without capturing it.
        ("/t/<re::[a-z]+>/:id", "/t/abc/7", ["id=7"]),
        ("/t/<re::[a-z]+>/:id", "/t/ab1/7", nil),
        // Inside an optional group.
        ("/a(/<re:x:\\d+>)", "/a", []),
        ("/a(/<re:x:\\d+>)", "/a/5", ["x=5"]),
        ("/a(/<re:x:\\d+>)", "/a/b", nil),
        // With a scheme and host.
        ("https://example.com/p/<re:slug:[a-z0-9-]+>", "https://example.com/p/hello-1", ["slug=hello-1"]),
    ]

    @Test("constraint forms", arguments: formCases)
    func forms(_ c: (String, String, [String]?)) throws {
        let r = try router([c.0])
        let m = try r.resolveBuffer(c.1)
        guard let expected = c.2 else {
            #expect(!m.matched, "\(c.0) on \(c.1)")
            return
        }
        #expect(m.matched, "\(c.0) on \(c.1)")
        if m.matched { #expect(pathPairs(m) == expected, "\(c.0) on \(c.1)") }
    }

    @Test("a constraint ranks after typed parameters and before :name")
    func rank() throws {
        let r = try router(["/x/new", "/x/<int:id>", "/x/<re:slug:[a-z0-9]+>", "/x/:any", "/x/*rest"])
        expectWinner(r, "/x/new", "/x/new")
        expectWinner(r, "/x/42", "/x/<int:id>")
        expectWinner(r, "/x/abc1", "/x/<re:slug:[a-z0-9]+>")
        expectWinner(r, "/x/ABC", "/x/:any")
        expectWinner(r, "/x/a/b", "/x/*rest")
        // The walk backtracks out of a constraint that matched but led nowhere.
        let r2 = try router(["/y/<re:a:[a-z]+>/end", "/y/:b/other"])
        expectWinner(r2, "/y/abc/other", "/y/:b/other")
        // Priority still comes first.
        let r3 = try Router()
        try r3.add("/z/<re:a:[a-z]+>", target: "re")
        try r3.add("/z/:b", target: "param", priority: 1)
        expectWinner(r3, "/z/abc", "/z/:b")
    }

    @Test("different constraints at one place are tried in the order they were added")
    func order() throws {
        let r = try router(["/y/<re:letters:[a-z]+>", "/y/<re:word:[a-z0-9]+>", "/y/<re::.+>"])
        expectWinner(r, "/y/abc", "/y/<re:letters:[a-z]+>")
        expectWinner(r, "/y/ab1", "/y/<re:word:[a-z0-9]+>")
        expectWinner(r, "/y/AB", "/y/<re::.+>")
        let r2 = try router(["/y/<re:word:[a-z0-9]+>", "/y/<re:letters:[a-z]+>"])
        expectWinner(r2, "/y/abc", "/y/<re:word:[a-z0-9]+>")
    }

    @Test("the same constraint twice at one place is a conflict")
    func conflict() throws {
        let r = try router(["/k/<re:a:[a-z]+>"])
        expectError(.conflict, "same constraint") { try r.add("/k/<re:b:[a-z]+>", target: "x") }
        try r.add("/k/<re:b:[a-z]+>", target: "x", priority: 2)  // another priority is no conflict
        try r.add("/k/<re:c:[a-z]*>", target: "y")  // another regexp is no conflict
    }

    /// (pattern, error code, byte, words of the message).
    static let errorCases: [(String, SwitchyardError.Code, Int, String)] = [
        ("/p/<re:x:a(?=b)>", .invalidPattern, 10, "lookahead"),
        ("/p/<re:x:(?<!a)b>", .invalidPattern, 9, "lookbehind"),
        ("/p/<re:x:(a)\\1>", .invalidPattern, 12, "backreference"),
        ("/q(/<re:x:a(?=b)>)", .invalidPattern, 11, "lookahead"),
        ("/p/<re:x:[a-z]+", .invalidPattern, 3, "unclosed '<re:'"),
        ("/p/<re:x:a>b", .invalidPattern, 11, "after '>'"),
        ("/p/<re:x>", .invalidPattern, 3, "<re:name:regexp>"),
        ("/p/<re:x:>", .invalidPattern, 8, "empty regular expression"),
        ("/p/<re:1x:a>", .invalidPattern, 7, "parameter name"),
        ("/p/<re:x:a{1000}b{1000}>", .limit, 9, "instructions"),
        ("/p/<re:x:a{5000}>", .limit, 10, "repeat count"),
        ("/p/<re:x:[a-z]+>/<re:x:\\d>", .invalidPattern, 21, "used twice"),
    ]

    @Test("refused regexps name the construct and its byte in the pattern", arguments: errorCases)
    func errors(_ c: (String, SwitchyardError.Code, Int, String)) throws {
        let r = try Router()
        let e = expectError(c.1, c.0) { try r.add(c.0, target: "t") }
        #expect(e?.position == c.2, "\(c.0): \(e?.message ?? "")")
        #expect(e?.message.contains(c.3) == true, "\(c.0): \(e?.message ?? "")")
        #expect(r.routes.isEmpty)
    }

    @Test("a constraint cannot be made slow: a 32 KiB segment against ReDoS patterns")
    func redosThroughTheRouter() throws {
        let r = try router(["/r/<re:a:(a+)+$>", "/s/<re:a:(a|aa)*c>",
                            "/t/<re:a:" + String(repeating: "(a?)", count: 30) + String(repeating: "a", count: 30) + ">"])
        let long = String(repeating: "a", count: 32 * 1024 - 16)
        expectWinner(r, "/r/" + long + "!", nil)
        expectWinner(r, "/s/" + long, nil)
        expectWinner(r, "/t/" + long, nil)
        expectWinner(r, "/r/" + long, "/r/<re:a:(a+)+$>")
    }

    @Test("URL building checks a constraint and refuses an unnamed one")
    func building() throws {
        let r = try Router()
        try r.add("/lang/<re:code:[a-z]{2}>", target: "t", name: "lang")
        #expect(try r.url(for: "lang", parameters: ["code": "en"]) == "/lang/en")
        expectError(.invalidArgument, "constraint") { _ = try r.url(for: "lang", parameters: ["code": "eng"]) }
        try r.add("/anon/<re::[a-z]+>", target: "t", name: "anon")
        expectError(.invalidArgument, "unnamed") { _ = try r.url(for: "anon", parameters: [:]) }
    }
}
