/// Reading a parameter as a Swift type without a `switch` over ``ParameterValue``:
/// `m.int("id")`, `m.parameter("id", as: UInt16.self)`. Each returns nil when the match has
/// no parameter of that name, or when its value cannot be read as the type (then nothing
/// is guessed: `"12abc"` is no `Int`, `2.5` is no `Int`, `300` is no `UInt8`).

/// A type a parameter's value can be read as (`Match.parameter(_:as:)`). The library's own
/// conformances: every fixed-width integer, `Double`, `Float`, `String`, `Bool` and
/// `ParameterValue` itself.
public protocol ParameterValueConvertible {
    /// The value as this type, or nil when it is not one (see each type's rule).
    init?(parameterValue: ParameterValue)
}

extension ParameterValue {
    /// The value as an `Int`: an `.int`, or a `.string` that is a whole decimal number
    /// (`"42"`, `"-7"`) within `Int`'s range; nil otherwise (a `.float` included).
    public var intValue: Int? { integer(Int.self) }

    /// The value as a `Double`: a `.float`, an `.int`, or a `.string` that is a finite
    /// decimal number (`"2.5"`, `"-1e3"`); nil otherwise (`"nan"`, `"inf"`, `"0x10"`).
    public var doubleValue: Double? {
        switch self {
        case .float(let d): return d
        case .int(let i): return Double(i)
        case .string(let s): return parseDecimal(s)
        }
    }

    /// The value as text: a `.string`'s text, or a number written in decimal (as
    /// `description`). Never nil; optional to read like its siblings.
    public var stringValue: String? { description }

    /// The value as a `Bool`: `true`/`false`/`1`/`0` as text, or the integers 1 and 0; nil
    /// otherwise.
    public var boolValue: Bool? {
        switch self {
        case .string("true"), .string("1"), .int(1): return true
        case .string("false"), .string("0"), .int(0): return false
        default: return nil
        }
    }

    /// The value as any fixed-width integer type: an `.int` that fits, or a `.string` that
    /// is a whole decimal number that fits.
    package func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        switch self {
        case .int(let i): return T(exactly: i)
        case .string(let s): return T(s, radix: 10)
        case .float: return nil
        }
    }
}

/// A finite decimal number written with digits, one optional sign, point and exponent
/// (no `nan`, `inf` or hexadecimal forms, which `Double(_:)` would also take).
func parseDecimal(_ s: String) -> Double? {
    guard !s.isEmpty, s.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D
        || $0 == 0x65 || $0 == 0x45 }) else { return nil }
    guard let d = Double(s), d.isFinite else { return nil }
    return d
}

extension ParameterValue: ParameterValueConvertible {
    /// The value itself.
    public init?(parameterValue: ParameterValue) { self = parameterValue }
}

extension String: ParameterValueConvertible {
    /// The value's text (`ParameterValue.stringValue`).
    public init?(parameterValue: ParameterValue) { self = parameterValue.description }
}

extension Double: ParameterValueConvertible {
    /// `ParameterValue.doubleValue`.
    public init?(parameterValue: ParameterValue) {
        guard let d = parameterValue.doubleValue else { return nil }
        self = d
    }
}

extension Float: ParameterValueConvertible {
    /// `ParameterValue.doubleValue`, when it is within `Float`'s range.
    public init?(parameterValue: ParameterValue) {
        guard let d = parameterValue.doubleValue, abs(d) <= Double(Float.greatestFiniteMagnitude) else { return nil }
        self = Float(d)
    }
}

extension Bool: ParameterValueConvertible {
    /// `ParameterValue.boolValue`.
    public init?(parameterValue: ParameterValue) {
        guard let b = parameterValue.boolValue else { return nil }
        self = b
    }
}

/// Every fixed-width integer reads an `.int` that fits or a whole decimal `.string` that fits.
extension ParameterValueConvertible where Self: FixedWidthInteger {
    /// The value when it is a whole number within this type's range.
    public init?(parameterValue: ParameterValue) {
        guard let i = parameterValue.integer(Self.self) else { return nil }
        self = i
    }
}

extension Int: ParameterValueConvertible {}
extension Int8: ParameterValueConvertible {}
extension Int16: ParameterValueConvertible {}
extension Int32: ParameterValueConvertible {}
extension Int64: ParameterValueConvertible {}
extension UInt: ParameterValueConvertible {}
extension UInt8: ParameterValueConvertible {}
extension UInt16: ParameterValueConvertible {}
extension UInt32: ParameterValueConvertible {}
extension UInt64: ParameterValueConvertible {}

extension Match {
    /// The parameter `name` as a `T`, or nil when there is none or it is not a `T`.
    public func parameter<T: ParameterValueConvertible>(_ name: String, as type: T.Type) -> T? {
        params[name].flatMap(T.init(parameterValue:))
    }

    /// The parameter `name` as an `Int` (`ParameterValue.intValue`), or nil.
    public func int(_ name: String) -> Int? { params[name]?.intValue }

    /// The parameter `name` as a `Double` (`ParameterValue.doubleValue`), or nil.
    public func double(_ name: String) -> Double? { params[name]?.doubleValue }

    /// The parameter `name` as text (`ParameterValue.stringValue`), or nil when there is none.
    public func string(_ name: String) -> String? { params[name]?.stringValue }

    /// The parameter `name` as a `Bool` (`ParameterValue.boolValue`), or nil.
    public func bool(_ name: String) -> Bool? { params[name]?.boolValue }
}

extension MatchBuffer {
    /// The parameter `name` as a `T`, or nil when there is none or it is not a `T`.
    public func parameter<T: ParameterValueConvertible>(_ name: String, as type: T.Type) -> T? {
        parameter(name).flatMap(T.init(parameterValue:))
    }

    /// The parameter `name` as an `Int` (`ParameterValue.intValue`), or nil.
    public func int(_ name: String) -> Int? { parameter(name)?.intValue }

    /// The parameter `name` as a `Double` (`ParameterValue.doubleValue`), or nil.
    public func double(_ name: String) -> Double? { parameter(name)?.doubleValue }

    /// The parameter `name` as text (`ParameterValue.stringValue`), or nil when there is none.
    public func string(_ name: String) -> String? { parameter(name)?.stringValue }

    /// The parameter `name` as a `Bool` (`ParameterValue.boolValue`), or nil.
    public func bool(_ name: String) -> Bool? { parameter(name)?.boolValue }
}
