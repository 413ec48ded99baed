// SEMANTICS.md §2 and §8 "Patterns": every segment form, optional groups, host forms, names,
// and every malformed pattern with its error code and exact byte position.
import Testing
import Switchyard

@Suite("Patterns (§2, §8)")
struct PatternTests {
    /// (pattern, url, expected path parameters as "name=text", or nil for a miss).
    static let formCases: [(pattern: String, url: String, params: [String]?)] = [
        // literal, compared after decoding
        ("/about", "/about", []),
        ("/about", "/About", nil),
        ("/caf%C3%A9", "/café", []),
        ("/café", "/caf%C3%A9", []),
        ("/a%20b", "/a b", []),
        ("/a%2Fb", "/a%2Fb", []),
        ("/a%2Fb", "/a/b", nil),
        ("/a+b", "/a+b", []),
        ("/a+b", "/a%20b", nil),
        // :name, <name>, <string:name>: any one non-empty segment
        ("/user/:id", "/user/42", ["id=42"]),
        ("/user/:id", "/user", nil),
        ("/user/:id", "/user/", nil),
        ("/user/:id", "/user/1/2", nil),
        ("/user/<id>", "/user/bob", ["id=bob"]),
        ("/user/<string:id>", "/user/42", ["id=42"]),
        ("/user/:id", "/user/a%20b", ["id=a b"]),
        ("/:_a1/:B", "/x/y", ["_a1=x", "B=y"]),
        // <int:name>: optional sign, decimal digits, fits in 64 bits
        ("/n/<int:i>", "/n/42", ["i=42"]),
        ("/n/<int:i>", "/n/-7", ["i=-7"]),
        ("/n/<int:i>", "/n/+5", ["i=+5"]),
        ("/n/<int:i>", "/n/007", ["i=007"]),
        ("/n/<int:i>", "/n/9223372036854775807", ["i=9223372036854775807"]),
        ("/n/<int:i>", "/n/-9223372036854775808", ["i=-9223372036854775808"]),
        ("/n/<int:i>", "/n/9223372036854775808", nil),
        ("/n/<int:i>", "/n/-9223372036854775809", nil),
        ("/n/<int:i>", "/n/4x", nil),
        ("/n/<int:i>", "/n/1.0", nil),
        ("/n/<int:i>", "/n/-", nil),
        ("/n/<int:i>", "/n/1e3", nil),
        ("/n/<int:i>", "/n/%2B5", ["i=+5"]),
        // <float:name>: decimal, optional fraction and exponent, a digit before any '.'
        ("/f/<float:x>", "/f/1", ["x=1"]),
        ("/f/<float:x>", "/f/-2.5", ["x=-2.5"]),
        ("/f/<float:x>", "/f/3e8", ["x=3e8"]),
        ("/f/<float:x>", "/f/1.5E-3", ["x=1.5E-3"]),
        ("/f/<float:x>", "/f/.5", nil),
        ("/f/<float:x>", "/f/inf", nil),
        ("/f/<float:x>", "/f/nan", nil),
        ("/f/<float:x>", "/f/1e999", nil),
        ("/f/<float:x>", "/f/1.5.2", nil),
        ("/f/<float:x>", "/f/0x10", nil),
        ("/f/<float:x>", "/f/abc", nil),
        // <uuid:name>: 8-4-4-4-12 hex, any case, case kept
        ("/u/<uuid:id>", "/u/123e4567-e89b-12d3-a456-426614174000", ["id=123e4567-e89b-12d3-a456-426614174000"]),
        ("/u/<uuid:id>", "/u/621425B8-42D1-4AB4-9A58-1E69D708A84B", ["id=621425B8-42D1-4AB4-9A58-1E69D708A84B"]),
        ("/u/<uuid:id>", "/u/123e4567e89b12d3a456426614174000", nil),
        ("/u/<uuid:id>", "/u/123e4567-e89b-12d3-a456-42661417400g", nil),
        ("/u/<uuid:id>", "/u/123e4567-e89b-12d3-a456-42661417400", nil),
        ("/u/<uuid:id>", "/u/123e4567-e89b-12d3-a456-4266141740000", nil),
        ("/u/<uuid:id>", "/u/123e4567-e89b12d3-a456-426614174000-", nil),
        // * in the middle: exactly one segment, not captured
        ("/a/*/c", "/a/b/c", []),
        ("/a/*/c", "/a/c", nil),
        ("/a/*/c", "/a/b/b/c", nil),
        // * at the end: zero or more segments (remainder only)
        ("/a/*", "/a", []),
        ("/a/*", "/a/b/c", []),
        ("/a/*", "/b", nil),
        // *name at the end: zero or more, captured (\"\" for zero)
        ("/a/*rest", "/a", ["rest="]),
        ("/a/*rest", "/a/b", ["rest=b"]),
        ("/a/*rest", "/a/b/c", ["rest=b/c"]),
        ("/a/*rest", "/a/x%20y/%2F", ["rest=x y//"]),
        // <path:name> at the end: one or more
        ("/a/<path:p>", "/a", nil),
        ("/a/<path:p>", "/a/b", ["p=b"]),
        ("/a/<path:p>", "/a/b/c/", ["p=b/c"]),
        ("/:x/<path:p>", "/1/2/3", ["x=1", "p=2/3"]),
        // a leading '/' is optional
        ("user/:id", "/user/7", ["id=7"]),
        ("user/:id", "user/7", ["id=7"]),
    ]

