// Every RouterOptions field changes behaviour as documented in Options.swift, and the
// defaults are SEMANTICS.md's default profile.
import Testing
import Switchyard

@Suite("Options")
struct OptionsTests {
    private func with(_ change: (inout RouterOptions) -> Void, _ patterns: [String]) throws -> Router {
        var o = RouterOptions()
        change(&o)
        return try router(patterns, options: o)
    }

    @Test("defaults are the default profile")
    func defaults() {
        let o = RouterOptions()
        #expect(o.webSchemes == ["http", "https", "ws", "wss", "ftp", "file"])
        #expect(o.hostHandling == .webSchemes)
        #expect(!o.strictTrailingSlash && !o.keepEmptySegments)
        #expect(o.plusAsSpaceInQuery && !o.plusAsSpaceInPath)
        #expect(o.decodePath && !o.caseInsensitiveLiterals && !o.trailingWildcardNeedsSegment)
        #expect(o.precedence == .specificity && o.parameterPrecedence == .pathOverQuery)
        let l = o.limits
        #expect(l.maxURLLength == 32 * 1024 && l.maxSegments == 256 && l.maxParameters == 64)
        #expect(l.maxPatternLength == 4 * 1024 && l.maxDocumentSize == 16 * 1024 * 1024 && l.maxRedirects == 8)
    }

    @Test("webSchemes decides which schemes have a host")
    func webSchemes() throws {
        let plain = try router(["/a"])
        expectWinner(plain, "myweb://host/a", nil)          // host is a segment by default
        let custom = try with({ $0.webSchemes.insert("myweb") }, ["/a"])
        expectWinner(custom, "myweb://host/a", "/a")
        let noHTTP = try with({ $0.webSchemes.remove("http") }, ["/host/a"])
        expectWinner(noHTTP, "http://host/a", "/host/a")
    }

    @Test("hostHandling .alwaysSegment and .hostWhenDotted")
    func hostHandling() throws {
        let seg = try with({ $0.hostHandling = .alwaysSegment }, ["/example.com/a", "/b"])
        expectWinner(seg, "https://example.com/a", "/example.com/a")
        expectWinner(seg, "https://example.com/b", nil)
        let dotted = try with({ $0.hostHandling = .hostWhenDotted }, ["/a", "/user/a"])
        expectWinner(dotted, "myapp://example.com/a", "/a")     // dotted: a host
        expectWinner(dotted, "myapp://localhost/a", "/a")       // localhost: a host
        expectWinner(dotted, "myapp://user/a", "/user/a")       // no dot: a segment
        expectWinner(dotted, "https://user/a", "/user/a")       // whatever the scheme
    }

    @Test("strictTrailingSlash keeps a trailing '/' significant")
    func strictTrailingSlash() throws {
        let r = try with({ $0.strictTrailingSlash = true }, ["/a", "/b/"])
        expectWinner(r, "/a", "/a")
        expectWinner(r, "/a/", nil)
        expectWinner(r, "/b/", "/b/")
        expectWinner(r, "/b", nil)
        let loose = try router(["/a"])
        expectWinner(loose, "/a/", "/a")
    }

    @Test("keepEmptySegments keeps '//'")
    func keepEmptySegments() throws {
        let r = try with({ $0.keepEmptySegments = true }, ["/a/b", "/c/:x/d"])
        expectWinner(r, "/a/b", "/a/b")
        expectWinner(r, "/a//b", nil)
        expectWinner(r, "/c//d", nil)   // :name needs a non-empty segment
        let loose = try router(["/a/b"])
        expectWinner(loose, "/a//b", "/a/b")
    }

    @Test("plusAsSpaceInQuery and plusAsSpaceInPath")
    func plus() throws {
        let noQueryPlus = try with({ $0.plusAsSpaceInQuery = false }, ["/:p"])
        let m = try noQueryPlus.resolveBuffer("/a+b?x=c+d")
        #expect(m.queryValues("x") == ["c+d"])
        #expect(pathPairs(m) == ["p=a+b"])
        let pathPlus = try with({ $0.plusAsSpaceInPath = true }, ["/:p"])
        let m2 = try pathPlus.resolveBuffer("/a+b?x=c+d")
        #expect(pathPairs(m2) == ["p=a b"])
        #expect(m2.queryValues("x") == ["c d"])
        let literal = try with({ $0.plusAsSpaceInPath = true }, ["/a b"])
        expectWinner(literal, "/a+b", "/a b")
    }

