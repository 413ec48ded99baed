// No input and no option reaches the end of the stack (SEMANTICS.md §7): past a few calls,
// the walk keeps the nodes it must come back to in the MatchBuffer, and a table is built and
// released without recursion. A resolve works on a thread with a 64 KiB stack, on the deepest table
// the default limits admit, and a 50,000-segment pattern works with limits raised for it.
import Testing
import Switchyard
#if canImport(Glibc)
import Glibc
#endif

private final class StackBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `body` on a new POSIX thread whose stack is `bytes` long, and waits for it.
/// Returns false when the thread could not be made.
func runOnStack(of bytes: Int, _ body: @escaping () -> Void) -> Bool {
    var attr = pthread_attr_t()
    guard pthread_attr_init(&attr) == 0 else { return false }
    defer { pthread_attr_destroy(&attr) }
    guard pthread_attr_setstacksize(&attr, bytes) == 0 else { return false }
    let box = Unmanaged.passRetained(StackBody(body)).toOpaque()
    var thread = pthread_t()
    let rc = pthread_create(&thread, &attr, { raw in
        guard let raw else { return nil }
        Unmanaged<StackBody>.fromOpaque(raw).takeRetainedValue().body()
        return nil
    }, box)
    if rc != 0 {
        Unmanaged<StackBody>.fromOpaque(box).release()
        return false
    }
    pthread_join(thread, nil)
    return true
}

/// What a resolve on the small stack saw, handed back to the test's thread.
private final class Outcome: @unchecked Sendable {
    var answers: [String] = []
    var errors: [String] = []
}

@Suite("Stack")
struct StackTests {
    static let smallStack = 64 * 1024

    /// A node at every level of a 256-segment path has a literal child and a remainder
    /// route, so the walk must come back to every level: the deepest way down the default
    /// limits admit.
    static func deepRouter(_ options: RouterOptions = RouterOptions()) throws -> Router {
        let r = try Router(options: options)
        var routes: [Route] = []
        for d in 0..<255 {
            routes.append(Route("/" + String(repeating: "a/", count: d) + "*rest", target: "rest\(d)"))
        }
        routes.append(Route("/" + Array(repeating: "a", count: 256).joined(separator: "/"), target: "long"))
        routes.append(Route("/" + Array(repeating: ":p", count: 1).joined() + "/<int:n>/<float:f>/<uuid:u>", target: "typed"))
        routes.append(Route("/go/:x", redirect: "/" + String(repeating: "a/", count: 10) + "{x}"))
        try r.add(contentsOf: routes)
        return r
    }

    static func answer(_ m: MatchBuffer) -> String { m.matched ? "\(m.target ?? "?") \(m.remainder ?? "-")" : "miss" }

