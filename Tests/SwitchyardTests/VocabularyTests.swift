import Testing
import Switchyard

/// Names that C and Python spell one way and Swift once spelled another (docs/API.md).
@Suite struct VocabularyTests {
    @Test("queryOverPath is parameterPrecedence seen as one switch")
    func queryOverPathSwitch() throws {
        var options = RouterOptions()
        #expect(options.queryOverPath == false)
        options.queryOverPath = true
        #expect(options.parameterPrecedence == .queryOverPath)
        let r = try Router(options: options)
        try r.add("/user/:id", target: "User")
        #expect(try r.resolve("/user/7?id=9")?.string("id") == "9")
        options.queryOverPath = false
        #expect(options.parameterPrecedence == .pathOverQuery)
        let r2 = try Router(options: options)
        try r2.add("/user/:id", target: "User")
        #expect(try r2.resolve("/user/7?id=9")?.string("id") == "7")
    }

    @Test("libraryVersion is MAJOR.MINOR.PATCH")
    func version() {
        let parts = libraryVersion.split(separator: ".")
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { UInt($0) != nil })
    }

    @Test("each limit is an option beside the others, the same value as in limits")
    func flatLimits() throws {
        var options = RouterOptions()
        options.maxURLLength = 100
        options.maxRedirects = 3
        options.maxCandidates = 5
        #expect(options.limits.maxURLLength == 100)
        #expect(options.limits.maxRedirects == 3)
        #expect(options.maxCandidates == options.limits.maxCandidates)
        #expect(options.maxSegments == RouterOptions().limits.maxSegments)
        let r = try Router(options: options)
        try r.add("/*rest", target: "All")
        #expect(throws: SwitchyardError.self) { try r.resolve("/" + String(repeating: "a", count: 200)) }
    }

    @Test("Route.fromDocument: true for the routes of the current rule document only, as C and Python read it")
    func fromDocument() throws {
        let r = Router()
        try r.add("/before", target: "Before")
        try r.loadRules(json: #"{"version": 1, "routes": [{"pattern": "/doc", "target": "Doc"}]}"#)
        try r.add("/after", target: "After")
        #expect(r.routes.map(\.pattern) == ["/before", "/doc", "/after"])
        #expect(r.routes.map(\.fromDocument) == [false, true, false])
        // A route made by hand never is; re-adding a document's route makes an added route.
        #expect(Route("/x", target: "X").fromDocument == false)
        let documentRoute = try #require(r.routes.first { $0.fromDocument })
        #expect(documentRoute == Route("/doc", target: "Doc"), "not compared by ==")
        try r.loadRules(json: #"{"version": 1, "routes": [{"pattern": "/doc2", "target": "Doc"}]}"#)
        var again = documentRoute
        again.pattern = "/doc-copy"
        try r.add(again)
        #expect(r.routes.map(\.pattern) == ["/before", "/after", "/doc2", "/doc-copy"])
        #expect(r.routes.map(\.fromDocument) == [false, false, true, false])
        // A removed route takes nothing with it: the document's routes stay marked.
        #expect(r.remove("/before"))
        #expect(r.routes.map(\.fromDocument) == [false, true, false])
    }
}
