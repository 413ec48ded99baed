// The order-only path a dispatch's fallbacks take (RouteExplainer.order) against the full
// explainer: the same entries in the same order on the candidate tests' tables, the
// conformance cases' tables and random tables.
import Foundation
import Testing
@testable import Switchyard

@Suite("Navigation: fallback order")
struct FallbackOrderTests {
    /// Why `url` orders differently in `router` through the order-only path than in its
    /// explanation (and so in the fallbacks a dispatch tries), or nil when it does not.
    static func mismatch(_ router: Router, _ url: String) -> String? {
        let explainer = RouteExplainer(router)
        guard let explained = try? explainer.explain(url) else { return nil }  // unreadable: no fallbacks
        let full = explained.candidates.map { "\($0.entry.routeIndex).\($0.entry.alternativeIndex)" }
        let ordered = explainer.order(url).map { "\($0.routeIndex).\($0.variantIndex)" }
        if ordered != full { return "\(url): order \(ordered), explain \(full)" }
        // Through the router's own cache, as a dispatch reaches them: each route once.
        var seen: Set<Int> = []
        let routes = explained.candidates.map(\.entry.routeIndex).filter { seen.insert($0).inserted }
        let fallbacks = router.fallbackRoutes(url, after: nil).map(\.index)
        if fallbacks != routes { return "\(url): fallbacks \(fallbacks), explain \(routes)" }
        return nil
    }

    @Test("the candidate tests' tables")
    func candidateTables() throws {
        for row in NavigationCandidateTests.table {
            let r = try router(row.routes)
            for url in [row.url, "/", "/a/b/c", "other://shop/7"] {
                if let m = Self.mismatch(r, url) { Issue.record("\(row.routes): \(m)") }
            }
        }
    }

    @Test("the conformance cases' tables")
    func conformanceTables() throws {
        let cases = try loadConformanceCases()
        let kickstarterTable = ConformanceTests.kickstarterTable(cases)
        var compared = 0
        for c in cases where c.kind == nil {
            guard let url = c.object["url"] as? String else { continue }
            let r = Router()
            let routes = ConformanceTests.routes(of: c, kickstarterTable: kickstarterTable)
            guard !routes.isEmpty, routes.allSatisfy({ route in
                (try? r.add(route.ours, target: route.original, priority: route.priority)) != nil
            }) else { continue }
            compared += 1
            if let m = Self.mismatch(r, url) { Issue.record("\(c.id): \(m)") }
        }
        #expect(compared > 100, "only \(compared) conformance tables compared")
    }

    @Test("random tables", arguments: [RouterOptions.Precedence.specificity, .registrationOrder, .mostLiterals])
    func randomTables(_ precedence: RouterOptions.Precedence) throws {
        let env = ProcessInfo.processInfo.environment
        let baseSeed = (env["SWITCHYARD_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x5EED_2026) &+ 0x0DE4
        var options = RouterOptions()
        options.precedence = precedence
        var failures = 0, longest = 0
        for t in 0..<150 where failures < 3 {
            let seed = baseSeed &+ UInt64(t)
            var rng = SplitMix64(state: seed)
            let router = try Router(options: options)
            let table = PropertyTests.randomTable(&rng, into: router, most: 10)
            for _ in 0..<10 {
                let segs = PropertyTests.segments(toTry: table, &rng)
                let (url, _) = PropertyTests.url(segs, &rng)
                longest = max(longest, (try? router.explain(url).candidates.count) ?? 0)
                if let m = Self.mismatch(router, url) {
                    failures += 1
                    Issue.record("seed \(seed): \(m)\ntable:\n\(PropertyTests.show(table))")
                }
            }
        }
        #expect(longest >= 3, "generator degenerate: at most \(longest) candidates")
    }
}
