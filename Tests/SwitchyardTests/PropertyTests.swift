// Property test: on random route tables and random URLs built from their segments, the
// router's answer equals the brute-force Oracle (Oracle.swift). Seeded (SplitMix64), so a
// failure prints its seed and a shrunk table that reproduces it.
//   SWITCHYARD_PROPERTY_SEED=<n>    start from another seed
//   SWITCHYARD_PROPERTY_TABLES=<n>  how many tables (default 400)
import Foundation
import Testing
import Switchyard

/// SplitMix64: tiny, fast and good enough to drive generators reproducibly.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in 0..<n.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    /// True with probability percent/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

@Suite("Property: router equals the brute-force oracle")
struct PropertyTests {
    static let literals = ["a", "b", "c", "7"]
    static let uuid = "0a1b2c3d-4e5f-6789-ABCD-ef0123456789"
    /// URL segment vocabulary: literals, an int, a negative int, floats, a uuid, other text.
    static let vocabulary = ["a", "b", "c", "7", "-3", "2.5", "1e3", uuid, "zz"]

    /// `urlPatterns`: some routes are in the urlpattern dialect (their callers add them with it).
    static func randomRoute(_ rng: inout SplitMix64, index: Int, schemes: Bool = true,
                            urlPatterns: Bool = false) -> OracleRoute {
        var parts: [OraclePart] = []
        for i in 0..<rng.below(5) {
            let roll = rng.below(100)
            switch roll {
            case ..<45: parts.append(.literal(rng.pick(literals)))
            case ..<65: parts.append(.param("p\(i)"))
            case ..<75: parts.append(.int("p\(i)"))
            case ..<80: parts.append(.float("p\(i)"))
            case ..<85: parts.append(.uuid("p\(i)"))
            case ..<93: parts.append(.regex(rng.chance(80) ? "p\(i)" : nil, rng.below(OracleRegex.pool.count)))
            default: parts.append(.star)
            }
        }
        let tail: OracleTail
        switch rng.below(100) {
        case ..<60: tail = .none
        case ..<75: tail = .star
        case ..<85: tail = .starName("rest")
        default: tail = .path("rest")
        }
        // A '*' written last is a remainder form, not a middle '*': keep middle ones in the middle.
        if tail == .none, parts.last == .star { parts[parts.count - 1] = .param("p\(parts.count - 1)") }
        let priority = rng.chance(85) ? 0 : rng.pick([-1, 1, 2])
        // Some routes carry the custom scheme "myapp" (only with a fixed first segment: it
        // stands in the authority).
        let scheme: String? = !parts.isEmpty && rng.chance(20) && schemes ? "myapp" : nil
        if urlPatterns && rng.chance(15) {
            // A urlpattern route: literal segments, then one of the oracle's tails.
            let literals: [OraclePart] = (0..<rng.below(3)).map { _ in .literal(rng.pick(Self.literals)) }
            return OracleRoute(parts: literals, tail: .none, priority: priority, target: "r\(index)",
                               urlTail: rng.pick(OracleURLTail.all))
        }
        return OracleRoute(parts: parts, tail: tail, priority: priority, target: "r\(index)", scheme: scheme)
    }

    /// Segments that often fit `route`: each part gets a value it accepts (mostly), the tail 0–2 more.
    static func segments(for route: OracleRoute, _ rng: inout SplitMix64) -> [String] {
        var segs: [String] = route.parts.map { part in
            if rng.chance(15) { return rng.pick(vocabulary) }
            switch part {
            case .literal(let s): return s
            case .uuid: return uuid
            case .int: return rng.pick(["7", "-3"])
            case .float: return rng.pick(["2.5", "1e3", "7"])
            case .param, .star, .regex: return rng.pick(vocabulary)
            }
        }
        if route.tail != .none || route.urlTail != nil || rng.chance(10) {
            for _ in 0..<rng.below(3) { segs.append(rng.pick(vocabulary)) }
        }
        if rng.chance(10), !segs.isEmpty { segs.removeLast() }
        return segs
    }

    /// The URL for segments and its scheme: a bare path, a web URL (host ignored) or a
    /// custom-scheme URL (authority = first segment), "myapp" or "other". One URL in five
    /// also holds segments that normalisation removes (SEMANTICS §1), so it reads as `segs`.
    /// Segments of a URL to try on `table`: three times in four those of one of its routes, so
    /// most URLs match something; else random words.
    static func segments(toTry table: [OracleRoute], _ rng: inout SplitMix64) -> [String] {
        rng.chance(75) && !table.isEmpty
            ? segments(for: rng.pick(table), &rng)
            : (0..<rng.below(5)).map { _ in rng.pick(vocabulary) }
    }

