/// `Match.decode(_:)`: a match read straight into the app's own `Decodable` type, with no
/// JSON in between (and no Foundation).
///
/// - A struct's fields are the match's parameters (`Match.params`: path parameters, query
///   items, defaults), by name. A field's type decides how its text is read: `Int` (and every
///   fixed-width integer), `Double`, `Float`, `Bool` (`true`/`false`/`1`/`0`), `String`, any
///   `RawRepresentable` enum or other type that decodes from one string (Foundation's `UUID`),
///   an optional (nil when the parameter is absent), or an array (every query item of that
///   name, in URL order; a path parameter gives one element).
/// - An enum with associated values is chosen by the route's target: the target `"user"`
///   (or `"User"`) selects `case user(id: Int)`, whose associated values are parameters by
///   label (an unlabelled one, `_0`, `_1`..., is the path parameter at that position).
/// - A type that decodes from a single value (`enum Screen: String, Decodable`) is the target.

extension Match {
    /// The match as a `T` (see above). Throws `SwitchyardError` with code `invalidArgument`
    /// and a message naming the parameter: one that is missing for a non-optional field, one
    /// whose text is not of the field's type, or a target that is no case of the enum.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(SwitchyardError) -> T {
        let context = MatchDecodingContext(self)
        do {
            return try T(from: MatchDecoder(context, codingPath: []))
        } catch let error as DecodingError {
            throw SwitchyardError(.invalidArgument, context.message(for: error, decoding: "\(T.self)"))
        } catch let error as SwitchyardError {
            throw error
        } catch {
            throw SwitchyardError(.invalidArgument, "cannot make a \(T.self) from the match: \(error)")
        }
    }
}

extension MatchBuffer {
    /// The last resolve's result as a `T` (`Match.decode(_:)`). Throws `invalidArgument`
    /// when the last resolve missed.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(SwitchyardError) -> T {
        guard let m = match else {
            throw SwitchyardError(.invalidArgument, "no route matched, so there is no \(T.self) to decode")
        }
        return try m.decode(T.self)
    }
}

/// What every container of one decode shares: the match, and whether the top level could
/// not offer the target as an enum case (for the message).
final class MatchDecodingContext {
    let match: Match
    var targetIsNoCase = false

    init(_ match: Match) { self.match = match }

    /// The parameter a key names: by name, else `_k` for path parameter k.
    func value(_ name: String) -> ParameterValue? {
        if let v = match.params[name] { return v }
        if name.hasPrefix("_"), let k = Int(name.dropFirst()), k >= 0, k < match.pathParameters.count {
            return match.pathParameters[k].value
        }
        return nil
    }

    /// The values an array named `name` holds: every query item of that name when the
    /// merged value came from the query, else the one merged value.
    func values(_ name: String) -> [ParameterValue] {
        // A list item of the route's query contract: every value, typed (QueryLists.swift).
        if match.isQueryList(name) { return match.list(name) }
        guard let v = value(name) else { return [] }
        if match.pathParameters.contains(where: { $0.name == name && $0.value == v }) { return [v] }
        let q = match.queryValues(name)
        if let last = q.last, v == .string(last) { return q.map { .string($0) } }
        return [v]
    }

    func message(for error: DecodingError, decoding type: String) -> String {
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            if targetIsNoCase && c.codingPath.isEmpty {
                return "target '\(match.target ?? "")' of route '\(match.pattern)' is not a case of \(type)"
            }
            return c.debugDescription
        @unknown default:
            return "cannot make a \(type) from the match"
        }
    }

    func mismatch(_ type: Any.Type, _ path: [any CodingKey], _ text: String) -> DecodingError {
        .typeMismatch(type, .init(codingPath: path, debugDescription: text))
    }
}

/// The match as a whole: a keyed container of parameters (and the target), or the target
/// as a single value.
struct MatchDecoder: Decoder {
    let context: MatchDecodingContext
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ context: MatchDecodingContext, codingPath: [any CodingKey]) {
        self.context = context
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ParameterContainer<Key>(context, codingPath: codingPath, top: codingPath.isEmpty))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw context.mismatch([Any].self, codingPath, "a match decodes into a struct or an enum, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueContainer(context, context.match.target.map { .string($0) }, what: "the target", codingPath: codingPath)
    }
}

