// Rule documents and redirects: loading a 10,000-route rule document, and a resolve that goes through
// one redirect against a direct resolve.
import Switchyard

enum RulesSuite {
    /// A `{"version": 1, "routes": [...]}` document of `count` routes over web and custom
    /// schemes (distinct shapes from the random generator, so no conflicts); one route in ten
    /// is a redirect into the app.
    static func document(count: Int) -> String {
        let set = randomRouteSet(count: count, requests: 1, seed: randomSeed ^ 0xD0C)
        var parts: [String] = []
        parts.reserveCapacity(count)
        for (i, path) in set.routes.enumerated() {
            let pattern = i % 2 == 0 ? "https://www.example.com\(path)" : "myapp:/\(path)"
            if i % 10 == 3 {
                parts.append("{\"pattern\": \"\(pattern)\", \"redirect\": \"myapp://open/page\(i)\"}")
            } else {
                parts.append("{\"pattern\": \"\(pattern)\", \"target\": \"Page\(i)\", \"name\": \"r\(i)\"}")
            }
        }
        return "{\"version\": 1, \"routes\": [\n" + parts.joined(separator: ",\n") + "\n]}"
    }

    /// Median of `runs` loads into fresh routers: the load alone (which builds the table before
    /// it is published), and the load plus the first resolve, when a host's first request is
    /// answered.
    static func load(runs: Int, log: (String) -> Void) -> [ResultRow] {
        let count = 10_000
        let doc = document(count: count)
        var loadNs: [Double] = [], readyNs: [Double] = []
        for _ in 0..<runs {
            do {
                let router = Router()
                let match = MatchBuffer()
                let t0 = nowNs()
                try router.loadRules(json: doc)
                let t1 = nowNs()
                _ = try router.resolve("myapp://open/nothing", into: match)
                let t2 = nowNs()
                loadNs.append(Double(t1 - t0)); readyNs.append(Double(t2 - t0))
            } catch {
                log("rules: the \(count)-route document did not load: \(error)")
                return []
            }
        }
        func row(_ suite: String, _ v: [Double], _ note: String) -> ResultRow {
            let s = v.sorted()
            return ResultRow(suite: suite, router: "switchyard",
                             stats: Stats(medianNs: s[s.count / 2], p99Ns: s[s.count - 1], samples: s.count,
                                          allocsPerLookup: .nan),
                             routes: count, requests: 1, mismatches: 0, note: note)
        }
        return [
            row("rules-load-10000", loadNs,
                "Router.loadRules(json:) of a \(doc.utf8.count)-byte document; ns_per_lookup is the whole load (median of \(runs)), p99_ns the slowest"),
            row("rules-load-10000+first-resolve", readyNs,
                "the load plus the first resolve (median of \(runs))"),
        ]
    }

    /// One load and first resolve of the 10,000-route document, for callgrind.
    static func profileLoad() {
        let doc = document(count: 10_000)
        let router = Router()
        guard (try? router.loadRules(json: doc)) != nil else { return }
        _ = try? router.resolve("myapp://open/nothing")
    }

    static let redirectDocument = """
        {"version": 1, "routes": [
          {"pattern": "https://example.com/skill/:language", "redirect": "myapp://app/skill/{language}"},
          {"pattern": "myapp://app/skill/:language", "target": "Skill"},
          {"pattern": "myapp://app/other/:x", "target": "Other"}]}
        """
    static let languages = (0..<100).map { "lang\($0)" }
    static let direct = languages.map { "myapp://app/skill/\($0)" }
    static let viaRedirect = languages.map { "https://example.com/skill/\($0)" }

    /// Only the resolves of redirect() (hops 1: through the redirect, 0: direct), for callgrind.
    static func profileRedirect(hops: Int, passes: Int) {
        let router = Router()
        guard (try? router.loadRules(json: redirectDocument)) != nil else { return }
        let match = MatchBuffer()
        let urls = hops == 1 ? viaRedirect : direct
        var hits = 0
        for _ in 0..<passes {
            for url in urls where (try? router.resolve(url, into: match)) == true { hits &+= 1 }
        }
        sink &+= hits
    }

    /// A web URL redirected into the app vs the app URL resolved directly (SEMANTICS §6).
    static func redirect(budgetNs: UInt64, log: (String) -> Void) -> [ResultRow] {
        let router: Router
        do {
            router = Router()
            try router.loadRules(json: redirectDocument)
        } catch {
            log("rules: the redirect document did not load: \(error)")
            return []
        }
        let match = MatchBuffer()
        var mismatches = 0
        for url in direct + viaRedirect {
            let ok = (try? router.resolve(url, into: match)) == true && match.target == "Skill"
            if !ok {
                mismatches += 1
                if mismatches <= 3 { log("rules: \(url) did not reach Skill") }
            }
        }
        func run(_ urls: [String]) -> Stats {
            measure(lookups: urls.count, budgetNs: budgetNs) {
                var hits = 0
                for url in urls where (try? router.resolve(url, into: match)) == true { hits &+= 1 }
                return hits
            }
        }
        return [
            ResultRow(suite: "redirect-direct", router: "switchyard", stats: run(direct), routes: 3,
                      requests: direct.count, mismatches: mismatches, note: "myapp://app/skill/<lang> resolved directly"),
            ResultRow(suite: "redirect-1-hop", router: "switchyard", stats: run(viaRedirect), routes: 3,
                      requests: viaRedirect.count, mismatches: mismatches,
                      note: "https://example.com/skill/<lang> redirected to myapp://app/skill/{language} and resolved again"),
        ]
    }
}
