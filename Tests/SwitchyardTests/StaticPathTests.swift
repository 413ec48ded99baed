// The literal-path shortcut (StaticPaths.swift): a path made only of literals that ends
// at a route of the table's top priority is found without the walk. These cases are the
// ways it could disagree with the walk; the property tests compare both with the oracle
// on random tables as well.
import Testing
import Switchyard

@Suite("Static paths")
struct StaticPathTests {
    /// (routes, URL, expected winner or nil): each row on a fresh router with default options.
    static let cases: [WinnerRow] = [
        (["/a/b", "/a/:x"], "/a/b", "/a/b"),
        (["/a/b", "/a/:x"], "/a/c", "/a/:x"),
        // a single trailing slash is ignored, as by the walk; two are an empty segment
        (["/a/b"], "/a/b/", "/a/b"),
        (["/a/b"], "/a/b//", "/a/b"),
        (["/a/b"], "/a//b", "/a/b"),
        (["/a/b"], "/a/./b", "/a/b"),
        (["/a/b"], "/a/c/../b", "/a/b"),
        // the root, and an empty URL
        (["/", "/:x"], "/", "/"),
        (["/", "/:x"], "", "/"),
        // a literal holding an escaped '/' is one segment: never the two segments a/b
        (["/a%2Fb"], "/a/b", nil),
        (["/a%2Fb"], "/a%2Fb", "/a%2Fb"),
        (["/a%2Fb", "/a/:x"], "/a/b", "/a/:x"),
        // escapes in the URL take the full reader, which decodes them
        (["/caf%C3%A9"], "/caf%C3%A9", "/caf%C3%A9"),
        (["/a/b"], "/a/%62", "/a/b"),
        // a custom scheme's authority is the first segment; a web host is not a segment
        (["/user/list"], "myapp://user/list", "/user/list"),
        (["/user/list"], "https://example.com/user/list", "/user/list"),
        // the query and fragment are not part of the path
        (["/a/b"], "/a/b?x=1#f", "/a/b"),
        // a longer or shorter literal path is another key
        (["/a/b", "/a/b/c/*rest"], "/a/b/c", "/a/b/c/*rest"),
        (["/a/b/c", "/a/*rest"], "/a/b", "/a/*rest"),
        (["/a/b/c", "/a/*rest"], "/a/b/c", "/a/b/c"),
        // case matters by default
        (["/About"], "/about", nil),
    ]

    @Test("literal paths resolve as the walk resolves them", arguments: cases)
    func rows(_ row: WinnerRow) throws {
        try expectWinner(row)
    }

    @Test("a literal route below the top priority is left to the walk")
    func lowerPriority() throws {
        let r = Router()
        try r.add("/a/b", target: "literal")
        try r.add("/a/:x", target: "param", priority: 1)
        expectWinner(r, "/a/b", "/a/:x")
        // Once the higher route goes, the literal is at the top again.
        #expect(r.remove("/a/:x"))
        expectWinner(r, "/a/b", "/a/b")
        // Two literal routes of one path at different priorities: the higher one.
        try r.add("/a/:y/c", target: "low")
        try r.add("/a/b/c", target: "high", priority: 2)
        expectWinner(r, "/a/b/c", "/a/b/c")
    }

    @Test("other precedences and folded literals keep their own rules")
    func options() throws {
        var byOrder = RouterOptions()
        byOrder.precedence = .registrationOrder
        expectWinner(try router(["/a/:x", "/a/b"], options: byOrder), "/a/b", "/a/:x")
        var fold = RouterOptions()
        fold.caseInsensitiveLiterals = true
        expectWinner(try router(["/About/Us"], options: fold), "/about/US", "/About/Us")
        var strict = RouterOptions()
        strict.strictTrailingSlash = true
        expectWinner(try router(["/a/b"], options: strict), "/a/b/", nil)
        expectWinner(try router(["/a/b/"], options: strict), "/a/b/", "/a/b/")
    }

    @Test("a hit carries the query, defaults and redirects as a walked hit does")
    func result() throws {
        let r = Router()
        try r.add("/list", target: "List", defaults: ["page": .int(1)])
        try r.add("/old", redirect: "/list")
        let m = try #require(expectWinner(r, "/list?sort=new", "/list"))
        #expect(m.params == ["sort": .string("new"), "page": .int(1)])
        #expect(m.pathParameters.isEmpty && m.remainder == nil)
        let hop = try #require(expectWinner(r, "/old?sort=new", "/list"))
        #expect(hop.redirects == ["/old?sort=new", "/list?sort=new"])
        // Reusing a MatchBuffer after a walked hit with captures leaves none behind.
        let p = Router()
        try p.add("/u/:id", target: "User")
        try p.add("/u/me", target: "Me")
        let reused = MatchBuffer()
        #expect(try p.resolve("/u/42", into: reused))
        #expect(reused.pathParameters.count == 1)
        #expect(try p.resolve("/u/me", into: reused))
        #expect(reused.target == "Me" && reused.pathParameters.isEmpty && reused.params.isEmpty)
    }
}
