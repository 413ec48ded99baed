import Testing
import Switchyard

/// The typed reads answer as C's `sy_match_param_int/_float/_bool/_text` do for the same
/// URL (the table of bindings/c/tests/test_typed_params.c, and Python's
/// test_typed_reads.py): one rule in every language, on `Match` and `MatchBuffer` alike.
@Suite struct TypedReadsAgree {
    static func router() throws -> Router {
        let r = Router()
        try r.add("/user/<int:id>/post/<int:post>", target: "Post")
        try r.add("/geo/<float:lat>/:place", target: "Map")
        try r.add(Route("/list", target: "List", defaults: ["page": 5, "zoom": 2.5, "big": .int(9_007_199_254_740_993)]))
        return r
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var url: String, name: String
        var int: Int?, double: Double?, bool: Bool?, text: String?
        var testDescription: String { "\(url) \(name)" }
    }

    static let cases: [Case] = [
        Case(url: "/user/007/post/-3", name: "id", int: 7, double: 7, bool: nil, text: "007"),
        Case(url: "/user/007/post/-3", name: "post", int: -3, double: -3, bool: nil, text: "-3"),
        Case(url: "/user/1/post/2", name: "id", int: 1, double: 1, bool: true, text: "1"),
        Case(url: "/geo/-12.25/home", name: "lat", int: nil, double: -12.25, bool: nil, text: "-12.25"),
        Case(url: "/geo/1.50/home", name: "lat", int: nil, double: 1.5, bool: nil, text: "1.50"),
        Case(url: "/geo/1.5/h%20me", name: "place", int: nil, double: nil, bool: nil, text: "h me"),
        Case(url: "/user/1/post/2?q=12", name: "q", int: 12, double: 12, bool: nil, text: "12"),
        Case(url: "/user/1/post/2?q=%2B12", name: "q", int: 12, double: 12, bool: nil, text: "+12"),
        Case(url: "/user/1/post/2?q=-007", name: "q", int: -7, double: -7, bool: nil, text: "-007"),
        Case(url: "/geo/1/x?x=1.5", name: "x", int: nil, double: 1.5, bool: nil, text: "1.5"),
        Case(url: "/geo/1/x?x=-1e3", name: "x", int: nil, double: -1000, bool: nil, text: "-1e3"),
        Case(url: "/geo/1/x?x=4.0", name: "x", int: nil, double: 4, bool: nil, text: "4.0"),
        Case(url: "/geo/1/x?x=%204", name: "x", int: nil, double: nil, bool: nil, text: " 4"),
        Case(url: "/geo/1/x?x=0x10", name: "x", int: nil, double: nil, bool: nil, text: "0x10"),
        Case(url: "/geo/1/x?x=nan", name: "x", int: nil, double: nil, bool: nil, text: "nan"),
        Case(url: "/geo/1/x?x=inf", name: "x", int: nil, double: nil, bool: nil, text: "inf"),
        Case(url: "/geo/1/x?x=-9223372036854775808", name: "x", int: Int.min, double: -9_223_372_036_854_775_808,
             bool: nil, text: "-9223372036854775808"),
        Case(url: "/geo/1/x?x=9223372036854775808", name: "x", int: nil, double: 9_223_372_036_854_775_808,
             bool: nil, text: "9223372036854775808"),
        Case(url: "/user/1/post/2?b=true", name: "b", int: nil, double: nil, bool: true, text: "true"),
        Case(url: "/user/1/post/2?b=0", name: "b", int: 0, double: 0, bool: false, text: "0"),
        Case(url: "/user/1/post/2?b=True", name: "b", int: nil, double: nil, bool: nil, text: "True"),
        Case(url: "/user/1/post/2?empty=", name: "empty", int: nil, double: nil, bool: nil, text: ""),
        Case(url: "/list", name: "page", int: 5, double: 5, bool: nil, text: "5"),
        Case(url: "/list", name: "zoom", int: nil, double: 2.5, bool: nil, text: "2.5"),
        Case(url: "/list", name: "big", int: 9_007_199_254_740_993, double: 9_007_199_254_740_992, bool: nil,
             text: "9007199254740993"),
        Case(url: "/user/1/post/2", name: "nope", int: nil, double: nil, bool: nil, text: nil),
        Case(url: "/nowhere?q=1", name: "q", int: nil, double: nil, bool: nil, text: nil),
    ]

    @Test("Match reads as C does", arguments: cases)
    func match(_ c: Case) throws {
        let m = try Self.router().resolve(c.url)
        #expect(m?.int(c.name) == c.int)
        #expect(m?.double(c.name) == c.double)
        #expect(m?.bool(c.name) == c.bool)
        #expect(m?.string(c.name) == c.text)
    }

    @Test("MatchBuffer reads as C does", arguments: cases)
    func buffer(_ c: Case) throws {
        let buffer = MatchBuffer()
        try Self.router().resolve(c.url, into: buffer)
        #expect(buffer.int(c.name) == c.int)
        #expect(buffer.double(c.name) == c.double)
        #expect(buffer.bool(c.name) == c.bool)
        #expect(buffer.string(c.name) == c.text)
    }
}
