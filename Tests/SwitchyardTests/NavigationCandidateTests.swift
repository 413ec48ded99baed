// Router.candidates(for:): every route that matches a URL, best first, each with its own
// parameters; checked on tables and against the brute-force oracle's full ordering.
import Foundation
import Testing
import Switchyard

@Suite("Navigation: candidates")
struct NavigationCandidateTests {
    /// The targets of the candidates for `url`, each with its parameters.
    static func listed(_ r: Router, _ url: String) throws -> [String] {
        try r.candidates(for: url).map { m in
            let ps = m.params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(m.target ?? "?")(\(ps.joined(separator: ",")))"
        }
    }

    static let table: [(routes: [String], url: String, want: [String])] = [
        (["/user/:name", "/user/me", "/user/<int:id>", "/*rest"], "/user/me",
         ["/user/me()", "/user/:name(name=me)", "/*rest(rest=user/me)"]),
        (["/user/:name", "/user/me", "/user/<int:id>"], "/user/42",
         ["/user/<int:id>(id=42)", "/user/:name(name=42)"]),
        (["/user/:name", "/a"], "/b/c", []),
        (["/a(/:b)", "/a/x"], "/a/x", ["/a/x()", "/a(/:b)(b=x)"]),  // a route is listed once
        // A path pattern matches any scheme; one with a scheme comes first.
        (["/shop/:item", "/shop/<int:n>", "myapp://shop/:item", "other://shop/:item"], "myapp://shop/7",
         ["myapp://shop/:item(item=7)", "/shop/<int:n>(n=7)", "/shop/:item(item=7)"]),
    ]

    @Test("tables: order and each candidate's own parameters", arguments: 0..<table.count)
    func tables(_ i: Int) throws {
        let row = Self.table[i]
        let r = try router(row.routes)
        #expect(try Self.listed(r, row.url) == row.want, "\(row.url)")
    }

    @Test("the first candidate is the resolve, redirects followed; a query reaches every candidate")
    func firstIsResolve() throws {
        let r = Router()
        try r.add("/old/:id", redirect: "/new/{id}")
        try r.add("/new/:id", target: "New")
        try r.add("/*rest", target: "Any")
        let all = Array(try r.candidates(for: "/old/5?tab=a"))
        #expect(all.map(\.target) == ["New", "Any"])
        #expect(all[0].redirects == ["/old/5?tab=a", "/new/5?tab=a"])
        #expect(all[1].parameter("tab") == .string("a"))
        #expect(all[1].parameter("rest") == .string("old/5"))
    }

    @Test("maxCandidates bounds the list")
    func bounded() throws {
        var o = RouterOptions()
        o.limits.maxCandidates = 2
        let r = try router(["/a/b", "/a/:x", "/a/*", "/*"], options: o)
        #expect(try Self.listed(r, "/a/b").count == 2)
        o.limits.maxCandidates = 0
        expectError(.invalidArgument, "maxCandidates 0") { _ = try Router(options: o) }
    }

    @Test("an unreadable URL throws as resolve does")
    func badURL() throws {
        let r = try router(["/a"])
        expectError(.invalidURL, "control byte") { _ = try r.candidates(for: "/a\u{1}") }
    }

    @Test("random tables: candidates equal the oracle's full ordering")
    func againstOracle() throws {
        let env = ProcessInfo.processInfo.environment
        let baseSeed = (env["SWITCHYARD_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x5EED_2026) &+ 0xCA4D
        var failures = 0, longest = 0
        for t in 0..<150 where failures < 3 {
            let seed = baseSeed &+ UInt64(t)
            var rng = SplitMix64(state: seed)
            let router = Router()
            let table = PropertyTests.randomTable(&rng, into: router, most: 10)
            for _ in 0..<10 {
                let segs = PropertyTests.segments(toTry: table, &rng)
                let (url, scheme) = PropertyTests.url(segs, &rng)
                let got = try router.candidates(for: url).map(PropertyTests.describe)
                let ordered = table.filter { $0.match(segs, scheme: scheme) != nil }.sorted { a, b in
                    a.priority != b.priority ? a.priority > b.priority : b.key(in: table).lexicographicallyPrecedes(a.key(in: table))
                }
                let want = ordered.map { PropertyTests.describe($0, segs, scheme: scheme) }
                longest = max(longest, want.count)
                if got != want {
                    failures += 1
                    Issue.record("seed \(seed): \(url)\n  router: \(got)\n  oracle: \(want)\ntable:\n\(PropertyTests.show(table))")
                    break
                }
            }
        }
        #expect(longest >= 3, "generator degenerate: at most \(longest) candidates")
    }
}
