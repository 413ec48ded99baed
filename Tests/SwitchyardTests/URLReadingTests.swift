// SEMANTICS.md §1 and §8 "URL reading". The router has no public URL splitter, so the
// segments a URL reads as are observed through routes: `/*` captures every segment in the
// remainder (decoded segments joined by `/`), `/:a/:b` shows where segment borders are.
import Testing
import Switchyard

@Suite("URL reading (§1, §8)")
struct URLReadingTests {
    /// URL → the remainder of the catch-all path pattern `/*`, i.e. the segments after
    /// scheme/host handling, decoding, dot-segment and empty-segment removal.
    static let segmentCases: [(url: String, remainder: String, why: String)] = [
        ("myapp://user/42", "user/42", "custom scheme: the authority is the first segment"),
        ("https://example.com/user/42", "user/42", "web scheme: the authority is a host"),
        ("http://example.com/a", "a", "http is a web scheme"),
        ("ws://example.com/a", "a", "ws is a web scheme"),
        ("wss://example.com/a", "a", "wss is a web scheme"),
        ("ftp://example.com/a", "a", "ftp is a web scheme"),
        ("file:///a/b", "a/b", "file is a web scheme (empty host)"),
        ("HTTPS://Example.COM/a", "a", "scheme compared case-insensitively: still a web scheme"),
        ("/user/42", "user/42", "bare path"),
        ("user/42", "user/42", "bare path without leading slash"),
        ("/", "", "root"),
        ("myapp:user/42", "user/42", "scheme without authority"),
        ("user:42", "42", "`user:42` has the scheme `user`"),
        ("myapp://", "", "custom scheme with empty authority"),
        ("https://example.com", "", "web URL without path"),
        ("/a//b/", "a/b", "empty segments dropped, trailing slash ignored"),
        ("/a///b//", "a/b", "several empty segments"),
        ("/a/../admin", "admin", "dot segments removed"),
        ("/a/./b", "a/b", "single dot removed"),
        ("/a/b/..", "a", "trailing .. removes the last segment"),
        ("/../a", "a", ".. above the root is dropped"),
        ("/a/%2e%2e/b", "b", "%2e%2e is .."),
        ("/a/%2E%2E/b", "b", "%2E%2E is .."),
        ("/a/%2e/b", "a/b", "%2e is ."),
        ("/a/.%2E/b", "b", "mixed .%2E is .."),
        ("/a//../b", "a/b", "dot removal before empty-segment removal (§8)"),
        ("myapp://../x", "x", "a custom scheme's authority is subject to dot removal"),
        ("myapp://./x", "x", "a custom scheme's authority is subject to dot removal"),
        ("/a/b?x=1#frag", "a/b", "query and fragment are not path"),
        ("/a/b#frag/c", "a/b", "a fragment never adds segments"),
        ("/a+b", "a+b", "`+` in a path is a plus"),
        ("/a%20b", "a b", "percent-decoding"),
        ("/a b", "a b", "a raw space is accepted"),
        ("/%zz/%4", "%zz/%4", "invalid escapes stay as written"),
        ("/a%", "a%", "a lone % stays"),
        ("/%252F", "%2F", "decoded exactly once"),
        ("/%FF", "%FF", "invalid UTF-8 stays percent-encoded"),
        ("/%C3", "%C3", "truncated UTF-8 stays percent-encoded"),
        ("/a%C3%A9%FFb", "a%C3%A9%FFb", "a segment that is not valid UTF-8 stays as written, whole"),
        ("/caf%C3%A9", "café", "valid UTF-8 is decoded"),
        ("/ü/日本", "ü/日本", "non-ASCII accepted"),
        ("http://user:pw@example.com/a", "a", "userinfo dropped"),
        ("http://example.com:80/a", "a", "default port"),
        ("myapp://us%65r/42", "user/42", "a custom scheme's authority is decoded like a segment"),
    ]

