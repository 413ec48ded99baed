// Redirects that could be steered to another site (SEMANTICS.md §8 "Redirects",
// docs/SECURITY.md): every known way a captured value could choose the host, refused when
// the route is added or when the redirect is made; the allowlist read as a browser reads
// hosts; a remainder moving a subtree; and the byte bounds of a chain.
import Testing
import Switchyard

/// A router holding one rule document with the given allowlist (nil: none) and redirect routes.
private func document(_ routes: [(String, String)], allowlist: [String]? = ["https://good.example.com"],
                      options: RouterOptions = RouterOptions()) throws -> Router {
    let r = try Router(options: options)
    try r.loadRules(json: documentText(routes, allowlist: allowlist))
    return r
}

private func documentText(_ routes: [(String, String)], allowlist: [String]?) -> String {
    func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    let list = allowlist.map { ", \"redirect_allowlist\": [" + $0.map(quoted).joined(separator: ", ") + "]" } ?? ""
    let items = routes.map { "{\"pattern\": \(quoted($0.0)), \"redirect\": \(quoted($0.1))}" }
    return "{\"version\": 1\(list), \"routes\": [" + items.joined(separator: ", ") + "]}"
}

private extension String {
    func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}

/// Expects the resolve of `url` to be refused as unsafe, with a message that names the
/// route's pattern and the URL it produced, and nothing of it left in a reused MatchBuffer.
private func expectUnsafe(_ r: Router, _ url: String, pattern: String, produced: String,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    let m = MatchBuffer()
    let e = expectError(.redirectUnsafe, url, sourceLocation: sourceLocation) { try r.resolve(url, into: m) }
    #expect(e?.message.contains("'\(pattern)'") == true, "\(e?.message ?? "")", sourceLocation: sourceLocation)
    #expect(e?.message.contains("'\(produced)'") == true, "\(e?.message ?? "")", sourceLocation: sourceLocation)
    #expect(e?.code.cStatus == -14, sourceLocation: sourceLocation)
    #expect(!m.matched && m.redirects.isEmpty && m.url == "" && m.target == nil, "a refused redirect left a result",
            sourceLocation: sourceLocation)
}

@Suite("Redirect safety")
struct RedirectSafetyTests {
    // MARK: the reproducers

    @Test("an empty remainder cannot pick the host: /{rest}/{h} with /go/evil.com is refused, not //evil.com")
    func emptyRemainderPicksNoHost() throws {
        for r in [try document([("/go/:h/*rest", "/{rest}/{h}")]), try document([("/go/:h/*rest", "/{rest}/{h}")], allowlist: nil)] {
            expectUnsafe(r, "/go/evil.com", pattern: "/go/:h/*rest", produced: "//evil.com")
            // A remainder that does not start the URL with '//' is fine, and moves its segments.
            let m = try r.resolveBuffer("/go/evil.com/a/b")
            #expect(!m.matched)
            #expect(m.redirects == ["/go/evil.com/a/b", "/a/b/evil.com"])
        }
        let added = Router()
        try added.add("/go/:h/*rest", redirect: "/{rest}/{h}")
        expectUnsafe(added, "/go/evil.com", pattern: "/go/:h/*rest", produced: "//evil.com")
        expectUnsafe(added, "/go/evil.com?q=1#f", pattern: "/go/:h/*rest", produced: "//evil.com?q=1#f")
    }

    @Test("relative templates with a backslash before the query are refused at their byte", arguments: [
        ("/\\evil.com", 1), ("\\\\evil.com", 0), ("\\/evil.com", 0), ("/\\{h}", 1), ("\\\\{h}", 0),
        ("/a\\b?q=\\", 2), ("/ok#\\", -1), ("/ok?x=\\", -1),
    ])
    func backslashes(template: String, position: Int) throws {
        let r = Router()
        if position < 0 {
            try r.add("/go/:h", redirect: template)
            return
        }
        let e = expectError(.invalidArgument, template) { try r.add("/go/:h", redirect: template) }
        #expect(e?.position == position, "\(template): \(e?.message ?? "")")
        #expect(e?.message.contains("'%5C'") == true, "\(template): \(e?.message ?? "")")
        #expect(r.routes.isEmpty)
        // In a document with an allowlist: a rule error at the same byte, nothing loaded.
        let d = Router()
        let de = expectError(.rule, template) {
            try d.loadRules(json: documentText([("/go/:h", template)], allowlist: ["https://good.example.com"]))
        }
        #expect(de?.position == position)
        #expect(de?.message.contains("$.routes[0].redirect") == true)
        #expect(d.routes.isEmpty)
    }

