// SEMANTICS.md §7: what the limits admit costs memory and build time linear in the size of
// the patterns. Optional groups multiply a pattern, so the alternatives of all routes may
// total at most 1.5 bytes per byte of pattern plus 1 MiB (each alternative counted as its
// length plus one); past that a pattern is a limit error (a rule error naming its JSON path
// in a document), found before its alternatives are made. The checks count bytes and
// alternatives (`Router.footprint`), never time.
import Testing
import Switchyard

@Suite("Cost")
struct CostTests {
    /// Eight groups of thirty literal segments: 1.4 KB of pattern, 256 alternatives.
    static let heavy: String = "/r" + (0..<8).map { g in
        "(" + (0..<30).map { "/g\(g)l\($0)" }.joined() + ")"
    }.joined()

    /// The expanded size of `heavy` with `prefix` before its groups, worked out by hand:
    /// 256 alternatives hold the prefix; each group is in 128 of them.
    static func heavySize(prefix: String) -> Int {
        let groups = (0..<8).map { g in (0..<30).map { "/g\(g)l\($0)" }.joined().utf8.count }
        return 256 * (prefix.utf8.count + 1) + 128 * groups.reduce(0, +)
    }

    static func versioned(_ patterns: [String]) -> String {
        #"{"version": 1, "routes": ["# + patterns.map { #"{"pattern": "\#($0)", "target": "t"}"# }
            .joined(separator: ", ") + "]}"
    }

    /// The bound a table's memory keeps to: a few dozen bytes per byte of alternatives
    /// (nodes, edges, entries, hash slots, static paths), plus the arrays' alignment.
    static func tableBound(_ f: RouteFootprint) -> Int { 96 * f.expandedBytes + 4096 }

    static func budget(_ f: RouteFootprint) -> Int { budget(patternBytes: f.patternBytes) }
    static func budget(patternBytes: Int) -> Int { patternBytes * 3 / 2 + (1 << 20) }

    @Test("a pattern costs its alternatives written out, each plus one byte")
    func expandedSize() throws {
        let rows: [(String, Int, Int)] = [
            ("/x", 1, 3),
            ("/a(/:b)", 2, 3 + 6),
            ("/a(/:b)(/:c)", 3, 3 + 6 + 6 + 9),  // /a/:b and /a/:c: one shape, one kept
            ("myapp://user(/:id)", 2, 13 + 17),
            ("https://example.com/a(/b)", 2, 22 + 24),
            ("/(a)", 2, 2 + 3),
        ]
        for (pattern, alternatives, size) in rows {
            let f = try router([pattern]).footprint
            #expect(f.alternatives == alternatives && f.expandedBytes == size, "\(pattern): \(f)")
            #expect(f.patternBytes == pattern.utf8.count)
        }
        let f = try router([Self.heavy]).footprint
        #expect(f.alternatives == 256 && f.expandedBytes == Self.heavySize(prefix: "/r"), "\(f)")
        #expect(f.tableBytes <= Self.tableBound(f), "\(f)")
    }

