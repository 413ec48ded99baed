// SEMANTICS.md §4 and §8 "Matches and routes": what a match carries, how `params` merges
// path parameters, query items and defaults, what a miss carries, remove and batches.
import Testing
import Switchyard

@Suite("Parameter map and routes (§4, §8)")
struct ParameterMapTests {
    @Test("pattern, target, name, url, path parameters in pattern order")
    func basics() throws {
        let r = Router()
        try r.add("myapp://user/<int:id>/:tab", target: "UserProfile", name: "user")
        let url = "myapp://user/42/posts?x=1#top"
        let m = try r.resolveBuffer(url)
        #expect(m.matched)
        #expect(m.pattern == "myapp://user/<int:id>/:tab")
        #expect(m.target == "UserProfile")
        #expect(m.name == "user")
        #expect(m.url == url)
        #expect(m.fragment == "top")
        #expect(m.remainder == nil)
        #expect(m.redirects == [])
        #expect(m.pathParameters.map(\.name) == ["id", "tab"])
        #expect(m.pathParameters.map(\.text) == ["42", "posts"])
        #expect(m.pathParameters.map(\.value) == [.int(42), .string("posts")])
        // Pattern order, not alphabetical.
        let r2 = try router(["/:z/:a/:m"])
        #expect(try r2.resolveBuffer("/1/2/3").pathParameters.map(\.name) == ["z", "a", "m"])
        // A route without a name has none.
        #expect(try r2.resolveBuffer("/1/2/3").name == nil)
    }

    @Test("typed values: int and float, text as in the URL")
    func typedValues() throws {
        let r = try router(["/i/<int:n>", "/f/<float:x>", "/u/<uuid:id>", "/s/<string:s>"])
        let cases: [(String, String, String, ParameterValue)] = [
            ("/i/007", "n", "007", .int(7)),
            ("/i/-12", "n", "-12", .int(-12)),
            ("/i/+3", "n", "+3", .int(3)),
            ("/f/3e8", "x", "3e8", .float(3e8)),
            ("/f/-2.5", "x", "-2.5", .float(-2.5)),
            ("/f/1", "x", "1", .float(1)),
            ("/u/621425B8-42D1-4AB4-9A58-1E69D708A84B", "id", "621425B8-42D1-4AB4-9A58-1E69D708A84B",
             .string("621425B8-42D1-4AB4-9A58-1E69D708A84B")),
            ("/s/42", "s", "42", .string("42")),
        ]
        for (url, name, text, value) in cases {
            let m = try r.resolveBuffer(url)
            let p = try #require(m.pathParameters.first, "\(url)")
            #expect(p.name == name && p.text == text && p.value == value, "\(url): \(p.name) \(p.text) \(p.value)")
            #expect(m.params[name] == value, "\(url)")
            #expect(m.parameter(name) == value, "\(url)")
        }
    }

    @Test("params: path beats query, then the last query value, then defaults")
    func mergeOrder() throws {
        let r = Router()
        try r.add("/user/:id", target: "U",
                  defaults: ["tab": "posts", "id": "default-id", "n": 3, "f": 1.5, "q": "dq"])
        let m = try r.resolveBuffer("/user/42?id=evil&q=1&q=2&extra=x")
        #expect(m.params["id"] == .string("42"))   // a query cannot override :id
        #expect(m.params["q"] == .string("2"))     // last value of a repeated name
        #expect(m.params["extra"] == .string("x"))
        #expect(m.params["tab"] == .string("posts"))
        #expect(m.params["n"] == .int(3))          // defaults may be numbers
        #expect(m.params["f"] == .float(1.5))
        #expect(m.params.count == 6, "\(m.params)")
        // The query keeps every item, including the one the path parameter shadowed.
        #expect(m.queryValues("id") == ["evil"])
        #expect(m.queryValues("q") == ["1", "2"])
        // parameter(_:) agrees with params.
        for name in ["id", "q", "extra", "tab", "n", "f", "missing"] {
            #expect(m.parameter(name) == m.params[name], "\(name)")
        }
        // A query item beats a default.
        let m2 = try r.resolveBuffer("/user/7?tab=likes")
        #expect(m2.params["tab"] == .string("likes"))
        #expect(m2.params["id"] == .string("7"))
        // Query values are strings even when they look like numbers; defaults stay typed.
        let m3 = try r.resolveBuffer("/user/7?n=5")
        #expect(m3.params["n"] == .string("5"))
    }

