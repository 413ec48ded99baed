import Testing
import Switchyard

/// `int`, `double`, `string`, `bool` and `parameter(_:as:)` on Match and MatchBuffer, and
/// the `ParameterValue` conversions under them: a wrong type or an unknown name is nil.
@Suite struct TypedAccessors {
    @Test("ParameterValue conversions", arguments: [
        // value, intValue, doubleValue, boolValue
        (ParameterValue.int(42), 42, 42.0, nil),
        (.int(1), 1, 1.0, true),
        (.string("0"), 0, 0.0, false),
        (.string("-7"), -7, -7.0, nil),
        (.float(2.5), nil, 2.5, nil),
        (.string("2.5"), nil, 2.5, nil),
        (.string("-1e3"), nil, -1000.0, nil),
        (.string("12abc"), nil, nil, nil),
        (.string(""), nil, nil, nil),
        (.string("nan"), nil, nil, nil),
        (.string("inf"), nil, nil, nil),
        (.string("0x10"), nil, nil, nil),
        (.string("true"), nil, nil, true),
        (.string("99999999999999999999"), nil, 1e20, nil),
    ] as [(ParameterValue, Int?, Double?, Bool?)])
    func conversions(value: ParameterValue, int: Int?, double: Double?, bool: Bool?) {
        #expect(value.intValue == int)
        #expect(value.doubleValue == double)
        #expect(value.boolValue == bool)
        #expect(value.stringValue == value.description)
    }

    @Test func matchAccessors() throws {
        let r = Router()
        try r.add("/p/<int:id>/<float:x>/:slug", target: "P")
        let url = "/p/300/2.5/hello?page=3&n=-1&on=true&big=99999999999999999999"
        let m = try #require(try r.resolve(url))
        #expect(m.int("id") == 300 && m.int("page") == 3 && m.int("slug") == nil && m.int("x") == nil)
        #expect(m.double("x") == 2.5 && m.double("id") == 300 && m.double("slug") == nil)
        #expect(m.string("slug") == "hello" && m.string("id") == "300")
        #expect(m.bool("on") == true && m.bool("slug") == nil)
        #expect(m.parameter("id", as: UInt16.self) == 300)
        #expect(m.parameter("id", as: UInt8.self) == nil)  // out of range
        #expect(m.parameter("n", as: UInt.self) == nil && m.parameter("n", as: Int8.self) == -1)
        #expect(m.parameter("big", as: UInt64.self) == nil && m.parameter("big", as: Double.self) == 1e20)
        #expect(m.parameter("x", as: Float.self) == 2.5)
        #expect(m.parameter("id", as: ParameterValue.self) == .int(300))
        for name in ["", "nope", "ID"] {
            #expect(m.int(name) == nil && m.double(name) == nil && m.string(name) == nil && m.bool(name) == nil)
            #expect(m.parameter(name, as: Int.self) == nil)
        }

        let buffer = MatchBuffer()
        try r.resolve(url, into: buffer)
        #expect(buffer.int("id") == 300 && buffer.double("x") == 2.5 && buffer.string("slug") == "hello")
        #expect(buffer.bool("on") == true && buffer.parameter("id", as: Int16.self) == 300)
        #expect(buffer.int("nope") == nil && buffer.int("slug") == nil)
        try r.resolve("/miss", into: buffer)
        #expect(buffer.int("id") == nil && buffer.string("slug") == nil)
    }
}
