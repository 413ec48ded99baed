import Testing
import Switchyard

/// `Match.decode(_:)`: a match read into the app's own `Decodable` structs and enums,
/// with errors that name the parameter.
@Suite struct MatchDecoding {
    static func router() throws -> Router {
        let r = Router()
        try r.add("myapp://user/<int:id>", target: "user", defaults: ["tab": "posts"])
        try r.add("myapp://post/<int:id>/<float:score>", target: "Post")
        try r.add("myapp://home", target: "home")
        try r.add("myapp://search/:q", target: "search")
        try r.add("myapp://pair/:a/:b", target: "pair")
        try r.add("myapp://unknown/:x", target: "settings")
        return r
    }

    static func match(_ url: String) throws -> Match {
        try #require(try router().resolve(url))
    }

    enum Nav: Decodable, Equatable {
        case user(id: Int, tab: String)
        case post(id: Int64, score: Double)
        case home
        case search(q: String, page: Int?, tags: [String]?)
        case pair(String, String)
    }

    @Test("an enum case is chosen by the target", arguments: [
        ("myapp://user/7", Nav.user(id: 7, tab: "posts")),
        ("myapp://user/7?tab=likes", .user(id: 7, tab: "likes")),
        ("myapp://post/3/0.5", .post(id: 3, score: 0.5)),
        ("myapp://home", .home),
        ("myapp://home?extra=1", .home),
        ("myapp://search/cats", .search(q: "cats", page: nil, tags: nil)),
        ("myapp://search/cats?page=2&tags=a&tags=b", .search(q: "cats", page: 2, tags: ["a", "b"])),
        ("myapp://pair/x/y", .pair("x", "y")),
    ])
    func enums(url: String, expected: Nav) throws {
        #expect(try Self.match(url).decode(Nav.self) == expected)
    }

    struct UserQuery: Decodable, Equatable {
        var id: Int
        var tab: String
        var ref: String?
        var page: UInt8?
        var ids: [Int]?
        var verbose: Bool?
    }

    @Test func structsReadParameters() throws {
        let m = try Self.match("myapp://user/7?ref=mail&page=3&ids=1&ids=2&verbose=true")
        #expect(try m.decode(UserQuery.self)
                == UserQuery(id: 7, tab: "posts", ref: "mail", page: 3, ids: [1, 2], verbose: true))
        let bare: UserQuery = try Self.match("myapp://user/7").decode()
        #expect(bare == UserQuery(id: 7, tab: "posts", ref: nil, page: nil, ids: nil, verbose: nil))
    }

    enum Screen: String, Decodable { case home, search }

    @Test func aRawValueEnumIsTheTarget() throws {
        #expect(try Self.match("myapp://home").decode(Screen.self) == .home)
        let e = #expect(throws: SwitchyardError.self) { try Self.match("myapp://user/1").decode(Screen.self) }
        #expect(e?.code == .invalidArgument)
    }

    struct Needs<T: Decodable>: Decodable { var id: T }
    struct NeedsMissing: Decodable { var id: Int; var missing: Int }
    struct Nested: Decodable { struct Inner: Decodable { var a: Int }; var id: Inner }

    @Test("bad inputs name the parameter in plain words", arguments: [
        ("myapp://search/abc", "id", "no parameter 'id' in the match of route 'myapp://search/:q'"),
    ])
    func missing(url: String, field: String, message: String) throws {
        let e = #expect(throws: SwitchyardError.self) { try Self.match(url).decode(Needs<Int>.self) }
        #expect(e?.code == .invalidArgument && e?.message == message)
    }

    @Test func errors() throws {
        func message(_ url: String, _ body: (Match) throws -> Void) throws -> String? {
            let m = try Self.match(url)
            do { try body(m); return nil } catch let e as SwitchyardError { return e.message }
        }
        #expect(try message("myapp://user/7") { _ = try $0.decode(NeedsMissing.self) }
                == "no parameter 'missing' in the match of route 'myapp://user/<int:id>'")
        #expect(try message("myapp://search/abc?id=x1") { _ = try $0.decode(Needs<Int>.self) }
                == "parameter 'id' is 'x1', not a whole number (Int)")
        #expect(try message("myapp://user/300") { _ = try $0.decode(Needs<UInt8>.self) }
                == "parameter 'id' is 300, not within the range of UInt8 (0 to 255)")
        #expect(try message("myapp://search/abc?id=-1") { _ = try $0.decode(Needs<UInt>.self) }
                == "parameter 'id' is '-1', not within the range of UInt (0 to 18446744073709551615)")
        #expect(try message("myapp://search/abc?id=maybe") { _ = try $0.decode(Needs<Bool>.self) }
                == "parameter 'id' is 'maybe', not true or false (Bool)")
        #expect(try message("myapp://search/abc?id=x") { _ = try $0.decode(Needs<Double>.self) }
                == "parameter 'id' is 'x', not a number (Double)")
        #expect(try message("myapp://search/abc?id=1&id=x") { _ = try $0.decode(Needs<[Int]>.self) }
                == "item 1 of parameter 'id' is 'x', not a whole number (Int)")
        #expect(try message("myapp://user/7") { _ = try $0.decode(Nested.self) }
                == "parameter 'id' is a single value ('7'), not a group of fields")
        #expect(try message("myapp://unknown/1") { _ = try $0.decode(Nav.self) }
                == "target 'settings' of route 'myapp://unknown/:x' is not a case of Nav")
        #expect(try message("myapp://search/abc?page=two") { _ = try $0.decode(Nav.self) }
                == "parameter 'page' is 'two', not a whole number (Int)")
        #expect(try message("myapp://home") { _ = try $0.decode([Int].self) }
                == "a match decodes into a struct or an enum, not a list")
    }

    @Test func aBufferDecodesItsLastResolve() throws {
        let r = try Self.router()
        let buffer = MatchBuffer()
        try r.resolve("myapp://user/7", into: buffer)
        #expect(try buffer.decode(Nav.self) == .user(id: 7, tab: "posts"))
        try r.resolve("myapp://none", into: buffer)
        let e = #expect(throws: SwitchyardError.self) { try buffer.decode(Nav.self) }
        #expect(e?.message == "no route matched, so there is no Nav to decode")
    }
}