    @Test("every segment form")
    func forms() throws {
        for c in Self.formCases {
            let r = try router([c.pattern])
            let m = try r.resolveBuffer(c.url)
            if let params = c.params {
                #expect(m.matched, "\(c.pattern) should match \(c.url)")
                #expect(m.pattern == c.pattern, "\(c.pattern) / \(c.url)")
                #expect(pathPairs(m) == params, "\(c.pattern) / \(c.url): \(pathPairs(m))")
            } else {
                #expect(!m.matched, "\(c.pattern) should not match \(c.url), got \(pathPairs(m))")
            }
        }
    }

    @Test("remainder: decoded segments joined by '/', no leading '/'; nil without a remainder form")
    func remainder() throws {
        let cases: [(String, String, String?)] = [
            ("/a/*", "/a", ""), ("/a/*", "/a/b/c/", "b/c"), ("/a/*", "/a/x%20y", "x y"),
            ("/a/*rest", "/a", ""), ("/a/*rest", "/a/b/c", "b/c"),
            ("/a/<path:p>", "/a/b/c", "b/c"),
            ("/a/:x", "/a/b", nil), ("/a/*/c", "/a/b/c", nil),
        ]
        for (pattern, url, remainder) in cases {
            let m = try #require(expectWinner(try router([pattern]), url, pattern))
            #expect(m.remainder == remainder, "\(pattern) / \(url): \(String(describing: m.remainder))")
        }
    }

