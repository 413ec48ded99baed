// The value side of navigation: a `Match` carries its route's stack and value, a dispatch's
// result is a `Sendable` value, and handlers may be typed by the caller's context and result.
import Testing
import Switchyard

@Suite("Navigation: Match stack and value, typed handlers, Sendable results")
struct NavigationValueAPITests {
    struct AppContext: Sendable { var userID: Int }
    enum Screen: Sendable, Equatable { case user(Int, tab: String), booking(Int, guest: Int) }

    static func hotels() throws -> Router {
        let r = Router()
        var list = Route("myapp://hotels", target: "Hotels", name: "hotels")
        list.value = "list screen"
        var hotel = Route("myapp://hotels/<int:hotel>", target: "Hotel", name: "hotel")
        hotel.parent = "hotels"
        hotel.value = 7
        try r.add(contentsOf: [list, hotel])
        return r
    }

    @Test("a Match has the stack MatchBuffer gives, and the route's value")
    func matchStackAndValue() throws {
        let r = try Self.hotels()
        let m = try #require(try r.resolve("myapp://hotels/12?x=1"))
        #expect(m.stack == (try r.resolveBuffer("myapp://hotels/12?x=1")).stack)
        #expect(m.stack.map(\.url) == ["myapp://hotels", "myapp://hotels/12"])
        #expect(m.value as? Int == 7 && m.value(as: Int.self) == 7 && m.value(as: String.self) == nil)
        let list = try #require(try r.resolve("myapp://hotels"))
        #expect(list.value(as: String.self) == "list screen" && list.stack.map(\.name) == ["hotels"])
        try r.add("/plain", target: "Plain")
        #expect(try r.resolve("/plain")?.value == nil)
    }

    @Test("a Match made from its parts has no stack and no value, and equals a resolved one")
    func matchEquality() throws {
        let r = try Self.hotels()
        let resolved = try #require(try r.resolve("myapp://hotels/12"))
        var made = Match(url: resolved.url, pattern: resolved.pattern, target: resolved.target, name: resolved.name,
                         pathParameters: resolved.pathParameters, params: resolved.params)
        #expect(made.stack.isEmpty && made.value == nil)
        #expect(made == resolved && made.hashValue == resolved.hashValue)
        made.params["hotel"] = .int(13)
        #expect(made != resolved)
    }

    @Test("a Match keeps the stack of the table it was resolved in")
    func matchOutlivesChange() throws {
        let r = try Self.hotels()
        let m = try #require(try r.resolve("myapp://hotels/12"))
        #expect(r.remove("myapp://hotels"))
        #expect(m.stack.map(\.name) == ["hotels", "hotel"])
    }

    @Test("a typed handler gets the Match and the typed context; nil declines")
    func typedHandler() throws {
        let r = Router()
        try r.add("myapp://user/<int:id>", target: "User")
        try r.add("myapp://*rest", target: "Fallback")
        r.handle("User") { (match: Match, context: AppContext) -> Screen? in
            guard match.int("id") != 0 else { return nil }
            return .user(match.int("id") ?? -1, tab: "\(context.userID)")
        }
        r.handle("Fallback") { (_: Match, _: AppContext) -> Screen? in .booking(0, guest: 0) }
        let hit = try r.dispatch("myapp://user/42", context: AppContext(userID: 5))
        #expect(hit.value(as: Screen.self) == .user(42, tab: "5"))
        #expect(hit.match?.target == "User" && hit.handlersCalled == 1)
        let declined = try r.dispatch("myapp://user/0", context: AppContext(userID: 5))
        #expect(declined.value(as: Screen.self) == .booking(0, guest: 0))
        #expect(declined.match?.target == "Fallback" && declined.handlersCalled == 2)
    }

    @Test("a typed handler passes over a context of another type")
    func wrongContext() throws {
        let r = Router()
        try r.add("/u/:id", target: "User")
        r.handle("User") { (_: Match, c: AppContext) -> Int? in c.userID }
        let other = try r.dispatch("/u/1", context: "not an AppContext")
        #expect(!other.accepted && other.handlersCalled == 1)
        #expect(try r.dispatch("/u/1", context: AppContext(userID: 3)).value(as: Int.self) == 3)
    }

    @Test("the untyped handler still takes a closure without types")
    func untypedStillWorks() throws {
        let r = Router()
        try r.add("/u/:id", target: "User")
        r.handle("User") { m, _ in .accepted(m.string("id") ?? "") }
        #expect(try r.dispatch("/u/9").value as? String == "9")
        r.handle("User", nil)
        #expect(try r.dispatch("/u/9").handlersCalled == 0)
    }

    @Test("a DispatchResult crosses to another task, its match and stack included")
    func sendableResult() async throws {
        let r = try Self.hotels()
        r.handle("Hotel") { (m: Match, _: Void) -> String? in "hotel \(m.int("hotel") ?? 0)" }
        let result = try r.dispatch("myapp://hotels/4")
        let names = await Task.detached { result.match?.stack.compactMap(\.name) ?? [] }.value
        #expect(names == ["hotels", "hotel"])
        #expect(result.value(as: String.self) == "hotel 4")
    }
}
