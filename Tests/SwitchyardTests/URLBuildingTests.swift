// URLs built from named routes: what they look like, the errors, and the round trip (a
// built URL resolves to the same route with the same parameters) on random routes.
import Testing
import Switchyard

@Suite("URLs built from named routes")
struct URLBuildingTests {
    static let rows: [(pattern: String, params: [String: ParameterValue], url: String)] = [
        ("/user/<int:id>", ["id": 42], "/user/42"),
        ("/user/<int:id>", ["id": "007"], "/user/007"),
        ("myapp://user/:name", ["name": "a b/c?d#e%"], "myapp://user/a%20b%2Fc%3Fd%23e%25"),
        ("https://example.com:8443/p/:x", ["x": "é"], "https://example.com:8443/p/%C3%A9"),
        ("https://example.com:443/p", [:], "https://example.com/p"),
        ("/a(/:b)(/:c)", [:], "/a"),
        // `/a/:c` has the shape of `/a/:b`, which is kept (§9): `c` goes to the query.
        ("/a(/:b)(/:c)", ["c": "3"], "/a?c=3"),
        ("/a(/:b)(/:c)", ["b": "2", "c": "3"], "/a/2/3"),
        ("/files/*path", ["path": "x/y z/w"], "/files/x/y%20z/w"),
        ("/files/*path", [:], "/files"),
        ("/files/<path:p>", ["p": "a/b"], "/files/a/b"),
        ("/", [:], "/"),
        ("/search", ["q": "a&b=c", "page": 2], "/search?page=2&q=a%26b%3Dc"),
        ("/f/<float:x>", ["x": 2.5], "/f/2.5"),
        ("/u/<uuid:u>", ["u": "123e4567-e89b-12d3-a456-426614174000"], "/u/123e4567-e89b-12d3-a456-426614174000"),
    ]

    @Test("a named route's URL", arguments: rows)
    func built(_ row: (pattern: String, params: [String: ParameterValue], url: String)) throws {
        let r = Router()
        try r.add(row.pattern, target: "T", name: "r")
        #expect(try r.url(for: "r", parameters: row.params) == row.url)
        let m = try r.resolveBuffer(row.url)
        #expect(m.pattern == row.pattern, "\(row.url) resolves back to its route")
    }

    static let errors: [(pattern: String, params: [String: ParameterValue], words: String)] = [
        ("/user/<int:id>", ["id": "abc"], "parameter 'id' of route 'r' must be an integer, not 'abc'"),
        ("/user/<int:id>", [:], "route 'r' needs parameter 'id', which is not given"),
        ("/user/:id", ["id": ""], "parameter 'id' of route 'r' is empty"),
        ("/user/:id", ["id": ".."], "parameter 'id' of route 'r' may not be '..'"),
        ("/f/<float:x>", ["x": "1e999"], "parameter 'x' of route 'r' must be a decimal number, not '1e999'"),
        ("/u/<uuid:u>", ["u": "nope"], "parameter 'u' of route 'r' must be a UUID, not 'nope'"),
        ("/files/<path:p>", ["p": ""], "parameter 'p' of route 'r' must hold at least 1 segment(s)"),
        ("/a/*/b", [:], "route 'r' has an unnamed '*' segment"),
        ("https://*.example.com/a", [:], "route 'r' has a wildcard host"),
    ]

    @Test("missing, mistyped and unbuildable parameters are errors naming them", arguments: errors)
    func refused(_ row: (pattern: String, params: [String: ParameterValue], words: String)) throws {
        let r = Router()
        try r.add(row.pattern, target: "T", name: "r")
        let e = expectError(.invalidArgument, row.pattern) { _ = try r.url(for: "r", parameters: row.params) }
        #expect(e?.message.hasPrefix(row.words) == true, "\(e?.message ?? "")")
    }

    @Test("unknown and ambiguous names; extra parameters refused on request")
    func names() throws {
        let r = Router()
        try r.add("/a", target: "A", name: "a")
        try r.add("/b1", target: "B", name: "b")
        try r.add("/b2", target: "B", name: "b")
        expectError(.invalidArgument, "unknown") { _ = try r.url(for: "nope") }
        expectError(.invalidArgument, "ambiguous") { _ = try r.url(for: "b") }
        let e = expectError(.invalidArgument, "extra") { _ = try r.url(for: "a", parameters: ["x": 1], extra: .refuse) }
        #expect(e?.message == "route 'a' has no path parameter 'x'")
        #expect(try r.url(for: "a", parameters: ["x": 1]) == "/a?x=1")
    }

    @Test("random routes and parameters: the built URL resolves to the same route and parameters")
    func roundTrip() throws {
        var rng = SplitMix64(state: 0x5EED)
        let texts = ["a", "B c", "é/ü", "x?y#z", "100%", "+plus", "a.b", "~t", "@:!$'()*,;=&"]
        for round in 0..<300 {
            let r = Router()
            var segments: [String] = []
            var want: [String: String] = [:]
            var params: [String: ParameterValue] = [:]
            for k in 0..<(1 + Int(rng.next() % 4)) {
                switch rng.next() % 4 {
                case 0: segments.append("lit\(k)")
                case 1:
                    let v = Int64(bitPattern: rng.next()) % 100_000
                    segments.append("<int:p\(k)>"); params["p\(k)"] = .int(v); want["p\(k)"] = String(v)
                case 2:
                    let v = texts[Int(rng.next() % UInt64(texts.count))] + "\(k)"
                    segments.append(":p\(k)"); params["p\(k)"] = .string(v); want["p\(k)"] = v
                default:
                    segments.append("seg\(round % 7)")
                }
            }
            let pattern = "/r\(round)/" + segments.joined(separator: "/")
            try r.add(pattern, target: "T", name: "n")
            try r.add("/r\(round)/*", target: "other")
            params["q"] = .string("v \(round)&")
            let url = try r.url(for: "n", parameters: params)
            let m = try r.resolveBuffer(url)
            #expect(m.pattern == pattern, "\(url)")
            for (name, text) in want {
                #expect(m.parameter(name)?.description == text, "\(url): \(name)")
            }
            #expect(m.queryValues("q") == ["v \(round)&"], "\(url)")
        }
    }
}
