// SEMANTICS.md §3 and §8 "Precedence": priority, then specificity part by part from the
// left, backtracking, typed fall-through, conflicts.
import Testing
import Switchyard

@Suite("Precedence (§3, §8)")
struct PrecedenceTests {
    @Test("priority beats specificity")
    func priority() throws {
        let r = Router()
        try r.add("/a/b", target: "literal")
        try r.add("/a/:x", target: "param", priority: 1)
        expectWinner(r, "/a/b", "/a/:x")
        // Negative priority loses to the default 0.
        let r2 = Router()
        try r2.add("/p/*rest", target: "catch")
        try r2.add("/p/q", target: "low", priority: -1)
        expectWinner(r2, "/p/q", "/p/*rest")
        // A higher-priority route that does not match changes nothing.
        try r2.add("/p/<int:n>", target: "int", priority: 9)
        expectWinner(r2, "/p/q", "/p/*rest")
        expectWinner(r2, "/p/5", "/p/<int:n>")
    }

    @Test("at one part: literal > uuid > int > float > :name > middle * > remainder")
    func rankAtOnePart() throws {
        let all = ["/a/b/end", "/a/<uuid:u>/end", "/a/<int:i>/end", "/a/<float:f>/end",
                   "/a/:s/end", "/a/*/end", "/a/*rest"]
        let uuid = "123e4567-e89b-12d3-a456-426614174000"
        let r = try router(all)
        expectWinner(r, "/a/b/end", "/a/b/end")
        expectWinner(r, "/a/\(uuid)/end", "/a/<uuid:u>/end")
        expectWinner(r, "/a/12/end", "/a/<int:i>/end")
        expectWinner(r, "/a/1.5/end", "/a/<float:f>/end")
        expectWinner(r, "/a/xyz/end", "/a/:s/end")
        expectWinner(r, "/a/xyz/other", "/a/*rest")
        // Remove the stronger forms one by one: each time the next rank takes over.
        let order = ["/a/b/end", "/a/<uuid:u>/end", "/a/<int:i>/end", "/a/<float:f>/end",
                     "/a/:s/end", "/a/*/end", "/a/*rest"]
        let r2 = try router(all)
        for (i, pattern) in order.enumerated() {
            // "12" is an int and a float, and matches :s, * and the remainder too.
            expectWinner(r2, "/a/12/end", i <= 2 ? "/a/<int:i>/end" : (i == 3 ? "/a/<float:f>/end" : order[i]))
            #expect(r2.remove(pattern), "remove \(pattern)")
        }
        expectWinner(r2, "/a/12/end", nil)
    }

    @Test("specificity is compared from the left: an early literal beats later ones")
    func leftToRight() throws {
        let r = try router(["/a/:x/c/d", "/:y/b/c/d"])
        expectWinner(r, "/a/b/c/d", "/a/:x/c/d")
        let r2 = try router(["/a/<int:n>/:z", "/a/:x/lit"])
        expectWinner(r2, "/a/5/lit", "/a/<int:n>/:z")
        expectWinner(r2, "/a/five/lit", "/a/:x/lit")
    }

    @Test("a scheme beats no scheme; literal host > *.host > no host")
    func schemeAndHost() throws {
        let r = try router(["myapp://user/:id", "/user/42"])
        expectWinner(r, "myapp://user/42", "myapp://user/:id")
        expectWinner(r, "other://user/42", "/user/42")

        let h = try router(["https://a.example.com/x/:p", "https://*.example.com/x/y", "/x/y", "https://x/y"])
        expectWinner(h, "https://a.example.com/x/y", "https://a.example.com/x/:p")
        expectWinner(h, "https://b.example.com/x/y", "https://*.example.com/x/y")
        expectWinner(h, "https://other.com/x/y", "/x/y")
        expectWinner(h, "https://x/y", "https://x/y")

        // Between two wildcard hosts, more labels wins.
        let w = try router(["https://*.example.com/p", "https://*.b.example.com/p"])
        expectWinner(w, "https://a.b.example.com/p", "https://*.b.example.com/p")
        expectWinner(w, "https://c.example.com/p", "https://*.example.com/p")
        expectWinner(w, "https://b.example.com/p", "https://*.example.com/p")  // *.b needs a label before b
    }