    @Test("a document of 200 heavy patterns is a rule error at the route that runs out")
    func heavyDocument() throws {
        let patterns = (0..<200).map { Self.heavy.replacingFirst("/r", with: "/r\($0)") }
        let doc = Self.versioned(patterns)
        #expect(doc.utf8.count > 184_000)
        let r = Router()
        try r.add("/keep", target: "keep")
        let before = r.footprint
        let e = expectError(.rule, "200 heavy patterns") { try r.loadRules(json: doc) }
        // The budget is counted with every pattern of the document from the start, so the
        // route named is the first that takes the total past it.
        let patternBytes = patterns.reduce("/keep".utf8.count) { $0 + $1.utf8.count }
        let limit = Self.budget(patternBytes: patternBytes)
        var total = "/keep".utf8.count + 1, index = 0
        while true {
            total += Self.heavySize(prefix: "/r\(index)")
            if total > limit { break }
            index += 1
        }
        #expect(e?.message.hasPrefix("$.routes[\(index)].pattern: the pattern's optional groups expand to") == true,
                "\(e?.message ?? "")")
        #expect(r.footprint == before)
        #expect(try r.resolveBuffer("/keep").matched)
    }

    @Test("a pattern that cannot be compiled, before the route that runs out, is the error reported")
    func invalidBeforeOverflow() throws {
        let heavy = (0..<200).map { Self.heavy.replacingFirst("/r", with: "/r\($0)") }
        // No group: sized from its length, yet its error comes first, as when it is compiled.
        for bad in ["/a?b", "/a)", "https:/a"] {
            let e = expectError(.rule, bad) { try Router().loadRules(json: Self.versioned([bad] + heavy)) }
            #expect(e?.message.hasPrefix("$.routes[0].pattern:") == true && e?.message.contains("expand") == false,
                    "\(bad): \(e?.message ?? "")")
            let batch = ([bad] + heavy).map { Route($0, target: "t") }
            let f = expectError(.invalidPattern, bad) { try Router().add(contentsOf: batch) }
            #expect(f?.routeIndex == 0, "\(bad): \(f?.message ?? "")")
        }
        // After the route that runs out, it is not reached.
        let e = expectError(.rule, "overflow first") { try Router().loadRules(json: Self.versioned(heavy + ["/a?b"])) }
        #expect(e?.message.contains("optional groups expand to") == true, "\(e?.message ?? "")")
    }

    @Test("whether a document fits does not depend on the order of its routes")
    func orderIndependent() throws {
        let heavy = (0..<9).map { Self.heavy.replacingFirst("/r", with: "/h\($0)") }
        // Plain routes whose length brings the room the heavy ones need.
        let plain = (0..<700).map { i in "/p\(i)" + (0..<120).map { "/segment-\($0)-text" }.joined() }
        for patterns in [heavy + plain, plain + heavy] {
            let r = Router()
            try r.loadRules(json: Self.versioned(patterns))
            let f = r.footprint
            #expect(f.alternatives == 9 * 256 + 700)
            #expect(f.expandedBytes <= Self.budget(f) && f.tableBytes <= Self.tableBound(f), "\(f)")
        }
        // Without the plain routes the heavy ones do not fit, in either order.
        for patterns in [heavy, heavy.reversed()] {
            expectError(.rule, "heavy only") { try Router().loadRules(json: Self.versioned(patterns)) }
        }
    }

    @Test("routes added one by one share the budget; removing one makes room again")
    func addedRoutes() throws {
        let r = Router()
        var added = 0
        var failure: SwitchyardError?
        while failure == nil && added < 50 {
            do {
                try r.add(Self.heavy.replacingFirst("/r", with: "/r\(added)"), target: "t")
                added += 1
            } catch {
                failure = error
            }
        }
        #expect(failure?.code == .limit && added > 0 && added < 50, "\(added): \(String(describing: failure))")
        let f = r.footprint
        #expect(f.expandedBytes <= Self.budget(f) && f.tableBytes <= Self.tableBound(f), "\(f)")
        #expect(r.remove(Self.heavy.replacingFirst("/r", with: "/r0")))
        try r.add(Self.heavy.replacingFirst("/r", with: "/again"), target: "t")
        #expect(try r.resolveBuffer("/again/g3l0/g3l1/" + (2..<30).map { "g3l\($0)" }.joined(separator: "/")).matched)
        // A batch is all or nothing against the same budget.
        let batch = (0..<3).map { Route(Self.heavy.replacingFirst("/r", with: "/b\($0)"), target: "t") }
        let e = expectError(.limit, "batch over the budget") { try r.add(contentsOf: batch) }
        #expect(e?.routeIndex == 0)
        #expect(r.footprint.routes == added)
    }

    @Test("documents of many shapes: alternatives within the budget, table memory linear in them")
    func linearTables() throws {
        var g = SplitMix64(state: 11)
        let pieces = ["/a", "/:p", "/<int:n>", "/lit", "/*", "/x(/y)", "(/:q)", "/long-literal-segment"]
        for round in 0..<20 {
            var patterns: [String] = []
            for i in 0..<(20 + g.below(200)) {
                var p = "/r\(round)x\(i)"
                var groups = 0
                var names = 0
                for _ in 0..<g.below(12) {
                    var piece = g.pick(pieces)
                    if piece.contains("(") {
                        if groups == 8 { continue }
                        groups += 1
                    }
                    // Names must differ within a pattern.
                    for name in [":p", ":n", ":q"] where piece.contains(name) {
                        piece = piece.replacingFirst(name, with: "\(name)\(names)")
                        names += 1
                    }
                    if piece == "/*" { piece = "/*/z" }
                    p += piece
                }
                patterns.append(p)
            }
            let r = Router()
            do throws(SwitchyardError) {
                try r.loadRules(json: Self.versioned(patterns))
            } catch {
                #expect(error.code == .rule && error.message.contains("optional groups expand"), "\(error)")
                continue
            }
            let f = r.footprint
            #expect(f.expandedBytes <= Self.budget(f), "round \(round): \(f)")
            #expect(f.tableBytes <= Self.tableBound(f), "round \(round): \(f)")
        }
    }

    /// The document an attacker writes to get the most alternatives out of its bytes: long
    /// plain routes, whose length buys room, then short 8-group routes that fill it.
    static func budgetFillingDocument(plainRoutes: Int) -> (json: String, grouped: Int) {
        let groups = "(/a)(/b)(/c)(/d)(/e)(/f)(/g)(/i)"
        var patterns = (0..<plainRoutes).map { "/p\($0)/" + String(repeating: "x", count: 4000) }
        var patternBytes = patterns.reduce(0) { $0 + $1.utf8.count }
        var expanded = patterns.reduce(0) { $0 + $1.utf8.count + 1 }
        var grouped = 0
        while true {
            let p = "/h\(grouped)" + groups
            let size = 256 * ("/h\(grouped)".utf8.count + 1) + 128 * 16
            if expanded + size > budget(patternBytes: patternBytes + p.utf8.count) { break }
            patterns.append(p)
            patternBytes += p.utf8.count
            expanded += size
            grouped += 1
        }
        return (versioned(patterns), grouped)
    }

    @Test("a document that fills the budget costs a bounded number of bytes per byte of it")
    func budgetFillingDocumentFootprint() throws {
        let (json, grouped) = Self.budgetFillingDocument(plainRoutes: 300)
        let r = Router()
        try r.loadRules(json: json)
        let f = r.footprint
        #expect(grouped > 0 && f.routes == 300 + grouped && f.expandedBytes <= Self.budget(f), "\(f)")
        // The alternatives the groups bring stay within half a byte per byte of document
        // (plus the allowance); the table within 96 bytes per byte of them.
        #expect(f.expandedBytes - f.patternBytes - f.routes <= json.utf8.count / 2 + (1 << 20), "\(f)")
        #expect(f.tableBytes <= Self.tableBound(f), "\(f)")
    }

    @Test("the patterns of one router total at most 128 MiB, groups or not")
    func ceiling() throws {
        var o = RouterOptions()
        o.limits.maxPatternLength = RouterOptions.Limits.ceilings.maxPatternLength
        let r = try Router(options: o)
        try r.add("/keep", target: "keep")
        // Plain patterns of 1 MiB (with its one byte, each costs 1 MiB): 127 fit beside
        // /keep, the 128th does not. The batch is refused before any pattern is compiled.
        let long = "/" + String(repeating: "a", count: (1 << 20) - 2)
        let batch = Array(repeating: Route(long, target: "t"), count: 128)
        let e = expectError(.limit, "128 MiB of patterns") { try r.add(contentsOf: batch) }
        #expect(e?.routeIndex == 127, "\(String(describing: e))")
        #expect(e?.message.contains("the 128 MiB the patterns of one router may total") == true,
                "\(e?.message ?? "")")
        #expect(e?.message.contains("optional groups") == false)
        #expect(r.footprint.routes == 1)
        #expect(try r.resolveBuffer("/keep").matched)
        // A small pattern still fits where room is left.
        try r.add("/" + String(repeating: "b", count: 1000), target: "b")
        #expect(r.footprint.routes == 2)
    }

    @Test("a document past the budget is refused before any of its routes is compiled")
    func budgetBeforeCompiling() throws {
        var (json, _) = Self.budgetFillingDocument(plainRoutes: 300)
        // One more 8-group route takes it past the budget; an earlier route has a redirect
        // that would be refused once its pattern is compiled. The budget speaks first.
        json.removeLast(2)
        json += #", {"pattern": "/over(/a)(/b)(/c)(/d)(/e)(/f)(/g)(/i)", "target": "t"}]}"#
        json = json.replacingFirst(#""target": "t"}"#, with: #""redirect": "https://{h}.example.com/"}"#)
        let r = Router()
        try r.add("/keep", target: "keep")
        let before = r.footprint
        let e = expectError(.rule, "over the budget") { try r.loadRules(json: json) }
        #expect(e?.message.contains("optional groups expand to") == true, "\(e?.message ?? "")")
        #expect(e?.message.hasPrefix("$.routes[") == true && e?.message.contains("$.routes[0]") == false)
        #expect(r.footprint == before)
        // Without the extra route, the redirect is what is refused.
        let fits = Self.budgetFillingDocument(plainRoutes: 300).json
            .replacingFirst(#""target": "t"}"#, with: #""redirect": "https://{h}.example.com/"}"#)
        let e2 = expectError(.rule, "bad redirect") { try r.loadRules(json: fits) }
        #expect(e2?.message.hasPrefix("$.routes[0].redirect") == true, "\(e2?.message ?? "")")
    }
}

extension String {
    /// The string with its first `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = firstRange(of: target) else { return self }
        var s = self
        s.replaceSubrange(r, with: replacement)
        return s
    }
}

