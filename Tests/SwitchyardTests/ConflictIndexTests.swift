// The conflict index (Router.swift, `ShapeKey`): routes found by their alternatives' shapes,
// through removals, document reloads and urlpattern tails; and what it keeps alive.
import Testing
@testable import Switchyard

@Suite("Conflict index")
struct ConflictIndexTests {
    @Test("a shape stays in the index while any route of it remains, whichever was added first")
    func shapeOutlivesItsFirstRoute() throws {
        let r = Router()
        try r.add("/a/:x", target: "x")
        try r.add("/a/:y", target: "y", priority: 1)  // same shape, another priority: no conflict
        #expect(r.remove("/a/:x"))
        // The shape's entry began with the removed route; the one left still conflicts.
        let e = expectError(.conflict, "same shape and priority as /a/:y") {
            try r.add("/a/:z", target: "z", priority: 1)
        }
        #expect(e?.message.contains("/a/:y") == true)
        try r.add("/a/:z", target: "z")  // priority 0 is free again
        #expect(r.remove("/a/:y"))
        try r.add("/a/<w>", target: "w", priority: 1)
        #expect(try r.resolve("/a/1")?.target == "w")
        #expect(r.remove("/a/:z"))
        #expect(r.remove("/a/<w>"))
        try r.add("/a/:again", target: "again")
        #expect(try r.resolve("/a/1")?.target == "again")
    }

    @Test("alternatives of one route and of grouped patterns are each in the index")
    func groupedAlternatives() throws {
        let r = Router()
        try r.add("/a(/:b)", target: "grouped")
        for (second, shape) in [("/a", "/a"), ("/a/:c", "/a/:b")] {
            let e = expectError(.conflict, "\(second) against the alternative \(shape)") {
                try r.add(second, target: "second")
            }
            #expect(e != nil)
        }
        #expect(r.remove("/a(/:b)"))
        try r.add("/a", target: "plain")
        try r.add("/a/:c", target: "param")
        #expect(try r.resolve("/a/1")?.target == "param")
    }

    @Test("urlpattern routes that differ only in their tails do not conflict")
    func urlPatternTails() throws {
        let r = Router()
        try r.add("/a/:x", target: "plain", dialect: .urlpattern)
        try r.add("/a/:x(\\d+)", target: "digits", dialect: .urlpattern)
        let e = expectError(.conflict, "the same urlpattern route twice") {
            try r.add("/a/:y(\\d+)", target: "again", dialect: .urlpattern)
        }
        #expect(e != nil)
        #expect(try r.resolve("/a/12")?.target == "digits")
    }

    @Test("a reloaded document's routes are let go, even where the new ones have their shapes")
    func replacedDocumentIsReleased() throws {
        let r = Router()
        let document = { (name: String) in
            #"{"version": 1, "routes": [{"pattern": "/a/:\#(name)", "target": "a"}, {"pattern": "/b/*rest", "target": "b"}, {"pattern": "/c(/:\#(name))", "target": "c"}]}"#
        }
        try r.loadRules(json: document("x"))
        weak var first: CompiledRoute?
        weak var last: CompiledRoute?
        do {
            let routes = r.currentTable().routes
            first = routes.first
            last = routes.last
        }
        #expect(first != nil && last != nil)
        try r.loadRules(json: document("y"))
        #expect(try r.resolve("/a/1")?.params["y"] == "1")
        #expect(first == nil, "the conflict index holds a route of the replaced document")
        #expect(last == nil, "the conflict index holds a route of the replaced document")
        // The shapes are still known: the new document's routes conflict as before.
        let e = expectError(.conflict, "an added route of the document's shape") { try r.add("/a/:z", target: "z") }
        #expect(e != nil)
    }

    @Test("routes removed while others of their shape remain are let go")
    func removedRouteIsReleased() throws {
        let r = Router()
        try r.add("/a/:x", target: "x")
        try r.add("/a/:y", target: "y", priority: 1)
        weak var removed: CompiledRoute?
        do { removed = r.currentTable().routes.first { $0.route.pattern == "/a/:x" } }
        #expect(removed != nil)
        #expect(r.remove("/a/:x"))
        _ = try r.resolve("/a/1")
        #expect(removed == nil, "the conflict index holds a removed route")
    }
}