    /// Adds 1 to `most` random routes of distinct patterns to `router`; returns those it took.
    static func randomTable(_ rng: inout SplitMix64, into router: Router, most: Int) -> [OracleRoute] {
        var table: [OracleRoute] = []
        for i in 0..<(1 + rng.below(most)) {
            let route = randomRoute(&rng, index: i)
            if table.contains(where: { $0.pattern == route.pattern }) { continue }
            if add(route, to: router) == nil { table.append(route) }
        }
        return table
    }

    static func url(_ segs: [String], _ rng: inout SplitMix64) -> (url: String, scheme: String?) {
        let path = (rng.chance(20) ? withRemovableSegments(segs, &rng) : segs).joined(separator: "/")
        switch rng.below(10) {
        case 0, 1: return ("https://example.com/" + path, "https")
        case 2, 3, 4: return (segs.isEmpty ? "myapp:" : "myapp://" + path, "myapp")
        case 5: return (segs.isEmpty ? "other:" : "other://" + path, "other")
        default: return ("/" + path, nil)
        }
    }

    /// `segs` with one to three additions that normalisation takes out again, each between
    /// two of `segs` (or at either end), never inside another: "zz/.." (a segment and the
    /// `..` that removes it), "." or an empty segment (not first, where it would make a
    /// custom scheme's authority empty). Dot segments go before empty ones (§8), so "zz",
    /// "", ".." would read as "zz": additions must not interleave.
    static func withRemovableSegments(_ segs: [String], _ rng: inout SplitMix64) -> [String] {
        var added = [[String]](repeating: [], count: segs.count + 1)  // before segs[i]; the last: after all
        for _ in 0...rng.below(3) {
            let gap = rng.below(segs.count + 1)
            switch rng.below(3) {
            case 0: added[gap] += ["zz", ".."]
            case 1: added[gap].append(".")
            default: if gap > 0 { added[gap].append("") }
            }
        }
        var out: [String] = []
        for (i, seg) in segs.enumerated() { out += added[i]; out.append(seg) }
        return out + added[segs.count]
    }

    /// What the router answers for a URL, in comparable form.
    static func describe(_ m: MatchBuffer) -> String {
        guard m.matched else { return "miss" }
        let params = m.pathParameters.map { p -> String in
            switch p.value {
            case .string: return "\(p.name)=\(p.text)"
            case .int(let i): return "\(p.name)=\(p.text)(int \(i))"
            case .float(let d): return "\(p.name)=\(p.text)(float \(d))"
            }
        }
        return "\(m.target ?? "?") [\(params.joined(separator: ", "))] rest=\(m.remainder ?? "nil")"
    }

    /// What the oracle expects, in the same form.
    static func describe(_ route: OracleRoute?, _ segs: [String], scheme: String?, pathname: String = "") -> String {
        guard let route, let (params, remainder) = route.match(segs, scheme: scheme, pathname: pathname) else { return "miss" }
        let ps = params.map { name, text, value -> String in
            switch value {
            case .string: return "\(name)=\(text)"
            case .int(let i): return "\(name)=\(text)(int \(i))"
            case .float(let d): return "\(name)=\(text)(float \(d))"
            }
        }
        return "\(route.target) [\(ps.joined(separator: ", "))] rest=\(remainder ?? "nil")"
    }

    /// The router's answer for `url` over `routes` (added one by one), or an error text.
    static func routerAnswer(_ routes: [OracleRoute], _ url: String) -> String {
        do {
            let r = Router()
            for route in routes { try add(route, throwingTo: r) }
            return describe(try r.resolveBuffer(url))
        } catch {
            return "error: \(error)"
        }
    }

    /// Drops routes one at a time while the router still disagrees with the oracle on `url`.
    static func shrink(_ routes: [OracleRoute], _ segs: [String], _ url: String, scheme: String?) -> [OracleRoute] {
        let pathname = Self.pathname(url)
        var table = routes
        var i = 0
        while i < table.count {
            var smaller = table
            smaller.remove(at: i)
            if routerAnswer(smaller, url) != describe(Oracle.winner(smaller, segs, scheme: scheme, pathname: pathname), segs,
                                                      scheme: scheme, pathname: pathname) {
                table = smaller
            } else {
                i += 1
            }
        }
        return table
    }

