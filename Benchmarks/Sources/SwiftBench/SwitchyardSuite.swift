// Switchyard through its public Swift API: one Router, one reused MatchBuffer, resolve(_:into:).
import Switchyard

enum SwitchyardSuite {
    /// Builds the router (one batch add), checks every request, then measures.
    static func run(_ set: RouteSet, budgetNs: UInt64, log: (String) -> Void) -> ResultRow? {
        let router: Router
        do {
            router = Router()
            try router.add(contentsOf: set.routes.enumerated().map { Route($1, target: String($0)) })
        } catch {
            log("switchyard \(set.name): cannot build the router: \(error)")
            return nil
        }
        let match = MatchBuffer()
        let mismatches = check(set, router, match, log: log)
        let requests = set.requests
        let stats = measure(lookups: requests.count, budgetNs: budgetNs) {
            var hits = 0
            for url in requests {
                // A resolve error (none is expected here) counts as a miss; check() reports it.
                if (try? router.resolve(url, into: match)) == true { hits &+= 1 }
            }
            return hits
        }
        return ResultRow(suite: set.name, router: "switchyard", stats: stats, routes: set.routes.count,
                         requests: requests.count, mismatches: mismatches,
                         note: "Router.resolve(_:into:) with one reused MatchBuffer")
    }

    /// Resolves every request `passes` times and nothing else (for callgrind).
    static func profile(_ set: RouteSet, passes: Int) {
        let router = Router()
        guard (try? router.add(contentsOf: set.routes.enumerated().map { Route($1, target: String($0)) })) != nil
        else { return }
        let match = MatchBuffer()
        var hits = 0
        for _ in 0..<passes {
            for url in set.requests where (try? router.resolve(url, into: match)) == true { hits &+= 1 }
        }
        sink &+= hits
    }

    /// Request i must hit expected[i]; prints the first few that do not.
    static func check(_ set: RouteSet, _ router: Router, _ match: MatchBuffer, log: (String) -> Void) -> Int {
        var bad = 0
        for (i, url) in set.requests.enumerated() {
            let got: String
            do {
                got = try router.resolve(url, into: match) ? (match.pattern ?? "?") : "no match"
            } catch {
                got = "error \(error)"
            }
            if got != set.expected[i] {
                bad += 1
                if bad <= 5 { log("switchyard \(set.name): \(url) -> \(got), expected \(set.expected[i])") }
            }
        }
        return bad
    }
}
