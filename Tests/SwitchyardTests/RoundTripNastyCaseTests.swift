// Hand-picked round-trip cases the random generator may meet rarely (held out of it): a
// value equal to a more specific route's literal, dot segments, an encoded slash, the empty
// value, '+', emoji, right-to-left text, a custom scheme's authority, canonical texts of a
// type of the app's own. Each builds the URL shown and resolves back, or is refused with
// the words shown. The C and Python tests hold the same table.
import Testing
import Switchyard

@Suite("Round trip: hand-picked cases")
struct RoundTripNastyCaseTests {
    static let routes: [(pattern: String, name: String)] = [
        ("/user/settings", "settings"),
        ("/user/:name", "user"),
        ("/files/*path", "files"),
        ("/d/<date:d>", "day"),
        ("/t/<one(a,b):k>", "tab"),
        ("myapp://:host/open", "open"),
        ("/s?q=<string:q>&page=<int:page=1>", "search"),
        ("/doc/:id.:format", "doc"),
    ]

    /// (route, parameters, the URL built, or nil and the words of the refusal)
    static let cases: [(String, [String: String], String?, String)] = [
        ("user", ["name": "settings"], nil, "which resolves to route 'settings' ('/user/settings') instead"),
        ("user", ["name": ".."], nil, "parameter 'name' of route 'user' may not be '..'"),
        ("user", ["name": "."], nil, "parameter 'name' of route 'user' may not be '.'"),
        ("user", ["name": ""], nil, "parameter 'name' of route 'user' is empty"),
        ("user", ["name": "%2F"], "/user/%252F", ""),
        ("user", ["name": "a/b"], "/user/a%2Fb", ""),
        ("user", ["name": "a+b c"], "/user/a%2Bb%20c", ""),
        ("user", ["name": "\u{1F600}"], "/user/%F0%9F%98%80", ""),
        ("user", ["name": "שלום"], "/user/%D7%A9%D7%9C%D7%95%D7%9D", ""),
        ("user", ["name": "\u{1D11E}?#&"], "/user/%F0%9D%84%9E%3F%23%26", ""),
        ("files", ["path": "a/../b"], nil, "parameter 'path' of route 'files' may not hold a '..' segment"),
        ("files", ["path": "a//b"], nil, "parameter 'path' of route 'files' may not hold an empty segment"),
        ("files", ["path": "a/b/"], nil, "parameter 'path' of route 'files' may not hold an empty segment"),
        ("files", ["path": "x y/%2F"], "/files/x%20y/%252F", ""),
        ("open", ["host": "u:pw@evil.example"], "myapp://u%3Apw%40evil.example/open", ""),
        ("open", ["host": "a/b"], "myapp://a%2Fb/open", ""),
        ("day", ["d": "2026-1-5"], "/d/2026-01-05", ""),
        ("day", ["d": "2026-13-1"], nil, "parameter 'd' of route 'day' is not a value of type 'date': '2026-13-1'"),
        ("tab", ["k": "c"], nil, "parameter 'k' of route 'tab' is not a value of type 'one(a,b)': 'c'"),
        ("search", ["q": "a&b=c#d+e", "page": "1"], "/s?q=a%26b%3Dc%23d%2Be", ""),
        ("search", ["q": "", "page": "2"], "/s?q=&page=2", ""),
        ("search", ["q": "x", "page": "two"], nil, "query item 'page' of route 'search' must be an int, not 'two'"),
        ("doc", ["id": "a.b", "format": "json"], nil, "parameter 'id' of route 'doc' would not read back as given"),
        ("doc", ["id": "a", "format": "tar.gz"], "/doc/a.tar.gz", ""),
    ]

    static func router() throws -> Router {
        let r = Router()
        try r.register(RoundTripDay.self, as: "date")
        for (pattern, name) in routes { try r.add(pattern, target: name, name: name) }
        var up = Route("/u/:p", target: "up", name: "up")
        up.dialect = .urlpattern
        try r.add(up)
        return r
    }

    @Test("each case builds its URL and resolves back, or is refused naming why", arguments: cases.indices)
    func nasty(_ k: Int) throws {
        let (name, parameters, url, words) = Self.cases[k]
        let r = try Self.router()
        let values = parameters.mapValues { ParameterValue.string($0) }
        guard let url else {
            let e = expectError(.invalidArgument, name) { _ = try r.url(for: name, parameters: values) }
            #expect(e?.message.containsText(words) == true, "\(e?.message ?? "")")
            return
        }
        let built = try r.url(for: name, parameters: values)
        #expect(built == url)
        let m = try #require(try r.resolve(built))
        #expect(m.name == name)
        for (n, v) in parameters {
            let want: ParameterValue = n == "page" ? .int(Int64(v) ?? 0) : n == "d" ? .string(RoundTripGenerator.canonicalDate(v) ?? "") : .string(v)
            #expect(m.params[n] == want, "\(n)")
        }
    }

    @Test("a urlpattern route: a value that needs no encoding builds; one that does reads back otherwise")
    func urlPattern() throws {
        let r = try Self.router()
        #expect(try r.url(for: "up", parameters: ["p": "ok~1"]) == "/u/ok~1")
        let e = expectError(.invalidArgument, "up") { _ = try r.url(for: "up", parameters: ["p": "a b"]) }
        #expect(e?.message == "route 'up' would build '/u/a%20b', whose parameter 'p' reads back as 'a%20b', not 'a b'")
    }
}
