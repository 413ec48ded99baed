// SEMANTICS.md "Query contracts": declared query items with types, required or optional,
// defaults and lists; a route whose contract refuses the query lets the next one match.
import Testing
import Switchyard

@Suite("Query contracts")
struct QueryContractTests {
    @Test("typed values, defaults and required items, table-driven")
    func typedValues() throws {
        let r = Router()
        try r.add("/search?q=<string:q>&page=<int:page=1>&zoom=<float:zoom?>&tag=<[string]:tags?>", target: "Search")
        try r.add("/search", target: "Plain", priority: -1)
        let cases: [(String, String?, [String: ParameterValue])] = [
            ("/search?q=a", "Search", ["q": "a", "page": .int(1)]),
            ("/search?page=3&q=a+b", "Search", ["q": "a b", "page": .int(3)]),
            ("/search?q=x&page=007&zoom=1.5", "Search", ["q": "x", "page": .int(7), "zoom": .float(1.5)]),
            ("/search?q=&page=2", "Search", ["q": "", "page": .int(2)]),
            ("/search?page=2", "Plain", ["page": "2"]),              // q missing: the next route
            ("/search?q=a&page=two", "Plain", ["q": "a", "page": "two"]),  // not an int
            ("/search?q=a&page=", "Plain", ["q": "a", "page": ""]),
            ("/search?q=a&zoom=1e999", "Plain", ["q": "a", "zoom": "1e999"]),
            ("/search?q=a&other=1", "Search", ["q": "a", "page": .int(1), "other": "1"]),
            ("/search?q=%26%3D%2B%23&page=1", "Search", ["q": "&=+#", "page": .int(1)]),
            ("/search?q=%C3%A9t%C3%A9", "Search", ["q": "été", "page": .int(1)]),
        ]
        for (url, target, params) in cases {
            let m = try r.resolve(url)
            #expect(m?.target == target, "\(url)")
            #expect(m?.params == params, "\(url): \(String(describing: m?.params))")
        }
    }

    @Test("lists: every value typed, in URL order")
    func lists() throws {
        let r = Router()
        try r.add("/items?id=<[int]:ids>", target: "Items")
        try r.add("/items", target: "None", priority: -1)
        let m = try #require(try r.resolve("/items?id=3&x=1&id=-4"))
        #expect(m.target == "Items")
        #expect(m.list("ids") == [.int(3), .int(-4)])
        #expect(m.params["ids"] == .int(-4))
        #expect(m.params["id"] == nil)
        let b = MatchBuffer()
        _ = try r.resolve("/items?id=3&id=4", into: b)
        #expect(b.list("ids") == [.int(3), .int(4)])
        #expect(try r.resolve("/items?id=3&id=x")?.target == "None")   // one bad value
        #expect(try r.resolve("/items")?.target == "None")             // required list: at least one
    }

    @Test("the winner's values only: a contract that refuses after reading some leaves nothing behind")
    func refusalsLeaveNoValues() throws {
        let r = Router()
        // Checked first, reads x as an int, then refuses y: the next route reads x as text.
        try r.add("/c?x=<int:x>&y=<int:y>", target: "Both", priority: 1)
        try r.add("/c?x=<string:x>", target: "Text")
        // Taken first (a literal), then beaten by nothing: a better-ranked contract refuses after it.
        try r.add("/a/b?x=<string:x>", target: "B")
        try r.add("/a/:p?x=<int:x>&y=<int:y>", target: "P", priority: 5)
        let cases: [(String, String, [String: ParameterValue])] = [
            ("/c?x=5&y=z", "Text", ["x": "5", "y": "z"]),
            ("/c?x=5&y=6", "Both", ["x": .int(5), "y": .int(6)]),
            ("/a/b?x=5&y=bad", "B", ["x": "5", "y": "bad"]),
            ("/a/b?x=5&y=6", "P", ["p": "b", "x": .int(5), "y": .int(6)]),
        ]
        let b = MatchBuffer()
        for (url, target, params) in cases {
            let m = try r.resolve(url)
            #expect(m?.target == target, "\(url)")
            #expect(m?.params == params, "\(url): \(String(describing: m?.params))")
            // The same through one reused buffer, after every other case.
            for (other, _, _) in cases { _ = try r.resolve(other, into: b) }
            _ = try r.resolve(url, into: b)
            #expect(b.list("x") == [params["x"]].compactMap { $0 }, "\(url)")
        }
    }

