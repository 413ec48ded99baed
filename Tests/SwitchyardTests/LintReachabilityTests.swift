// Reachability (the shadowed-route lint) and explain, against brute force: on random route
// tables, every URL built from a vocabulary that covers each kind of segment is resolved,
// and the winners are compared with the analysis (a route reported shadowed never wins, a
// reachable one wins at least one URL, its example URL included) and with explain's order.
import Testing
import Switchyard


@Suite("Lint: reachability and explain against brute force")
struct LintReachabilityTests {
    static let origins = ["", "myapp://", "https://a.example.com", "https://*.example.com"]
    static let uuid = "0a1b2c3d-4e5f-6789-abcd-ef0123456789"
    /// Every part the generated patterns tell apart: their literals, other text, an int, a
    /// float that is no int, a uuid.
    static let vocabulary = ["a", "b", "7", "x", "42", "1.5", uuid]
    static let urlOrigins = ["", "myapp://", "https://a.example.com", "https://b.example.com", "https://other.test"]

    static func randomPattern(_ rng: inout SplitMix64) -> String {
        let origin = rng.pick(origins)
        var parts: [String] = []
        for i in 0..<rng.below(3) {
            switch rng.below(10) {
            case 0..<4: parts.append(rng.pick(["a", "b", "7"]))
            case 4, 5: parts.append(":p\(i)")
            case 6: parts.append("<int:p\(i)>")
            case 7: parts.append("<float:p\(i)>")
            case 8: parts.append("<uuid:p\(i)>")
            default: parts.append("*")
            }
        }
        switch rng.below(6) {
        case 0: parts.append("*")
        case 1: parts.append("*rest")
        case 2: parts.append("<path:rest>")
        default: if parts.last == "*" { parts[parts.count - 1] = ":last" }
        }
        let path = parts.joined(separator: "/")
        return origin == "myapp://" ? origin + path : origin + "/" + path
    }

    /// A router of up to `count` random routes (conflicting ones are skipped).
    static func randomRouter(_ rng: inout SplitMix64, count: Int,
                             precedence: RouterOptions.Precedence = .specificity) throws -> Router {
        var options = RouterOptions()
        options.precedence = precedence
        let r = try Router(options: options)
        for i in 0..<count {
            let priority = rng.below(5) == 0 ? rng.pick([-1, 1]) : 0
            _ = try? r.add(Route(randomPattern(&rng), target: "t\(i)", priority: priority))
        }
        return r
    }

    /// Every URL of the vocabulary up to `length` segments, on every origin.
    static func allURLs(maxLength: Int) -> [String] {
        var paths: [[String]] = [[]]
        var frontier: [[String]] = [[]]
        for _ in 0..<maxLength {
            frontier = frontier.flatMap { p in vocabulary.map { p + [$0] } }
            paths += frontier
        }
        var out: [String] = []
        for o in urlOrigins {
            for p in paths {
                if o == "myapp://" { out.append(p.isEmpty ? "myapp:" : o + p.joined(separator: "/")) }
                else { out.append(o + "/" + p.joined(separator: "/")) }
            }
        }
        return out
    }

    @Test("shadowed routes never win; reachable routes win their example URL", arguments: 0..<40)
    func reachabilityMatchesBruteForce(seed: Int) throws {
        try checkReachability(seed: seed, precedence: .specificity)
    }

    @Test("the same with the other precedences", arguments: 0..<16)
    func otherPrecedences(seed: Int) throws {
        try checkReachability(seed: seed, precedence: seed % 2 == 0 ? .registrationOrder : .mostLiterals)
        try checkExplain(seed: seed, precedence: seed % 2 == 0 ? .mostLiterals : .registrationOrder)
    }