    @Test("backtracking: the answer is as if every route were tried")
    func backtracking() throws {
        let r = try router(["/a/b/c", "/a/:x/d"])
        let m = try #require(expectWinner(r, "/a/b/d", "/a/:x/d"))
        #expect(pathPairs(m) == ["x=b"])
        expectWinner(r, "/a/b/c", "/a/b/c")

        // Deeper: the literal branch fails two levels down, then a typed one, then a param.
        let r2 = try router(["/a/b/c/x", "/a/<int:n>/c/y", "/a/:s/c/z", "/a/*/c/w", "/a/*rest"])
        expectWinner(r2, "/a/b/c/x", "/a/b/c/x")
        expectWinner(r2, "/a/b/c/y", "/a/*rest")  // "b" is no int, and :s leads to z only
        expectWinner(r2, "/a/7/c/y", "/a/<int:n>/c/y")
        expectWinner(r2, "/a/7/c/z", "/a/:s/c/z")
        expectWinner(r2, "/a/b/c/z", "/a/:s/c/z")
        expectWinner(r2, "/a/b/c/w", "/a/*/c/w")
        expectWinner(r2, "/a/b/c/v", "/a/*rest")

        // Captures of an abandoned branch must not leak into the winner.
        let r3 = try router(["/u/:user/posts", "/u/*rest"])
        let m3 = try #require(expectWinner(r3, "/u/ann/likes", "/u/*rest"))
        #expect(pathPairs(m3) == ["rest=ann/likes"])
        #expect(m3.parameter("user") == nil)
        #expect(m3.remainder == "ann/likes")
    }

    @Test("a typed parameter that fails to convert lets the next candidate try")
    func typedFallThrough() throws {
        let r = try router(["/n/<int:i>", "/n/:s"])
        #expect(try #require(expectWinner(r, "/n/42", "/n/<int:i>")).parameter("i") == .int(42))
        #expect(try #require(expectWinner(r, "/n/abc", "/n/:s")).parameter("s") == .string("abc"))
        expectWinner(r, "/n/99999999999999999999", "/n/:s")  // int overflow
        let r2 = try router(["/n/<int:i>/x", "/n/<float:f>/x", "/n/<uuid:u>/x"])
        expectWinner(r2, "/n/1.5/x", "/n/<float:f>/x")
        expectWinner(r2, "/n/1/x", "/n/<int:i>/x")
        expectWinner(r2, "/n/abc/x", nil)
        expectWinner(r2, "/n/00000000-0000-0000-0000-000000000000/x", "/n/<uuid:u>/x")
    }

    @Test("a pattern that ends where the URL ends beats a zero-length remainder")
    func endBeatsEmptyRemainder() throws {
        let r = try router(["/a", "/a/*"])
        expectWinner(r, "/a", "/a")
        expectWinner(r, "/a/", "/a")
        expectWinner(r, "/a/b", "/a/*")
        let r2 = try router(["/a/:x", "/a/:x/*rest"])
        expectWinner(r2, "/a/1", "/a/:x")
        expectWinner(r2, "/a/1/2", "/a/:x/*rest")
        // Longer fixed parts beat an earlier remainder.
        let r3 = try router(["/a/*rest", "/a/:x/:y"])
        expectWinner(r3, "/a/1/2", "/a/:x/:y")
        expectWinner(r3, "/a/1", "/a/*rest")
    }