/// The parameters by name. At the top level its only key is the target, when the type
/// being decoded has a case of that name (an enum); a struct asks for its fields directly.
struct ParameterContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let context: MatchDecodingContext
    let codingPath: [any CodingKey]
    let top: Bool

    init(_ context: MatchDecodingContext, codingPath: [any CodingKey], top: Bool) {
        self.context = context
        self.codingPath = codingPath
        self.top = top
    }

    /// The target as a key of this type: as written, else with its first letter lowercased.
    var targetKey: Key? {
        guard top, let t = context.match.target, let first = t.first else { return nil }
        return Key(stringValue: t) ?? Key(stringValue: first.lowercased() + t.dropFirst())
    }

    var allKeys: [Key] {
        if let k = targetKey { return [k] }
        if top { context.targetIsNoCase = true }
        return context.match.params.keys.sorted().compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        context.value(key.stringValue) != nil || targetKey?.stringValue == key.stringValue
    }

    func decodeNil(forKey key: Key) throws -> Bool { context.value(key.stringValue) == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, key) }

    /// Every decode by key: the parameter's value read as a `T`.
    private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let name = key.stringValue
        guard let v = context.value(name) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                debugDescription: "no parameter '\(name)' in the match of route '\(context.match.pattern)'"))
        }
        return try T(from: ValueDecoder(context, v, list: context.values(name), what: "parameter '\(name)'",
                                        codingPath: codingPath + [key]))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard let t = targetKey, t.stringValue == key.stringValue else {
            throw context.mismatch([String: Any].self, codingPath + [key],
                "parameter '\(key.stringValue)' is a single value, not a group of fields")
        }
        // The chosen enum case: its associated values are the parameters.
        return KeyedDecodingContainer(ParameterContainer<NestedKey>(context, codingPath: codingPath + [key], top: false))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ValueList(context, context.values(key.stringValue), what: "parameter '\(key.stringValue)'",
                  codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder { MatchDecoder(context, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { MatchDecoder(context, codingPath: codingPath + [key]) }
}

/// One parameter's value (and, for an array, every value of its name).
struct ValueDecoder: Decoder {
    let context: MatchDecodingContext
    let value: ParameterValue
    let list: [ParameterValue]
    /// What the value is, for messages ("parameter 'id'").
    let what: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ context: MatchDecodingContext, _ value: ParameterValue, list: [ParameterValue], what: String,
         codingPath: [any CodingKey]) {
        self.context = context
        self.value = value
        self.list = list
        self.what = what
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw context.mismatch([String: Any].self, codingPath,
            "\(what) is a single value ('\(value)'), not a group of fields")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ValueList(context, list, what: what, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueContainer(context, value, what: what, codingPath: codingPath)
    }
}

/// A single value read as the type asked for; `what` names it in errors.
struct ValueContainer: SingleValueDecodingContainer {
    let context: MatchDecodingContext
    let value: ParameterValue?
    let what: String
    let codingPath: [any CodingKey]

    init(_ context: MatchDecodingContext, _ value: ParameterValue?, what: String, codingPath: [any CodingKey]) {
        self.context = context
        self.value = value
        self.what = what
        self.codingPath = codingPath
    }

    func decodeNil() -> Bool { value == nil }

    private func present<T>(_ type: T.Type) throws -> ParameterValue {
        guard let value else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath,
                debugDescription: "\(what) is absent (the route is a redirect), so there is no \(T.self)"))
        }
        return value
    }

    private func fail(_ type: Any.Type, _ v: ParameterValue, _ wanted: String) -> DecodingError {
        let shown: String
        if case .string(let s) = v { shown = "'\(s)'" } else { shown = v.description }
        return context.mismatch(type, codingPath, "\(what) is \(shown), not \(wanted)")
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let v = try present(type)
        if let i = v.integer(T.self) { return i }
        if v.integer(Int64.self) != nil || v.integer(UInt64.self) != nil || (v.description.first == "-" && T.min == 0) {
            throw fail(type, v, "within the range of \(T.self) (\(T.min) to \(T.max))")
        }
        throw fail(type, v, "a whole number (\(T.self))")
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        let v = try present(type)
        guard let b = v.boolValue else { throw fail(type, v, "true or false (Bool)") }
        return b
    }

    func decode(_ type: String.Type) throws -> String { try present(type).description }

    func decode(_ type: Double.Type) throws -> Double {
        let v = try present(type)
        guard let d = v.doubleValue else { throw fail(type, v, "a number (Double)") }
        return d
    }

    func decode(_ type: Float.Type) throws -> Float {
        let v = try present(type)
        guard let f = Float(parameterValue: v) else { throw fail(type, v, "a number within the range of Float") }
        return f
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let v = try present(type)
        return try T(from: ValueDecoder(context, v, list: [v], what: what, codingPath: codingPath))
    }
}

/// The values of an array field, in order.
struct ValueList: UnkeyedDecodingContainer {
    let context: MatchDecodingContext
    let values: [ParameterValue]
    let what: String
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(_ context: MatchDecodingContext, _ values: [ParameterValue], what: String, codingPath: [any CodingKey]) {
        self.context = context
        self.values = values
        self.what = what
        self.codingPath = codingPath
    }

    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath,
                debugDescription: "\(what) has \(values.count) values; item \(currentIndex) was asked for"))
        }
        let v = values[currentIndex]
        let item = try T(from: SingleValueDecoder(container: ValueContainer(
            context, v, what: "item \(currentIndex) of \(what)", codingPath: codingPath)))
        currentIndex += 1
        return item
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        throw context.mismatch([String: Any].self, codingPath, "\(what) holds single values, not groups of fields")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw context.mismatch([Any].self, codingPath, "\(what) holds single values, not lists")
    }

    mutating func superDecoder() throws -> any Decoder {
        guard !isAtEnd else { return MatchDecoder(context, codingPath: codingPath) }
        defer { currentIndex += 1 }
        return ValueDecoder(context, values[currentIndex], list: [values[currentIndex]], what: what, codingPath: codingPath)
    }
}

/// A decoder whose only container is one `ValueContainer` (for an array's items).
struct SingleValueDecoder: Decoder {
    let container: ValueContainer
    var codingPath: [any CodingKey] { container.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw container.context.mismatch([String: Any].self, codingPath, "\(container.what) is a single value, not a group of fields")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw container.context.mismatch([Any].self, codingPath, "\(container.what) is a single value, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { container }
}