    @Test("remainder and *name in params")
    func remainderInParams() throws {
        let r = try router(["/files/*path", "/raw/*", "/p/<path:rest>"])
        let m = try r.resolveBuffer("/files/a/b%20c")
        #expect(m.remainder == "a/b c")
        #expect(m.params["path"] == .string("a/b c"))
        #expect(pathPairs(m) == ["path=a/b c"])
        let m2 = try r.resolveBuffer("/files")
        #expect(m2.remainder == "")
        #expect(m2.params["path"] == .string(""))
        let m3 = try r.resolveBuffer("/raw/x/y")
        #expect(m3.remainder == "x/y")
        #expect(m3.pathParameters.isEmpty)
        #expect(m3.params.isEmpty)
        let m4 = try r.resolveBuffer("/p/x/y")
        #expect(m4.params["rest"] == .string("x/y"))
        #expect(m4.remainder == "x/y")
    }

    @Test("parameter(_:) on a fresh match equals params and pathParameters (short URLs)")
    func parameterOnFreshMatch() throws {
        // Found by the concurrency test: the first parameter("id") after resolving "/base/0"
        // returned "\0" while params["id"] was "0". Short URLs are Swift small strings, whose
        // bytes live only inside withUTF8; the value must be read there.
        var bad: [String] = []
        for round in 0..<500 {
            let r = Router()
            try r.add("/base/:id", target: "base")
            try r.add("/n/<int:n>/<float:f>", target: "n")
            let m = MatchBuffer()
            _ = try r.resolve("/base/\(round % 10)", into: m)
            let first = m.parameter("id")
            if first != .string(String(round % 10)) || first != m.params["id"] {
                bad.append("round \(round): parameter(\"id\") = \(String(describing: first).debugDescription)")
            }
            _ = try r.resolve("/n/7/2.5", into: m)
            if m.parameter("n") != .int(7) || m.parameter("f") != .float(2.5) {
                bad.append("round \(round): typed parameters \(String(describing: m.parameter("n"))) \(String(describing: m.parameter("f")))")
            }
        }
        #expect(bad.isEmpty, "\(bad.count) wrong: \(bad.prefix(3))")
    }

    @Test("a miss carries only the URL (and redirect chain)")
    func miss() throws {
        let r = Router()
        try r.add("/a/:x", target: "A", name: "a", defaults: ["d": "1"])
        let url = "/b/c?q=1#frag"
        let m = try r.resolveBuffer(url)
        #expect(!m.matched)
        #expect(m.url == url)
        #expect(m.pattern == nil && m.target == nil && m.name == nil)
        #expect(m.pathParameters.isEmpty && m.query.isEmpty && m.params.isEmpty)
        #expect(m.fragment == nil && m.remainder == nil)
        #expect(m.redirects.isEmpty)
        #expect(m.queryValues("q") == [])
        #expect(m.parameter("q") == nil)
        // An empty router misses too.
        #expect(try !Router().resolveBuffer("/anything").matched)
    }

