import Testing
import Switchyard

/// A handler that dispatches: nesting is bounded per thread, so a link that opens itself is a
/// limit error and never a stack overflow.
@Suite("Dispatch nesting") struct DispatchNestingTests {
    final class Counter: @unchecked Sendable { var calls = 0; var remaining = 0 }

    func router(_ counter: Counter) throws -> Router {
        let router = Router()
        try router.add("/go", target: "Go")
        router.handle("Go") { [unowned router] _, _ in
            counter.calls += 1
            if counter.remaining <= 0 { return .accepted(counter.calls) }
            counter.remaining -= 1
            return .accepted(try router.dispatch("/go").value)
        }
        return router
    }

    @Test func thirtyTwoLevelsDispatch() throws {
        let counter = Counter()
        counter.remaining = 31
        let r = try router(counter)
        let result = try r.dispatch("/go")
        #expect(result.accepted)
        #expect(counter.calls == 32)
    }

    @Test func deeperIsALimitErrorAndTheCountComesBack() throws {
        let counter = Counter()
        counter.remaining = 10_000
        let r = try router(counter)
        do {
            _ = try r.dispatch("/go")
            Issue.record("a dispatch nested 10,000 deep succeeded")
        } catch let e as SwitchyardError {
            #expect(e.code == .limit)
            #expect(e.message.contains("dispatch depth limit"))
        }
        #expect(counter.calls == 32)
        counter.remaining = 0
        #expect(try r.dispatch("/go").accepted)
    }

    @Test func theDepthIsPerThreadAcrossRouters() throws {
        // Two routers whose handlers dispatch on each other share the thread's count.
        let a = Router(), b = Router()
        try a.add("/a", target: "A")
        try b.add("/b", target: "B")
        let counter = Counter()
        a.handle("A") { [unowned b] _, _ in counter.calls += 1; return .accepted(try b.dispatch("/b").value) }
        b.handle("B") { [unowned a] _, _ in counter.calls += 1; return .accepted(try a.dispatch("/a").value) }
        #expect(throws: SwitchyardError.self) { try a.dispatch("/a") }
        #expect(counter.calls == 32)
    }

    @Test func theBufferAHandlerIsGivenIsTheDispatchsWhileItRuns() throws {
        // A handler that resolves another URL into the buffer it was given is refused, and
        // the result describes the dispatch's own URL; after the dispatch the buffer is free.
        let r = Router()
        try r.add("/a/:id", target: "A")
        try r.add("/other", target: "Other")
        let refused = Counter()
        nonisolated(unsafe) var given: MatchBuffer? = nil
        r.handle("A") { [unowned r] m, _ in
            given = m
            do {
                _ = try r.resolve("/other", into: m)
            } catch let e as SwitchyardError where e.code == .invalidArgument
                        && e.message.contains("a dispatch gave its handler") {
                refused.calls += 1
            }
            return .accepted(m.string("id") ?? "")
        }
        let result = try r.dispatch("/a/7")
        #expect(refused.calls == 1)
        #expect(result.value as? String == "7")
        let accepted = try #require(result.match)
        #expect(accepted.target == "A" && accepted.string("id") == "7" && accepted.url == "/a/7")
        let m = try #require(given)
        #expect(m.target == "A" && m.string("id") == "7" && m.url == "/a/7")
        #expect(try r.resolve("/other", into: m))
        #expect(m.target == "Other")
    }

    @Test func aHandlerThatThrowsLeavesTheBufferFree() throws {
        struct Stop: Error {}
        let r = Router()
        try r.add("/a", target: "A")
        try r.add("/*rest", target: "Any")
        nonisolated(unsafe) var given: MatchBuffer? = nil
        r.handle("A") { m, _ in given = m; throw Stop() }
        #expect(throws: Stop.self) { try r.dispatch("/a") }
        let m = try #require(given)
        #expect(try r.resolve("/b", into: m))
        #expect(m.target == "Any")
    }
}
