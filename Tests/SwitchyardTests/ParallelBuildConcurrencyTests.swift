// A batch of 5,000 routes or more compiles, and is checked for conflicts, on two threads
// (RouterOptions.parallelBuild): the routes, the answers and the first error must be those
// of the same batch handled on the calling thread alone. The routers here split from
// `minimum` routes on, so that batches of a few thousand take the same path. Run under TSan by the Makefile (`--filter Concurrency`).
import Synchronization
import Testing
@testable import Switchyard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("ParallelBuildConcurrency")
struct ParallelBuildConcurrencyTests {
    /// The size the tests' routers split batches from.
    static let minimum = 4096

    /// Routes of every kind a batch holds: literals, parameters, optional groups, catch-alls,
    /// redirects with templates, typed query items.
    static func routes(_ count: Int) -> [Route] {
        (0..<count).map { i in
            switch i % 6 {
            case 0: return Route("/p\(i)/:id", target: "P\(i)")
            case 1: return Route("/g\(i)(/opt/:x)", target: "G\(i)", name: "g\(i)")
            case 2: return Route("/r\(i)/:a", redirect: "/p\(i - 2)/{a}")
            case 3: return Route("/c\(i)/*rest", target: "C\(i)")
            case 4: return Route("/q\(i)?page=<int:page=1>", target: "Q\(i)")
            default: return Route("/s\(i)/x/:y.:format", target: "S\(i)", priority: i % 3)
            }
        }
    }

    static func urls(_ count: Int) -> [String] {
        (0..<count).flatMap { i in ["/p\(i)/7", "/g\(i)", "/g\(i)/opt/z", "/r\(i)/v", "/c\(i)/a/b", "/q\(i)?page=3",
                                    "/s\(i)/x/f.json", "/none\(i)"] }
    }

    static func router(parallel: Bool) throws -> Router {
        var o = RouterOptions()
        o.parallelBuild = parallel
        let r = try Router(options: o)
        if parallel { r.parallelBuildMinimum = minimum }
        return r
    }

    /// The answer to `url`, as text to compare.
    static func answer(_ r: Router, _ url: String) -> String {
        do {
            guard let m = try r.resolve(url) else { return "no match" }
            return "\(m)"
        } catch {
            return "error \(error.code): \(error.message)"
        }
    }

    @Test("a large batch on two threads gives the routes and answers of one thread")
    func sameRoutesAndAnswers() throws {
        let count = Self.minimum + 905
        let one = try Self.router(parallel: false), two = try Self.router(parallel: true)
        try one.add(contentsOf: Self.routes(count))
        try two.add(contentsOf: Self.routes(count))
        #expect(two.routes == one.routes)
        #expect(two.routes.count == count)
        for url in Self.urls(count) where url.hasSuffix("7") || url.hasPrefix("/r") || url.hasPrefix("/q") {
            #expect(Self.answer(two, url) == Self.answer(one, url), "\(url)")
        }
        let last = (count - 3) / 6 * 6 + 2  // the last redirect route
        let hop = try two.resolve("/r\(last)/v")
        #expect(hop?.target == "P\(last - 2)" && hop?.url == "/p\(last - 2)/v")
    }

    /// What breaks a route of a batch: a pattern that does not compile, or the shape of
    /// the parameter route before it (a conflict, found as the routes are entered).
    enum Fault: CaseIterable { case pattern, conflict }

    @Test("the first error of the batch, in either half or shard, as one thread reports it; nothing of it stays",
          arguments: Fault.allCases, [[9], [3000], [4096], [5000], [20, 4500], [4999, 5001], [5001, 5003]])
    func sameFirstError(_ fault: Fault, _ bad: [Int]) throws {
        let count = Self.minimum * 5 / 4
        var batch = Self.routes(count)
        for i in bad {
            batch[i] = fault == .pattern ? Route("/bad\(i)/<nope:x>", target: "B")
                : Route("/p\(i - i % 6 - 6)/:other", target: "X\(i)")
        }
        var errors: [String] = []
        for parallel in [false, true] {
            let r = try Self.router(parallel: parallel)
            try r.add("/kept", target: "K")
            let e = #expect(throws: SwitchyardError.self) { try r.add(contentsOf: batch) }
            #expect(e?.routeIndex == bad[0])
            errors.append("\(e?.code as Any) \(e?.message ?? "") \(e?.position as Any)")
            #expect(r.routes.map(\.pattern) == ["/kept"])  // all or nothing
            // Nothing of the batch stayed in the conflict index: the batch without its faults goes in.
            try r.add(contentsOf: Self.routes(count))
            #expect(r.routes.count == count + 1)
        }
        #expect(errors[1] == errors[0])
        if fault == .conflict {
            let k = bad[0] - bad[0] % 6 - 6
            #expect(errors[0].contains("'/p\(k)/:other' conflicts with existing route '/p\(k)/:id'"), "\(errors[0])")
        }
    }

