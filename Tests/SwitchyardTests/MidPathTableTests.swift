// Whole tables with inline parameters and catch-alls in the middle: GitLab's routes (as the
// wayfind router's benchmark has them, Tests/Data/router-bench/gitlab-wayfind), random
// tables against the brute-force SegmentOracle, and a walk that must stay bounded.
import Foundation
import Testing
@testable import Switchyard

@Suite("Inline parameters and catch-alls: whole tables")
struct MidPathTableTests {
    static func strictOptions() -> RouterOptions {
        var o = RouterOptions()
        o.strictTrailingSlash = true
        return o
    }

    static func gitlabPatterns() throws -> [String] {
        let text = try String(contentsOf: testDataFile("router-bench/gitlab-wayfind/routes.txt"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let l = line.trimmingCharacters(in: .whitespaces)
            if l.isEmpty || l.hasPrefix("#") { return nil }
            return l.split(separator: " ", maxSplits: 1).last.map(String.init)
        }
    }

    /// Sample segments for a route: each parameter a plausible value, each catch-all (and
    /// remainder) `spread` segments.
    static func sample(_ route: SegmentOracleRoute, spread: Int) -> [String] {
        var k = 0
        func value() -> String { k += 1; return "v\(k)" }
        func fill(_ pieces: [SegmentOraclePiece]) -> String {
            pieces.map { p -> String in
                switch p {
                case .literal(let l): return String(decoding: l, as: UTF8.self)
                case .param: return value()
                }
            }.joined()
        }
        var segs: [String] = []
        for part in route.parts {
            switch part {
            case .literal(let l): segs.append(l)
            case .param: segs.append(value())
            case .inline(let ps): segs.append(fill(ps))
            case .catchAll(_, let tail):
                for _ in 0..<(spread - 1) { segs.append("n\(value())") }
                segs.append("n\(value())" + fill(tail))
            case .remainder: for _ in 0..<spread { segs.append("r\(value())") }
            }
        }
        return segs
    }

    static func answer(_ r: Router, _ url: String) -> String {
        do {
            let m = try r.resolveBuffer(url)
            guard m.matched else { return "miss" }
            return "\(m.pattern ?? "?") [\(pathPairs(m).joined(separator: ", "))]"
        } catch {
            return "error: \(error)"
        }
    }

    /// Budget 0: every walk that comes back goes by frames (`walkDeep`), the other way.
    @Test("GitLab's whole table loads with a strict trailing slash; every route's samples resolve as the oracle says",
          arguments: [Int32(16), 0])
    func gitlab(recursionBudget: Int32) throws {
        let patterns = try Self.gitlabPatterns()
        #expect(patterns.count == 3562)
        let r = try Router(options: Self.strictOptions(), recursionBudget: recursionBudget)
        var refused: [String] = []
        for p in patterns {
            do { try r.add(p, target: p) } catch { refused.append("\(p): \(error)") }
        }
        #expect(refused.isEmpty, "refused \(refused.count): \(refused.prefix(5))")
        let oracle = patterns.map { SegmentOracleRoute($0, strictSlash: true) }
        let prepared = oracle.map { ($0, $0.requiredLiterals, $0.minSegments, $0.fixedLength) }
        var checked = 0, hits = 0
        var failures: [String] = []
        for route in oracle {
            for spread in [1, 3] {
                let segs = Self.sample(route, spread: spread)
                let url = "/" + segs.joined(separator: "/")
                let expected = SegmentOracle.answer(prepared, segs)
                let got = Self.answer(r, url)
                checked += 1
                if expected != "miss" { hits += 1 }
                if got != expected && failures.count < 10 { failures.append("\(url)\n  router: \(got)\n  oracle: \(expected)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(hits == checked, "every sample of a route is matched by some route")
    }

    /// The "misses" are misses for a router without GitLab's own catch-all routes: here
    /// `/:username` takes `/.env` and `/*namespace_id/:project_id/*all` takes the deep ones,
    /// as the oracle says.
    @Test("GitLab's request files resolve as the oracle says; every hit matches")
    func gitlabRequests() throws {
        let r = try Router(options: Self.strictOptions())
        let patterns = try Self.gitlabPatterns()
        for p in patterns { try r.add(p, target: p) }
        let oracle = patterns.map { SegmentOracleRoute($0, strictSlash: true) }
        for (file, hit) in [("requests-hits.txt", true), ("requests-misses.txt", false)] {
            let text = try String(contentsOf: testDataFile("router-bench/gitlab-wayfind/" + file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                guard let path = line.split(separator: " ").last.map(String.init) else { continue }
                let segs = path.split(separator: "/").map(String.init)
                let got = Self.answer(r, path)
                #expect(got == SegmentOracle.answer(oracle, segs), "\(path): \(got)")
                if hit { #expect(got != "miss", "\(path)") }
            }
        }
        let m = try r.resolveBuffer("/groups/gitlab-org/-/group_members/42")
        #expect(m.pattern == "/groups/*group_id/-/group_members/:id")
        #expect(pathPairs(m) == ["group_id=gitlab-org", "id=42"])
        let blob = try r.resolveBuffer("/api/v4/projects/1/repository/files/app.rb")
        #expect(blob.pattern == "/*id.:format")
        #expect(pathPairs(blob) == ["id=api/v4/projects/1/repository/files/app", "format=rb"])
    }

    /// Random routes from a small vocabulary of every form, and URLs built from them.
    static func randomPattern(_ rng: inout SplitMix64) -> String {
        let forms = ["a", "b", "x.json", ":p", ":p.:q", ":p-x", "x.:p", "<p>:<q>", "*c", "*c.:f", "<path:c>"]
        var segs: [String] = []
        var names = 0
        for _ in 0..<(1 + rng.below(4)) {
            var form = rng.pick(forms)
            // Distinct names: number each.
            for n in ["p", "q", "c", "f"] where form.contains(":\(n)") || form.contains("<\(n)>") || form.contains("*\(n)") {
                names += 1
                form = form.replacingOccurrences(of: ":\(n)", with: ":\(n)\(names)")
                    .replacingOccurrences(of: "<\(n)>", with: "<\(n)\(names)>")
                    .replacingOccurrences(of: "*\(n)", with: "*\(n)\(names)")
                    .replacingOccurrences(of: "<path:\(n)>", with: "<path:\(n)\(names)>")
            }
            segs.append(form)
        }
        if rng.chance(20) { segs.append(rng.pick(["*rest", "<path:rest>"])) }
        return "/" + segs.joined(separator: "/")
    }

    /// Adds a route; false when it conflicts with one already there (any other error is recorded).
    static func addUnlessConflict(_ r: Router, _ p: String, _ priority: Int) -> Bool {
        do {
            try r.add(p, target: p, priority: priority)
            return true
        } catch {
            let e = error as? SwitchyardError
            #expect(e?.code == .conflict, "\(p): \(error)")
            return false
        }
    }

    static let vocabulary = ["a", "b", "x.json", "x", "1.2", "k-x", "x.y", "sha:1", "a.b.c", "z"]

    @Test("random tables of every form: same winner and parameters as the oracle", arguments: [Int32(16), 0])
    func randomTables(recursionBudget: Int32) throws {
        var rng = SplitMix64(state: 0xC0FFEE_2026 &+ UInt64(recursionBudget))
        var failures: [String] = []
        var hits = 0
        for _ in 0..<300 where failures.count < 5 {
            let r = try Router(options: RouterOptions(), recursionBudget: recursionBudget)
            var routes: [SegmentOracleRoute] = []
            for _ in 0..<(1 + rng.below(8)) {
                let p = Self.randomPattern(&rng)
                let priority = rng.chance(85) ? 0 : rng.pick([-1, 1])
                if Self.addUnlessConflict(r, p, priority) {
                    routes.append(SegmentOracleRoute(p, strictSlash: false, priority: priority))
                }
            }
            for _ in 0..<30 {
                var segs: [String]
                if rng.chance(60), !routes.isEmpty {
                    let route = routes[rng.below(routes.count)]
                    segs = Self.sample(route, spread: 1 + rng.below(3))
                    if rng.chance(30) { segs[rng.below(segs.count)] = rng.pick(Self.vocabulary) }
                } else {
                    segs = (0..<(1 + rng.below(6))).map { _ in rng.pick(Self.vocabulary) }
                }
                let url = "/" + segs.joined(separator: "/")
                let expected = SegmentOracle.answer(routes, segs)
                let got = Self.answer(r, url)
                if expected != "miss" { hits += 1 }
                if got != expected {
                    failures.append("\(url)\n  routes: \(routes.map(\.pattern))\n  router: \(got)\n  oracle: \(expected)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(hits > 1000)
    }

    @Test("several catch-alls against thousands of segments: each catch-all walks each place once",
          arguments: [Int32(16), 0])
    func adversarial(recursionBudget: Int32) throws {
        var o = RouterOptions()
        o.limits.maxSegments = 8192
        o.limits.maxURLLength = 64 * 1024
        let r = try Router(options: o, recursionBudget: recursionBudget)
        try r.add("/*a/x/*b/x/*c/x/*d/y", target: "t")
        try r.add("/*a/x/*b/x/*c/z", target: "u")
        let many = Array(repeating: "x", count: 4000).joined(separator: "/")
        // No route matches: without remembering, this would be billions of splits. The
        // table has 4 catch-all edges: each walks below itself at most once per place.
        let m = MatchBuffer()
        #expect(try !r.resolve("/" + many + "/q", into: m))
        #expect(m.resolvePaths.catchAllWalks <= 4 * 4002, "\(m.resolvePaths.catchAllWalks) walks")
        #expect(m.resolvePaths.catchAllWalks > 0)
        let hit = try r.resolveBuffer("/" + many + "/y")
        #expect(hit.matched && hit.target == "t")
        #expect(pathPairs(hit).prefix(3) == ["a=x", "b=x", "c=x"])
    }

    @Test("past the memory the walk may use to remember, a limit error")
    func memoLimit() throws {
        var o = RouterOptions()
        o.limits.maxSegments = 1 << 20
        o.limits.maxURLLength = 1 << 20
        let r = try Router(options: o)
        for k in 0..<20 { try r.add("/*a/k\(k)/*b/y", target: "t\(k)") }
        let many = "/" + Array(repeating: "x", count: 300_000).joined(separator: "/")
        expectError(.limit, "many segments") { _ = try r.resolve(many) }
    }
}
