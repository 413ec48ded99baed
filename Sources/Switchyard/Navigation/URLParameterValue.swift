/// Values `Router.url(for:parameters:)` writes into a URL: every type a typed read gives
/// back (`Match.parameter(_:as:)`), so a value read from one match can build the next URL
/// without a conversion, and mixed types share one dictionary:
/// `router.url(for: "user", parameters: ["id": 42, "tab": "likes", "on": true])`.

/// A type `Router.url(for:parameters:)` can write. The library's own conformances: every
/// fixed-width integer, `Double`, `Float`, `String`, `Bool` and `ParameterValue` itself;
/// each reads back as the same value with its `ParameterValueConvertible` initializer.
public protocol URLParameterValue: Sendable {
    /// The value as the parameter it becomes.
    var urlParameterValue: ParameterValue { get }
}

extension ParameterValue: URLParameterValue {
    /// The value itself.
    public var urlParameterValue: ParameterValue { self }
}

extension String: URLParameterValue {
    /// The text, percent-encoded when it is written.
    public var urlParameterValue: ParameterValue { .string(self) }
}

extension Bool: URLParameterValue {
    /// `true` or `false` (what `Match.bool(_:)` reads back; Python's `url_for` writes the same).
    public var urlParameterValue: ParameterValue { .string(self ? "true" : "false") }
}

extension Double: URLParameterValue {
    /// The number, written in decimal as `ParameterValue.float` writes it.
    public var urlParameterValue: ParameterValue { .float(self) }
}

extension Float: URLParameterValue {
    /// The number, written as its shortest decimal text (`0.1`, not the `Double` it widens to).
    public var urlParameterValue: ParameterValue {
        // `Double(0.1 as Float)` is 0.10000000149011612: the Float's own text reads back exactly.
        isFinite ? .string(description) : .float(Double(self))
    }
}

/// Integers that fit an `Int64` are `.int`; a larger unsigned value is its decimal text
/// (an `<int:...>` segment refuses it, as resolving would; a `:name` or query item takes it).
extension URLParameterValue where Self: FixedWidthInteger {
    /// The integer, written in decimal.
    public var urlParameterValue: ParameterValue {
        if let i = Int64(exactly: self) { return .int(i) }
        return .string(String(self))
    }
}

extension Int: URLParameterValue {}
extension Int8: URLParameterValue {}
extension Int16: URLParameterValue {}
extension Int32: URLParameterValue {}
extension Int64: URLParameterValue {}
extension UInt: URLParameterValue {}
extension UInt8: URLParameterValue {}
extension UInt16: URLParameterValue {}
extension UInt32: URLParameterValue {}
extension UInt64: URLParameterValue {}

extension Router {
    /// `url(for:parameters:extra:)` with values of any type a typed read gives: integers,
    /// `Double`, `Float`, `String`, `Bool` (written `true`/`false`) and `ParameterValue`,
    /// mixed in one dictionary. Each value is checked and encoded as there.
    @_disfavoredOverload
    public func url(for name: String, parameters: [String: any URLParameterValue],
                    lists: [String: [any URLParameterValue]] = [:],
                    extra: ExtraParameters = .query, includingDefaults: Bool = false) throws(SwitchyardError) -> String {
        try url(for: name, parameters: parameters.mapValues(\.urlParameterValue),
                lists: lists.mapValues { $0.map(\.urlParameterValue) }, extra: extra,
                includingDefaults: includingDefaults)
    }
}