    @Test("a web-scheme template must be scheme://host with a literal host", arguments: [
        ("https:{x}", 6), ("http:{x}", 5), ("https:/{x}", 6), ("https:///{x}", 8), ("https://{x}/", 8),
        ("HTTPS:{x}", 6), ("https:good.example.com/{x}", 6), ("https://@/{x}", 9), ("https://:8080/{x}", 8),
        ("wss:{x}", 4), ("ftp:/{x}", 4),
    ])
    func webSchemeShape(template: String, position: Int) throws {
        let r = Router()
        let e = expectError(.invalidArgument, template) { try r.add("/go/:x", redirect: template) }
        #expect(e?.position == position, "\(template): \(e?.message ?? "")")
        expectError(.rule, template) {
            try r.loadRules(json: documentText([("/go/:x", template)], allowlist: ["https://good.example.com"]))
        }
        #expect(r.routes.isEmpty)
    }

    @Test("a browser's web schemes get the web rules even when the router does not read their host")
    func specialSchemesWithoutWebSchemes() throws {
        var o = RouterOptions()
        o.webSchemes = []
        let r = try Router(options: o)
        for (template, position) in [("https://{x}/", 8), ("https:{x}", 6), ("http:/{x}", 5)] {
            let e = expectError(.invalidArgument, template) { try r.add("/go/:x", redirect: template) }
            #expect(e?.position == position, "\(template): \(e?.message ?? "")")
        }
        var seg = RouterOptions()
        seg.hostHandling = .alwaysSegment
        let s = try Router(options: seg)
        expectError(.invalidArgument, "alwaysSegment") { try s.add("/go/:x", redirect: "https://{x}/") }
        try s.add("/go/:x", redirect: "https://good.example.com/{x}")
        #expect(try s.resolveBuffer("/go/evil.com").redirects.last == "https://good.example.com/evil.com")
    }

    @Test("templates that keep the host load: a literal host, a file URL's empty host, a non-web scheme")
    func shapesThatLoad() throws {
        let r = Router()
        try r.add("/a/:x", redirect: "https://good.example.com/{x}")
        try r.add("/b/:x", redirect: "https://u@good.example.com:8443/{x}?q={x}#{x}")
        try r.add("/c/:x", redirect: "file:///srv/{x}")
        try r.add("/d/:x", redirect: "myapp:{x}")
        try r.add("/e/:x", redirect: "myapp://{x}/home")
        try r.add("/f/:x", redirect: "{x}/tail")
        try r.add("/g/:x", redirect: "?q={x}")
        #expect(r.routes.count == 7)
        #expect(try r.resolveBuffer("/a/evil.com").redirects.last == "https://good.example.com/evil.com")
        #expect(try r.resolveBuffer("/c/x").redirects.last == "file:///srv/x")
        #expect(try r.resolveBuffer("/d/evil.com").redirects.last == "myapp:evil.com")
    }

    @Test("the allowlist reads a backslash as a browser does: evil.com\\@good and evil.com\\.example.com are refused")
    func allowlistBackslash() throws {
        for (template, list) in [("https://evil.com\\@good.example.com/", ["https://good.example.com"]),
                                 ("https://evil.com\\.example.com/", ["https://*.example.com"]),
                                 ("https://evil.com\\@good.example.com/{x}", ["https://good.example.com"])] {
            let r = Router()
            let e = expectError(.rule, template) {
                try r.loadRules(json: documentText([("/go/:x", template)], allowlist: list))
            }
            #expect(e?.position == 16, "\(template): \(e?.message ?? "")")
            #expect(r.routes.isEmpty)
        }
    }