    @Test("decodePath false compares and captures segments as written")
    func decodePath() throws {
        let r = try with({ $0.decodePath = false }, ["/v/:x", "/lit/a%20b"])
        #expect(pathPairs(try #require(expectWinner(r, "/v/joel%20levin", "/v/:x"))) == ["x=joel%20levin"])
        expectWinner(r, "/lit/a%20b", "/lit/a%20b")
        expectWinner(r, "/lit/a b", nil)
        let decoding = try router(["/v/:x"])
        #expect(pathPairs(try #require(expectWinner(decoding, "/v/joel%20levin", "/v/:x"))) == ["x=joel levin"])
    }

    @Test("caseInsensitiveLiterals folds literals, never values")
    func caseInsensitive() throws {
        let r = try with({ $0.caseInsensitiveLiterals = true }, ["/Users/:id", "/path/TO/fOo"])
        let m = try #require(expectWinner(r, "/users/Bob", "/Users/:id"))
        #expect(pathPairs(m) == ["id=Bob"])
        expectWinner(r, "/PATH/tO/FOo", "/path/TO/fOo")
        let sensitive = try router(["/Users/:id"])
        expectWinner(sensitive, "/users/Bob", nil)
        // Folding makes literals that differ only in case the same shape.
        var o = RouterOptions()
        o.caseInsensitiveLiterals = true
        let c = try Router(options: o)
        try c.add("/About", target: "1")
        expectError(.conflict, "/about after /About, case-insensitive") { try c.add("/about", target: "2") }
    }

    @Test("trailingWildcardNeedsSegment")
    func trailingWildcard() throws {
        let r = try with({ $0.trailingWildcardNeedsSegment = true }, ["/a/*", "/b/*rest"])
        expectWinner(r, "/a", nil)
        expectWinner(r, "/a/x", "/a/*")
        expectWinner(r, "/b", nil)
        #expect(try r.resolveBuffer("/b/x/y").params["rest"] == .string("x/y"))
    }

    @Test("precedence .registrationOrder and .mostLiterals")
    func precedence() throws {
        let order = try with({ $0.precedence = .registrationOrder }, ["/a/:x", "/a/b"])
        expectWinner(order, "/a/b", "/a/:x")
        let order2 = try with({ $0.precedence = .registrationOrder }, ["/a/b", "/a/:x"])
        expectWinner(order2, "/a/b", "/a/b")
        // Priority still comes first.
        var o = RouterOptions()
        o.precedence = .registrationOrder
        let p = try Router(options: o)
        try p.add("/a/:x", target: "first")
        try p.add("/a/b", target: "second", priority: 1)
        expectWinner(p, "/a/b", "/a/b")

        // Most literal path segments wins, wherever they are; then the one added first.
        let most = try with({ $0.precedence = .mostLiterals }, ["/:kind/1", "/user/:id"])
        expectWinner(most, "/user/1", "/:kind/1")
        let most2 = try with({ $0.precedence = .mostLiterals }, ["/:x/:y/c", "/a/:z/c"])
        expectWinner(most2, "/a/b/c", "/a/:z/c")
        let spec = try router(["/:kind/1", "/user/:id"])
        expectWinner(spec, "/user/1", "/user/:id")
    }

    @Test("parameterPrecedence .queryOverPath")
    func parameterPrecedence() throws {
        let r = try with({ $0.parameterPrecedence = .queryOverPath }, ["/user/:id"])
        let m = try r.resolveBuffer("/user/42?id=q")
        #expect(m.params["id"] == .string("q"))
        #expect(m.parameter("id") == .string("q"))
        #expect(pathPairs(m) == ["id=42"])   // path parameters themselves are unchanged
    }

    @Test("invalid options are an invalidArgument error")
    func validation() throws {
        let changes: [(String, (inout RouterOptions) -> Void)] = [
            ("maxSegments 0", { $0.limits.maxSegments = 0 }),
            ("maxURLLength -1", { $0.limits.maxURLLength = -1 }),
            ("maxParameters 0", { $0.limits.maxParameters = 0 }),
            ("maxPatternLength 0", { $0.limits.maxPatternLength = 0 }),
            ("maxDocumentSize 0", { $0.limits.maxDocumentSize = 0 }),
            ("maxRedirects -1", { $0.limits.maxRedirects = -1 }),
            ("maxRedirects 1001", { $0.limits.maxRedirects = 1001 }),
            ("uppercase web scheme", { $0.webSchemes.insert("HTTP") }),
            ("web scheme with a digit first", { $0.webSchemes.insert("1x") }),
            ("empty web scheme", { $0.webSchemes.insert("") }),
        ]
        for (what, change) in changes {
            var o = RouterOptions()
            change(&o)
            expectError(.invalidArgument, what) { _ = try Router(options: o) }
        }
        var ok = RouterOptions()
        ok.limits.maxRedirects = 0
        ok.webSchemes.insert("my-web+1.x")
        #expect(throws: Never.self) { _ = try Router(options: ok) }
    }
}