    /// Adds a route; returns the error instead of throwing it.
    static func add(_ route: OracleRoute, to router: Router) -> SwitchyardError? {
        do {
            try add(route, throwingTo: router)
            return nil
        } catch {
            return error
        }
    }

    /// Adds `route` to `router`, and to `table` (the oracle's routes) when the router takes
    /// it. Records an issue when the router and the oracle disagree about a conflict.
    /// Returns whether the route conflicted (as both said) and whether they disagreed.
    static func add(_ route: OracleRoute, to router: Router, checkedAgainst table: inout [OracleRoute],
                    seed: UInt64) -> (conflict: Bool, failed: Bool) {
        let conflict = table.contains { $0.sameShape(as: route) && $0.priority == route.priority }
        if let e = add(route, to: router) {
            if conflict && e.code == .conflict { return (true, false) }
            Issue.record("seed \(seed): add \(route.pattern) threw \(e.code) \(e.message); oracle conflict: \(conflict)")
            return (false, true)
        }
        defer { table.append(route) }
        if conflict {
            Issue.record("seed \(seed): \(route.pattern) was accepted but conflicts with the table:\n\(show(table))")
            return (false, true)
        }
        return (false, false)
    }

    static func add(_ route: OracleRoute, throwingTo router: Router) throws(SwitchyardError) {
        if route.urlTail != nil {
            try router.add(route.pattern, target: route.target, dialect: .urlpattern, priority: route.priority)
        } else {
            try router.add(route.pattern, target: route.target, priority: route.priority)
        }
    }

    /// The pathname a urlpattern route sees in a URL the generator made (§10): the path as
    /// written, from the `/` before a custom scheme's authority.
    static func pathname(_ url: String) -> String {
        if let r = url.range(of: "://") {
            let rest = url[r.upperBound...]
            if url.hasPrefix("https") { return browserPath(rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "") }
            return "/" + rest
        }
        if url.hasSuffix(":") { return "" }
        return browserPath(url)
    }

    /// The path as a browser reads it (URL Standard, path state): `.` and `..` segments, in
    /// any `%2e` spelling, are taken out, and one that ends the path leaves a `/` behind.
    /// urlpattern tails match this form on web URLs and URLs without a scheme (SEMANTICS §10).
    static func browserPath(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        func dots(_ s: Substring) -> Int? {
            let t = s.lowercased().replacingOccurrences(of: "%2e", with: ".")
            return t == "." ? 1 : t == ".." ? 2 : nil
        }
        let pieces = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var out: [Substring] = []
        for (k, piece) in pieces.enumerated() {
            let last = k == pieces.count - 1
            switch dots(piece) {
            case 2: if !out.isEmpty { out.removeLast() }; if last { out.append("") }
            case 1: if last { out.append("") }
            default: out.append(piece)
            }
        }
        return "/" + out.joined(separator: "/")
    }

    static func show(_ routes: [OracleRoute]) -> String {
        routes.map { "  \($0.pattern)  priority \($0.priority)  → \($0.target)" }.joined(separator: "\n")
    }

    @Test("random tables: same winner, captures and remainder as the oracle; conflicts agree")
    func randomTables() throws {
        try checkTables(schemes: true)
    }

    /// Tables of path patterns only: the walk then starts below the scheme and host levels
    /// (`pathRoot`), a path of its own that the mixed tables reach only by chance.
    @Test("random path-only tables: same answers as the oracle")
    func randomPathOnlyTables() throws {
        try checkTables(schemes: false, seedOffset: 0x9A7B)
    }