    @Test("the allowlist compares hosts and ports as a browser does", arguments: [
        ("https://good.example.com/x", true), ("https://GOOD.Example.COM/x", true),
        ("https://good.example.com./x", true), ("https://good%2Eexample%2ecom/x", true),
        ("https://%67ood.example.com/x", true), ("https://good.example.com:443/x", true),
        ("https://good.example.com:0443/x", true), ("https://good.example.com:00000443/x", true),
        ("https://user:pw@good.example.com/x", true), ("HTTPS://good.example.com", true),
        ("https://evil.com@good.example.com/", true),
        ("https://good.example.com:8443/x", false), ("https://good.example.com:65979/x", false),
        ("https://good.example.com:99999/x", false), ("http://good.example.com/x", false),
        ("https://good.example.com.evil.com/x", false), ("https://good.example.com@evil.com/", false),
        ("https://good.example.com%40evil.com/", false), ("https://good.example.com%2Fevil.com/", false),
        ("https://good.example.com%00/", false), ("https://good%zzexample.com/", false),
        ("https://gööd.example.com/", false), ("https://good.example.com../", false),
        ("https://xn--gd-fkaa.example.com/", false), ("https://good.example.co/", false),
        ("https://[::1]/", false), ("https://good.example.com%2E%2E/", false),
    ])
    func allowlistHosts(template: String, allowed: Bool) throws {
        let r = Router()
        let text = documentText([("/go/:x", template)], allowlist: ["https://good.example.com"])
        if allowed {
            try r.loadRules(json: text)
            #expect(r.routes.count == 1)
        } else {
            // Refused as leading elsewhere, or as a URL a browser refuses.
            let e = expectError(.rule, template) { try r.loadRules(json: text) }
            #expect(e?.message.contains("redirect_allowlist") == true || e?.message.contains("not a valid URL") == true,
                    "\(template): \(e?.message ?? "")")
        }
    }

    @Test("allowlist entries are read the same way", arguments: [
        ("https://GOOD.example.com.", "https://good.example.com/x", true),
        ("https://good%2Eexample.com:0443/", "https://good.example.com/x", true),
        ("https://good.example.com:8443", "https://good.example.com:08443/x", true),
        ("https://*.Example.com", "https://a.b.EXAMPLE.com./x", true),
        ("https://*.example.com", "https://example.com/x", false),
        ("https://*.example.com", "https://a..example.com/x", false),
        ("https://xn--bcher-kva.example", "https://xn--bcher-kva.example/x", true),
        ("https://[::1]:8080", "https://[::1]:8080/x", true),
        ("myapp", "MyApp://anything/{x}", true),
        ("myapp", "myapp:{x}", true),
        ("myapp", "otherapp://x", false),
    ])
    func allowlistEntries(entry: String, template: String, allowed: Bool) throws {
        let r = Router()
        let text = documentText([("/go/:x", template)], allowlist: [entry])
        if allowed {
            try r.loadRules(json: text)
        } else {
            expectError(.rule, template) { try r.loadRules(json: text) }
        }
    }

    @Test("an allowlist entry whose host a browser would read otherwise is an error", arguments: [
        ("https://bücher.example", "xn--"), ("https://a%zz.com", "not allowed in a host"), ("https://evil.com\\@good.com", "no path"),
        ("https://a.com:65536", "65535"), ("https://", "scheme and a host only"), ("https://a.com:8o", "decimal digits"),
    ])
    func badEntries(entry: String, words: String) throws {
        let e = expectError(.rule, entry) {
            try Router().loadRules(json: documentText([], allowlist: [entry]))
        }
        #expect(e?.message.contains("$.redirect_allowlist[0]") == true)
        #expect(e?.message.contains(words) == true, "\(entry): \(e?.message ?? "")")
    }

    // MARK: produced URLs

    @Test("a produced URL may not start a network path when its template is relative")
    func producedNetworkPath() throws {
        var keep = RouterOptions()
        keep.keepEmptySegments = true
        let r = try Router(options: keep)
        try r.add("/x/*rest", redirect: "/{rest}")
        try r.add("/y/*rest", redirect: "{rest}")
        try r.add("/z/*rest", redirect: "myapp:{rest}")
        try r.add("/w/*rest", redirect: "https://good.example.com/{rest}")
        expectUnsafe(r, "/x//evil.com/p", pattern: "/x/*rest", produced: "//evil.com/p")
        // Path-absolute: stays on this host.
        #expect(try r.resolveBuffer("/y//evil.com").redirects.last == "/evil.com")
        // A non-web scheme written without '//' cannot gain an authority from a value.
        expectUnsafe(r, "/z///evil.com", pattern: "/z/*rest", produced: "myapp://evil.com")
        // A literal host stays the host, whatever the path holds.
        #expect(try r.resolveBuffer("/w//evil.com").redirects.last == "https://good.example.com//evil.com")
    }

    @Test("with hostWhenDotted a value cannot add a host to a non-web scheme")
    func hostWhenDotted() throws {
        var o = RouterOptions()
        o.hostHandling = .hostWhenDotted
        o.keepEmptySegments = true
        let r = try Router(options: o)
        try r.add("/z/*rest", redirect: "myapp:{rest}")
        expectUnsafe(r, "/z///evil.com/x", pattern: "/z/*rest", produced: "myapp://evil.com/x")
        expectError(.invalidArgument, "placeholder in a dotted host") { try r.add("/h/:x", redirect: "myapp://{x}/a") }
    }

    @Test("a produced URL is checked against the allowlist too, and the check costs a target route nothing")
    func producedAllowlist() throws {
        let r = try document([("/a/:x", "https://good.example.com/{x}"), ("/b/*rest", "/{rest}")])
        try r.add("/t/:x", target: "T")
        #expect(try r.resolveBuffer("/a/evil.com@x").redirects.last == "https://good.example.com/evil.com@x")
        #expect(try r.resolveBuffer("/b").redirects.last == "/")
        #expect(try r.resolveBuffer("/t/1").target == "T")
    }

    @Test("values cannot leave the template's host: every trick lands in the path, query or fragment", arguments: [
        "evil.com", "%2F%2Fevil.com", "%5C%5Cevil.com", "@evil.com", "a%40evil.com", "%3A%2F%2Fevil.com",
        "javascript:alert(1)", "%09%2F%2Fevil.com", "%0D%0A%2F%2Fevil.com", "..%2F..%2Fevil.com", "%2E%2E%2Fevil.com",
    ])
    func valuesStayInside(value: String) throws {
        let r = try document([("/p/:x", "https://good.example.com/{x}?q={x}#{x}"), ("/r/:x", "/{x}")])
        let m = try r.resolveBuffer("/p/" + value)
        #expect(m.redirects.last?.hasPrefix("https://good.example.com/") == true, "\(m.redirects)")
        if let rel = try? r.resolveBuffer("/r/" + value) {
            let last = rel.redirects.last ?? ""
            #expect(last.hasPrefix("/") && !last.hasPrefix("//"), "\(value): \(last)")
        }
    }

    // MARK: remainders

    @Test("a remainder in a redirect's path moves a subtree: its segments, each encoded")
    func remainderMovesSubtree() throws {
        let r = Router()
        try r.add("/old/*rest", redirect: "/new/{rest}")
        try r.add("/docs/<path:p>", redirect: "https://docs.example.com/v2/{p}?from={p}#{p}")
        try r.add("/app/*rest", redirect: "myapp://{rest}/x")
        try r.add("/rel/*rest", redirect: "{rest}")
        #expect(try r.resolveBuffer("/old/a/b").redirects.last == "/new/a/b")
        #expect(try r.resolveBuffer("/old/a/b/").redirects.last == "/new/a/b")
        #expect(try r.resolveBuffer("/old").redirects.last == "/new/")
        // A decoded %2F stays inside its segment; a space is encoded.
        #expect(try r.resolveBuffer("/old/a%2Fb/c%20d").redirects.last == "/new/a%2Fb/c%20d")
        #expect(try r.resolveBuffer("/old/x/./y/../z").redirects.last == "/new/x/z")
        // In the query and the fragment, and in a non-web authority, the remainder keeps
        // the encoding of its place (the text with '/').
        #expect(try r.resolveBuffer("/docs/a/b").redirects.last == "https://docs.example.com/v2/a/b?from=a/b#a/b")
        #expect(try r.resolveBuffer("/app/a/b").redirects.last == "myapp://a%2Fb/x")
        // The first segment of a relative template cannot gain a scheme.
        #expect(try r.resolveBuffer("/rel/javascript:alert(1)/x").redirects.last == "javascript%3Aalert(1)/x")
        var raw = RouterOptions()
        raw.decodePath = false
        let rr = try Router(options: raw)
        try rr.add("/old/*rest", redirect: "/new/{rest}")
        // Undecoded values are encoded again, as every parameter is without decoding.
        #expect(try rr.resolveBuffer("/old/a%2Fb/c").redirects.last == "/new/a%252Fb/c")
    }

    // MARK: byte bounds

    @Test("a redirect that doubles its URL at every hop stops at the chain's bound, even with the largest limits")
    func doublingStops() throws {
        var o = RouterOptions()
        o.limits.maxURLLength = 1 << 20  // the ceiling
        o.limits.maxRedirects = 1000
        let r = try Router(options: o)
        try r.add("/d/:x", redirect: "/d/{x}{x}")
        let e = expectError(.limit, "doubling") { _ = try r.resolveBuffer("/d/abcde") }
        #expect(e?.message.contains("'/d/:x'") == true)
        #expect(e?.message.contains("together") == true || e?.message.contains("maxURLLength") == true,
                "\(e?.message ?? "")")
        #expect((e?.message.utf8.count ?? 0) < 8192, "the message holds the chain's URLs whole")
    }

    @Test("a produced URL longer than maxURLLength is a limit error")
    func producedURLLength() throws {
        var o = RouterOptions()
        o.limits.maxURLLength = 100
        o.limits.maxRedirects = 1000
        let r = try Router(options: o)
        try r.add("/d/:x", redirect: "/d/{x}{x}")
        let e = expectError(.limit, "doubling") { _ = try r.resolveBuffer("/d/abcde") }
        #expect(e?.message.contains("maxURLLength") == true, "\(e?.message ?? "")")
        // Growing one byte per hop: the chain's budget (4 x 100 bytes) ends it.
        try r.add("/g/:x", redirect: "/g/{x}a")
        let g = expectError(.limit, "growing") { _ = try r.resolveBuffer("/g/a") }
        #expect(g?.message.contains("together") == true, "\(g?.message ?? "")")
        // A URL that fits exactly is followed.
        try r.add("/fit", redirect: "/" + String(repeating: "f", count: 99))
        #expect(try r.resolveBuffer("/fit").redirects.last?.utf8.count == 100)
        try r.add("/over", redirect: "/" + String(repeating: "o", count: 98))
        #expect(try r.resolveBuffer("/over").redirects.last?.utf8.count == 99)
        expectError(.limit, "one byte over") { _ = try r.resolveBuffer("/over?x") }
    }

    // MARK: dot segments

    @Test("a urlpattern tail reads the browser's path: /%2e%2e/%2e%2e is /, never a value that makes /files/../../view")
    func tailDotSegments() throws {
        let template = "https://good.example.com/files/{a}/{b}/view"
        var route = Route("/:a/:b", redirect: template)
        route.dialect = .urlpattern
        let r = Router()
        try r.add(route)
        for url in ["/%2e%2e/%2e%2e", "/%2E%2e/x", "/%2e/x", "/.%2E/x"] {
            let m = try r.resolveBuffer(url)
            #expect(!m.matched && m.redirects.count <= 1, "\(url): \(m.redirects)")
        }
        #expect(try r.resolveBuffer("/%2E%2e/%2e/a/b").redirects.last == "https://good.example.com/files/a/b/view")
        // An empty group beside the template's dots still makes one: refused when made.
        var empty = Route("/go/*", redirect: "https://good.example.com/files/{0}../view")
        empty.dialect = .urlpattern
        try r.add(empty)
        expectUnsafe(r, "/go/", pattern: "/go/*", produced: "https://good.example.com/files/../view")
        // Not a whole segment: kept, and encoded as any value is.
        #expect(try r.resolveBuffer("/%2e%2e%2e/a..b").redirects.last == "https://good.example.com/files/.../a..b/view")
        #expect(try r.resolveBuffer("/x/y").redirects.last == "https://good.example.com/files/x/y/view")
    }

    @Test("a value that makes a dot segment with the template's own text is refused in every place of the path")
    func segmentDotSegments() throws {
        let r = Router()
        // The reader never gives a whole-segment value `.` or `..`, but an empty remainder
        // beside a template's dots makes one.
        try r.add("/p/*rest", redirect: "/new/{rest}../x")
        expectUnsafe(r, "/p", pattern: "/p/*rest", produced: "/new/../x")
        #expect(try r.resolveBuffer("/p/a").redirects.last == "/new/a../x")
        try r.add("/q/*rest", redirect: "myapp://{rest}./x")
        expectUnsafe(r, "/q", pattern: "/q/*rest", produced: "myapp://./x")
        try r.add("/s/*rest", redirect: "{rest}..")
        expectUnsafe(r, "/s", pattern: "/s/*rest", produced: "..")
        try r.add("/w/*rest", redirect: "https://good.example.com/a/%2E{rest}/b")
        expectUnsafe(r, "/w", pattern: "/w/*rest", produced: "https://good.example.com/a/%2E/b")
        // A dot segment the template writes itself is the template's choice, and stays.
        try r.add("/t/:x", redirect: "./{x}/../y")
        #expect(try r.resolveBuffer("/t/abc").redirects.last == "./abc/../y")
        try r.add("/u/*rest", redirect: "../{rest}.")
        expectUnsafe(r, "/u", pattern: "/u/*rest", produced: "../.")
        #expect(try r.resolveBuffer("/u/b").redirects.last == "../b.")
        // Dots in the query or the fragment are no path segments.
        try r.add("/v/*rest", redirect: "/vv?next={rest}..#{rest}.")
        #expect(try r.resolveBuffer("/v").redirects.last == "/vv?next=..#.")
    }

    @Test("with decodePath false the dot segments are still a browser's: %2e%2e removes the segment before it")
    func rawDotSegments() throws {
        var o = RouterOptions()
        o.decodePath = false
        let r = try Router(options: o)
        try r.add("/go/:a/:b", redirect: "https://good.example.com/files/{a}/{b}/view")
        #expect(try !r.resolveBuffer("/go/x/%2e%2e").matched)
        #expect(try r.resolveBuffer("/go/x/%2e%2e/y/z").redirects.last == "https://good.example.com/files/y/z/view")
        #expect(try r.resolveBuffer("/go/%2E/y/z").redirects.last == "https://good.example.com/files/y/z/view")
        // Not a dot segment: kept as written, and encoded as a literal.
        #expect(try r.resolveBuffer("/go/a%20b/%2e%2e%2e").redirects.last
                == "https://good.example.com/files/a%2520b/%252e%252e%252e/view")
        // Without decoding, `%2e` still spells a dot, so such a literal is refused in a pattern.
        let e = expectError(.invalidPattern, "%2e%2e literal") { try r.add("/a/%2e%2E", target: "T") }
        #expect(e?.message.contains("dot segment '%2e%2E'") == true, "\(e?.message ?? "")")
    }
}

