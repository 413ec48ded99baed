// Redirects (SEMANTICS.md §6 and §8 "Redirects"), through the Swift API: placeholders and
// their encoding, appending rules, fragments, chains, limits, loops, misses at the end of
// a chain, and the add-time checks of templates.
import Testing
import Switchyard

@Suite("Redirects")
struct RedirectTests {
    /// A router with the given (pattern, redirect) routes and a few target routes that end chains.
    func redirects(_ routes: [(String, String)], appendParams: Bool = true,
                   options: RouterOptions = RouterOptions()) throws -> Router {
        let r = try Router(options: options)
        for (p, t) in routes { try r.add(p, redirect: t, appendParams: appendParams) }
        try r.add("myapp://app/tiny", target: "MiniApp")
        try r.add("myapp://app/live/room", target: "LiveRoom")
        try r.add("myapp://user/<int:id>", target: "UserProfile")
        try r.add("/b/:x", target: "B")
        return r
    }

    @Test("the §6 example: an unused captured parameter is appended to the target's query")
    func semanticsExample() throws {
        let r = try redirects([("https://example.com/skill/:language", "myapp://app/tiny?id=__C92EAF9")])
        let m = try r.resolveBuffer("https://example.com/skill/cloud_native")
        #expect(m.matched)
        #expect(m.target == "MiniApp")
        #expect(m.url == "myapp://app/tiny?id=__C92EAF9&language=cloud_native")
        #expect(m.redirects == ["https://example.com/skill/cloud_native",
                                "myapp://app/tiny?id=__C92EAF9&language=cloud_native"])
        #expect(m.params["language"] == .string("cloud_native"))
        #expect(m.params["id"] == .string("__C92EAF9"))
    }

    @Test("placeholders take the decoded text, encoded for the path, the query and the fragment")
    func placeholderEncoding() throws {
        let r = Router()
        try r.add("/p/:v", redirect: "myapp://x/{v}/y?q={v}#f={v}")
        try r.add("myapp://x/:a/y", target: "X")
        let m = try r.resolveBuffer("/p/a%20b%2Fc&d=e")
        #expect(m.target == "X")
        // '/' is encoded in a segment, kept in query and fragment; '&' and '=' are encoded in
        // a segment and the query; the fragment keeps them.
        #expect(m.url == "myapp://x/a%20b%2Fc%26d%3De/y?q=a%20b/c%26d%3De#f=a%20b/c&d=e")
        #expect(m.parameter("a") == .string("a b/c&d=e"))
    }

    @Test("a placeholder takes the text as written in the URL: 007, not 7")
    func typedTextKept() throws {
        let r = Router()
        try r.add("/old/<int:id>", redirect: "myapp://user/{id}")
        try r.add("myapp://user/:id", target: "U")
        let m = try r.resolveBuffer("/old/007")
        #expect(m.url == "myapp://user/007")
    }

    @Test("a non-web scheme's authority is a path segment and may hold a placeholder")
    func placeholderInNonWebAuthority() throws {
        let r = Router()
        try r.add("/go/:screen", redirect: "myapp://{screen}/home")
        try r.add("myapp://:s/home", target: "Home")
        #expect(try r.resolveBuffer("/go/feed").url == "myapp://feed/home")
        // ':' and '@' are encoded there, so a value cannot add userinfo or a port.
        #expect(try r.resolveBuffer("/go/evil@feed").url == "myapp://evil%40feed/home")
    }

    @Test("a relative template's first segment cannot gain a scheme from a value")
    func relativeFirstSegment() throws {
        let r = Router()
        try r.add("/x/:v", redirect: "{v}/tail")
        try r.add("/:a/tail", target: "T")
        let m = try r.resolveBuffer("/x/javascript:alert(1)")
        #expect(m.url == "javascript%3Aalert(1)/tail")
        #expect(m.target == "T")
    }

    @Test("captured parameters the template does not use come first, then the original query")
    func appendOrder() throws {
        let r = try redirects([("/a/:x/:y", "/b/{x}")])
        let m = try r.resolveBuffer("/a/1/2?q=3&r=4")
        #expect(m.url == "/b/1?y=2&q=3&r=4")
    }

    @Test("a name already in the target's query is not appended, in any spelling")
    func namesAlreadyPresent() throws {
        let r = try redirects([("/a/:x/:y", "/b/{x}?y=keep&q=keep")])
        #expect(try r.resolveBuffer("/a/1/2?q=3&r=4").url == "/b/1?y=keep&q=keep&r=4")
        // An original item whose name matches a captured one that was appended is skipped:
        // a query cannot override a path parameter through a redirect.
        let r2 = try redirects([("/a/:x/:y", "/b/{x}")])
        #expect(try r2.resolveBuffer("/a/1/2?y=9&%79=8").url == "/b/1?y=2")
    }

    @Test("original query items are appended as written, every value of a repeated name")
    func repeatsAsWritten() throws {
        let r = try redirects([("/a/:x", "/b/{x}")])
        let m = try r.resolveBuffer("/a/1?t=1&t=2&&s=a%20b+c&flag")
        #expect(m.url == "/b/1?t=1&t=2&s=a%20b+c&flag")
        #expect(m.queryValues("t") == ["1", "2"])
    }

    @Test("append_params false appends nothing but keeps the fragment")
    func noAppend() throws {
        let r = try redirects([("/a/:x/:y", "/b/{x}")], appendParams: false)
        #expect(try r.resolveBuffer("/a/1/2?q=3#frag").url == "/b/1#frag")
    }

    @Test("the original fragment is kept only when the target has none")
    func fragments() throws {
        let r = try redirects([("/a/:x", "/b/{x}"), ("/c/:x", "/b/{x}#top")])
        let m = try r.resolveBuffer("/a/1#sec%202")
        #expect(m.url == "/b/1#sec%202")
        #expect(m.fragment == "sec%202")
        #expect(try r.resolveBuffer("/c/1#other").url == "/b/1#top")
        // Appended items go before the fragment.
        #expect(try r.resolveBuffer("/a/1?k=v#f").url == "/b/1?k=v#f")
    }

    @Test("a template that ends its query with '&' or '?' gets no doubled separator")
    func separators() throws {
        let r = try redirects([("/a/:x", "/b/z?"), ("/c/:x", "/b/z?k=1&")])
        #expect(try r.resolveBuffer("/a/1").url == "/b/z?x=1")
        #expect(try r.resolveBuffer("/c/1").url == "/b/z?k=1&x=1")
    }

    @Test("a chain is resolved hop by hop and reported from the first URL to the last")
    func chain() throws {
        let r = Router()
        try r.add("/1/:v", redirect: "/2/{v}")
        try r.add("/2/:v", redirect: "/3/{v}")
        try r.add("/3/:v", target: "End")
        let m = try r.resolveBuffer("/1/x")
        #expect(m.target == "End")
        #expect(m.redirects == ["/1/x", "/2/x", "/3/x"])
        #expect(m.url == "/3/x")
        // A match without redirects reports an empty chain.
        #expect(try r.resolveBuffer("/3/x").redirects == [])
    }

    /// A chain of `n` redirects: /0 -> /1 -> ... -> /n (a target).
    func chainRouter(_ n: Int, options: RouterOptions = RouterOptions()) throws -> Router {
        let r = try Router(options: options)
        for k in 0..<n { try r.add("/\(k)", redirect: "/\(k + 1)") }
        try r.add("/\(n)", target: "End")
        return r
    }

    @Test("8 redirects are fine; the 9th is a redirect-limit error that shows the chain")
    func limit() throws {
        let ok = try chainRouter(8).resolveBuffer("/0")
        #expect(ok.target == "End")
        #expect(ok.redirects.count == 9)
        let e = expectError(.redirectLimit, "9 redirects") { _ = try chainRouter(9).resolveBuffer("/0") }
        #expect(e?.message.contains("/0 -> /1 -> /2") == true)
        #expect(e?.message.contains("/8 -> /9") == true)
    }

    @Test("the redirect limit is an option; 0 forbids every redirect")
    func limitOption() throws {
        var o = RouterOptions()
        o.limits.maxRedirects = 2
        #expect(try chainRouter(2, options: o).resolveBuffer("/0").target == "End")
        expectError(.redirectLimit, "3 redirects with max 2") { _ = try chainRouter(3, options: o).resolveBuffer("/0") }
        o.limits.maxRedirects = 0
        expectError(.redirectLimit, "1 redirect with max 0") { _ = try chainRouter(1, options: o).resolveBuffer("/0") }
        #expect(try chainRouter(1, options: o).resolveBuffer("/1").target == "End")
    }

    @Test("a URL met twice is a redirect-loop error that shows the chain")
    func loops() throws {
        let r = Router()
        try r.add("/a", redirect: "/b")
        try r.add("/b", redirect: "/a")
        try r.add("/self", redirect: "/self")
        let e = expectError(.redirectLoop, "a <-> b") { _ = try r.resolveBuffer("/a") }
        #expect(e?.message.contains("/a -> /b -> /a") == true)
        expectError(.redirectLoop, "self") { _ = try r.resolveBuffer("/self") }
    }

    @Test("loops compare URLs as strings: the same route reached by other text is no loop")
    func loopsAreTextual() throws {
        let r = Router()
        // /n/:k -> /n/{k}x grows the URL each time: never the same text, so the limit ends it.
        try r.add("/n/:k", redirect: "/n/{k}x")
        expectError(.redirectLimit, "growing chain") { _ = try r.resolveBuffer("/n/a") }
    }

    @Test("a chain that ends on an unrouted URL is a miss that reports its final URL and chain")
    func endsOnMiss() throws {
        let r = Router()
        try r.add("/old/:id", redirect: "https://web.example.com/page/{id}?src=app")
        let m = try r.resolveBuffer("/old/5?x=1#f")
        #expect(!m.matched)
        #expect(m.url == "https://web.example.com/page/5?src=app&x=1#f")
        #expect(m.redirects == ["/old/5?x=1#f", "https://web.example.com/page/5?src=app&x=1#f"])
        #expect(m.target == nil && m.pattern == nil && m.params.isEmpty && m.fragment == nil)
    }

    @Test("a reused MatchBuffer reports each resolve's own chain")
    func reuse() throws {
        let r = try redirects([("/a/:x", "/b/{x}")])
        let m = MatchBuffer()
        #expect(try r.resolve("/a/1", into: m))
        #expect(m.redirects == ["/a/1", "/b/1"])
        #expect(try r.resolve("/b/2", into: m))
        #expect(m.redirects == [])
        #expect(m.url == "/b/2")
        #expect(try r.resolve("/a/3?z=1", into: m))
        #expect(m.url == "/b/3?z=1")
    }

    @Test("a named remainder is a parameter: it fills placeholders and is appended")
    func remainder() throws {
        let r = Router()
        try r.add("/docs/*rest", redirect: "https://docs.example.com/{rest}")
        try r.add("/files/<path:p>", redirect: "/view")
        try r.add("/view", target: "V")
        let m = try r.resolveBuffer("/docs/a/b%20c")
        // In the path a remainder is its segments, each encoded: the subtree moves.
        #expect(m.url == "https://docs.example.com/a/b%20c")
        #expect(try r.resolveBuffer("/files/x/y").url == "/view?p=x/y")
    }

    // MARK: add-time checks

    @Test("a placeholder may not stand in the scheme or a web host", arguments: [
        ("{s}://x/y", 0), ("my{s}app://x", 2), ("https://{s}.example.com/a", 8),
        ("https://example.com:{s}/a", 20), ("https://{s}@example.com/", 8), ("//{s}/a", 2),
    ])
    func placeholderPlaces(template: String, position: Int) throws {
        let r = Router()
        let e = expectError(.invalidArgument, template) { try r.add("/a/:s", redirect: template) }
        #expect(e?.position == position, "\(template): \(e?.message ?? "")")
        #expect(r.routes.isEmpty)
    }

    @Test("every placeholder must name a parameter that every alternative captures")
    func placeholderNames() throws {
        let r = Router()
        let e1 = expectError(.invalidArgument, "unknown name") { try r.add("/a/:id", redirect: "/b/{user}") }
        #expect(e1?.message.contains("{user}") == true)
        #expect(e1?.position == 3)
        let e2 = expectError(.invalidArgument, "optional name") { try r.add("/a(/:id)", redirect: "/b/{id}") }
        #expect(e2?.message.contains("every alternative") == true)
        // A default does not count: it is not captured.
        expectError(.invalidArgument, "default only") {
            try r.add("/c", redirect: "/d/{tab}", defaults: ["tab": "x"])
        }
        try r.add("/a(/:x)/:id", redirect: "/b/{id}")
        #expect(r.routes.count == 1)
    }

    @Test("malformed placeholders and templates are errors at their byte", arguments: [
        ("/b/{id", 3, "unclosed"), ("/b/id}", 5, "'}'"), ("/b/{}", 3, "empty"),
        ("/b/{1a}", 4, "start with a letter"), ("/b/{i d}", 5, "invalid character"),
        ("/b/\u{1}", 3, "control"), ("1x://a", 0, "not a valid URL"), ("https://h:8o/", 11, "not a valid URL"),
    ])
    func malformed(template: String, position: Int, words: String) throws {
        let r = Router()
        let e = expectError(.invalidArgument, template) { try r.add("/a/:id", redirect: template) }
        #expect(e?.position == position, "\(template): \(e?.message ?? "")")
        #expect(e?.message.contains(words) == true, "\(template): \(e?.message ?? "")")
    }

    @Test("an empty or over-long template is an error")
    func emptyAndLong() throws {
        var o = RouterOptions()
        o.limits.maxURLLength = 20
        let r = try Router(options: o)
        expectError(.invalidArgument, "empty") { try r.add("/a", redirect: "") }
        expectError(.limit, "long") { try r.add("/a", redirect: "/" + String(repeating: "x", count: 30)) }
    }

    @Test("the encoding of filled values agrees with the RFC 3986 sets for every ASCII byte")
    func encodingAgrees() throws {
        let r = Router()
        try r.add("/p/:v", redirect: "myapp://x/{v}?q={v}#{v}")
        try r.add("myapp://x/:a", target: "X")
        // Every printable ASCII byte except '/' '?' '#' (they split the source URL) as one value.
        var chars = ""
        for b in UInt8(0x20)...UInt8(0x7E) where b != 0x2F && b != 0x3F && b != 0x23 && b != 0x25 {
            chars.unicodeScalars.append(UnicodeScalar(b))
        }
        // A space and a '\\' (which a path without a scheme reads as '/') are spelled as escapes.
        let src = chars.utf8.map { b -> String in
            b == 0x20 ? "%20" : b == 0x5C ? "%5C" : String(UnicodeScalar(b))
        }.joined()
        let m = try r.resolveBuffer("/p/" + src)
        let value = chars
        #expect(m.url == "myapp://x/" + percentEncodeForTest(value, segment: true)
                + "?q=" + percentEncodeForTest(value, segment: false) + "#" + fragmentEncodeForTest(value))
    }

    @Test("every byte is encoded for each of the five places: path, authority, first relative segment, query, fragment")
    func encodingEveryPlace() throws {
        // The value: every printable ASCII byte, '/', '?', '#' and '%' included, and a
        // non-ASCII letter; the source URL spells each byte as %XX, so nothing splits it.
        var value = ""
        for b in UInt8(0x20)...UInt8(0x7E) { value.unicodeScalars.append(UnicodeScalar(b)) }
        value += "é"
        let src = "/p/" + value.utf8.map { "%" + hex2($0) }.joined()
        let r = Router()
        try r.add("/p/:v", redirect: "myapp://{v}/h?q={v}#{v}")
        try r.add("myapp://:a/h", target: "Authority")
        try r.add("/r/:v", redirect: "{v}/tail")
        try r.add("/:a/tail", target: "Relative")
        let m = try r.resolveBuffer(src)
        #expect(m.target == "Authority")
        #expect(m.url == "myapp://" + percentEncodeForTest(value, segment: true, also: ":@")
                + "/h?q=" + percentEncodeForTest(value, segment: false) + "#" + fragmentEncodeForTest(value))
        #expect(m.parameter("a") == .string(value))
        let rel = try r.resolveBuffer("/r/" + src.dropFirst(3))
        #expect(rel.target == "Relative")
        #expect(rel.url == percentEncodeForTest(value, segment: true, also: ":") + "/tail")
    }
}

/// The sets of SEMANTICS §6 written out independently of the library (RFC 3986 pchar,
/// query and fragment), so the test does not check the code against itself.
/// `also`: bytes encoded besides (`:` and `@` in an authority, `:` in a first relative segment).
private func percentEncodeForTest(_ s: String, segment: Bool, also: String = "") -> String {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    let segmentExtra = Set(":@!$'()*,;".utf8)
    let queryExtra = Set(":@/?!$'()*,;".utf8)
    let encodedAnyway = Set(also.utf8)
    return s.utf8.map { b in
        (unreserved.contains(b) || (segment ? segmentExtra : queryExtra).contains(b)) && !encodedAnyway.contains(b)
            ? String(UnicodeScalar(b)) : "%" + hex2(b)
    }.joined()
}

private func fragmentEncodeForTest(_ s: String) -> String {
    let keep = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:@/?!$&'()*+,;=".utf8)
    return s.utf8.map { keep.contains($0) ? String(UnicodeScalar($0)) : "%" + hex2($0) }.joined()
}

private func hex2(_ b: UInt8) -> String {
    let d = Array("0123456789ABCDEF")
    return String(d[Int(b >> 4)]) + String(d[Int(b & 0xF)])
}
