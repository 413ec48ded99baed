// The conflict index (Router.swift, `ShapeKey`): routes found by their alternatives' shapes,
// through removals, document reloads and urlpattern tails; and what it keeps alive.
import Testing
@testable import Switchyard

@Suite("Conflict index")
struct ConflictIndexTests {
    @Test("a shape stays in the index while any route of it remains, whichever was added first")
    func shapeOutlivesItsFirstRoute() throws {
        let r = Router()
        try r.add("/a/:x", target: "x")
        try r.add("/a/:y", target: "y", priority: 1)  // same shape, another priority: no conflict
        #expect(r.remove("/a/:x"))
        // The shape's entry began with the removed route; the one left still conflicts.
        let e = expectError(.conflict, "same shape and priority as /a/:y") {
            try r.add("/a/:z", target: "z", priority: 1)
        }
        #expect(e?.message.contains("/a/:y") == true)
        try r.add("/a/:z", target: "z")  // priority 0 is free again
        #expect(r.remove("/a/:y"))
        try r.add("/a/<w>", target: "w", priority: 1)
        #expect(try r.resolve("/a/1")?.target == "w")
        #expect(r.remove("/a/:z"))
        #expect(r.remove("/a/<w>"))
        try r.add("/a/:again", target: "again")
        #expect(try r.resolve("/a/1")?.target == "again")
    }

    @Test("removing a later route of a shape leaves the earlier one in the index")
    func laterRouteRemoved() throws {
        let r = Router()
        try r.add("/b/:x", target: "x")
        try r.add("/b/:y", target: "y", priority: 1)
        #expect(r.remove("/b/:y"))
        let e = expectError(.conflict, "same shape and priority as /b/:x") { try r.add("/b/:z", target: "z") }
        #expect(e?.message.contains("/b/:x") == true)
        try r.add("/b/:z", target: "z", priority: 1)
        #expect(try r.resolve("/b/1")?.target == "z")
    }

    @Test("alternatives of one route and of grouped patterns are each in the index")
    func groupedAlternatives() throws {
        let r = Router()
        try r.add("/a(/:b)", target: "grouped")
        for (second, shape) in [("/a", "/a"), ("/a/:c", "/a/:b")] {
            let e = expectError(.conflict, "\(second) against the alternative \(shape)") {
                try r.add(second, target: "second")
            }
            #expect(e != nil)
        }
        #expect(r.remove("/a(/:b)"))
        try r.add("/a", target: "plain")
        try r.add("/a/:c", target: "param")
        #expect(try r.resolve("/a/1")?.target == "param")
    }

    @Test("urlpattern routes that differ only in their tails do not conflict")
    func urlPatternTails() throws {
        let r = Router()
        try r.add("/a/:x", target: "plain", dialect: .urlpattern)
        try r.add("/a/:x(\\d+)", target: "digits", dialect: .urlpattern)
        let e = expectError(.conflict, "the same urlpattern route twice") {
            try r.add("/a/:y(\\d+)", target: "again", dialect: .urlpattern)
        }
        #expect(e != nil)
        #expect(try r.resolve("/a/12")?.target == "digits")
    }

    @Test("a reloaded document's routes are let go, even where the new ones have their shapes")
    func replacedDocumentIsReleased() throws {
        let r = Router()
        let document = { (name: String) in
            #"{"version": 1, "routes": [{"pattern": "/a/:\#(name)", "target": "a"}, {"pattern": "/b/*rest", "target": "b"}, {"pattern": "/c(/:\#(name))", "target": "c"}]}"#
        }
        try r.loadRules(json: document("x"))
        weak var first: CompiledRoute?
        weak var last: CompiledRoute?
        do {
            let routes = r.currentTable().routes
            first = routes.first
            last = routes.last
        }
        #expect(first != nil && last != nil)
        try r.loadRules(json: document("y"))
        #expect(try r.resolve("/a/1")?.params["y"] == "1")
        #expect(first == nil, "the conflict index holds a route of the replaced document")
        #expect(last == nil, "the conflict index holds a route of the replaced document")
        // The shapes are still known: the new document's routes conflict as before.
        let e = expectError(.conflict, "an added route of the document's shape") { try r.add("/a/:z", target: "z") }
        #expect(e != nil)
    }