    @Test("a resolve works on a 64 KiB thread stack at the default limits")
    func smallStackDefaults() throws {
        let r = try Self.deepRouter()
        let deep = "/" + Array(repeating: "a", count: 255).joined(separator: "/") + "/b"
        let urls = [
            deep,                                                    // every level comes back
            "/" + Array(repeating: "a", count: 256).joined(separator: "/"),
            "/x/42/-2.5e3/123e4567-e89b-12d3-a456-426614174000",
            "/go/zz?q=1#f",                                          // one redirect
            "/a/%61/./b//c?x=%20",                                   // decoded, normalised
        ]
        let outcome = Outcome()
        let ran = runOnStack(of: Self.smallStack) {
            let m = MatchBuffer()
            for url in urls {
                do {
                    _ = try r.resolve(url, into: m)
                    outcome.answers.append(Self.answer(m))
                } catch {
                    outcome.errors.append("\(url): \(error)")
                }
            }
        }
        #expect(ran, "pthread_create with a 64 KiB stack failed")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.answers == [
            "rest254 a/b", "long -", "typed -", "rest10 zz", "rest2 b/c",
        ])
    }

    @Test("a 50,000-segment pattern builds, resolves and is released with limits raised for it")
    func fiftyThousandSegments() throws {
        var o = RouterOptions()
        o.limits.maxSegments = 60_000
        o.limits.maxPatternLength = 200_000
        o.limits.maxURLLength = 200_000
        let pattern = "/" + Array(repeating: "a", count: 50_000).joined(separator: "/")
        let url = pattern
        let outcome = Outcome()
        // Everything on the small stack: the add, the first resolve (which builds the
        // table), a walk that comes back at every level, and the release of it all.
        let ran = runOnStack(of: Self.smallStack) {
            do {
                let r = try Router(options: o)
                try r.add(pattern, target: "deep")
                try r.add("/a/*rest", target: "rest")
                try r.add("/:x/*rest", target: "param")
                let m = MatchBuffer()
                _ = try r.resolve(url, into: m)
                outcome.answers.append(Self.answer(m))
                _ = try r.resolve(url + "/b", into: m)   // deepest way fails: back up to the remainder
                outcome.answers.append(m.target ?? "miss")
                _ = try r.resolve("/b/" + Array(repeating: "a", count: 49_998).joined(separator: "/"), into: m)
                outcome.answers.append(m.target ?? "miss")
            } catch {
                outcome.errors.append("\(error)")
            }
        }
        #expect(ran, "pthread_create with a 64 KiB stack failed")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.answers == ["deep -", "rest", "param"])
    }

    @Test("a rule document with deep patterns loads and resolves on a 64 KiB stack")
    func deepDocumentOnSmallStack() throws {
        var o = RouterOptions()
        o.limits.maxSegments = 20_000
        o.limits.maxPatternLength = 50_000
        o.limits.maxURLLength = 50_000
        let deep = "/" + Array(repeating: "s", count: 20_000).joined(separator: "/")
        let doc = #"{"version": 1, "routes": [{"pattern": "\#(deep)", "target": "deep"}, {"pattern": "/s(/t)(/u)", "target": "g"}]}"#
        let outcome = Outcome()
        let ran = runOnStack(of: Self.smallStack) {
            do {
                let r = try Router(options: o)
                try r.loadRules(json: doc)
                outcome.answers.append(try r.resolveBuffer(deep).target ?? "miss")
                outcome.answers.append(try r.resolveBuffer("/s/u").target ?? "miss")
                try r.loadRules(json: #"{"version": 1, "routes": []}"#)  // releases the deep table
                outcome.answers.append(try r.resolveBuffer(deep).target ?? "miss")
            } catch {
                outcome.errors.append("\(error)")
            }
        }
        #expect(ran, "pthread_create with a 64 KiB stack failed")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.answers == ["deep", "g", "miss"])
    }

    @Test("walks that keep frames from the first level answer as the oracle does")
    func framesEqualOracle() throws {
        var failures = 0, hits = 0
        for t in 0..<400 where failures < 3 {
            let seed = 0xF4A3_E5 &+ UInt64(t)
            var rng = SplitMix64(state: seed)
            // Budget 0: every place the walk comes back to is a frame, none a call.
            let router = try Router(options: RouterOptions(), recursionBudget: 0)
            var table: [OracleRoute] = []
            for i in 0..<(1 + rng.below(14)) {
                let route = PropertyTests.randomRoute(&rng, index: i)
                if table.contains(where: { $0.pattern == route.pattern || ($0.sameShape(as: route) && $0.priority == route.priority) }) {
                    continue
                }
                if PropertyTests.add(route, to: router) == nil { table.append(route) }
            }
            for _ in 0..<25 {
                let segs = PropertyTests.segments(toTry: table, &rng)
                let (url, scheme) = PropertyTests.url(segs, &rng)
                let got = PropertyTests.describe(try router.resolveBuffer(url))
                let want = PropertyTests.describe(Oracle.winner(table, segs, scheme: scheme), segs, scheme: scheme)
                if want != "miss" { hits += 1 }
                if got != want {
                    failures += 1
                    Issue.record("seed \(seed): \(url)\n  frames: \(got)\n  oracle: \(want)\n\(PropertyTests.show(table))")
                    break
                }
            }
        }
        #expect(hits > 1000, "generator degenerate: \(hits) hits")
    }
}
