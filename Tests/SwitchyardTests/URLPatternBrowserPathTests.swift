// A urlpattern tail matches the path a browser reads (docs/SEMANTICS.md, "The urlpattern
// dialect"): for a web URL, or one without a scheme, dot segments are removed (`%2e` is a
// dot, whatever decodePath says) and the bytes of the path percent-encode set are encoded,
// so a tail never sees, nor captures, a path that `..` leads out of.
import Testing
import Switchyard

private func answer(_ r: Router, _ url: String) throws -> String {
    let m = MatchBuffer()
    guard try r.resolve(url, into: m) else { return "miss" }
    let params = m.pathParameters.map { "\($0.name)=\($0.text)" }.joined(separator: ",")
    return "\(m.target ?? "?") [\(params)]"
}

private func router(decodePath: Bool) throws -> Router {
    var o = RouterOptions()
    o.decodePath = decodePath
    let r = try Router(options: o)
    try r.add("/files/:name", target: "segment", dialect: .urlpattern)
    try r.add("/tail/*", target: "tail", dialect: .urlpattern)
    try r.add("/named/:rest(.*)", target: "named", dialect: .urlpattern)
    return r
}

@Suite struct URLPatternBrowserPathTests {
    static let cases: [(String, String)] = [
        ("/a/../files/x", "segment [name=x]"),
        ("/files/%2e%2e/x", "miss"),
        ("/a/../tail/x/y", "tail [0=x/y]"),
        ("/tail/x/../y", "tail [0=y]"),
        ("/tail/x/%2E./y", "tail [0=y]"),
        ("/tail/x/.%2e/y", "tail [0=y]"),
        ("/tail/x/%2e/y", "tail [0=x/y]"),
        ("/tail/./x/.", "tail [0=x/]"),
        ("/tail/%2e%2e/etc", "miss"),
        ("/tail/x/%2e%2e/%2e%2e/etc", "miss"),
        ("https://ex.com/tail/a/%2e%2e/b", "tail [0=b]"),
        ("https://ex.com/a/%2E%2E/tail/b", "tail [0=b]"),
        ("/tail/caf\u{E9} x", "tail [0=caf%C3%A9%20x]"),
        ("/tail/%2e%2e%2fsecret", "tail [0=%2e%2e%2fsecret]"),
        ("/named/a/./b/..", "named [rest=a/]"),
    ]

    @Test("a tail reads the browser's path", arguments: cases)
    func browserPath(_ url: String, _ want: String) throws {
        for decodePath in [true, false] {
            #expect(try answer(router(decodePath: decodePath), url) == want, "\(url) decodePath \(decodePath)")
        }
    }

    /// A custom scheme's authority read as a segment starts the pathname a tail sees.
    @Test func customSchemeAuthority() throws {
        let r = try Router()
        try r.add("/tail/*", target: "tail", dialect: .urlpattern)
        #expect(try answer(r, "myapp://tail/x/y") == "tail [0=x/y]")
    }

    /// A redirect built from a tail stays inside its template: the value a browser would read
    /// as a dot segment never reaches it.
    @Test(arguments: [
        ("https://ex.com/files/x/%2e%2e/%2e%2e/etc", nil),
        ("https://ex.com/files/a/../b", "https://ex.com/dl/b/view"),
        ("https://ex.com/files/%2e%2e%2fsecret", "https://ex.com/dl/..%2Fsecret/view"),
        ("https://ex.com/files/%252e%252e", "https://ex.com/dl/%252e%252e/view"),
    ] as [(String, String?)])
    func redirectStaysInsideItsTemplate(_ url: String, _ want: String?) throws {
        let r = try Router()
        var old = Route("/files/:rest(.*)", redirect: "https://ex.com/dl/{rest}/view")
        old.dialect = .urlpattern
        old.appendParams = false
        try r.add(old)
        let m = MatchBuffer()
        _ = try r.resolve(url, into: m)
        if let want {
            #expect(m.redirects.count == 2 && m.redirects.last == want, "\(url): \(m.redirects)")
        } else {
            #expect(m.redirects.count <= 1, "\(url): \(m.redirects)")
        }
    }
}