    @Test("the conflict check in two: each shard on a thread started for it, the caller waiting, one thread's answer")
    func conflictCheckInTwo() throws {
        let config = try Self.router(parallel: true).patternConfig
        var batch = Self.routes(Self.minimum)
        for i in [700, 3001] { batch[i] = Route("/p\(i - i % 6 - 6)/:other", target: "X\(i)") }
        let routes = try RouterState.prepare(taking: &batch, config: config, cost: PatternCost(), splitAt: nil)
        let caller = pthread_self()
        let calls = Atomic<Int>(0), onCaller = Atomic<Int>(0)
        var answers: [String] = []
        for inTwo in [false, true] {
            var index = ConflictIndex()
            let conflict = routes.withUnsafeBufferPointer { rs in
                index.enter(rs, inTwo: inTwo) { _ in
                    if inTwo {
                        calls.add(1, ordering: .relaxed)
                        if pthread_equal(pthread_self(), caller) != 0 { onCaller.add(1, ordering: .relaxed) }
                    }
                    return true
                }
            }
            answers.append("\(conflict?.index ?? -1) \(conflict?.variant ?? -1) \(conflict?.other.route.pattern ?? "")")
        }
        #expect(answers[1] == answers[0])
        #expect(answers[0] == "700 0 /p690/:id")
        #expect(calls.load(ordering: .relaxed) > 0)
        #expect(onCaller.load(ordering: .relaxed) == 0)
    }

