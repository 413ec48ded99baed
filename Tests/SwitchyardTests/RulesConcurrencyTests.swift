// SEMANTICS.md §5 and §7 for documents: a document is applied all or nothing while other
// threads resolve. One thread loads 1,000 documents (every tenth one invalid, which must
// change nothing) while two threads resolve; every answer must belong to one document
// version, redirect chains included. Run under TSan by the Makefile (`--filter Concurrency`).
import Synchronization
import Testing
import Switchyard
#if canImport(Glibc)
import Glibc
#endif

/// A plain POSIX thread: GCD's pool can be busy with other tests running in parallel, and
/// the readers must really run during the loads.
private final class ThreadBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

private func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let rc = pthread_create(&thread, nil, { raw in
        guard let raw else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
        return nil
    }, box)
    if rc != 0 {
        Unmanaged<ThreadBody>.fromOpaque(box).release()
        return nil
    }
    return thread
}

private final class RuleFailures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ s: String) { list.withLock { if $0.count < 20 { $0.append(s) } } }
    var all: [String] { list.withLock { $0 } }
}

@Suite("RulesConcurrency")
struct RulesConcurrencyTests {
    /// Document version `k`: every route's answer carries `k`, and the redirect chain
    /// /go/:x -> /mid/{x}?v=k -> /end/{x}?w=k crosses two more routes of the same version, so a
    /// chain that mixed versions, or a half-applied document, gives an answer no version gives.
    /// The number of /n routes changes with `k`, so every document has a different table.
    static func document(_ k: Int) -> String {
        var routes = [
            #"{"pattern": "/a", "target": "a\#(k)"}"#,
            #"{"pattern": "/go/:x", "redirect": "/mid/{x}?v=\#(k)"}"#,
            #"{"pattern": "/mid/:x", "redirect": "/end/{x}?w=\#(k)"}"#,
            #"{"pattern": "/end/:x", "target": "end\#(k)"}"#,
        ]
        for n in 0..<(k % 7) { routes.append(#"{"pattern": "/n/\#(n)", "target": "n\#(k)"}"#) }
        return #"{"version": 1, "routes": ["# + routes.joined(separator: ", ") + "]}"
    }

    /// An invalid document: its last route conflicts with its first.
    static func invalidDocument(_ k: Int) -> String {
        #"{"version": 1, "routes": [{"pattern": "/a", "target": "bad\#(k)"}, {"pattern": "/end/:x", "target": "bad"}, {"pattern": "/end/:y", "target": "bad"}]}"#
    }

    /// The version an answer belongs to, or nil when it belongs to none.
    static func version(_ url: String, _ m: MatchBuffer) -> Int? {
        switch url {
        case "/a":
            guard m.matched, let t = m.target, t.hasPrefix("a"), let k = Int(t.dropFirst()) else { return nil }
            return k
        case "/go/7":
            guard m.matched, let t = m.target, t.hasPrefix("end"), let k = Int(t.dropFirst(3)) else { return nil }
            // The whole chain must come from version k.
            let chain = ["/go/7", "/mid/7?v=\(k)", "/end/7?w=\(k)&v=\(k)"]
            guard m.redirects == chain, m.url == chain[2] else { return nil }
            return k
        default:
            return nil
        }
    }

    @Test("1,000 document loads while two threads resolve: every answer belongs to one version")
    func reloadWhileResolving() throws {
        let r = Router()
        try r.add("/manual/:id", target: "manual")
        try r.loadRules(json: Self.document(0))
        let failures = RuleFailures()
        let stop = Atomic<Bool>(false)
        let resolves = Atomic<Int>(0)
        let started = Atomic<Int>(0)
        var threads: [pthread_t] = []
        for reader in 0..<2 {
            guard let thread = startThread({
                let scratch = MatchBuffer()
                started.add(1, ordering: .releasing)
                var last = ["/a": 0, "/go/7": 0]
                var count = 0
                while !stop.load(ordering: .acquiring) || count < 200 {
                    for url in ["/a", "/go/7"] {
                        do {
                            let m: MatchBuffer
                            if (count + reader) % 2 == 0 {
                                m = try r.resolveBuffer(url)
                            } else {
                                _ = try r.resolve(url, into: scratch)
                                m = scratch
                            }
                            guard let k = Self.version(url, m) else {
                                failures.add("\(url) → \(m.target ?? "miss") via \(m.redirects): no single version")
                                continue
                            }
                            // Versions only move forward: a resolve never sees an older table.
                            if k < last[url, default: 0] { failures.add("\(url): version \(k) after \(last[url]!)") }
                            last[url] = k
                            if try r.resolveBuffer("/manual/1").target != "manual" {
                                failures.add("the route added by hand disappeared")
                            }
                        } catch {
                            failures.add("\(url): \(error)")
                        }
                        count += 1
                    }
                }
                resolves.add(count, ordering: .relaxed)
            }) else {
                Issue.record("pthread_create failed")
                continue
            }
            threads.append(thread)
        }
        // The loads run on this thread.
        let clock = ContinuousClock()
        // Start loading once both readers run (bounded, so the test cannot hang).
        let deadline = clock.now + .seconds(30)
        while started.load(ordering: .acquiring) < 2 && clock.now < deadline { _ = sched_yield() }
        let start = clock.now
        for k in 1...1000 {
            do {
                if k % 10 == 0 {
                    do throws(SwitchyardError) {
                        try r.loadRules(json: Self.invalidDocument(k))
                        failures.add("invalid document \(k) loaded")
                    } catch where error.code == .rule {
                        // Expected: nothing changed.
                    }
                } else {
                    try r.loadRules(json: Self.document(k))
                }
            } catch {
                failures.add("load \(k): \(error)")
            }
        }
        let loadTime = clock.now - start
        stop.store(true, ordering: .releasing)
        for t in threads { pthread_join(t, nil) }
        for f in failures.all { Issue.record(Comment(rawValue: f)) }
        print("RulesConcurrency: \(resolves.load(ordering: .relaxed)) resolves during 1,000 loads (\(loadTime))")
        // The last valid document (999) is the current one.
        #expect(try r.resolveBuffer("/a").target == "a999")
        #expect(try r.resolveBuffer("/n/4").target == "n999")
        #expect(r.routes.count == 1 + 4 + 999 % 7)
    }
}
