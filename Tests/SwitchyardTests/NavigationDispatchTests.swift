// Router.dispatch: handlers per route and per target, declining, errors, the caller's
// context, handlers that change the router, and the caller's value on a route.
import Foundation
import Testing
import Switchyard

/// What handlers saw, shared by the handlers of one test.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}

struct AppContext: Sendable, Equatable {
    var user: String
    var id: Int
}

struct Oops: Error, Equatable {}

@Suite("Navigation: dispatch")
struct NavigationDispatchTests {
    @Test("a target's handler gets the match's parameters and the context, unmixed")
    func targetHandler() throws {
        let r = Router()
        try r.add("myapp://user/<int:id>", target: "UserProfile")
        let seen = Seen()
        r.handle("UserProfile") { m, context in
            let s = context as? AppContext
            seen.add("id=\(m.parameter("id")?.description ?? "-") user=\(s?.user ?? "-") ctx.id=\(s?.id ?? -1)")
            return .accepted("shown \(m.parameter("id")?.description ?? "")")
        }
        let result = try r.dispatch("myapp://user/42?user=mallory", context: AppContext(user: "ann", id: 7))
        #expect(result.accepted)
        #expect(result.match?.target == "UserProfile")
        #expect(result.value as? String == "shown 42")
        #expect(result.handlersCalled == 1)
        #expect(seen.all == ["id=42 user=ann ctx.id=7"])
        // The URL's query stays in the match, the context in the handler's argument.
        #expect(result.match?.parameter("user") == .string("mallory"))
    }

    @Test("a declining handler passes to the next candidate; a candidate without a handler is passed over")
    func declining() throws {
        let r = Router()
        try r.add("/item/special", target: "Special")
        try r.add("/item/<int:n>", target: "Numbered")
        try r.add("/item/:name", target: "Named")
        let seen = Seen()
        r.handle("Special") { _, _ in seen.add("Special"); return .declined }
        r.handle("Named") { m, _ in seen.add("Named \(m.parameter("name")!)"); return .accepted(1) }
        let result = try r.dispatch("/item/special")
        #expect(seen.all == ["Special", "Named special"])
        #expect(result.match?.pattern == "/item/:name")
        #expect(result.value as? Int == 1)
        #expect(result.handlersCalled == 2)
    }

    @Test("none accepts: the result says so; a miss calls nothing")
    func noneAccepts() throws {
        let r = Router()
        try r.add("/a/:x", target: "A")
        r.handle("A") { _, _ in .declined }
        let declined = try r.dispatch("/a/1")
        #expect(!declined.accepted && declined.match == nil && declined.handlersCalled == 1)
        let miss = try r.dispatch("/nowhere")
        #expect(!miss.accepted && miss.handlersCalled == 0)
    }

    @Test("a route's own handler comes before its target's")
    func routeHandlerFirst() throws {
        let r = Router()
        try r.add("/home", target: "Home") { _, _ in .accepted("route") }
        r.handle("Home") { _, _ in .accepted("target") }
        #expect(try r.dispatch("/home").value as? String == "route")
    }

    @Test("a handler's error ends the dispatch and reaches the caller unchanged")
    func handlerError() throws {
        let r = Router()
        try r.add("/a/b", target: "B") { _, _ in throw Oops() }
        let seen = Seen()
        try r.add("/a/:x", target: "X") { _, _ in seen.add("X"); return .accepted(()) }
        #expect(throws: Oops()) { try r.dispatch("/a/b") }
        #expect(seen.all.isEmpty)
        #expect(throws: SwitchyardError.self) { try r.dispatch("/a\u{1}") }
    }

    @Test("a handler may add and remove routes and dispatch again (no lock is held)")
    func reentrant() throws {
        let r = Router()
        let seen = Seen()
        try r.add("/login", target: "Login") { m, _ in
            try r.add("/welcome", target: "Welcome") { _, _ in seen.add("welcome"); return .accepted(()) }
            r.remove("/login")
            let inner = try r.dispatch("/welcome")
            return .accepted(inner.accepted)
        }
        #expect(try r.dispatch("/login").value as? Bool == true)
        #expect(seen.all == ["welcome"])
        #expect(try !r.resolveBuffer("/login").matched)
    }

    @Test("removing a route drops its handler")
    func removedHandler() throws {
        let r = Router()
        try r.add("/x", target: "X") { _, _ in .accepted(()) }
        r.remove("/x")
        try r.add("/x", target: "X")
        #expect(try !r.dispatch("/x").accepted)
        r.handle("X") { _, _ in .accepted(()) }
        #expect(try r.dispatch("/x").accepted)
        r.handle("X", nil)
        #expect(try !r.dispatch("/x").accepted)
    }

    @Test("the caller's value on a route is read back from the match")
    func routeValue() throws {
        let r = Router()
        try r.add("/user/<int:id>", target: "User", value: AppContext(user: "screen", id: 3))
        var route = Route("/about", target: "About")
        route.value = 99
        try r.add(route)
        let m = try r.resolveBuffer("/user/5")
        #expect(m.value(as: AppContext.self) == AppContext(user: "screen", id: 3))
        #expect(try r.resolveBuffer("/about").value as? Int == 99)
        #expect(try r.resolveBuffer("/about").value(as: String.self) == nil)
        #expect(r.routes.first { $0.pattern == "/about" }?.value as? Int == 99)
    }
}
