// SEMANTICS.md §7 and §9: a route table is never built under the router's lock. A document's
// table is built before it is published, so while it is built other threads keep resolving
// on the previous table, without waiting; a table needed after single changes is built by
// one resolve while the others that need it wait for it, not for the lock. Run under TSan by
// the Makefile (`--filter Concurrency`).
import Synchronization
import Testing
import Switchyard
#if canImport(Glibc)
import Glibc
#endif

private final class BuildFailures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ s: String) { list.withLock { if $0.count < 20 { $0.append(s) } } }
    var all: [String] { list.withLock { $0 } }
}

/// Waits (yielding) until `done` holds, for at most `rounds` yields: a guard against a
/// hang, not a measure of time.
private func waitUntil(rounds: Int = 50_000_000, _ done: () -> Bool) -> Bool {
    var n = 0
    while !done() {
        if n == rounds { return false }
        n += 1
        _ = sched_yield()
    }
    return true
}

@Suite("BuildConcurrency")
struct BuildConcurrencyTests {
    static func document(_ version: Int, routes: Int) -> String {
        var items = [#"{"pattern": "/v", "target": "v\#(version)"}"#]
        for i in 0..<routes {
            items.append(#"{"pattern": "/bulk\#(version)/r\#(i)/:id(/more/:x)", "target": "r\#(i)"}"#)
        }
        return #"{"version": 1, "routes": ["# + items.joined(separator: ", ") + "]}"
    }

    @Test("a resolve on another thread completes while a document's table is being built")
    func resolveDuringBuild() throws {
        let r = Router()
        try r.loadRules(json: Self.document(1, routes: 10))
        let failures = BuildFailures()
        let go = Atomic<Int>(0)        // 1: resolve now; 2: the test is over
        let answered = Atomic<Int>(0)  // resolves completed on request
        let seen = Mutex<[String]>([])
        var thread = pthread_t()
        final class Body { let run: () -> Void; init(_ run: @escaping () -> Void) { self.run = run } }
        let body = Body {
            let warm = MatchBuffer()
            _ = try? r.resolve("/v", into: warm)
            while true {
                let g = go.load(ordering: .acquiring)
                if g == 2 { return }
                if g == 1 && answered.load(ordering: .acquiring) == 0 {
                    do {
                        // A new MatchBuffer takes the router's lock to find the table; a warm one does not.
                        let fresh = try r.resolveBuffer("/v")
                        _ = try r.resolve("/v", into: warm)
                        seen.withLock { $0 += [fresh.target ?? "miss", warm.target ?? "miss"] }
                    } catch {
                        failures.add("resolve: \(error)")
                    }
                    answered.store(1, ordering: .releasing)
                }
                _ = sched_yield()
            }
        }
        let box = Unmanaged.passRetained(body).toOpaque()
        guard pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box) == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            Issue.record("pthread_create failed")
            return
        }
        let hookRan = Atomic<Int>(0)
        r.setWhileBuildingTable {
            // On the loading thread, with the table about to be built and no lock held: the
            // other thread must be able to resolve now, before this load can finish.
            hookRan.add(1, ordering: .relaxed)
            go.store(1, ordering: .releasing)
            if !waitUntil({ answered.load(ordering: .acquiring) == 1 }) {
                failures.add("the resolve on the other thread did not complete during the build")
            }
        }
        try r.loadRules(json: Self.document(2, routes: 3000))
        r.setWhileBuildingTable(nil)
        go.store(2, ordering: .releasing)
        pthread_join(thread, nil)
        for f in failures.all { Issue.record(Comment(rawValue: f)) }
        #expect(hookRan.load(ordering: .relaxed) == 1)
        // The resolves during the build saw the previous document, whole.
        #expect(seen.withLock { $0 } == ["v1", "v1"])
        // Once the load returned, its routes answer.
        #expect(try r.resolveBuffer("/v").target == "v2")
        #expect(try r.resolveBuffer("/bulk2/r2999/7/more/8").target == "r2999")
        #expect(try !r.resolveBuffer("/bulk1/r0/7").matched)
    }

    @Test("many threads that need a new table after an add all get it, one whole version")
    func lazyBuildShared() throws {
        let r = Router()
        try r.loadRules(json: Self.document(1, routes: 2000))
        let failures = BuildFailures()
        let threads = 4
        let built = r.tablesBuiltByResolves
        for round in 0..<5 {
            try r.add("/round\(round)", target: "round\(round)")
            var bodies: [@Sendable () -> Void] = []
            for _ in 0..<threads {
                bodies.append {
                    do {
                        let m = try r.resolveBuffer("/round\(round)")
                        if m.target != "round\(round)" { failures.add("round \(round): \(m.target ?? "miss")") }
                        if try r.resolveBuffer("/bulk1/r1999/5").target != "r1999" { failures.add("round \(round): bulk") }
                    } catch {
                        failures.add("round \(round): \(error)")
                    }
                }
            }
            runOnThreads(bodies)
        }
        for f in failures.all { Issue.record(Comment(rawValue: f)) }
        // One build per add, however many threads needed the new table at once.
        #expect(r.tablesBuiltByResolves - built == 5)
    }
}
