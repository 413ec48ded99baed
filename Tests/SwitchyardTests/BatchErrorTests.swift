import Testing
import Switchyard

@Suite("Batch errors")
struct BatchErrorTests {
    @Test("a failed add(contentsOf:) names the route at fault by its index in the batch")
    func routeIndex() throws {
        let r = Router()
        try r.add("/a/:x", target: "A")
        let cases: [([Route], Int, SwitchyardError.Code)] = [
            ([Route("/b", target: "B"), Route("/c/<nope:x>", target: "C")], 1, .invalidPattern),
            ([Route("/a/:y", target: "A2"), Route("/d", target: "D")], 0, .conflict),
            ([Route("/e", target: "E"), Route("/f", target: "F"), Route("/e", target: "E2")], 2, .conflict),
        ]
        for (batch, index, code) in cases {
            let e = #expect(throws: SwitchyardError.self) { try r.add(contentsOf: batch) }
            #expect(e?.routeIndex == index)
            #expect(e?.code == code)
            #expect(r.routes.map(\.pattern) == ["/a/:x"])  // all or nothing
        }
        // Single adds carry no index.
        let single = #expect(throws: SwitchyardError.self) { try r.add("/a/:z", target: "Z") }
        #expect(single?.routeIndex == nil)
    }
}