    func checkTables(schemes: Bool, seedOffset: UInt64 = 0) throws {
        let env = ProcessInfo.processInfo.environment
        let baseSeed = (env["SWITCHYARD_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x5EED_2026) &+ seedOffset
        let tables = env["SWITCHYARD_PROPERTY_TABLES"].flatMap { Int($0) } ?? 400
        var failures = 0
        var hits = 0, misses = 0, conflicts = 0
        for t in 0..<tables where failures < 5 {
            let seed = baseSeed &+ UInt64(t)
            var rng = SplitMix64(state: seed)
            let router = Router()
            var table: [OracleRoute] = []
            for i in 0..<(1 + rng.below(12)) {
                let route = Self.randomRoute(&rng, index: i, schemes: schemes, urlPatterns: true)
                if table.contains(where: { $0.pattern == route.pattern }) { continue }  // keep remove() unambiguous
                let added = Self.add(route, to: router, checkedAgainst: &table, seed: seed)
                if added.conflict { conflicts += 1 }
                if added.failed { failures += 1 }
            }
            // Sometimes remove a route, so tables after removal are checked as well.
            if table.count > 1, rng.chance(30) {
                let victim = table.remove(at: rng.below(table.count))
                #expect(router.remove(victim.pattern), "seed \(seed): remove \(victim.pattern)")
            }
            for _ in 0..<25 {
                let segs = Self.segments(toTry: table, &rng)
                let (url, scheme) = Self.url(segs, &rng)
                let got = Self.describe(try router.resolveBuffer(url))
                let pathname = Self.pathname(url)
                let want = Self.describe(Oracle.winner(table, segs, scheme: scheme, pathname: pathname), segs,
                                         scheme: scheme, pathname: pathname)
                if want == "miss" { misses += 1 } else { hits += 1 }
                if got != want {
                    failures += 1
                    let small = Self.shrink(table, segs, url, scheme: scheme)
                    Issue.record("""
                        seed \(seed): \(url)
                          router: \(got)
                          oracle: \(want)
                        table:
                        \(Self.show(table))
                        shrunk table (router: \(Self.routerAnswer(small, url)), oracle: \(Self.describe(Oracle.winner(small, segs, scheme: scheme, pathname: pathname), segs, scheme: scheme, pathname: pathname))):
                        \(Self.show(small))
                        """)
                    break
                }
            }
        }
        // So a run shows the generator is not degenerate (mostly misses, no conflicts...).
        print("Property (\(schemes ? "with schemes" : "path only")): \(tables) tables, \(hits) hits, \(misses) misses, \(conflicts) conflicts predicted and reported")
        #expect(hits > misses && conflicts > 0, "generator degenerate: \(hits) hits, \(misses) misses, \(conflicts) conflicts")
    }

    @Test("the oracle itself: §3 examples")
    func oracleSanity() {
        let a = OracleRoute(parts: [.literal("a"), .literal("b"), .literal("c")], tail: .none, priority: 0, target: "abc")
        let b = OracleRoute(parts: [.literal("a"), .param("x"), .literal("d")], tail: .none, priority: 0, target: "axd")
        #expect(Oracle.winner([a, b], ["a", "b", "d"], scheme: nil)?.target == "axd")
        let end = OracleRoute(parts: [.literal("a")], tail: .none, priority: 0, target: "end")
        let rest = OracleRoute(parts: [.literal("a")], tail: .star, priority: 0, target: "rest")
        #expect(Oracle.winner([rest, end], ["a"], scheme: nil)?.target == "end")
        #expect(Oracle.winner([rest, end], ["a", "b"], scheme: nil)?.target == "rest")
        let int = OracleRoute(parts: [.int("n")], tail: .none, priority: 0, target: "int")
        let flt = OracleRoute(parts: [.float("n")], tail: .none, priority: 0, target: "float")
        #expect(Oracle.winner([flt, int], ["7"], scheme: nil)?.target == "int")
        #expect(Oracle.winner([flt, int], ["2.5"], scheme: nil)?.target == "float")
        #expect(Oracle.float(".5") == nil && Oracle.float("1e999") == nil && Oracle.float("3e8") == 3e8)
        #expect(rest.sameShape(as: OracleRoute(parts: [.literal("a")], tail: .path("p"), priority: 0, target: "")))
        #expect(!end.sameShape(as: rest))
        // A scheme beats no scheme even against a more specific path.
        let lit = OracleRoute(parts: [.literal("a"), .literal("b")], tail: .none, priority: 0, target: "lit")
        let sch = OracleRoute(parts: [.param("x"), .param("y")], tail: .none, priority: 0, target: "sch", scheme: "myapp")
        #expect(Oracle.winner([lit, sch], ["a", "b"], scheme: "myapp")?.target == "sch")
        #expect(Oracle.winner([lit, sch], ["a", "b"], scheme: "other")?.target == "lit")
        #expect(sch.pattern == "myapp://:x/:y")
    }
}
