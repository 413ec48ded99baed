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

    @Test("a custom scheme's authority encodes ':' and '@': myapp://:screen/home with x@settings is not the settings route")
    func authorityEncoded() throws {
        let r = Router()
        try r.add("myapp://:screen/home", target: "Home", name: "home")
        try r.add("myapp://settings/home", target: "Settings", name: "settings")
        let url = try r.url(for: "home", parameters: ["screen": "x@settings"])
        #expect(url == "myapp://x%40settings/home")
        let m = try r.resolveBuffer(url)
        #expect(m.name == "home" && m.parameter("screen")?.description == "x@settings")
        #expect(try r.url(for: "home", parameters: ["screen": "u:pw@h"]) == "myapp://u%3Apw%40h/home")
        #expect(try r.resolveBuffer("myapp://u%3Apw%40h/home").parameter("screen")?.description == "u:pw@h")
        // Later segments keep `:` and `@` as a path segment does.
        try r.add("myapp://app/:x", target: "X", name: "x")
        #expect(try r.url(for: "x", parameters: ["x": "a:b@c"]) == "myapp://app/a:b@c")
    }

    @Test("a URL that another route would take is refused, naming that route")
    func takenByAnotherRoute() throws {
        let r = Router()
        try r.add("/user/:uname", target: "User", name: "user")
        try r.add("/user/settings", target: "Settings", name: "settings")
        let e = expectError(.invalidArgument, "settings") { _ = try r.url(for: "user", parameters: ["uname": "settings"]) }
        #expect(e?.message == "route 'user' would build '/user/settings', which resolves to route 'settings' ('/user/settings') instead")
        #expect(try r.url(for: "user", parameters: ["uname": "ann"]) == "/user/ann")
        // An unnamed winner is named by its pattern; no winner is said so.
        try r.add("/post/:id", target: "Post", name: "post")
        try r.add("/post/new", target: "New")
        let u = expectError(.invalidArgument, "unnamed") { _ = try r.url(for: "post", parameters: ["id": "new"]) }
        #expect(u?.message.hasSuffix("which resolves to route '/post/new' instead") == true, "\(u?.message ?? "")")
    }

    @Test("a URL that reads back with other values is refused, naming the parameter")
    func readsBackOtherwise() throws {
        var o = RouterOptions()
        o.decodePath = false
        let r = try Router(options: o)
        try r.add("/p/:x", target: "P", name: "p")
        #expect(try r.url(for: "p", parameters: ["x": "plain"]) == "/p/plain")
        let e = expectError(.invalidArgument, "decodePath false") { _ = try r.url(for: "p", parameters: ["x": "a b"]) }
        #expect(e?.message == "route 'p' would build '/p/a%20b', whose parameter 'x' reads back as 'a%20b', not 'a b'")
    }

    @Test("urlpattern routes: whole segments, and parts matched by a regexp over the path, values as written")
    func urlPatternRoutes() throws {
        let r = Router()
        var tail = Route("/:a/:b", target: "T", name: "tail")
        tail.dialect = .urlpattern
        try r.add(tail)
        #expect(try r.url(for: "tail", parameters: ["a": "x", "b": "y"]) == "/x/y")
        // Its values are read as written in the URL: one that needs encoding cannot round-trip.
        let e = expectError(.invalidArgument, "tail") { _ = try r.url(for: "tail", parameters: ["a": "x y", "b": "y"]) }
        #expect(e?.message == "route 'tail' would build '/x%20y/y', whose parameter 'a' reads back as 'x%20y', not 'x y'")
        var optional = Route("/o/:a?", target: "T", name: "optional")
        optional.dialect = .urlpattern
        try r.add(optional)
        let o = expectError(.invalidArgument, "optional") { _ = try r.url(for: "optional", parameters: ["a": "x"]) }
        #expect(o?.message == "route 'optional' is a urlpattern with optional or repeated parts, or a search or hash pattern: no URL can be built for it")
        var books = Route("/books/:id(\\d+)", target: "B", name: "book")
        books.dialect = .urlpattern
        try r.add(books)
        #expect(try r.url(for: "book", parameters: ["id": 12]) == "/books/12")
        expectError(.invalidArgument, "constraint") { _ = try r.url(for: "book", parameters: ["id": "x"]) }
    }

    @Test("random routes and hostile values: a built URL resolves to its route and values, or the build is refused")
    func hostileRoundTrip() throws {
        var rng = SplitMix64(state: 0xB17D)
        let values = ["/", "%", "+", ":", "&", "?", "#", "@", ".", "..", " ", "", "😀", "a/b", "x@settings",
                      "settings", "%2e%2e", "a b", "new", "1", "u:pw@h", "~", "é"]
        func pick(_ a: [String], _ rng: inout SplitMix64) -> String { a[Int(rng.next() % UInt64(a.count))] }
        var built = 0, refused = 0
        for round in 0..<400 {
            var o = RouterOptions()
            o.decodePath = rng.next() % 5 != 0
            let r = try Router(options: o)
            let scheme = rng.next() % 2 == 0 ? "myapp://" : "/"
            var parts: [String] = []
            for k in 0..<(1 + Int(rng.next() % 3)) {
                switch rng.next() % 4 {
                case 0: parts.append(pick(["settings", "new", "home"], &rng))
                case 1: parts.append("*p\(k)")
                default: parts.append(":p\(k)")
                }
                if parts.last?.hasPrefix("*") == true { break }
            }
            let pattern = scheme + parts.joined(separator: "/")
            try r.add(pattern, target: "T", name: "n")
            // Competitors: literal routes where a value could land, a catch-all.
            for other in [scheme + "settings", scheme + "settings/new", scheme + "new/home", scheme + "*"] where other != pattern {
                _ = try? r.add(other, target: "other")
            }
            var params: [String: ParameterValue] = [:]
            for part in parts where part.hasPrefix(":") || part.hasPrefix("*") {
                params[String(part.dropFirst())] = .string(pick(values, &rng))
            }
            if rng.next() % 3 == 0 { params["q"] = .string(pick(values, &rng)) }
            let what = "\(round): \(pattern) \(params) decodePath \(o.decodePath)"
            let url: String
            do throws(SwitchyardError) {
                url = try r.url(for: "n", parameters: params)
            } catch {
                refused += 1
                #expect(error.code == .invalidArgument && error.message.contains("'n'"), "\(what): \(error.message)")
                continue
            }
            do {
                built += 1
                let m = try r.resolveBuffer(url)
                #expect(m.pattern == pattern && m.name == "n", "\(what): \(url) -> \(m.pattern ?? "no route")")
                for (name, v) in params where name != "q" {
                    let want = name.hasPrefix("p") && pattern.contains("*" + name)
                        ? v.description.split(separator: "/").joined(separator: "/") : v.description
                    #expect((m.parameter(name)?.description ?? "") == want, "\(what): \(url): \(name)")
                }
                if let q = params["q"] { #expect(m.queryValues("q") == [q.description], "\(what): \(url)") }
            }
        }
        #expect(built > 100 && refused > 50, "built \(built), refused \(refused)")
    }
}