    @Test("a large document replaced by itself meets no conflict; one within it is found on either path")
    func documentConflicts() throws {
        let count = Self.minimum + 100
        let items = (0..<count).map { #"{"pattern": "/d\#($0)/:id", "target": "D\#($0)"}"# }
        let json = #"{"version": 1, "routes": ["# + items.joined(separator: ",\n") + "]}"
        var clashing = items
        clashing[count - 9] = #"{"pattern": "/d3/:other", "target": "X"}"#
        let bad = #"{"version": 1, "routes": ["# + clashing.joined(separator: ",\n") + "]}"
        var errors: [String] = []
        for parallel in [false, true] {
            let r = try Self.router(parallel: parallel)
            try r.loadRules(json: json)
            try r.loadRules(json: json)
            #expect(r.routes.count == count)
            let e = #expect(throws: SwitchyardError.self) { try r.loadRules(json: bad) }
            errors.append("\(e?.code as Any) \(e?.message ?? "")")
            #expect(try r.resolve("/d\(count - 9)/1")?.target == "D\(count - 9)", "the previous document stays")
            try r.loadRules(json: json)
            #expect(r.routes.count == count)
        }
        #expect(errors[1] == errors[0])
        #expect(errors[0].contains("$.routes[\(count - 9)]") && errors[0].contains("conflicts with"), "\(errors[0])")
    }

    @Test("a document's error names the same JSON path on either path, redirect errors included",
          arguments: [("/bad/<nope:x>", "\"target\": \"B\""), ("/bad/:x", "\"redirect\": \"/{x\""),
                      ("/bad/:x", "\"redirect\": \"/{y}\"")])
    func sameDocumentError(_ bad: (String, String)) throws {
        let count = Self.minimum + 100
        var items = (0..<count).map { #"{"pattern": "/d\#($0)/:id", "target": "D\#($0)"}"# }
        items[count - 7] = #"{"pattern": "\#(bad.0)", \#(bad.1)}"#
        let json = #"{"version": 1, "routes": ["# + items.joined(separator: ",\n") + "]}"
        var errors: [String] = []
        for parallel in [false, true] {
            let r = try Self.router(parallel: parallel)
            let e = #expect(throws: SwitchyardError.self) { try r.loadRules(json: json) }
            errors.append("\(e?.code as Any) \(e?.message ?? "") \(e?.position as Any)")
            #expect(r.routes.count == 0)
        }
        #expect(errors[1] == errors[0])
        #expect(errors[0].contains("$.routes[\(count - 7)]"), "\(errors[0])")
    }

    @Test("parallelBuild: on by default from 5,000 routes; off, never")
    func option() throws {
        #expect(RouterOptions().parallelBuild)
        #expect(Router().parallelBuildMinimum == ParallelBuild.minimumRoutes)
        #expect(try Self.router(parallel: false).parallelBuildMinimum == nil)
        var config = try Self.router(parallel: true).patternConfig
        #expect(ParallelBuild.minimumRoutes == 5_000)
        #expect(ParallelBuild.shouldSplit(5_000, from: 5_000, config) == ParallelBuild.hasSecondProcessor)
        #expect(!ParallelBuild.shouldSplit(4_999, from: 5_000, config))
        #expect(!ParallelBuild.shouldSplit(1_000_000, from: nil, config))
        let typed = try Self.router(parallel: true)
        try typed.registerParameterType("even", parse: { _ in true })
        config = typed.patternConfig
        #expect(!ParallelBuild.shouldSplit(1_000_000, from: 5_000, config))
    }

    @Test("a table's trie is made in two where a batch of as many routes is compiled in two")
    func tableSplitsAsTheBatch() throws {
        let plain = try Router()
        #expect(plain.buildsInTwo(ParallelBuild.minimumRoutes) == ParallelBuild.hasSecondProcessor)
        #expect(!plain.buildsInTwo(ParallelBuild.minimumRoutes - 1))
        #expect(try !Self.router(parallel: false).buildsInTwo(1_000_000))
        let typed = try Router()
        try typed.registerParameterType("even", parse: { _ in true })
        #expect(!typed.buildsInTwo(1_000_000), "no thread while the router has a parse function")
    }

    @Test("neither piece of work runs on the calling thread, and both have run when it returns")
    func callerOnlyWaits() {
        // A thread that forked keeps its parent's id in the Swift runtime's locks: it must
        // never run beside a second thread (Concurrently.swift).
        let caller = pthread_self()
        let onCaller = Atomic<Int>(0), ran = Atomic<Int>(0)
        func piece() {
            if pthread_equal(pthread_self(), caller) != 0 { onCaller.add(1, ordering: .relaxed) }
            ran.add(1, ordering: .relaxed)
        }
        for _ in 0..<20 { concurrently(piece, piece) }
        #expect(ran.load(ordering: .relaxed) == 40)
        #expect(onCaller.load(ordering: .relaxed) == 0)
    }

    @Test("the threads start with every signal blocked; the caller's mask is kept")
    func helperBlocksSignals() {
        func blocked(_ signal: Int32) -> Bool {
            var mask = sigset_t()
            pthread_sigmask(SIG_SETMASK, nil, &mask)
            return sigismember(&mask, signal) == 1
        }
        let callerBefore = blocked(SIGINT)
        let helper = Mutex<[Bool]>([])
        func record() {
            let onHelper = [blocked(SIGINT), blocked(SIGTERM), blocked(SIGUSR1)]
            helper.withLock { $0 += onHelper }
        }
        concurrently(record, record)
        #expect(helper.withLock { $0 } == Array(repeating: true, count: 6))
        #expect(blocked(SIGINT) == callerBefore)
    }

    @Test("a wrong estimate of the first half's cost is caught: the second half is compiled again")
    func wrongEstimate() throws {
        let count = Self.minimum + 10
        let half = count / 2
        let config = try Self.router(parallel: true).patternConfig
        var expected = Self.routes(count)
        let one = try RouterState.prepare(taking: &expected, config: config, cost: PatternCost(), splitAt: nil)
        for skew in [-500_000, 1, 1 << 28] {  // the last leaves the second half no room
            var batch = Self.routes(count)
            var running = PatternCost()
            for r in batch { running.patternBytes += r.pattern.utf8.count }
            var atHalf = running
            atHalf.expandedBytes = one[..<half].reduce(0) { $0 + $1.expandedSize } + skew
            let two = try RouterState.prepareInTwo(taking: &batch, half: half, running: running, atHalf: atHalf,
                                                   config: config, pool: LiteralPool(), annotate: nil)
            #expect(two.map(\.route) == one.map(\.route))
            #expect(two.map(\.expandedSize) == one.map(\.expandedSize))
        }
    }

    @Test("an app's parse function runs on the calling thread: such a router builds on one")
    func parseFunctionsStayOnTheCallingThread() throws {
        let caller = pthread_self()
        let elsewhere = Atomic<Int>(0)
        let r = try Self.router(parallel: true)
        try r.registerParameterType("even", parse: { text in
            if pthread_equal(pthread_self(), caller) == 0 { elsewhere.add(1, ordering: .relaxed) }
            return (Int(text) ?? 1) % 2 == 0
        })
        var batch = Self.routes(Self.minimum + 50)
        for i in stride(from: 1, to: batch.count, by: 97) { batch[i] = Route("/e\(i)?n=<even:n=4>", target: "E\(i)") }
        try r.add(contentsOf: batch)
        #expect(elsewhere.load(ordering: .relaxed) == 0)
        #expect(try r.resolve("/e1?n=6")?.target == "E1")
        #expect(try r.resolve("/e1?n=5") == nil)
    }
}
