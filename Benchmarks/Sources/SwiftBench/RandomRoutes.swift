// The large-table set: random routes of 3 to 6 segments, each a literal or a parameter,
// with distinct shapes (two routes of one shape would be a conflict), and one concrete
// request per route. Parameter values are digits and literals are letters, so the only
// routes a request can match are its own and less specific ones: request i must hit route i.

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func randomRouteSet(count: Int, requests requestCount: Int, seed: UInt64) -> RouteSet {
    var rng = SplitMix64(state: seed)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    // A vocabulary small enough that routes share prefixes (a real tree, not a flat list).
    let words: [String] = (0..<2000).map { _ in
        String((0..<Int.random(in: 3...10, using: &rng)).map { _ in letters[Int.random(in: 0..<letters.count, using: &rng)] })
    }
    var shapes = Set<String>()
    var routes: [String] = [], requests: [String] = []
    routes.reserveCapacity(count)
    while routes.count < count {
        let depth = Int.random(in: 3...6, using: &rng)
        var pattern = "", shape = "", request = ""
        for i in 0..<depth {
            if Int.random(in: 0..<4, using: &rng) == 0 {
                pattern += "/:p\(i)"; shape += "/:"; request += "/\(Int.random(in: 0..<100_000, using: &rng))"
            } else {
                let w = words[Int.random(in: 0..<words.count, using: &rng)]
                pattern += "/" + w; shape += "/" + w; request += "/" + w
            }
        }
        guard shapes.insert(shape).inserted else { continue }
        routes.append(pattern); requests.append(request)
    }
    // Request a spread sample (not only the first routes), keeping pairs aligned.
    var pickedRoutes: [String] = [], pickedRequests: [String] = []
    let step = max(1, count / requestCount)
    var i = 0
    while i < count && pickedRoutes.count < requestCount {
        pickedRoutes.append(routes[i]); pickedRequests.append(requests[i]); i += step
    }
    return RouteSet(name: "random-\(count)", routes: routes, requests: pickedRequests,
                    expected: pickedRoutes)
}
