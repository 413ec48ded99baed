// Dispatch on several threads while routes change (run under TSan by `make test`): every
// dispatch is accepted by a route that exists in some version of the table, with the
// caller's own context, and handlers run with no router lock held.
import Dispatch
import Foundation
import Testing
import Switchyard

@Suite("Navigation Concurrency")
struct NavigationConcurrencyTests {
    @Test("dispatch on four threads while a writer adds and removes a handled route")
    func dispatchWhileChanging() throws {
        let r = Router()
        try r.add("/user/:name", target: "Named")
        r.handle("Named") { m, context in
            .accepted("named \(m.parameter("name")?.description ?? "") for \(context as? Int ?? -1)")
        }
        let failures = Failures()
        let stop = StopFlag()
        let writer = Thread {
            var k = 0
            while !stop.stopped {
                do {
                    try r.add("/user/<int:id>", target: "Numbered") { m, context in
                        // Half the time decline, so the fallback runs on a table that may
                        // have changed since the first candidate.
                        if (context as? Int ?? 0) % 2 == 0 { return .declined }
                        return .accepted("numbered \(m.parameter("id")?.description ?? "") for \(context as? Int ?? -1)")
                    }
                } catch { failures.add("add: \(error)") }
                k += 1
                if k % 3 == 0 { r.handle("Named") { m, context in
                    .accepted("named \(m.parameter("name")?.description ?? "") for \(context as? Int ?? -1)") } }
                r.remove("/user/<int:id>")
            }
        }
        writer.start()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for i in 0..<400 {
                let caller = thread * 1000 + i
                do {
                    let result = try r.dispatch("/user/\(i)", context: caller)
                    let text = result.value as? String ?? "nil"
                    let allowed = ["named \(i) for \(caller)", "numbered \(i) for \(caller)"]
                    if !allowed.contains(text) { failures.add("/user/\(i) from \(caller): \(text)") }
                    if text.hasPrefix("numbered"), caller % 2 == 0 { failures.add("declined handler accepted") }
                } catch {
                    failures.add("dispatch: \(error)")
                }
            }
        }
        stop.stop()
        while !writer.isFinished { usleep(1000) }
        #expect(failures.all.isEmpty, "\(failures.all)")
    }
}