/// Keys made to collide in the table's hash indexes: the literal index of a node hashes a
/// key's first eight bytes and length, so keys that share them would all land in one probe
/// run, scanned by the build and by every lookup that misses. Such a node hashes whole keys
/// with a seeded hash instead, and a static-path map with long runs is not made.
@Suite("Colliding keys")
struct CollidingKeyTests {
    @Test("20,000 literal children sharing their first 8 bytes and length")
    func sharedPrefixes() throws {
        for fold in [false, true] {
            var o = RouterOptions()
            o.caseInsensitiveLiterals = fold
            let r = try Router(options: o)
            let n = 20_000
            try r.add(contentsOf: (0..<n).map { Route("/x/commonpr\(10_000 + $0)/:id", target: "t\($0)") })
            try r.add("/x/:other/:id", target: "other")
            let f = r.footprint
            #expect(f.longestProbeRun <= 64, "\(f)")
            let m = MatchBuffer()
            for i in stride(from: 0, to: n, by: 997) {
                _ = try r.resolve("/x/\(fold ? "COMMONPR" : "commonpr")\(10_000 + i)/7", into: m)
                #expect(m.target == "t\(i)", "\(i): \(m.target ?? "miss")")
            }
            _ = try r.resolve("/x/commonpr99999/7", into: m)   // same prefix and length, no such key
            #expect(m.target == "other")
            _ = try r.resolve("/x/commonpr1000/7", into: m)    // shorter
            #expect(m.target == "other")
        }
    }

    @Test("hosts sharing their first 8 bytes and length")
    func sharedHostPrefixes() throws {
        let r = Router()
        try r.add(contentsOf: (0..<3_000).map { Route("https://www.exam\(1000 + $0).com/a", target: "h\($0)") })
        #expect(r.footprint.longestProbeRun <= 64)
        #expect(try r.resolveBuffer("HTTPS://WWW.EXAM2999.COM/a").target == "h1999")
        #expect(try !r.resolveBuffer("https://www.exam9999.com/a").matched)
    }

    @Test("static paths whose keys share everything but their last byte still have a map")
    func staticPaths() throws {
        let r = Router()
        try r.add(contentsOf: (0..<5_000).map { Route("/static/p\($0)", target: "s\($0)") })
        let f = r.footprint
        #expect(f.hasStaticPathMap && f.longestProbeRun <= 64, "\(f)")
        #expect(try r.resolveBuffer("/static/p4321").target == "s4321")
    }
}
