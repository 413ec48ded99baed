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
        case .string(let s): return parseWholeDecimal(s.utf8, as: T.self)
        case .float: return nil
        }
    }
}

extension RawParameter {
    /// The parameter as an `Int64` by `ParameterValue.integer`'s rule, reading text in
    /// place (the C getters use it: no String is made, so nothing is allocated).
    package var int64: Int64? {
        switch kind {
        case .int: return intValue
        case .float: return nil
        case .string:
            guard let base = text.base else { return nil }
            return parseWholeDecimal(UnsafeBufferPointer(start: base, count: text.count), as: Int64.self)
        }
    }
}

extension RawParameter {
    /// `ParameterValue.doubleValue`'s rule; text that cannot be a decimal number is turned
    /// away from its bytes, before any String is made.
    package var double: Double? {
        switch kind {
        case .float: return floatValue
        case .int: return Double(intValue)
        case .string:
            guard let base = text.base else { return nil }
            let bytes = UnsafeBufferPointer(start: base, count: text.count)
            guard !bytes.isEmpty, bytes.allSatisfy(isDecimalNumberByte) else { return nil }
            return parseDecimal(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// `ParameterValue.boolValue`'s rule, compared in place.
    package var bool: Bool? {
        switch kind {
        case .int: return intValue == 1 ? true : intValue == 0 ? false : nil
        case .float: return nil
        case .string:
            guard let base = text.base else { return nil }
            let bytes = UnsafeBufferPointer(start: base, count: text.count)
            if bytes.elementsEqual("true".utf8) || bytes.elementsEqual("1".utf8) { return true }
            if bytes.elementsEqual("false".utf8) || bytes.elementsEqual("0".utf8) { return false }
            return nil
        }
    }
}

/// A whole decimal number: one optional `+` or `-`, then one or more ASCII digits, and
/// nothing else, within `T`'s range (what `T(text, radix: 10)` accepts).
func parseWholeDecimal<T: FixedWidthInteger, C: Collection<UInt8>>(_ text: C, as type: T.Type) -> T? {
    var i = text.startIndex
    guard i != text.endIndex else { return nil }
    let negative = text[i] == 0x2D
    if negative || text[i] == 0x2B { i = text.index(after: i) }
    guard i != text.endIndex else { return nil }
    var value: T = 0
    while i != text.endIndex {
        let c = text[i]
        guard c >= 0x30, c <= 0x39 else { return nil }
        let digit = T(truncatingIfNeeded: c &- 0x30)
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        // Negative numbers are built downwards, so T.min is reachable.
        let (next, o2) = negative ? times10.subtractingReportingOverflow(digit)
                                  : times10.addingReportingOverflow(digit)
        guard !o1, !o2 else { return nil }
        value = next
        i = text.index(after: i)
    }
    return value
}

/// A byte a decimal number may hold: a digit, `.`, `+`, `-`, `e` or `E`.
@inline(__always)
func isDecimalNumberByte(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || c == 0x2E || c == 0x2B || c == 0x2D || c == 0x65 || c == 0x45
}

/// A finite decimal number written with digits, one optional sign, point and exponent
/// (no `nan`, `inf` or hexadecimal forms, which `Double(_:)` would also take).
func parseDecimal(_ s: String) -> Double? {
    guard !s.isEmpty, s.utf8.allSatisfy(isDecimalNumberByte) else { return nil }
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
    /// `ParameterValue.doubleValue`, when it rounds to a finite `Float` (`3.4028235e+38`,
    /// `Float.greatestFiniteMagnitude`'s own text, is a little above it as a `Double`).
    public init?(parameterValue: ParameterValue) {
        guard let d = parameterValue.doubleValue, Float(d).isFinite else { return nil }
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

    /// The parameter `name` as text, or nil when there is none: a path parameter's text as
    /// written in the URL (`"007"` for `<int:id>` = 7), as C's `sy_match_param_text` and
    /// Python's `match.str` give it; a query item's value; a default written in decimal.
    public func string(_ name: String) -> String? {
        guard let value = params[name] else { return nil }
        // The merged value is the path parameter's unless a query item took its place.
        if let p = pathParameters.first(where: { $0.name == name }), p.value == value { return p.text }
        return value.stringValue
    }

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

    /// The parameter `name` as text, or nil when there is none (as `Match.string(_:)`: a
    /// path parameter's text as written).
    public func string(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { n in
            withURLBytes { u in lookupParameter(named: n, u).map { p in p.text.string ?? p.value.description } }
        }
    }

    /// The parameter `name` as a `Bool` (`ParameterValue.boolValue`), or nil.
    public func bool(_ name: String) -> Bool? { parameter(name)?.boolValue }
}
