// GitLab's routes as the wayfind router's benchmark has them (Tests/Data/router-bench/
// gitlab-wayfind): 3,562 routes, most with a catch-all in the middle (`/*namespace_id/
// :project_id/-/...`) and some with inline parameters (`:id.:format`). They load only with a
// strict trailing slash (the set holds `/x` and `/x/`). The requests are its hits and misses
// files; there is no request-to-route pairing, so mismatches count hits that miss.
import Foundation
import Switchyard

enum GitLabSuite {
    static func run(dir: String, budgetNs: UInt64, log: (String) -> Void) -> ResultRow? {
        guard let routes = try? String(contentsOfFile: "\(dir)/routes.txt", encoding: .utf8),
              let hits = try? String(contentsOfFile: "\(dir)/requests-hits.txt", encoding: .utf8),
              let misses = try? String(contentsOfFile: "\(dir)/requests-misses.txt", encoding: .utf8) else {
            log("skipping gitlab: cannot read \(dir)")
            return nil
        }
        func paths(_ text: String) -> [String] {
            text.split(separator: "\n").compactMap { line in
                line.hasPrefix("#") ? nil : line.split(separator: " ", maxSplits: 1).last.map(String.init)
            }
        }
        let router: Router
        do {
            var options = RouterOptions()
            options.strictTrailingSlash = true
            router = try Router(options: options)
            try router.add(contentsOf: paths(routes).map { Route($0, target: $0) })
        } catch {
            log("switchyard gitlab: cannot build the router: \(error)")
            return nil
        }
        let hitPaths = paths(hits)
        let requests = hitPaths + paths(misses)
        let match = MatchBuffer()
        var mismatches = 0
        for url in hitPaths where (try? router.resolve(url, into: match)) != true {
            mismatches += 1
            log("switchyard gitlab: \(url) does not match")
        }
        let stats = measure(lookups: requests.count, budgetNs: budgetNs) {
            var found = 0
            for url in requests where (try? router.resolve(url, into: match)) == true { found &+= 1 }
            return found
        }
        return ResultRow(suite: "gitlab", router: "switchyard", stats: stats, routes: paths(routes).count,
                         requests: requests.count, mismatches: mismatches,
                         note: "strict trailing slash; the hits and misses files, mid-path catch-alls")
    }
}
