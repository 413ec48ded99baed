// The route sets of Tests/Data/router-bench: `METHOD PATH` lines, `#` comments. The method is
// ignored (the sets used here are GET only); request i is meant to hit route i.
import Foundation

struct RouteSet {
    let name: String
    /// Every route registered, in file order.
    let routes: [String]
    let requests: [String]
    /// expected[i]: the route request i must hit.
    let expected: [String]

    init(name: String, routes: [String], requests: [String], expected: [String]? = nil) {
        self.name = name
        self.routes = routes
        self.requests = requests
        self.expected = expected ?? routes
    }

    /// Reads `<dir>/routes.txt` and `<dir>/requests.txt`. Returns nil with a message when a
    /// file is missing or the two lists differ in length (request i must pair with route i).
    static func load(name: String, dir: String) -> Result<RouteSet, BenchError> {
        let routes: [String], requests: [String]
        switch (readPaths("\(dir)/routes.txt"), readPaths("\(dir)/requests.txt")) {
        case (.success(let r), .success(let q)): (routes, requests) = (r, q)
        case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
        }
        guard routes.count == requests.count, !routes.isEmpty else {
            return .failure(BenchError("\(dir): \(routes.count) routes but \(requests.count) requests"))
        }
        return .success(RouteSet(name: name, routes: routes, requests: requests))
    }

    private static func readPaths(_ file: String) -> Result<[String], BenchError> {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            return .failure(BenchError("cannot read \(file)"))
        }
        var paths: [String] = []
        for line in text.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("#") { continue }
            // `METHOD PATH`: keep what follows the first space (a bare path is kept whole).
            let path = t.split(separator: " ", maxSplits: 1).last.map(String.init) ?? t
            paths.append(path)
        }
        return .success(paths)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