    @Test("a reused MatchBuffer is fully reset between resolves")
    func reuse() throws {
        let r = Router()
        try r.add("/a/:x/*rest", target: "A", name: "n", defaults: ["d": 1])
        try r.add("/b", target: "B")
        let m = MatchBuffer()
        #expect(try r.resolve("/a/1/2/3?q=1#f", into: m))
        #expect(m.pattern == "/a/:x/*rest" && m.remainder == "2/3" && m.fragment == "f")
        #expect(m.params["d"] == .int(1) && m.params["q"] == .string("1"))
        // hit → miss: nothing of the previous hit stays.
        #expect(try !r.resolve("/zzz", into: m))
        #expect(!m.matched && m.url == "/zzz")
        #expect(m.pattern == nil && m.target == nil && m.name == nil && m.remainder == nil && m.fragment == nil)
        #expect(m.pathParameters.isEmpty && m.query.isEmpty && m.params.isEmpty)
        // miss → a smaller hit.
        #expect(try r.resolve("/b", into: m))
        #expect(m.pattern == "/b" && m.target == "B" && m.name == nil)
        #expect(m.pathParameters.isEmpty && m.query.isEmpty && m.params.isEmpty)
        #expect(m.remainder == nil && m.fragment == nil)
        // The same URL twice gives the same answer.
        _ = try r.resolve("/a/9/8?z=2", into: m)
        let first = (m.pattern, pathPairs(m), m.params)
        _ = try r.resolve("/a/9/8?z=2", into: m)
        #expect(first.0 == m.pattern && first.1 == pathPairs(m) && first.2 == m.params)
    }

    @Test("remove takes the pattern exactly as added and says whether it removed anything")
    func remove() throws {
        let r = try router(["/a/:x", "/a/b", "myapp://c"])
        #expect(!r.remove("/a/:y"))        // same shape, different text: not that route
        #expect(!r.remove("/nothing"))
        #expect(r.remove("/a/b"))
        #expect(!r.remove("/a/b"))         // already gone
        expectWinner(r, "/a/b", "/a/:x")
        #expect(r.remove("/a/:x"))
        expectWinner(r, "/a/b", nil)
        #expect(r.remove("myapp://c"))
        expectWinner(r, "myapp://c", nil)
        // A removed pattern can be added again.
        try r.add("/a/:x", target: "again")
        #expect(try r.resolveBuffer("/a/1").target == "again")
    }

    @Test("add(contentsOf:) is all or nothing")
    func batches() throws {
        let r = try router(["/keep"])
        try r.add(contentsOf: [Route("/b1", target: "1"), Route("/b2/:x", target: "2")])
        expectWinner(r, "/b1", "/b1")
        expectWinner(r, "/b2/z", "/b2/:x")
        // A bad pattern in the middle: nothing of the batch is added.
        expectError(.invalidPattern, "bad batch") {
            try r.add(contentsOf: [Route("/c1", target: "1"), Route("/c2/<int:x", target: "2"), Route("/c3", target: "3")])
        }
        // A conflict inside the batch.
        expectError(.conflict, "conflicting batch") {
            try r.add(contentsOf: [Route("/d1", target: "1"), Route("/d/:x", target: "2"), Route("/d/:y", target: "3")])
        }
        // A conflict with a route already there.
        expectError(.conflict, "batch conflicting with the table") {
            try r.add(contentsOf: [Route("/e1", target: "1"), Route("/b2/:y", target: "2")])
        }
        for url in ["/c1", "/c3", "/d1", "/d/1", "/e1"] {
            expectWinner(r, url, nil)
        }
        expectWinner(r, "/keep", "/keep")
        expectWinner(r, "/b2/z", "/b2/:x")
        // An empty batch is fine.
        #expect(throws: Never.self) { try r.add(contentsOf: [Route]()) }
    }

    @Test("add(_ route:) with names, priority and defaults")
    func addRoute() throws {
        let r = Router()
        try r.add(Route("/x/:id", target: "X", name: "x", priority: 2, defaults: ["k": "v"]))
        try r.add(Route("/x/1", target: "One"))
        let m = try r.resolveBuffer("/x/1")
        #expect(m.target == "X" && m.name == "x" && m.params["k"] == .string("v"))
    }

    @Test("json() is a JSON object")
    func json() throws {
        let r = try router(["/a/:x"])
        for url in ["/a/1?q=\"quoted\"#f", "/miss"] {
            let text = try r.resolveBuffer(url).json()
            #expect(text.hasPrefix("{") && text.hasSuffix("}"), "\(url): \(text)")
            #expect(isJSONObject(text), "\(url): not JSON: \(text)")
        }
    }
}
