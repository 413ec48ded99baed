import Testing
import Switchyard

/// `Router.resolve(_:)` returns a `Match` value: nil on a miss, equal for equal resolves,
/// readable when printed, and free to cross actors and tasks.
@Suite struct MatchValue {
    static func router() throws -> Router {
        let r = Router()
        try r.add("myapp://user/<int:id>", target: "UserProfile", name: "user", defaults: ["tab": "posts"])
        try r.add("/files/*path", target: "Files")
        try r.add("/old/:id", redirect: "/new/{id}")
        try r.add("/new/:id", target: "New")
        return r
    }

    @Test func aHitHasEveryPart() throws {
        let m = try #require(try Self.router().resolve("myapp://user/42?ref=mail&ref=push#top"))
        #expect(m.url == "myapp://user/42?ref=mail&ref=push#top")
        #expect(m.pattern == "myapp://user/<int:id>" && m.target == "UserProfile" && m.name == "user")
        #expect(m.pathParameters == [PathParameter(name: "id", text: "42", value: .int(42))])
        #expect(m.params == ["id": 42, "ref": "push", "tab": "posts"])
        #expect(m.query.map(\.value) == ["mail", "push"] && m.queryValues("ref") == ["mail", "push"])
        #expect(m.fragment == "top" && m.remainder == nil && m.redirects.isEmpty)
        #expect(m.parameter("id") == .int(42) && m.parameter("nope") == nil)
    }

    @Test func aMissIsNil() throws {
        #expect(try Self.router().resolve("myapp://nothing/here") == nil)
    }

    @Test func badURLsStillThrow() throws {
        let e = #expect(throws: SwitchyardError.self) { try Self.router().resolve("myapp://user/4\u{1}2") }
        #expect(e?.code == .invalidURL && e?.position != nil)
    }

    @Test func remainderAndRedirects() throws {
        let r = try Self.router()
        let files = try #require(try r.resolve("/files/a/b%20c.txt"))
        #expect(files.remainder == "a/b c.txt" && files.params["path"] == "a/b c.txt")
        let moved = try #require(try r.resolve("/old/7"))
        #expect(moved.target == "New" && moved.url == "/new/7" && moved.redirects == ["/old/7", "/new/7"])
    }

    @Test func equalResolvesAreEqualAndHashAlike() throws {
        let r = try Self.router()
        let a = try r.resolve("myapp://user/42?ref=mail"), b = try r.resolve("myapp://user/42?ref=mail")
        #expect(a == b && a != nil)
        #expect(Set([a, b]).count == 1)
        #expect(try r.resolve("myapp://user/43?ref=mail") != a)
    }

    @Test func descriptionIsReadable() throws {
        let r = try Self.router()
        let m = try #require(try r.resolve("myapp://user/42?ref=mail#top"))
        #expect(m.description == "UserProfile via myapp://user/<int:id> {id: 42, ref: \"mail\", tab: \"posts\"} #top")
        #expect("\(try #require(try r.resolve("/old/7")))" == "New via /new/:id {id: \"7\"} after 1 redirect")
    }

    @Test func theBufferGivesTheSameValue() throws {
        let r = try Self.router()
        let buffer = MatchBuffer()
        try r.resolve("myapp://user/42?ref=mail", into: buffer)
        #expect(buffer.match == (try r.resolve("myapp://user/42?ref=mail")))
        #expect(Match(buffer) == buffer.match)
        try r.resolve("myapp://none", into: buffer)
        #expect(buffer.match == nil)
    }

    @MainActor static var lastShown: Match?

    @Test func aMatchCrossesActorsAndTasks() async throws {
        let m = try #require(try Self.router().resolve("myapp://user/42"))
        await MainActor.run { Self.lastShown = m }
        let id = await Task.detached { m.int("id") }.value
        #expect(id == 42)
        #expect(await MainActor.run { Self.lastShown } == m)
    }

    @Test func routerWithDefaultOptionsCannotFail() throws {
        let r = Router()  // no `try`: the default options are valid
        #expect(r.options == RouterOptions())
        var bad = RouterOptions()
        bad.limits.maxRedirects = -1
        let e = #expect(throws: SwitchyardError.self) { try Router(options: bad) }
        #expect(e?.code == .invalidArgument)
    }
}