/// Allowlist entries that would allow every host: a web scheme alone, a wildcard over a
/// public suffix (the Public Suffix List, both its sections, and its default rule for a
/// single label), a wildcard over an IP address.
@Suite("Allowlist entries name hosts")
struct AllowlistEntryTests {
    @Test("refused entries name their index and the reason", arguments: [
        ("https", "web scheme without a host"), ("HTTP", "web scheme without a host"), ("wss", "web scheme without a host"),
        ("https://*.com", "'com' is a public suffix"), ("https://*.COM.", "'com' is a public suffix"),
        ("https://*.co.uk", "'co.uk' is a public suffix"), ("https://*.github.io", "'github.io' is a public suffix"),
        ("https://*.localhost", "'localhost' is a public suffix"), ("https://*.foo.ck", "'foo.ck' is a public suffix"),
        ("https://*.xn--p1ai", "public suffix"), ("https://*.c%6Fm", "'com' is a public suffix"),
        ("https://*.1.2.3", "IP address"), ("https://*.[::1]", "IP address"),
    ])
    func refused(entry: String, words: String) throws {
        let list = ["myapp", "https://good.example.com", entry]
        let r = Router()
        let e = expectError(.rule, entry) {
            try r.loadRules(json: documentText([("/go/:x", "https://good.example.com/{x}")], allowlist: list))
        }
        #expect(e?.message.contains("$.redirect_allowlist[2]") == true, "\(entry): \(e?.message ?? "")")
        #expect(e?.message.contains(words) == true, "\(entry): \(e?.message ?? "")")
        #expect(r.routes.isEmpty)
    }

    @Test("a wildcard over a registrable domain, a custom scheme alone, and the list's exceptions load", arguments: [
        "https://*.example.com", "https://*.example.co.uk", "https://*.me.github.io", "myapp", "https://*.www.ck",
        "https://*.city.kawasaki.jp", "https://*.example.com:8443",
    ])
    func allowed(entry: String) throws {
        let r = try document([("/go/:x", "https://good.example.com/{x}")], allowlist: ["https://good.example.com", entry])
        #expect(r.routes.count == 1)
    }

    @Test("a wildcard under a public suffix allows its own hosts only")
    func wildcardHosts() throws {
        let r = try document([("/go/:h", "https://a.example.co.uk/{h}")], allowlist: ["https://*.example.co.uk"])
        #expect(try r.resolveBuffer("/go/x").redirects.last == "https://a.example.co.uk/x")
        for template in ["https://a.other.co.uk/{h}", "https://example.co.uk.evil.com/{h}"] {
            let e = expectError(.rule, template) {
                _ = try document([("/go/:h", template)], allowlist: ["https://*.example.co.uk"])
            }
            #expect(e?.message.contains("redirect_allowlist") == true, "\(template): \(e?.message ?? "")")
        }
    }
}
