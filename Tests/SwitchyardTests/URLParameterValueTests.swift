// `url(for:parameters:)` with values of every type a typed read gives: each is written,
// resolved, and read back as the same value.
import Testing
import Switchyard

@Suite("URL parameters of every read type")
struct URLParameterValueTests {
    /// Builds `pattern`'s URL with `value` as `x`, resolves it, and reads `x` as a `T`.
    func roundTrip<T: URLParameterValue & ParameterValueConvertible & Equatable>(
        _ pattern: String, _ value: T) throws -> (url: String, back: T?) {
        let r = Router()
        try r.add(pattern, target: "T", name: "r")
        let url = try r.url(for: "r", parameters: ["x": value] as [String: any URLParameterValue])
        let m = try #require(try r.resolve(url), "\(url) resolves")
        #expect(m.pattern == pattern)
        return (url, m.parameter("x", as: T.self))
    }

    @Test("integers of every width, in an <int:> segment and in the query")
    func integers() throws {
        for p in ["/n/<int:x>", "/n"] {
            #expect(try roundTrip(p, 42 as Int).back == 42)
            #expect(try roundTrip(p, -7 as Int8).back == -7)
            #expect(try roundTrip(p, Int16.min).back == Int16.min)
            #expect(try roundTrip(p, Int32.max).back == Int32.max)
            #expect(try roundTrip(p, Int64.min).back == Int64.min)
            #expect(try roundTrip(p, 300 as UInt16).back == 300)
            #expect(try roundTrip(p, UInt8.max).back == UInt8.max)
            #expect(try roundTrip(p, UInt32.max).back == UInt32.max)
            #expect(try roundTrip(p, 5 as UInt).back == 5)
        }
        #expect(try roundTrip("/n/<int:x>", 42 as Int).url == "/n/42")
        #expect(try roundTrip("/n", 42 as Int).url == "/n?x=42")
    }

    @Test("a UInt64 beyond Int64 is text: a :name segment takes it, an <int:> segment refuses it")
    func largeUnsigned() throws {
        #expect(try roundTrip("/n/:x", UInt64.max).back == UInt64.max)
        #expect(try roundTrip("/n", UInt64.max).url == "/n?x=18446744073709551615")
        let r = Router()
        try r.add("/n/<int:x>", target: "T", name: "r")
        #expect(throws: SwitchyardError.self) {
            try r.url(for: "r", parameters: ["x": UInt64.max] as [String: any URLParameterValue])
        }
    }

    @Test("Double and Float")
    func decimals() throws {
        #expect(try roundTrip("/f/<float:x>", 2.5 as Double) == ("/f/2.5", 2.5))
        #expect(try roundTrip("/f/<float:x>", -0.125 as Double).back == -0.125)
        #expect(try roundTrip("/f", 1e-3 as Double).back == 1e-3)
        // A Float is written as its own shortest text, so it reads back exactly.
        #expect(try roundTrip("/f/<float:x>", 0.1 as Float) == ("/f/0.1", 0.1))
        #expect(try roundTrip("/f", Float.greatestFiniteMagnitude).back == .greatestFiniteMagnitude)
    }

    @Test("String and Bool")
    func textAndBool() throws {
        #expect(try roundTrip("/s/:x", "a b/é") == ("/s/a%20b%2F%C3%A9", "a b/é"))
        #expect(try roundTrip("/s/:x", true) == ("/s/true", true))
        #expect(try roundTrip("/s", false) == ("/s?x=false", false))
    }

    @Test("ParameterValue")
    func parameterValue() throws {
        #expect(try roundTrip("/n/<int:x>", ParameterValue.int(9)).back == .int(9))
        #expect(try roundTrip("/s/:x", ParameterValue.string("z")).back == .string("z"))
    }

    @Test("mixed types in one dictionary, and the ParameterValue form unchanged")
    func mixed() throws {
        let r = Router()
        try r.add("myapp://user/<int:id>", target: "UserProfile", name: "user")
        let id = 42
        let url = try r.url(for: "user", parameters: ["id": id, "tab": "likes", "on": true, "w": 0.5])
        #expect(url == "myapp://user/42?on=true&tab=likes&w=0.5")
        let m = try #require(try r.resolve(url))
        #expect(m.int("id") == 42 && m.string("tab") == "likes" && m.bool("on") == true && m.double("w") == 0.5)
        let values: [String: ParameterValue] = ["id": .int(42)]
        #expect(try r.url(for: "user", parameters: values) == "myapp://user/42")
        #expect(try r.url(for: "user", parameters: ["id": 42]) == "myapp://user/42")
        #expect(try r.url(for: "user", parameters: ["id": .int(42)]) == "myapp://user/42")
    }
}
