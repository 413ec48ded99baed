// Explaining a URL, and ordering a dispatch's fallbacks, try every route on the URL alone:
// the URL is read once for all of them (Introspection/ExplainProbe.swift), so the work is
// one reading plus one walk per route, never a reading per route. The checks count URL
// readings, not time; and what a route shows in an explanation is what that route alone
// gives on a resolve of its own.
import Testing
@testable import Switchyard

@Suite("Explain: cost and probes")
struct ExplainCostTests {
    /// URL shapes of about 30 KB, and 1,000 routes that all match them: route k is
    /// `route.0` + k + `route.1` (each capture named after its route).
    static let shapes: [(name: String, route: (String, String), url: String)] = [
        ("a 30 KB catch-all", ("/a/*r", ""), "/a/" + String(repeating: "x", count: 30_000)),
        ("a 30 KB segment", ("/a/:p", "/b"), "/a/" + String(repeating: "y", count: 30_000) + "/b"),
        ("250 segments", ("/a/*r", ""), "/a" + String(repeating: "/" + String(repeating: "z", count: 110), count: 250)),
        ("7,500 query items", ("/p/:x", ""), "/p/v?" + String(repeating: "q=1&", count: 7_500)),
        ("4,000 query names", ("/p/:x", ""), "/p/v?" + (0..<4_000).map { "q\($0)=1" }.joined(separator: "&")),
        ("percent-encoded", ("/a/*r", ""), "/a/" + String(repeating: "%41%2F+", count: 4_000)),
    ]

    static func route(_ shape: (String, String), _ k: Int) -> String { shape.0 + "\(k)" + shape.1 }

    @Test("1,000 matching routes and a 30 KB URL: one reading of the URL, every route listed",
          arguments: 0..<shapes.count)
    func oneReading(_ i: Int) throws {
        let shape = Self.shapes[i]
        let r = Router()
        for k in 0..<1_000 { try r.add(Route(Self.route(shape.route, k), target: "T\(k)", priority: k)) }
        let explainer = RouteExplainer(r)
        let e = try explainer.explain(shape.url)
        #expect(explainer.urlReads == 1, "\(shape.name)")
        #expect(e.candidates.count == 1_000, "\(shape.name)")
        // Best first (the highest priority), each with the value its own route captures.
        let alone = try Self.alone(Self.route(shape.route, 999), shape.url)
        #expect(e.candidates.first?.entry.route.destination == .target("T999"))
        #expect(e.candidates.last?.entry.route.destination == .target("T0"))
        for c in [e.candidates[0], e.candidates[500], e.candidates[999]] {
            #expect(c.pathParameters.map(\.text) == alone.pathParameters.map(\.text), "\(shape.name)")
            #expect(c.remainder == alone.remainder)
        }
        // The order a dispatch's fallbacks take reads the URL once more, not once per route.
        #expect(explainer.order(shape.url).count == 1_000)
        #expect(explainer.urlReads == 2)
    }

    /// `url` resolved by a router holding only `pattern`.
    static func alone(_ pattern: String, _ url: String, options: RouterOptions = RouterOptions()) throws -> Match {
        let r = try Router(options: options)
        try r.add(Route(pattern, target: "alone"))
        return try #require(try r.resolve(url), "\(pattern) on its own does not match \(url.prefix(80))")
    }

    /// Routes of every kind the walk knows, and URLs that take each way of reading (decoding,
    /// dot segments, a browser's form of a web URL, a query, catch-alls in the middle).
    static let routes: [String] = [
        "/files/*path", "/files/:a/*rest", "/files/<int:n>/x", "/files/:a.:ext", "/files/*mid/end",
        "/u/<uuid:id>", "/f/<float:x>", "/r/<re:code:[a-z]{2}\\d+>", "https://example.com/p/:q",
        "https://example.com/*any", "myapp://user/:id", "/:first/:second", "/files/a(/:opt)",
    ]
    static let urls: [String] = [
        "/files/a/b/c", "/files/7/x", "/files/a.txt", "/files/a/b/end", "/files/%61%2Fb/./c/../d",
        "/files/a+b/c%20d", "/u/6fa459ea-ee8a-3ca4-894e-db77e160355e", "/f/2.5", "/r/ab12",
        "https://EXAMPLE.com/p/x?k=1&k=2#frag", "https://example.com\\p\\%2e%2e\\q", "https://example.com/p/\t7",
        "myapp://user/42?x=%41", "/files/a", "/files/a/", "/a//b",
    ]

    @Test("what each route shows in an explanation is what it gives on its own")
    func sameAsAlone() throws {
        for urlpattern in [false, true] {
            let r = Router()
            for p in Self.routes { try r.add(Route(p, target: p)) }
            if urlpattern {
                var u = Route("/files/:name([a-z]+)/:rest*", target: "urlpattern")
                u.dialect = .urlpattern
                try r.add(u)
            }
            var compared = 0
            for url in Self.urls {
                let e = try r.explain(url)
                for c in e.candidates {
                    let one = Router()
                    var route = c.entry.route
                    route.parent = nil
                    try one.add(route)
                    let m = try one.resolve(url)
                    #expect(c.pathParameters.map(\.text) == (m?.pathParameters.map(\.text) ?? ["(no match)"]),
                            "\(url): \(route.pattern)")
                    #expect(c.remainder == m?.remainder, "\(url): \(route.pattern)")
                    compared += 1
                }
            }
            #expect(compared > 30, "only \(compared) candidates compared")
        }
    }

    @Test("an unreadable URL: explain throws as resolve does, and orders no route")
    func unreadable() throws {
        let r = Router()
        try r.add("/*rest", target: "Any")
        let explainer = RouteExplainer(r)
        expectError(.invalidURL, "control byte") { _ = try explainer.explain("/a\u{1}") }
        #expect(explainer.order("/a\u{1}").isEmpty)
        #expect(explainer.order("/" + String(repeating: "a/", count: 300)).isEmpty)  // over maxSegments
    }
}
