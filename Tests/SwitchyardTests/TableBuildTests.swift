// The build trie finds a node's children by scanning its list while the list is short and
// through a seeded hash index once it is long: tables whose nodes have fewer, exactly as
// many and more children than a scan takes, in literal and dynamic lists at the scheme,
// host and path levels, reach every route, also when a later batch adds below the same nodes.
import Testing
@testable import Switchyard

@Suite("Table build: short and long child lists")
struct TableBuildTests {
    static func routes(_ count: Int, leaf: String) -> [Route] {
        (0..<count).flatMap { i in
            [Route("/lit\(i)/\(leaf)", target: "lit\(i)\(leaf)"),
             // Distinct constraints are distinct dynamic edges of one node.
             Route("/c/<re:v:a{\(i + 1)}>/\(leaf)", target: "re\(i)\(leaf)"),
             Route("https://*.h\(i).example.com/\(leaf)", target: "host\(i)\(leaf)"),
             Route("s\(i)://x/\(leaf)", target: "scheme\(i)\(leaf)")]
        }
    }

    @Test("Every route resolves to itself", arguments: [1, 8, 9, 40])
    func everyRouteResolves(count: Int) throws {
        let router = Router()
        try router.add(contentsOf: Self.routes(count, leaf: "x"))
        // A second batch: its routes share every node but the last with the first batch's.
        try router.add(contentsOf: Self.routes(count, leaf: "y"))
        for leaf in ["x", "y"] {
            for i in 0..<count {
                #expect(try router.resolve("https://a.test/lit\(i)/\(leaf)")?.target == "lit\(i)\(leaf)")
                let run = String(repeating: "a", count: i + 1)
                #expect(try router.resolve("https://a.test/c/\(run)/\(leaf)")?.target == "re\(i)\(leaf)")
                #expect(try router.resolve("https://w.h\(i).example.com/\(leaf)")?.target == "host\(i)\(leaf)")
                #expect(try router.resolve("s\(i)://x/\(leaf)")?.target == "scheme\(i)\(leaf)")
            }
        }
        #expect(try router.resolve("https://a.test/lit\(count)/x") == nil)
        #expect(try router.resolve("https://a.test/c/" + String(repeating: "a", count: count + 1) + "/x") == nil)
    }
}