    @Test("optional groups")
    func optionalGroups() throws {
        // §2 table: /a(/:b)(/:c) is /a, /a/:b, /a/:b/:c.
        let r = try router(["/a(/:b)(/:c)"])
        #expect(pathPairs(try #require(expectWinner(r, "/a", "/a(/:b)(/:c)"))) == [])
        #expect(pathPairs(try #require(expectWinner(r, "/a/x", "/a(/:b)(/:c)"))) == ["b=x"])
        #expect(pathPairs(try #require(expectWinner(r, "/a/x/y", "/a(/:b)(/:c)"))) == ["b=x", "c=y"])
        expectWinner(r, "/a/x/y/z", nil)

        // §8: groups are independently optional.
        let p = "/the(/foo/:a)(/bar/:b)"
        let r2 = try router([p])
        #expect(pathPairs(try #require(expectWinner(r2, "/the", p))) == [])
        #expect(pathPairs(try #require(expectWinner(r2, "/the/foo/1", p))) == ["a=1"])
        #expect(pathPairs(try #require(expectWinner(r2, "/the/bar/2", p))) == ["b=2"])
        #expect(pathPairs(try #require(expectWinner(r2, "/the/foo/1/bar/2", p))) == ["a=1", "b=2"])
        expectWinner(r2, "/the/bar/2/foo/1", nil)
        expectWinner(r2, "/the/foo", nil)
        expectWinner(r2, "/the/baz/1", nil)

        // Groups with literals only, and a group in the middle of the path.
        let p3 = "/x(/new)/:id"
        let r3 = try router([p3])
        #expect(pathPairs(try #require(expectWinner(r3, "/x/new/5", p3))) == ["id=5"])
        #expect(pathPairs(try #require(expectWinner(r3, "/x/5", p3))) == ["id=5"])

        // Eight groups are allowed.
        let eight = "/g(/a)(/b)(/c)(/d)(/e)(/f)(/g)(/h)"
        let r4 = try router([eight])
        expectWinner(r4, "/g", eight)
        expectWinner(r4, "/g/a/c/e/g", eight)
        expectWinner(r4, "/g/a/b/c/d/e/f/g/h", eight)
        expectWinner(r4, "/g/b/a", nil)
    }

    @Test("host forms: literal host and *.example.com")
    func hosts() throws {
        let literal = "https://blog.example.com/:user/article/:id"
        let r = try router([literal])
        let m = try #require(expectWinner(r, "https://blog.example.com/ann/article/7", literal))
        #expect(pathPairs(m) == ["user=ann", "id=7"])
        expectWinner(r, "https://example.com/ann/article/7", nil)
        expectWinner(r, "https://x.blog.example.com/ann/article/7", nil)
        expectWinner(r, "myapp://blog.example.com/ann/article/7", nil)

        let wild = "https://*.example.com/a"
        let w = try router([wild])
        expectWinner(w, "https://x.example.com/a", wild)
        expectWinner(w, "https://a.b.example.com/a", wild)   // one or more labels
        expectWinner(w, "https://X.Example.com/a", wild)
        expectWinner(w, "https://example.com/a", nil)        // at least one label
        expectWinner(w, "https://xexample.com/a", nil)       // label boundary
        expectWinner(w, "https://x.example.org/a", nil)
        expectWinner(w, "http://x.example.com/a", nil)       // scheme still compared

        // A path pattern matches any scheme and any host.
        let any = try router(["/a"])
        for url in ["https://x.com/a", "myapp://a", "/a", "ftp://h/a", "http://u:p@h:8080/a"] {
            expectWinner(any, url, "/a")
        }
    }

    @Test("names: [A-Za-z_][A-Za-z0-9_]*, once per pattern")
    func names() throws {
        // `:a.b` and `:a-b` are a parameter followed by literal text (an inline parameter).
        for p in ["/:a", "/:_", "/:Z9_z", "/<abc_1>", "/<int:_x>", "/:a.b", "/:a-b"] {
            #expect(throws: Never.self, "\(p)") { _ = try router([p]) }
        }
        for p in ["/:1a", "/:", "/<>", "/<int:>", "/<9x>", "/*9", "/a/<path:>"] {
            expectError(.invalidPattern, p) { _ = try router([p]) }
        }
    }