    func checkReachability(seed: Int, precedence: RouterOptions.Precedence) throws {
        var rng = SplitMix64(state: UInt64(seed) &* 7919 &+ 11)
        let router = try Self.randomRouter(&rng, count: 2 + rng.below(7), precedence: precedence)
        let routes = router.routes
        let reach = router.reachability()
        var winners = Set<String>()
        for url in Self.allURLs(maxLength: 4) {
            if let m = try? router.resolveBuffer(url), m.matched, let t = m.target { winners.insert(t) }
        }
        let table = routes.map { "\($0.pattern) p\($0.priority)" }.joined(separator: ", ")
        for (i, route) in routes.enumerated() {
            guard case .target(let target) = route.destination else { continue }
            switch reach[i] {
            case .reachable(let example):
                #expect(winners.contains(target), "seed \(seed) \(precedence): \(route.pattern) reported reachable, wins nothing [\(table)]")
                let m = try router.resolveBuffer(example)
                #expect(m.target == target, "seed \(seed): example \(example) for \(route.pattern) goes to \(m.pattern ?? "nothing") [\(table)]")
            case .shadowed:
                #expect(!winners.contains(target), "seed \(seed) \(precedence): \(route.pattern) reported shadowed, but wins [\(table)]")
            case .undecided:
                Issue.record("seed \(seed): \(route.pattern) undecided [\(table)]")
            }
        }
    }

    @Test("explain's first candidate is the route resolve takes", arguments: 0..<15)
    func explainWinnerIsResolveWinner(seed: Int) throws {
        try checkExplain(seed: seed, precedence: .specificity)
    }

    func checkExplain(seed: Int, precedence: RouterOptions.Precedence) throws {
        var rng = SplitMix64(state: UInt64(seed) &* 104_729 &+ 3)
        let router = try Self.randomRouter(&rng, count: 3 + rng.below(6), precedence: precedence)
        let explainer = RouteExplainer(router)
        let urls = Self.allURLs(maxLength: 3)
        for k in 0..<150 {
            let url = urls[(k &* 7919 &+ seed) % urls.count]
            let m = try router.resolveBuffer(url)
            let e = try explainer.explain(url)
            #expect(e.winner?.entry.route.pattern == m.pattern,
                    "seed \(seed) \(url): explain says \(e.winner?.entry.route.pattern ?? "none"), resolve \(m.pattern ?? "none")")
            // Every candidate after the first lost for a stated reason.
            for c in e.candidates.dropFirst() { #expect(c.reason != nil) }
        }
    }

    @Test("shadowing verdicts on small tables", arguments: [
        (["/a/:x", "/a/:y|1"], [false, true]),                  // same shape, higher priority
        (["/a/:x", "/a/<int:n>|1"], [true, true]),              // ints only
        (["/a/<int:n>", "/a/:x|1"], [false, true]),             // every int is a segment
        (["/a/<int:n>", "/a/<float:f>|1"], [false, true]),      // every int is a float
        (["/a/<float:f>", "/a/<int:n>|1"], [true, true]),
        (["/a/*", "/a"], [true, true]),                          // /a/b still goes to the remainder
        (["/a/*", "/a", "/a/:x/*rest|1"], [false, true, true]),  // /a is taken, and every longer URL too
        (["/files/*rest", "/files/<path:p>|1"], [true, true]),   // the empty remainder is left
        (["/x/:a", "/x/a", "/x/:b|-1"], [true, true, false]),
        (["myapp://user/:id", "/user/:id"], [true, true]),       // other schemes
        (["https://*.example.com/a", "https://*.example.com/a|1"], [false, true]),
        (["https://w.example.com/a", "https://*.example.com/a|1"], [false, true]),
        (["https://*.example.com/a", "https://w.example.com/a|1"], [true, true]),
    ] as [([String], [Bool])])
    func verdicts(routes: [String], reachable: [Bool]) throws {
        let r = Router()
        for (i, spec) in routes.enumerated() {
            let bits = spec.split(separator: "|")
            try r.add(Route(String(bits[0]), target: "t\(i)", priority: bits.count > 1 ? Int(bits[1]) ?? 0 : 0))
        }
        let reach = r.reachability()
        for (i, expected) in reachable.enumerated() {
            if case .reachable(let url) = reach[i] {
                #expect(expected, "\(routes[i]) reported reachable (\(url)) in \(routes)")
                #expect(try r.resolveBuffer(url).target == "t\(i)", "\(routes[i]): \(url)")
            } else {
                #expect(!expected, "\(routes[i]) reported \(reach[i]) in \(routes)")
            }
        }
    }
}
