import Foundation  // tests only: JSONEncoder and JSONDecoder to exercise Codable
import Testing
import Switchyard

/// `Codable` for Route, Destination, ParameterValue and RouterOptions: round trips, the
/// field names a rule document uses for a route, and decoding errors.
@Suite struct CodableValues {
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    func json<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    @Test func parameterValues() throws {
        for v: ParameterValue in [.string("a b"), .string("42"), .int(-7), .int(Int64.max), .float(2.5), .float(-1e-7)] {
            #expect(try roundTrip(v) == v)
        }
        #expect(try json(["a": ParameterValue.int(1), "b": .string("x"), "c": .float(0.5)]) == #"{"a":1,"b":"x","c":0.5}"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ParameterValue.self, from: Data("true".utf8)) }
    }

    @Test func routes() throws {
        var child = Route("/hotel/:id/room/:room", target: "Room", name: "room", priority: 2, defaults: ["tab": "info", "n": 1])
        child.parent = "hotel"
        let redirect = Route("/old/:id", redirect: "/new/{id}", appendParams: false)
        for r in [child, redirect, Route("/", target: "Home")] {
            #expect(try roundTrip(r) == r)
        }
        #expect(try json(redirect) == #"{"append_params":false,"defaults":{},"pattern":"\/old\/:id","priority":0,"redirect":"\/new\/{id}"}"#)
        let minimal = try JSONDecoder().decode(Route.self, from: Data(#"{"pattern": "/a", "target": "A"}"#.utf8))
        #expect(minimal == Route("/a", target: "A"))
        for bad in [#"{"pattern": "/a"}"#, #"{"pattern": "/a", "target": "A", "redirect": "/b"}"#, #"{"target": "A"}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Route.self, from: Data(bad.utf8)) }
        }
        #expect(try roundTrip(Destination.redirect("/x")) == .redirect("/x"))
    }

    @Test func options() throws {
        var o = RouterOptions()
        o.webSchemes = ["https", "myweb"]
        o.hostHandling = .hostWhenDotted
        o.strictTrailingSlash = true
        o.precedence = .mostLiterals
        o.parameterPrecedence = .queryOverPath
        o.limits.maxRedirects = 3
        o.limits.maxCandidates = 2
        o.parallelBuild = false
        #expect(try roundTrip(o) == o)
        #expect(try roundTrip(RouterOptions()) == RouterOptions())
        #expect(try JSONDecoder().decode(RouterOptions.self, from: Data("{}".utf8)) == RouterOptions())
        let partial = try JSONDecoder().decode(RouterOptions.self,
            from: Data(#"{"hostHandling": "alwaysSegment", "limits": {"maxSegments": 9}}"#.utf8))
        #expect(partial.hostHandling == .alwaysSegment && partial.limits.maxSegments == 9 && partial.parallelBuild
                && partial.limits.maxURLLength == RouterOptions.Limits().maxURLLength)
        let text = try json(o)
        #expect(text.contains(#""hostHandling":"hostWhenDotted""#) && text.contains(#""maxRedirects":3"#)
                && text.contains(#""webSchemes":["https","myweb"]"#))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RouterOptions.self, from: Data(#"{"precedence": "loudest"}"#.utf8))
        }
        // Decoding does not validate: the router does, with its usual error.
        let tooMany = try JSONDecoder().decode(RouterOptions.self, from: Data(#"{"limits": {"maxRedirects": 5000}}"#.utf8))
        #expect(throws: SwitchyardError.self) { try Router(options: tooMany) }
    }
}
