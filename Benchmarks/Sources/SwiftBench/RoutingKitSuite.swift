// Vapor RoutingKit 4.9.3 TrieRouter on the same sets.
//
// Its lookup takes the path already split into [String]. The main figure includes that
// split (`path.split(separator: "/").map(String.init)`), since a caller starts from a URL
// string as Switchyard's does; the "pre-split" row measures the lookup alone. Each lookup
// gets a fresh Parameters, as each request does in Vapor, made with one shared Logger
// (Parameters() would build a new Logger every time, which would be slower still).
// TrieRouter traps on two parameter names at one position of one prefix, so parameters are
// renamed by position (`:s<index>`): the same tree, the same captures.
import Logging
import RoutingKit

enum RoutingKitSuite {
    static func positionalComponents(_ pattern: String) -> [PathComponent] {
        pattern.split(separator: "/").enumerated().map { i, part in
            part.hasPrefix(":") ? .parameter("s\(i)") : PathComponent(stringLiteral: String(part))
        }
    }

    static func run(_ set: RouteSet, budgetNs: UInt64, log: (String) -> Void) -> [ResultRow] {
        let router = TrieRouter<Int>()
        var index: [String: Int] = [:]
        for (i, r) in set.routes.enumerated() {
            router.register(i, at: positionalComponents(r))
            index[r] = i
        }
        let logger = Logger(label: "bench")
        let requests = set.requests
        let split = requests.map { $0.split(separator: "/").map(String.init) }

        // Request i must hit the route registered for expected[i].
        var mismatches = 0
        for (i, path) in split.enumerated() {
            var params = Parameters(logger)
            let got = router.route(path: path, parameters: &params)
            if got == nil || got != index[set.expected[i]] {
                mismatches += 1
                if mismatches <= 5 {
                    let gotText = got.map { set.routes[$0] } ?? "no match"
                    log("routingkit \(set.name): \(requests[i]) -> \(gotText), expected \(set.expected[i])")
                }
            }
        }

        let withSplit = measure(lookups: requests.count, budgetNs: budgetNs) {
            var hits = 0
            for url in requests {
                var params = Parameters(logger)
                let path = url.split(separator: "/").map(String.init)
                if router.route(path: path, parameters: &params) != nil { hits &+= 1 }
            }
            return hits
        }
        let preSplit = measure(lookups: requests.count, budgetNs: budgetNs) {
            var hits = 0
            for path in split {
                var params = Parameters(logger)
                if router.route(path: path, parameters: &params) != nil { hits &+= 1 }
            }
            return hits
        }
        return [
            ResultRow(suite: set.name, router: "routingkit", stats: withSplit, routes: set.routes.count,
                      requests: requests.count, mismatches: mismatches,
                      note: "TrieRouter.route(path:parameters:), time includes splitting the path into [String]"),
            ResultRow(suite: set.name, router: "routingkit-presplit", stats: preSplit, routes: set.routes.count,
                      requests: requests.count, mismatches: mismatches,
                      note: "TrieRouter.route(path:parameters:) on paths split before timing"),
        ]
    }
}