    @Test("unknown items refused with '?!', types uuid and re:")
    func strictAndTypes() throws {
        let r = Router()
        try r.add("/u/:x?!id=<uuid:id>&<re:lang=en:[a-z]{2}>", target: "U")
        try r.add("/u/:x", target: "Any", priority: -1)
        let uuid = "621425B8-42D1-4AB4-9A58-1E69D708A84B"
        #expect(try r.resolve("/u/1?id=\(uuid)")?.params == ["x": "1", "id": .string(uuid), "lang": "en"])
        #expect(try r.resolve("/u/1?id=\(uuid)&lang=fr")?.target == "U")
        #expect(try r.resolve("/u/1?id=\(uuid)&lang=fra")?.target == "Any")
        #expect(try r.resolve("/u/1?id=\(uuid)&extra=1")?.target == "Any")
        #expect(try r.resolve("/u/1?id=nope")?.target == "Any")
    }

    @Test("a contract route at a remainder and in the middle of a walk")
    func walkPlaces() throws {
        let r = Router()
        try r.add("/files/*rest?v=<int:v>", target: "Versioned")
        try r.add("/files/*rest", target: "Files", priority: -1)
        try r.add("/a/:x?n=<int:n>", target: "N")
        try r.add("/a/b", target: "B", priority: -1)
        #expect(try r.resolve("/files/a/b?v=2")?.target == "Versioned")
        #expect(try r.resolve("/files/a/b?v=z")?.target == "Files")
        #expect(try r.resolve("/a/b?n=1")?.target == "N")
        #expect(try r.resolve("/a/b")?.target == "B")
        #expect(try r.resolve("/a/c") == nil)
    }

    @Test("malformed contracts are refused at their byte")
    func malformed() throws {
        let cases: [(String, String, Int?)] = [
            ("/a?x=<int:x>&x=<int:y>", "query name 'x' is declared twice", 13),
            ("/a?<int:x>&y=<string:x>", "query item 'x' is declared twice", 21),
            ("/a?x=<date:x>", "unknown type 'date'", 6),
            ("/a?x=<int:x=abc>", "default 'abc' of query item 'x' is not an int", 12),
            ("/a/:id?id=<int:id>", "query item 'id' has the name of a path parameter", 15),
            ("/a?x=<path:x>", "type 'path' is for path parameters only", 6),
            ("/a?x=<int:x>&&", "empty query item", 13),
            ("/a?x=1", "a query item is written", 2),
            ("/a?<int:x>&y", "a query item is written", 11),
            ("/a?x=<[int]:x=1>", "takes no default", 14),
        ]
        for (pattern, message, position) in cases {
            let r = Router()
            do {
                try r.add(pattern, target: "T")
                Issue.record("\(pattern) was accepted")
            } catch {
                #expect(error.message.contains(message), "\(pattern): \(error.message)")
                #expect(error.position == position, "\(pattern): \(error.message)")
                #expect(error.code == .invalidPattern, "\(pattern)")
            }
        }
    }

