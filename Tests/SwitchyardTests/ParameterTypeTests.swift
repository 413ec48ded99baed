// Parameter types of the app's own and word sets: matching, precedence, typed values, the
// refusals of registration, URL building, rule documents, and a round trip on random values.
import Foundation
import Testing
import Switchyard

/// A calendar day written `YYYY-MM-DD` (canonical: zero-padded).
struct Day: ParameterType, Hashable {
    var year: Int, month: Int, day: Int
    init(year: Int, month: Int, day: Int) { (self.year, self.month, self.day) = (year, month, day) }
    init?(parameterText text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              y >= 0, (1...12).contains(m), (1...31).contains(d) else { return nil }
        self.init(year: y, month: m, day: d)
    }
    var parameterText: String {
        func pad(_ v: Int, _ n: Int) -> String { String(repeating: "0", count: max(0, n - String(v).count)) + String(v) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// Any text that starts with "t." (the property test's type: every byte may follow).
struct Tagged: ParameterType, Hashable {
    var body: String
    init(body: String) { self.body = body }
    init?(parameterText text: String) {
        guard text.hasPrefix("t.") else { return nil }
        body = String(text.dropFirst(2))
    }
    var parameterText: String { "t." + body }
}

/// Counts its parse calls, to show parse runs only where a route of its type is a candidate.
final class CountingParse: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var count: Int { lock.withLock { n } }
    func parse(_ text: String) -> Bool { lock.withLock { n += 1 }; return text.hasPrefix("c") }
}

func typedRouter(_ patterns: [String]) throws -> Router {
    let r = Router()
    try r.register(Day.self, as: "date")
    try r.register(words: ["reviews", "photos"], as: "tab")
    for p in patterns { try r.add(p, target: p, name: nil) }
    return r
}

@Suite("Parameter types of the app's own and word sets")
struct ParameterTypeTests {
    static let winners: [(routes: [String], url: String, winner: String?)] = [
        (["/d/<date:d>"], "/d/2024-02-29", "/d/<date:d>"),
        (["/d/<date:d>"], "/d/2024-13-01", nil),
        (["/d/<date:d>"], "/d/today", nil),
        // literal > custom type > plain parameter
        (["/d/<date:d>", "/d/:x", "/d/2024-01-01"], "/d/2024-01-01", "/d/2024-01-01"),
        (["/d/<date:d>", "/d/:x", "/d/2024-01-01"], "/d/2024-01-02", "/d/<date:d>"),
        (["/d/<date:d>", "/d/:x", "/d/2024-01-01"], "/d/someday", "/d/:x"),
        // a typed parameter that declines lets the next candidate try, deeper too
        (["/d/<date:d>/x", "/d/:y/y"], "/d/2024-01-02/y", "/d/:y/y"),
        // built-in typed parameters rank before a custom type
        (["/n/<int:i>", "/n/<date:d>"], "/n/20240101", "/n/<int:i>"),
        // word sets, registered and inline
        (["/u/:id/<tab:t>", "/u/:id/:other"], "/u/1/photos", "/u/:id/<tab:t>"),
        (["/u/:id/<tab:t>", "/u/:id/:other"], "/u/1/Photos", "/u/:id/:other"),
        (["/u/:id/<tab:t>"], "/u/1/photo", nil),
        (["/s/<one(a,b%2Cc,d%3Ae):w>"], "/s/b,c", "/s/<one(a,b%2Cc,d%3Ae):w>"),
        (["/s/<one(a,b%2Cc,d%3Ae):w>"], "/s/b%2Cc", "/s/<one(a,b%2Cc,d%3Ae):w>"),
        (["/s/<one(a,b%2Cc,d%3Ae):w>"], "/s/d:e", "/s/<one(a,b%2Cc,d%3Ae):w>"),
        (["/s/<one(a,b%2Cc,d%3Ae):w>"], "/s/b", nil),
        (["/s/<one(a,b):w>(/:more)"], "/s/a/x", "/s/<one(a,b):w>(/:more)"),
        (["/s/<one(a,b):w>(/:more)"], "/s/b", "/s/<one(a,b):w>(/:more)"),
        (["/s/<one(é,🙂):w>"], "/s/%F0%9F%99%82", "/s/<one(é,🙂):w>"),
        (["myapp://day/<date:d>"], "myapp://day/1999-12-31", "myapp://day/<date:d>"),
    ]

    @Test("which route wins", arguments: winners)
    func wins(_ row: (routes: [String], url: String, winner: String?)) throws {
        let r = try typedRouter(row.routes)
        #expect(try r.resolve(row.url)?.pattern == row.winner, "\(row.url)")
    }

    @Test("the parsed value is read back typed")
    func typedValue() throws {
        let r = try typedRouter(["/d/<date:d>/<tab:t>"])
        let m = try #require(try r.resolve("/d/2024-2-9/photos"))
        #expect(m.parameter("d", as: Day.self) == Day(year: 2024, month: 2, day: 9))
        #expect(m.string("d") == "2024-2-9")
        #expect(m.string("t") == "photos")
        #expect(m.parameter("t", as: Day.self) == nil)
    }

    static let refusals: [(what: String, code: SwitchyardError.Code, words: String, body: @Sendable (Router) throws -> Void)] = [
        ("twice", .invalidArgument, "already registered", { r in try r.register(Day.self, as: "d2"); try r.register(Day.self, as: "d2") }),
        ("built-in", .invalidArgument, "is a built-in type", { r in try r.register(Day.self, as: "int") }),
        ("word form", .invalidArgument, "is a built-in type", { r in try r.register(words: ["a"], as: "one") }),
        ("invalid", .invalidArgument, "invalid parameter type name '1day'", { r in try r.register(Day.self, as: "1day") }),
        ("empty", .invalidArgument, "needs a name", { r in try r.register(Day.self, as: "") }),
        ("long", .limit, "over the limit of 64", { r in try r.register(Day.self, as: String(repeating: "a", count: 65)) }),
        ("after routes", .invalidArgument, "before routes are added", { r in try r.add("/a", target: "A"); try r.register(Day.self, as: "late") }),
        ("no words", .invalidArgument, "at least one word", { r in try r.register(words: [], as: "w") }),
        ("empty word", .invalidArgument, "empty word", { r in try r.register(words: ["a", ""], as: "w") }),
        ("slash word", .invalidArgument, "cannot hold '/'", { r in try r.register(words: ["a/b"], as: "w") }),
        ("many words", .limit, "over the limit of 256", { r in try r.register(words: (0...256).map(String.init), as: "w") }),
        ("many types", .limit, "at most 64", { r in for k in 0...64 { try r.register(words: ["x"], as: "w\(k)") } }),
        ("unknown in a pattern", .invalidPattern, "unknown type 'dat' at 4", { r in try r.add("/d/<dat:d>", target: "D") }),
        ("empty inline word", .invalidPattern, "empty word", { r in try r.add("/d/<one(a,,b):d>", target: "D") }),
        ("unclosed word set", .invalidPattern, "not allowed inside '<...>'", { r in try r.add("/d/<one(a,b:d>", target: "D") }),
        ("unknown type in pieces", .invalidPattern, "unknown type 'date' at 5", { r in try r.add("/d/x<date:d>", target: "D") }),
        // A segment of several pieces splits before any type is asked (SEMANTICS §2).
        ("custom type in pieces", .invalidPattern,
         "a word set or a type of the app's own ('<date:...>') must be a whole segment, not one piece of it at 5",
         { r in try r.register(Day.self, as: "date"); try r.add("/d/x<date:d>", target: "D") }),
        ("word set in pieces", .invalidPattern,
         "a word set or a type of the app's own ('<one(a,b):...>') must be a whole segment, not one piece of it at 9",
         { r in try r.add("/d/file-<one(a,b):k>.txt", target: "D") }),
    ]

    @Test("refusals", arguments: refusals.indices)
    func refused(_ i: Int) {
        let row = Self.refusals[i]
        let r = Router()
        let e = expectError(row.code, row.what) { try row.body(r) }
        #expect(e?.message.contains(row.words) == true, "\(row.what): \(e?.message ?? "")")
    }

    @Test("a refused registration leaves the router as it was")
    func refusedLeavesNothing() throws {
        let r = Router()
        try r.register(Day.self, as: "date")
        expectError(.invalidArgument, "twice") { try r.register(words: ["a"], as: "date") }
        try r.add("/d/<date:d>", target: "D")
        #expect(try r.resolve("/d/2020-01-01") != nil)
        #expect(try r.resolve("/d/a") == nil)
    }

    @Test("parse runs only on candidate segments")
    func parseOnlyOnCandidates() throws {
        let counter = CountingParse()
        let r = Router()
        try r.registerParameterType("c") { counter.parse($0) }
        try r.add("/x/<c:v>", target: "X")
        try r.add("/y/:a/:b", target: "Y")
        try r.add("/x/lit", target: "L")
        for url in ["/y/1/2", "/z/cc", "/x/lit", "/y/cat/cow", "/"] { _ = try r.resolve(url) }
        #expect(counter.count == 0)
        #expect(try r.resolve("/x/cab")?.target == "X")
        #expect(counter.count == 1)
        #expect(try r.resolve("/x/dab") == nil)
        #expect(counter.count == 2)
    }

    @Test("a URL is built with the type's text, and checked")
    func building() throws {
        let r = Router()
        try r.register(Day.self, as: "date")
        try r.register(words: ["reviews", "photos"], as: "tab")
        try r.add("/d/<date:d>/<tab:t>", target: "D", name: "day")
        let day = Day(year: 7, month: 3, day: 4)
        let url = try r.url(for: "day", parameters: ["d": day, "t": "photos"])
        #expect(url == "/d/0007-03-04/photos")
        #expect(try r.resolve(url)?.parameter("d", as: Day.self) == day)
        let e = expectError(.invalidArgument, "not a word") { _ = try r.url(for: "day", parameters: ["d": day, "t": "likes"]) }
        #expect(e?.message == "parameter 't' of route 'day' is not a value of type 'tab': 'likes'")
        let e2 = expectError(.invalidArgument, "not a day") { _ = try r.url(for: "day", parameters: ["d": "soon", "t": "photos"]) }
        #expect(e2?.message.contains("is not a value of type 'date'") == true)
    }

    @Test("a rule document names registered types; an unknown one is refused where it stands")
    func documents() throws {
        let r = Router()
        try r.register(Day.self, as: "date")
        try r.loadRules(json: #"{"version": 1, "routes": [{"pattern": "/d/<date:d>", "target": "D"}]}"#)
        #expect(try r.resolve("/d/2001-01-01")?.target == "D")
        let e = expectError(.rule, "unknown type") {
            try r.loadRules(json: "{\"version\": 1, \"routes\": [\n {\"pattern\": \"/d/<when:d>\", \"target\": \"D\"}]}")
        }
        #expect(e?.message.contains("unknown type 'when'") == true, "\(e?.message ?? "")")
        #expect(e?.message.contains("$.routes[0].pattern") == true, "\(e?.message ?? "")")
        #expect(try r.resolve("/d/2001-01-01")?.target == "D", "the refused document changed nothing")
    }
}

@Suite("Parameter types: round trip on random values")
struct ParameterTypeRoundTripTests {
    /// Pieces of values: every character a URL gives a meaning to, and text of several scripts.
    static let pieces = ["/", "%", "+", ":", "&", "?", "#", "@", "..", ".", " ", "", "🙂", "שלום", "a", "Z9", "%2F", "=", ";", "~"]

    @Test("build then resolve gives back the route and value, or a build error that says why")
    func roundTrip() throws {
        var rng = SplitMix64(state: 0x7ABE1)
        var built = 0, refused = 0
        for _ in 0..<40 {
            let r = Router()
            try r.register(Tagged.self, as: "tag")
            try r.register(words: ["one", "t.two"], as: "w")
            var names: [String] = []
            for k in 0..<2 + rng.below(5) {
                let shape = rng.below(4)
                let pattern = ["/r\(k)/<tag:v>", "/r\(k)/<tag:v>/<w:x>", "/r\(k)/:p/<tag:v>", "/<tag:v>/r\(k)"][shape]
                try r.add(pattern, target: pattern, name: "n\(k)")
                names.append("n\(k)")
            }
            for _ in 0..<20 {
                let name = rng.pick(names)
                let body = (0..<rng.below(5)).map { _ in rng.pick(Self.pieces) }.joined()
                let value = Tagged(body: body)
                // One in five: the bare text, which is no value of the type (it lacks "t.").
                let bare = rng.chance(20)
                let params: [String: any URLParameterValue] = ["v": bare ? body : value, "x": "t.two", "p": "pp"]
                do {
                    let url = try r.url(for: name, parameters: params)
                    #expect(!bare, "\(url) was built from a bare '\(body)'")
                    let m = try #require(try r.resolve(url), "\(url) resolves")
                    #expect(m.name == name, "\(url): \(m.pattern)")
                    #expect(m.parameter("v", as: Tagged.self) == value, "\(url)")
                    built += 1
                } catch let e as SwitchyardError {
                    #expect(e.code == .invalidArgument && e.message.contains("'v'"), "\(body): \(e.message)")
                    refused += 1
                }
            }
        }
        #expect(built > 400 && refused > 0, "built \(built), refused \(refused)")
    }
}

@Suite("Parameter types whose function fails")
struct ParameterTypeFailureTests {
    @Test("a failing parse is the resolve's error, and the next resolve is unaffected")
    func failureIsAnError() throws {
        let r = Router()
        try r.register(ParameterMatcher(name: "bad") { text in
            text.first == UInt8(ascii: "x") ? .failed("it returned 7") : .declined
        })
        try r.add("/b/<bad:v>", target: "B")
        try r.add("/b/:v", target: "P")
        let e = expectError(.invalidArgument, "failing parse") { _ = try r.resolve("/b/xyz") }
        #expect(e?.message == "parameter type 'bad' failed on the segment 'xyz': it returned 7")
        let buffer = MatchBuffer()
        #expect(try r.resolve("/b/abc", into: buffer))
        #expect(buffer.match?.target == "P")
        expectError(.invalidArgument, "again") { _ = try r.resolve("/b/x", into: buffer) }
        #expect(try r.resolve("/b/abc", into: buffer))
    }
}

@Suite("Parameter types in the route listing and explain")
struct ParameterTypeListingTests {
    @Test("a custom-typed segment is listed as written")
    func listed() throws {
        let r = try typedRouter(["/d/<date:d>/<tab:t>/<one(a,b):w>"])
        let text = r.entriesByPrecedence().map { $0.parts.map(\.description).joined(separator: " ") }
        #expect(text.contains { $0.hasSuffix("<date:d> <tab:t> <one(a,b):w>") }, "\(text)")
    }
}

@Suite("Parameter types on many threads")
struct ParameterTypeThreadTests {
    @Test("resolves on several threads at once call parse concurrently and agree")
    func concurrentResolves() async throws {
        let r = try typedRouter(["/d/<date:d>", "/d/:x", "/t/<tab:t>"])
        try await withThrowingTaskGroup(of: Int.self) { group in
            for k in 0..<4 {
                group.addTask {
                    var hits = 0
                    let buffer = MatchBuffer()
                    for i in 0..<500 {
                        let url = (i + k) % 2 == 0 ? "/d/2024-01-\(1 + i % 28)" : "/d/day\(i)"
                        let found = try r.resolve(url, into: buffer)
                        #expect(found)
                        if buffer.match?.pattern == "/d/<date:d>" { hits += 1 }
                    }
                    return hits
                }
            }
            var total = 0
            for try await h in group { total += h }
            #expect(total == 1000)
        }
    }
}