    @Test("same shape at the same priority is a conflict naming both patterns")
    func conflicts() throws {
        // (first, second, a URL the first matches): same shape.
        let pairs: [(String, String, String)] = [
            ("/a/:x", "/a/:y", "/a/1"),
            ("/a/:x", "/a/<y>", "/a/1"),
            ("/a/:x", "/a/<string:y>", "/a/1"),
            ("/a/<int:x>", "/a/<int:y>", "/a/1"),
            ("/a/*", "/a/*rest", "/a/1"),             // *, *name and <path:> share a rank (§8)
            ("/a/*rest", "/a/<path:p>", "/a/1"),
            ("/a/*", "/a/<path:p>", "/a/1"),
            ("/a/b", "/a/b", "/a/b"),
            ("/user/:id", "user/:id", "/user/1"),
            ("myapp://a/:x", "MYAPP://a/:y", "myapp://a/1"),
            ("https://Example.com/a", "https://example.com/a", "https://example.com/a"),
            ("http://example.com:80/a", "http://example.com/a", "http://example.com/a"),
            ("https://*.example.com/a", "https://*.Example.com/a", "https://w.example.com/a"),
            ("/a(/:b)", "/a/:c", "/a/1"),             // a group's alternative
            ("/a/:c", "/a(/:b)", "/a/1"),
            ("/a/%62", "/a/b", "/a/b"),               // literals compared after decoding
        ]
        for (first, second, url) in pairs {
            let r = Router()
            try r.add(first, target: "first")
            let e = expectError(.conflict, "\(first) then \(second)") { try r.add(second, target: "second") }
            if let message = e?.message {
                #expect(message.contains(first) && message.contains(second),
                        "conflict message should name '\(first)' and '\(second)': \(message)")
            }
            // Nothing changed: the first route still answers.
            let m = try r.resolveBuffer(url)
            #expect(m.matched && m.target == "first", "\(first) / \(url): \(String(describing: m.target))")
        }
    }

    @Test("not conflicts: different priority, different rank, different literal")
    func nonConflicts() throws {
        let sets: [[String]] = [
            ["/a/:x", "/a/<int:y>", "/a/<float:z>", "/a/<uuid:u>", "/a/b", "/a/*/c", "/a/*rest"],
            ["/a/*", "/a/:x/*"],
            ["/a", "/a/*"],
            ["https://x.com/a", "https://*.x.com/a", "/a", "myapp://a"],
            ["https://*.x.com/a", "https://*.y.x.com/a"],
            ["http://x.com/a", "http://x.com:8080/a", "https://x.com/a"],
        ]
        for set in sets {
            #expect(throws: Never.self, "\(set)") { _ = try router(set) }
        }
        let r = Router()
        try r.add("/a/:x", target: "p0")
        #expect(throws: Never.self) { try r.add("/a/:y", target: "p1", priority: 1) }
        expectWinner(r, "/a/1", "/a/:y")
    }

    @Test("matching stays bounded on a backtracking-heavy table")
    func boundedBacktracking() throws {
        // Every combination of four forms over six levels (4^6 routes ending in /end), plus
        // one all-'*' route ending in /fin that only a walk through every branch can reach.
        let forms = ["1", "<int:n#>", ":s#", "*"]
        let levels = 6
        let r = Router()
        for code in 0..<(1 << (2 * levels)) {
            let parts = (0..<levels).map { level in
                forms[(code >> (2 * level)) & 3].replacingHash(with: level)
            }
            try r.add("/" + parts.joined(separator: "/") + "/end", target: "\(code)")
        }
        let fin = "/" + Array(repeating: "*", count: levels).joined(separator: "/") + "/fin"
        try r.add(fin, target: "fin")
        let ones = Array(repeating: "1", count: levels).joined(separator: "/")
        expectWinner(r, "/\(ones)/fin", fin)
        expectWinner(r, "/\(ones)/end", "/\(ones)/end")
        expectWinner(r, "/\(ones)/nothing", nil)
        expectWinner(r, "/1/x/1/1/1/1/end", "/1/:s1/1/1/1/1/end")
        expectWinner(r, "/1/x/7/1/1/1/end", "/1/:s1/<int:n2>/1/1/1/end")
    }
}

extension String {
    /// "<int:n#>" → "<int:n3>": a parameter name unique per level.
    fileprivate func replacingHash(with level: Int) -> String {
        String(self.flatMap { $0 == "#" ? Array(String(level)) : [$0] })
    }
}
