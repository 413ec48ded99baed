// Route stacks: parents by name, checked when routes are added or loaded; a match's stack
// from the root down, each entry with the URL built from the match's parameters.
import Testing
import Switchyard

@Suite("Navigation: stacks")
struct NavigationStackTests {
    static func route(_ pattern: String, _ name: String?, parent: String? = nil,
                      defaults: [String: ParameterValue] = [:]) -> Route {
        var r = Route(pattern, target: name ?? pattern, name: name, defaults: defaults)
        r.parent = parent
        return r
    }

    static func hotels() throws -> Router {
        let r = Router()
        try r.add(contentsOf: [
            route("myapp://hotels", "hotels"),
            route("myapp://hotels/<int:hotel>", "hotel", parent: "hotels"),
            route("myapp://hotels/<int:hotel>/rooms/:room", "room", parent: "hotel"),
        ])
        return r
    }

    @Test("a match's stack: root first, each URL built from the match's parameters")
    func stack() throws {
        let m = try Self.hotels().resolveBuffer("myapp://hotels/12/rooms/a%20b?from=push")
        #expect(m.stack.map(\.name) == ["hotels", "hotel", "room"])
        #expect(m.stack.map(\.url) == ["myapp://hotels", "myapp://hotels/12", "myapp://hotels/12/rooms/a%20b"])
        #expect(m.stack.map(\.pattern).last == "myapp://hotels/<int:hotel>/rooms/:room")
        #expect(try Self.hotels().resolveBuffer("myapp://nothing").stack.isEmpty)
        let plain = try router(["/a/:b"]).resolveBuffer("/a/1").stack
        #expect(plain.count == 1 && plain.first?.name == nil && plain.first?.url == "/a/1")
    }

    @Test("a fallback candidate reports its stack too")
    func candidateStack() throws {
        let r = try Self.hotels()
        try r.add(Self.route("myapp://hotels/<int:hotel>/rooms/suite", "suite", parent: "hotel"))
        let all = Array(try r.candidates(for: "myapp://hotels/3/rooms/suite"))
        #expect(all.map(\.name) == ["suite", "room"])
        // The candidate's own URL would open `suite`, which takes it: no URL for that entry.
        #expect(all[1].stack.map(\.url) == ["myapp://hotels", "myapp://hotels/3", nil])
        #expect(all[0].stack.map(\.url) == ["myapp://hotels", "myapp://hotels/3", "myapp://hotels/3/rooms/suite"])
    }

    @Test("a stack's URLs are checked as built URLs are: an escaped '@' in a custom scheme's authority stays escaped")
    func stackAuthority() throws {
        let r = Router()
        try r.add(contentsOf: [
            Self.route("myapp://:screen/home", "home"),
            Self.route("myapp://:screen/home/detail/<int:id>", "detail", parent: "home"),
            Self.route("myapp://settings/home", "settings"),
        ])
        let m = try r.resolveBuffer("myapp://x%40settings/home/detail/1")
        #expect(m.name == "detail" && m.parameter("screen")?.description == "x@settings")
        #expect(m.stack.map(\.url) == ["myapp://x%40settings/home", "myapp://x%40settings/home/detail/1"])
        // Each URL of the stack resolves back to its own entry's route.
        for entry in m.stack {
            #expect(try r.resolveBuffer(entry.url ?? "").name == entry.name, "\(entry)")
        }
    }

    @Test("a parent whose URL another route would take has no URL in the stack")
    func stackParentTaken() throws {
        let r = Router()
        try r.add(contentsOf: [
            Self.route("/user/:uname", "user"),
            Self.route("/user/settings", "settings"),
            Self.route("/user/:uname/posts/<int:id>", "post", parent: "user"),
        ])
        let m = try r.resolveBuffer("/user/settings/posts/3")
        #expect(m.stack.map(\.name) == ["user", "post"])
        #expect(m.stack.map(\.url) == [nil, "/user/settings/posts/3"])
        #expect(try r.resolveBuffer("/user/ann/posts/3").stack.map(\.url) == ["/user/ann", "/user/ann/posts/3"])
    }

    static let refused: [(String, [Route], String)] = [
        ("unknown parent", [route("/a", "a", parent: "nope")], "no route has that name"),
        ("a parameter the child lacks", [route("/h/:city/<int:id>", "h"), route("/r/:room", "r", parent: "h")],
         "does not capture parameter 'city'"),
        ("a loop", [route("/x/:id", "x", parent: "y"), route("/y/:id", "y", parent: "x")], "loop of parents"),
        ("its own parent", [route("/z", "z", parent: "z")], "loop of parents"),
        ("an ambiguous parent", [route("/p", "p"), route("/q", "p"), route("/c", "c", parent: "p")], "2 routes"),
        ("an optional group that drops the parameter", [route("/h/:id", "h"), route("/r(/:id)", "r", parent: "h")],
         "does not capture parameter 'id'"),
    ]

    @Test("bad parent links are refused when added, and nothing is added", arguments: 0..<refused.count)
    func refusedLinks(_ i: Int) throws {
        let (what, routes, words) = Self.refused[i]
        let r = Router()
        let e = expectError(.invalidArgument, what) { try r.add(contentsOf: routes) }
        #expect(e?.message.contains(words) == true, "\(what): \(e?.message ?? "")")
        #expect(r.routes.isEmpty)
    }

    @Test("a default gives the parent's parameter; parents added earlier count")
    func accepted() throws {
        let r = Router()
        try r.add(Self.route("/h/:city", "h"))
        try r.add(Self.route("/r/:room", "r", parent: "h", defaults: ["city": "oslo"]))
        #expect(try r.resolveBuffer("/r/5").stack.map(\.url) == ["/h/oslo", "/r/5"])
    }

    @Test("rule documents: \"parent\" is read and checked")
    func documents() throws {
        let r = Router()
        try r.loadRules(json: """
            {"version": 1, "routes": [
              {"pattern": "/hotels", "target": "List", "name": "hotels"},
              {"pattern": "/hotels/<int:id>", "target": "Hotel", "name": "hotel", "parent": "hotels"}
            ]}
            """)
        #expect(try r.resolveBuffer("/hotels/4").stack.map(\.url) == ["/hotels", "/hotels/4"])
        let e = expectError(.rule, "unknown parent") {
            try r.loadRules(json: #"{"version": 1, "routes": [{"pattern": "/a", "target": "A", "parent": "gone"}]}"#)
        }
        #expect(e?.message.contains("routes[0]") == true, "\(e?.message ?? "")")
        #expect(try r.resolveBuffer("/hotels/4").matched)  // the previous document stays
    }
}