    @Test("rule documents: \"query\" and \"query_unknown\"")
    func documents() throws {
        let r = Router()
        try r.loadRules(json: """
        {"version": 1, "routes": [
          {"pattern": "/search", "target": "S", "query_unknown": "refuse",
           "query": {"q": {"type": "string"}, "page": {"type": "int", "default": 1},
                     "tags": {"type": "[string]", "key": "tag", "required": false}}},
          {"pattern": "/search", "target": "Fallback", "priority": -1}]}
        """)
        let m = try #require(try r.resolve("/search?tag=a&q=x&tag=b"))
        #expect(m.target == "S")
        #expect(m.params["page"] == .int(1))
        #expect(m.list("tags") == ["a", "b"])
        #expect(try r.resolve("/search?q=x&zzz=1")?.target == "Fallback")
        let bad: [(String, String)] = [
            (#"{"version":1,"routes":[{"pattern":"/a","target":"A","query":{"n":{"type":"int","default":"x"}}}]}"#, "$.routes[0].query.n.default: default 'x' of query item 'n' is not an int"),
            (#"{"version":1,"routes":[{"pattern":"/a","target":"A","query":{"n":{"type":"date"}}}]}"#, "$.routes[0].query.n.type: unknown type 'date'"),  // a type the router may register: checked when added
            (#"{"version":1,"routes":[{"pattern":"/a/:n","target":"A","query":{"n":{"type":"int"}}}]}"#, "$.routes[0].pattern: query item 'n' has the name of a path parameter"),
        ]
        for (doc, message) in bad {
            do {
                try Router().loadRules(json: doc)
                Issue.record("accepted: \(doc)")
            } catch {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }

    @Test("routes without a contract keep today's map: query text, defaults")
    func noContract() throws {
        let r = Router()
        try r.add("/p/:id", target: "P", defaults: ["page": .int(1)])
        #expect(try r.resolve("/p/1?page=2")?.params == ["id": "1", "page": "2"])
        #expect(try r.resolve("/p/1")?.params == ["id": "1", "page": .int(1)])
    }

    @Test("property: random contracts and values match with their typed values")
    func property() throws {
        var g = SplitMix64(state: 7)
        let types = ["string", "int", "float"]
        for round in 0..<200 {
            let count = 1 + Int(g.next() % 4)
            var items: [String] = []
            var expected: [String: ParameterValue] = [:]
            var query: [String] = []
            for k in 0..<count {
                let type = types[Int(g.next() % 3)]
                let name = "p\(k)"
                let present = g.next() % 3 != 0
                let value: ParameterValue
                let text: String
                switch type {
                case "int": let v = Int64(Int32(truncatingIfNeeded: g.next())); value = .int(v); text = String(v)
                case "float": let v = Double(Int32(truncatingIfNeeded: g.next())) / 8; value = .float(v); text = "\(v)"
                default:
                    let alphabet = ["a", "&", "=", "+", "#", "%", "?", " ", "é", ""]
                    let s = (0..<Int(g.next() % 4)).map { _ in alphabet[Int(g.next() % 10)] }.joined()
                    value = .string(s); text = s
                }
                if present {
                    items.append("\(name)=<\(type):\(name)>")
                    query.append("\(name)=\(percentEncode(text))")
                    expected[name] = value
                } else {
                    items.append("\(name)=<\(type):\(name)?>")
                }
            }
            let r = Router()
            try r.add("/r/\(round)?" + items.joined(separator: "&"), target: "T")
            let m = try #require(try r.resolve("/r/\(round)?" + shuffle(query, &g).joined(separator: "&")))
            #expect(m.params == expected, "round \(round): \(items) \(query)")
        }
    }
}

/// Items match in any order: `a` in an order drawn from `g`.
private func shuffle(_ a: [String], _ g: inout SplitMix64) -> [String] {
    var a = a
    for i in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(i, Int(g.next() % UInt64(i + 1))) }
    return a
}

private func percentEncode(_ s: String) -> String {
    var out = ""
    for b in s.utf8 {
        if (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) {
            out.append(Character(UnicodeScalar(b)))
        } else {
            let hex = Array("0123456789ABCDEF")
            out += "%" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
        }
    }
    return out
}

@Suite("Query contracts: explain")
struct QueryContractExplainTests {
    @Test("explain names the query item that refused a route")
    func explainNamesTheItem() throws {
        let r = Router()
        try r.add("/search?q=<string:q>&page=<int:page=1>", target: "Search")
        try r.add("/search", target: "Plain", priority: -1)
        try r.add("/s/:x?!<int:n>", target: "Strict")
        let cases: [(String, String?, String)] = [
            ("/search?page=2", "Plain", "required query item 'q' (string) is missing"),
            ("/search?q=a&page=two", "Plain", "query item 'page' = 'two' is not an int"),
            ("/s/1?n=1&z=2", nil, "query item 'z' is not declared, and the route refuses unknown items"),
        ]
        for (url, winner, reason) in cases {
            let e = try r.explain(url)
            #expect(e.winner?.entry.route.destination == winner.map { Destination.target($0) }, "\(url)")
            #expect(e.refusedByQuery.map(\.reason) == [reason], "\(url): \(e.refusedByQuery.map(\.reason))")
        }
        let ok = try r.explain("/search?q=a")
        #expect(ok.winner?.entry.route.destination == .target("Search"))
        #expect(ok.refusedByQuery.isEmpty)
        #expect(ok.candidates.count == 2)
    }
}

@Suite("Query contracts: URL building")
struct QueryContractBuildTests {
    @Test("url(for:) writes declared items, leaves out defaults, refuses a missing required item")
    func building() throws {
        let r = Router()
        try r.add("/search?q=<string:q>&page=<int:page=1>&tag=<[string]:tags?>", target: "S", name: "s")
        let cases: [([String: ParameterValue], String)] = [
            (["q": "a b"], "/search?q=a%20b"),
            (["q": "x", "page": .int(1)], "/search?q=x"),
            (["q": "x", "page": .int(2)], "/search?q=x&page=2"),
            (["q": "", "tags": "t"], "/search?q=&tag=t"),
            (["q": "&=+#%?é", "extra": "1"], "/search?q=%26%3D%2B%23%25?%C3%A9&extra=1"),
        ]
        for (parameters, url) in cases {
            let built = try r.url(for: "s", parameters: parameters)
            #expect(built == url, "\(parameters)")
            let m = try #require(try r.resolve(built))
            for (k, v) in parameters where k != "tags" {
                #expect(m.params[k] == v, "\(built): \(k)")
            }
        }
        #expect(throws: SwitchyardError.self) { try r.url(for: "s", parameters: ["page": .int(2)]) }
        do {
            _ = try r.url(for: "s", parameters: [:])
        } catch {
            #expect(error.message.contains("needs query item 'q'"), "\(error.message)")
        }
        #expect(throws: SwitchyardError.self) { try r.url(for: "s", parameters: ["q": "a", "page": "two"]) }
    }

    @Test("a list item writes each value in order; one value per path parameter and scalar item")
    func lists() throws {
        let r = Router()
        try r.add("/search/:area?q=<string:q>&page=<int:page=1>&tag=<[string]:tags?>&n=<[int]:ns?>",
                  target: "S", name: "s")
        let cases: [([String: ParameterValue], [String: [ParameterValue]], String)] = [
            (["area": "x", "q": "a"], ["tags": ["red", "a&b", "", "é"]], "/search/x?q=a&tag=red&tag=a%26b&tag=&tag=%C3%A9"),
            (["area": "x", "q": "a"], ["tags": [], "ns": [.int(3), .int(-1)]], "/search/x?q=a&n=3&n=-1"),
            (["area": "x"], ["q": ["only"], "page": [.int(2)]], "/search/x?q=only&page=2"),
            (["area": "x", "q": "a"], ["more": ["1", "2"]], "/search/x?q=a&more=1&more=2"),
        ]
        for (parameters, lists, url) in cases {
            let built = try r.url(for: "s", parameters: parameters, lists: lists)
            #expect(built == url)
            let m = try #require(try r.resolve(built))
            for (k, v) in parameters { #expect(m.params[k] == v, "\(built): \(k)") }
            for (k, v) in lists where k == "tags" || k == "ns" { #expect(m.list(k) == v, "\(built): \(k)") }
        }
        let refused: [([String: ParameterValue], [String: [ParameterValue]], String)] = [
            (["area": "x", "q": "a"], ["page": [.int(2), .int(3)]], "query item 'page' of route 's' takes one value, and 2 are given"),
            (["q": "a"], ["area": ["x", "y"]], "parameter 'area' of route 's' takes one value, and 2 are given"),
            (["area": "x", "q": "a", "tags": "t"], ["tags": ["u"]], "parameter 'tags' of route 's' is given both as one value and as a list"),
            (["area": "x", "q": "a"], ["ns": ["three"]], "query item 'ns' of route 's' must be"),
            (["area": "x"], ["q": []], "needs query item 'q'"),
        ]
        for (parameters, lists, message) in refused {
            do {
                let url = try r.url(for: "s", parameters: parameters, lists: lists)
                Issue.record("built \(url) for \(lists)")
            } catch {
                #expect(error.code == .invalidArgument)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        let strict = Router()
        try strict.add("/f?!q=<string:q>", target: "F", name: "f")
        #expect(throws: SwitchyardError.self) { try strict.url(for: "f", parameters: ["q": "a"], lists: ["x": ["1", "2"]]) }
        // The typed-value overload takes lists of any URLParameterValue.
        #expect(try r.url(for: "s", parameters: ["area": "x", "q": "a"], lists: ["ns": [7, Int8(8)]]) == "/search/x?q=a&n=7&n=8")
    }

    @Test("includingDefaults writes every item that has a default, given or not")
    func includingDefaults() throws {
        let r = Router()
        try r.add("/search?q=<string:q>&page=<int:page=1>&z=<float:z?>&sort=<string:sort=new>", target: "S", name: "s")
        #expect(try r.url(for: "s", parameters: ["q": "a"]) == "/search?q=a")
        #expect(try r.url(for: "s", parameters: ["q": "a"], includingDefaults: true) == "/search?q=a&page=1&sort=new")
        #expect(try r.url(for: "s", parameters: ["q": "a", "page": .int(1), "sort": "old"], includingDefaults: true)
                == "/search?q=a&page=1&sort=old")
        let m = try #require(try r.resolve(try r.url(for: "s", parameters: ["q": "a"], includingDefaults: true)))
        #expect(m.params["page"] == .int(1) && m.params["sort"] == "new")
        #expect(throws: SwitchyardError.self) { try r.url(for: "s", parameters: [:], includingDefaults: true) }
    }

    @Test("property: built URLs resolve back to the route with the same typed values")
    func roundTrip() throws {
        var g = SplitMix64(state: 99)
        let alphabet = ["a", "&", "=", "+", "#", "%", "?", " ", "é", "中", ""]
        for round in 0..<100 {
            let r = Router()
            let count = 1 + Int(g.next() % 4)
            var items: [String] = []
            var params: [String: ParameterValue] = [:]
            for k in 0..<count {
                let name = "v\(k)"
                switch g.next() % 4 {
                case 0:
                    items.append("k\(k)=<int:\(name)=5>")
                    params[name] = .int(Int64(g.next() % 10))
                case 1:
                    items.append("<float:\(name)>")
                    params[name] = .float(Double(Int64(g.next() % 1000)) / 4)
                default:
                    items.append("<string:\(name)>")
                    params[name] = .string((0..<Int(g.next() % 5)).map { _ in alphabet[Int(g.next() % 11)] }.joined())
                }
            }
            try r.add("/b/\(round)?" + items.joined(separator: "&"), target: "T", name: "n")
            let url = try r.url(for: "n", parameters: params)
            let m = try #require(try r.resolve(url), "\(url)")
            #expect(m.target == "T")
            for (k, v) in params { #expect(m.params[k] == v, "\(url): \(k)") }
        }
    }
}

@Suite("Query contracts: decode")
struct QueryContractDecodeTests {
    struct Search: Decodable, Equatable {
        var q: String
        var page: Int
        var zoom: Double?
        var tags: [String]?
    }

    @Test("decode reads typed items, defaults and lists into a struct")
    func decodes() throws {
        let r = Router()
        try r.add("/search?q=<string:q>&page=<int:page=1>&zoom=<float:zoom?>&tag=<[string]:tags?>", target: "S")
        let m = try #require(try r.resolve("/search?tag=a&q=x&tag=b&zoom=2.5"))
        #expect(try m.decode(Search.self) == Search(q: "x", page: 1, zoom: 2.5, tags: ["a", "b"]))
        let n = try #require(try r.resolve("/search?q=y&page=4"))
        #expect(try n.decode(Search.self) == Search(q: "y", page: 4, zoom: nil, tags: nil))
        struct Counts: Decodable { var page: Int; var q: Int }
        #expect(throws: SwitchyardError.self) { try n.decode(Counts.self) }  // q is text
    }
}

@Suite("Query contracts: reachability")
struct QueryContractReachabilityTests {
    @Test("a route with a contract shadows no route of the same path")
    func noShadow() throws {
        let r = Router()
        try r.add("/search?q=<string:q>", target: "S")
        try r.add("/search", target: "Plain", priority: -1)
        let reach = RouteAnalysis(r).reachability()
        if case .shadowed = reach[1] { Issue.record("'/search' reported shadowed") }
    }
}

@Suite("Query contracts with parameter types of the app's own")
struct QueryContractCustomTypeTests {
    @Test("a registered type or word set types a query item, in a pattern and in a document")
    func customTypes() throws {
        let r = try typedRouter([])
        try r.add("/shop?tab=<tab:tab>&from=<date:from?>", target: "Shop")
        try r.add("/shop", target: "Plain", priority: -1)
        #expect(try r.resolve("/shop?tab=photos")?.target == "Shop")
        #expect(try r.resolve("/shop?tab=photos&from=2024-02-29")?.target == "Shop")
        #expect(try r.resolve("/shop?tab=videos")?.target == "Plain")                 // not a word of the set
        #expect(try r.resolve("/shop?tab=photos&from=2024-13-01")?.target == "Plain") // not a date
        #expect(try r.resolve("/shop?tab=<one(a,b):t>")?.target == "Plain")
        try r.add("/pick?t=<one(red,blue):t>", target: "Pick")
        #expect(try r.resolve("/pick?t=blue")?.target == "Pick")
        #expect(try r.resolve("/pick?t=green") == nil)
        // A rule document names the type; the router it loads into knows it.
        let doc = """
        {"version": 1, "routes": [{"pattern": "/tabs", "target": "Tabs", "query": {"tab": {"type": "tab"}}}]}
        """
        try r.loadRules(json: doc)
        #expect(try r.resolve("/tabs?tab=reviews")?.target == "Tabs")
        #expect(try r.resolve("/tabs?tab=nope") == nil)
        // A router without the type refuses the same document, naming the type.
        let bare = Router()
        let e = expectError(.rule, "unknown type") { try bare.loadRules(json: doc) }
        #expect(e?.message.contains("unknown type 'tab'") == true, "\(e?.message ?? "")")
    }
}