    @Test("segments after normalisation")
    func segments() throws {
        let r = try router(["/*"])
        for c in Self.segmentCases {
            let m = try r.resolveBuffer(c.url)
            #expect(m.matched, "\(c.url) (\(c.why)): no match")
            #expect(m.remainder == c.remainder,
                    "\(c.url) (\(c.why)): remainder \(m.remainder.map { "'\($0)'" } ?? "nil"), expected '\(c.remainder)'")
        }
    }

    @Test("split on raw '/' before decoding: %2F stays inside its segment")
    func encodedSlashStays() throws {
        let r = try router(["/:a/:b"])
        let m = try #require(expectWinner(r, "/x%2Fy/z", "/:a/:b"))
        #expect(pathPairs(m) == ["a=x/y", "b=z"])
        expectWinner(r, "/x%2Fy", nil)  // one segment only
        expectWinner(r, "/x%2fy", nil)  // lowercase escape as well
    }

    @Test("a parameter value is never . or ..")
    func dotSegmentsNeverValues() throws {
        let r = try router(["/a/:x", "/a/:x/:y"])
        expectWinner(r, "/a/.", nil)
        expectWinner(r, "/a/..", nil)
        expectWinner(r, "/a/%2e", nil)
        let m = try #require(expectWinner(r, "/a/b/./c", "/a/:x/:y"))
        #expect(pathPairs(m) == ["x=b", "y=c"])
        // "..." is not a dot segment: it is an ordinary value.
        let m3 = try #require(expectWinner(r, "/a/...", "/a/:x"))
        #expect(pathPairs(m3) == ["x=..."])
    }

    @Test("patterns are read the same way: custom-scheme and path patterns")
    func patternsReadLikeURLs() throws {
        for p in ["myapp://user/:id", "/user/:id", "user/:id"] {
            let r = try router([p])
            let m = try #require(expectWinner(r, "myapp://user/42", p))
            #expect(pathPairs(m) == ["id=42"], "\(p)")
        }
        // A pattern with a scheme requires that scheme.
        let r = try router(["myapp://user/:id"])
        expectWinner(r, "other://user/42", nil)
        expectWinner(r, "/user/42", nil)
        expectWinner(r, "MYAPP://user/42", "myapp://user/:id")  // scheme case-insensitive
        expectWinner(r, "myapp://USER/42", nil)                 // authority is a segment: case-sensitive
    }

    @Test("host compared case-insensitively, scheme too")
    func hostCase() throws {
        let r = try router(["https://blog.example.com/:user"])
        expectWinner(r, "https://BLOG.Example.COM/bob", "https://blog.example.com/:user")
        expectWinner(r, "HTTPS://blog.example.com/bob", "https://blog.example.com/:user")
        expectWinner(r, "https://example.com/bob", nil)
        expectWinner(r, "http://blog.example.com/bob", nil)
        // The path stays case-sensitive.
        let r2 = try router(["https://example.com/About"])
        expectWinner(r2, "https://example.com/about", nil)
    }

    @Test("default ports dropped; a pattern's port must match")
    func ports() throws {
        let noPort = try router(["http://example.com/a"])
        expectWinner(noPort, "http://example.com/a", "http://example.com/a")
        expectWinner(noPort, "http://example.com:80/a", "http://example.com/a")
        expectWinner(noPort, "http://example.com:8080/a", nil)
        expectWinner(noPort, "http://example.com:443/a", nil)  // 443 is not http's default

        let withPort = try router(["http://example.com:8080/a"])
        expectWinner(withPort, "http://example.com:8080/a", "http://example.com:8080/a")
        expectWinner(withPort, "http://example.com/a", nil)
        expectWinner(withPort, "http://example.com:8081/a", nil)

        // Default ports in patterns are dropped too: (pattern, URL without port, URL with it).
        let defaults: [(String, String, String)] = [
            ("http://h.com:80/a", "http://h.com/a", "http://h.com:80/a"),
            ("https://h.com:443/a", "https://h.com/a", "https://h.com:443/a"),
            ("ws://h.com:80/a", "ws://h.com/a", "ws://h.com:80/a"),
            ("wss://h.com:443/a", "wss://h.com/a", "wss://h.com:443/a"),
            ("ftp://h.com:21/a", "ftp://h.com/a", "ftp://h.com:21/a"),
        ]
        for (pattern, bare, withPort) in defaults {
            let r = try router([pattern])
            expectWinner(r, bare, pattern)
            expectWinner(r, withPort, pattern)
        }
        // A path pattern matches any host and port.
        let anyHost = try router(["/a"])
        expectWinner(anyHost, "http://example.com:8080/a", "/a")
    }

    @Test("userinfo is dropped for matching and kept in the match's url")
    func userinfo() throws {
        let r = try router(["https://example.com/a"])
        let url = "https://user:pw@example.com/a"
        let m = try #require(expectWinner(r, url, "https://example.com/a"))
        #expect(m.url == url)
    }

    @Test("invalid URLs: scheme must start with a letter, control characters")
    func invalidURLs() throws {
        let r = try router(["/*"])
        expectError(.invalidURL, "12:30/x") { _ = try r.resolveBuffer("12:30/x") }
        expectError(.invalidURL, ":a/b (empty scheme)") { _ = try r.resolveBuffer(":a/b") }
        expectError(.invalidURL, "bad port") { _ = try r.resolveBuffer("http://example.com:abc/a") }
        // Control characters (below 0x20 and 0x7F) make a URL invalid, at their byte offset.
        let controls: [(String, Int)] = [
            ("/a\u{01}b", 2), ("/a\tb", 2), ("/a\nb", 2), ("/ab\u{7F}", 3), ("\u{00}/a", 0),
            ("/a?q=\u{1F}", 5), ("/a#\u{0D}", 3),
        ]
        for (url, at) in controls {
            let e = expectError(.invalidURL, "control char in \(url.debugDescription)") { _ = try r.resolveBuffer(url) }
            #expect(e?.position == at, "control char in \(url.debugDescription): position \(String(describing: e?.position))")
        }
        // Spaces and non-ASCII are accepted; a scheme may hold + - . after its first letter.
        for url in ["/a b", "/ü", "my-app.x+y://a/b", "a1:b"] {
            #expect(throws: Never.self, "\(url)") { _ = try r.resolveBuffer(url) }
        }
        // The router still works after errors.
        expectWinner(r, "/ok", "/*")
    }

    /// The validating scan reads eight bytes at a time, the last ones as one word that
    /// overlaps the word before (URLReader.validateText). So every length from 1 to 40 and
    /// every byte position is tried: a control byte is an error at its offset, '?' and '#'
    /// end the path where they stand, and '+', '%' and a space stay in the path as given.
    @Test("the validating scan finds a byte at every position of URLs of every length")
    func everyPosition() throws {
        let r = try router(["/*"])
        let ordinary = Array("abc/def-ghi_jkl~mno.pqr".utf8)
        func remainder(_ path: ArraySlice<UInt8>) -> String {
            // The segments of a path with no dot segment: split, drop the empty ones.
            path.split(separator: 0x2F, omittingEmptySubsequences: true)
                .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
        }
        for n in 1...40 {
            let clean = [0x2F] + (0..<(n - 1)).map { ordinary[$0 % ordinary.count] }
            let whole = String(decoding: clean, as: UTF8.self)
            let m0 = try r.resolveBuffer(whole)
            #expect(m0.remainder ?? "" == remainder(clean[1...]), "\(whole)")
            for j in 1..<n {
                var bytes = clean
                for b: UInt8 in [0x01, 0x7F] {
                    bytes[j] = b
                    let url = String(decoding: bytes, as: UTF8.self)
                    let e = expectError(.invalidURL, "byte \(b) at \(j) of \(n)") { _ = try r.resolveBuffer(url) }
                    #expect(e?.position == j, "byte \(b) at \(j) of \(n): position \(String(describing: e?.position))")
                }
                for b: UInt8 in [0x3F, 0x23] {  // '?' and '#': the path ends there
                    bytes[j] = b
                    let url = String(decoding: bytes, as: UTF8.self)
                    let m = try r.resolveBuffer(url)
                    #expect(m.remainder ?? "" == remainder(bytes[1..<j]), "\(url)")
                    if b == 0x23 { #expect(m.fragment == String(decoding: bytes[(j + 1)...], as: UTF8.self), "\(url)") }
                }
                for b: UInt8 in [0x2B, 0x25, 0x20] {  // '+', '%' (its escape, if any, is not UTF-8: kept), a space
                    bytes[j] = b
                    let url = String(decoding: bytes, as: UTF8.self)
                    let m = try r.resolveBuffer(url)
                    #expect(m.remainder ?? "" == remainder(bytes[1...]), "\(url)")
                }
            }
        }
    }

    @Test("query items: split on &, first =, both sides decoded, repeats kept in order")
    func query() throws {
        let r = try router(["/q"])
        let cases: [(url: String, items: [String])] = [
            ("/q?a=1&b=2&a=3", ["a=1", "b=2", "a=3"]),
            ("/q?x", ["x="]),
            ("/q?&&a=1&", ["a=1"]),
            ("/q?a=b=c", ["a=b=c"]),
            ("/q?a+b=c+d", ["a b=c d"]),
            ("/q?a%2Bb=%26%3D", ["a+b=&="]),
            ("/q?q=%zz", ["q=%zz"]),
            ("/q?%FF=1&v=%FF", ["%FF=1", "v=%FF"]),
            ("/q?n=caf%C3%A9", ["n=café"]),
            ("/q?a=1#b=2", ["a=1"]),
            ("/q?", []),
            ("/q", []),
            ("/q?e=", ["e="]),
        ]
        for c in cases {
            let m = try #require(expectWinner(r, c.url, "/q"))
            #expect(m.query.map { "\($0.name)=\($0.value)" } == c.items, "\(c.url)")
        }
        let m = try r.resolveBuffer("/q?a=1&b=2&a=3")
        #expect(m.queryValues("a") == ["1", "3"])
        #expect(m.queryValues("b") == ["2"])
        #expect(m.queryValues("zz") == [])
    }

    @Test("fragment kept as written, not decoded, not matched")
    func fragment() throws {
        let r = try router(["/q"])
        let cases: [(String, String?)] = [
            ("/q#Hello%20World", "Hello%20World"), ("/q#a+b", "a+b"), ("/q#/x/y", "/x/y"),
            ("/q", nil), ("/q#", ""), ("/q?x=1#f?g#h", "f?g#h"),
        ]
        for (url, fragment) in cases {
            let m = try #require(expectWinner(r, url, "/q"))
            #expect(m.fragment == fragment, "\(url): fragment \(String(describing: m.fragment))")
        }
    }

    @Test("the match's url is the URL resolved: as given, or a web URL in the form a browser reads it")
    func urlKept() throws {
        let r = try router(["/a/:x"])
        for url in ["/a/b?c=d#e", "http://example.com/a/%62", "myapp://a/b/", "myapp://A:80/a/b/"] {
            let m = try r.resolveBuffer(url)
            #expect(m.url == url)
        }
        #expect(try r.resolveBuffer("HTTP://Example.com:80/a/%62").url == "http://example.com/a/%62")
        let miss = try r.resolveBuffer("/nothing/here?x=1#f")
        #expect(!miss.matched)
        #expect(miss.url == "/nothing/here?x=1#f")
    }
}