    @Test("routes removed while others of their shape remain are let go")
    func removedRouteIsReleased() throws {
        let r = Router()
        try r.add("/a/:x", target: "x")
        try r.add("/a/:y", target: "y", priority: 1)
        weak var removed: CompiledRoute?
        do { removed = r.currentTable().routes.first { $0.route.pattern == "/a/:x" } }
        #expect(removed != nil)
        #expect(r.remove("/a/:x"))
        _ = try r.resolve("/a/1")
        #expect(removed == nil, "the conflict index holds a removed route")
    }

    /// `route` with its parameters named afresh (same shape, another pattern text), target
    /// "r<index>"; nil when it names none.
    static func renamed(_ route: OracleRoute, _ index: Int) -> OracleRoute? {
        var out = route
        var named = false
        out.parts = route.parts.map { part in
            switch part {
            case .param(let n): named = true; return .param("\(n)n\(index)")
            case .int(let n): named = true; return .int("\(n)n\(index)")
            case .float(let n): named = true; return .float("\(n)n\(index)")
            case .uuid(let n): named = true; return .uuid("\(n)n\(index)")
            default: return part
            }
        }
        out.target = "r\(index)"
        return named && route.urlTail == nil ? out : nil
    }

    @Test("random adds and removes: conflicts and answers agree with the brute-force oracle")
    func randomAddsAndRemoves() throws {
        var failures = 0, removals = 0, conflicts = 0, removedBesideItsShape = 0
        for t in 0..<300 where failures < 5 {
            let seed = 0xC0_F11C7 &+ UInt64(t)
            var rng = SplitMix64(state: seed)
            let router = Router()
            var table: [OracleRoute] = []
            for i in 0..<(4 + rng.below(24)) {
                if !table.isEmpty, rng.chance(30) {
                    let victim = table.remove(at: rng.below(table.count))
                    if table.contains(where: { $0.sameShape(as: victim) }) { removedBesideItsShape += 1 }
                    #expect(router.remove(victim.pattern), "seed \(seed): remove \(victim.pattern)")
                    removals += 1
                    continue
                }
                var route = PropertyTests.randomRoute(&rng, index: i, schemes: true, urlPatterns: true)
                // Often the shape of a route already there, under other names and another
                // priority: the entries of several routes that removals then go through.
                if !table.isEmpty, rng.chance(40), let twin = Self.renamed(table[rng.below(table.count)], i) {
                    route = twin
                    route.priority = rng.pick([-1, 0, 1, 2])
                }
                if table.contains(where: { $0.pattern == route.pattern }) { continue }  // remove() by pattern
                let added = PropertyTests.add(route, to: router, checkedAgainst: &table, seed: seed)
                if added.conflict { conflicts += 1 }
                if added.failed { failures += 1 }
            }
            for _ in 0..<10 {
                let segs = PropertyTests.segments(toTry: table, &rng)
                let (url, scheme) = PropertyTests.url(segs, &rng)
                let pathname = PropertyTests.pathname(url)
                let got = PropertyTests.describe(try router.resolveBuffer(url))
                let want = PropertyTests.describe(Oracle.winner(table, segs, scheme: scheme, pathname: pathname), segs,
                                                  scheme: scheme, pathname: pathname)
                if got != want {
                    Issue.record("seed \(seed): \(url): router \(got), oracle \(want); table:\n\(PropertyTests.show(table))")
                    failures += 1
                    break
                }
            }
        }
        // The runs reach the cases that matter: conflicts, and routes removed while routes
        // of their shape stay.
        #expect(removals > 0 && conflicts > 0 && removedBesideItsShape > 0,
                "generator degenerate: \(removals) removals, \(conflicts) conflicts, \(removedBesideItsShape) removed beside their shape")
    }
}