    /// Malformed patterns: (pattern, position, words the message must contain: SEMANTICS' own
    /// wording where it gives one, else at least the offending character).
    static let malformed: [(pattern: String, at: Int, words: String?)] = [
        ("/user/files/<path:p", 12, "unclosed"),       // SEMANTICS' own example: unclosed '<' at 12
        ("/ab/<date:d>", 5, "unknown type 'date'"),    // unknown type 'date' at 5
        ("/archive/:a:b/x", 11, "literal text between"), // two parameters side by side
        ("/a/<int:x", 3, "unclosed"),
        ("/a*b", 2, "*"),                              // * in a literal
        ("/a<b", 2, "<"),                              // < in a literal
        ("/a>b", 2, ">"),
        ("/a{b", 2, "{"),
        ("/a}b", 2, "}"),
        ("/a?b", 2, "?"),
        ("/a#b", 2, "#"),
        ("/a/./b", 3, "."),                            // a '.' segment in a pattern
        ("/a/../b", 3, ".."),
        ("/a/..", 3, ".."),
        ("/a(/b(/c))", 5, "group"),                    // nested group: at the inner '('
        ("/a(/b", 2, "("),                             // unclosed group: at its '('
    ]

    @Test("malformed patterns: code, byte position, message")
    func malformedPatterns() throws {
        for c in Self.malformed {
            let e = expectError(.invalidPattern, c.pattern) { _ = try router([c.pattern]) }
            #expect(e?.position == c.at, "\(c.pattern): position \(String(describing: e?.position)), expected \(c.at)")
            if let words = c.words, let message = e?.message {
                #expect(message.contains(words), "\(c.pattern): message '\(message)' should say '\(words)'")
            }
        }
    }

    @Test("<path:> followed by more of the pattern is a catch-all of one or more segments")
    func pathInTheMiddle() throws {
        let r = try router(["/a/<path:p>/b"])
        expectWinner(r, "/a/x/y/b", "/a/<path:p>/b")
        expectWinner(r, "/a/b", nil)
    }

    @Test("a name used twice: error at the second use")
    func duplicateName() throws {
        // "/a/:id/b/:id": the second use starts at byte 9 (its ':'); its name at byte 10.
        let e = expectError(.invalidPattern, "/a/:id/b/:id") { _ = try router(["/a/:id/b/:id"]) }
        #expect(e?.position == 9 || e?.position == 10, "position \(String(describing: e?.position))")
        #expect(e?.message.contains("id") == true, "the message should name the parameter: \(e?.message ?? "")")
        let e2 = expectError(.invalidPattern, "/a/<int:id>/<id>") { _ = try router(["/a/<int:id>/<id>"]) }
        #expect(e2?.position == 12 || e2?.position == 13, "position \(String(describing: e2?.position))")
        // A name inside a group also counts.
        expectError(.invalidPattern, "/a/:x(/:x)") { _ = try router(["/a/:x(/:x)"]) }
        expectError(.invalidPattern, "/a/:x/*x") { _ = try router(["/a/:x/*x"]) }
    }

    @Test("group errors: nested, outside the path, more than 8, unbalanced")
    func groupErrors() throws {
        expectError(.invalidPattern, "unmatched )") { _ = try router(["/a/b)"]) }
        let outside = expectError(.invalidPattern, "group in host") { _ = try router(["https://(www.)example.com/a"]) }
        #expect(outside?.position == 8)
        let nine = "/g(/a)(/b)(/c)(/d)(/e)(/f)(/g)(/h)(/i)"
        do {
            _ = try router([nine])
            Issue.record("nine groups accepted")
        } catch let e as SwitchyardError {
            #expect(e.code == .invalidPattern || e.code == .limit, "nine groups: \(e.code)")
        }
    }

    @Test("host form errors")
    func hostErrors() throws {
        for p in ["https://a.*.com/x", "https://*/x", "https://ex*ample.com/x", "https://:id.com/x"] {
            expectError(.invalidPattern, p) { _ = try router([p]) }
        }
    }

    @Test("a failed add leaves the router unchanged")
    func failedAddChangesNothing() throws {
        let r = try router(["/ok/:x"])
        expectError(.invalidPattern, "bad") { try r.add("/ok/<int:y", target: "bad") }
        expectWinner(r, "/ok/1", "/ok/:x")
        expectWinner(r, "/ok", nil)
    }
}
