/// A route's query contract (SEMANTICS.md "Query contracts"): the query items a route
/// declares, each with a type, required or optional, a default, possibly a list; and whether
/// items it does not declare are refused. Declared in the pattern after `?`
/// (`/search?q=<string:q>&page=<int:page=1>&tag=<[string]:tags?>`, `?!` refuses unknown
/// items) or in a rule document's `"query"` object; both become one `QueryContractDeclaration`,
/// checked and compiled here into a `QueryContract`.

/// Most items one contract declares: checking a contract compares each item's name with the
/// query's items, so this bounds that work per route the walk meets (docs/SECURITY.md).
let maxQueryContractItems = 64

/// One declared query item, before it is checked.
struct QueryItemDeclaration: Hashable, Sendable {
    /// The parameter's name in the match.
    var name: String
    /// The query item's name in the URL (decoded); the parameter's name unless written `key=`.
    var key: String
    /// The type as written before the name (`int`, `string`, `re:[a-z]+`), without list brackets.
    var type: String
    var isList = false
    var isRequired = true
    /// The default's text, read as the item's type when the contract is compiled.
    var defaultText: String? = nil
    /// Byte positions in the pattern, for errors (-1: none, e.g. from a document).
    var position = -1
    var keyPosition = -1
    var typePosition = -1
    var defaultPosition = -1
}

/// A route's declared query items, in declaration order.
struct QueryContractDeclaration: Hashable, Sendable {
    var items: [QueryItemDeclaration] = []
    /// Query items the contract does not declare make the route not match.
    var refusesUnknown = false
}

/// One item of a compiled contract.
struct QueryContractItem {
    var name: String
    var key: [UInt8]
    /// `.param` (string), `.int`, `.float`, `.uuid` or `.regex`.
    var kind: SegmentKind
    var regex: LinearRegex?
    var isList: Bool
    var isRequired: Bool
    /// The default's value (typed), its text in the contract's store; nil without one.
    var defaultValue: ParameterValue?
    var defaultText = ByteSpan.absent
    var nameSpan = ByteSpan.absent
    var keySpan = ByteSpan.absent
    /// The default as the merged map holds it when the query lacks the item (nil without
    /// one): laid out once here, so a resolve copies it instead of reading `defaultValue`.
    var defaultRecord: ContractValue? = nil
    /// The type as written (`int`, `[string]`, `re:[a-z]+`), for listings and messages.
    var typeText: String
}

/// A compiled contract, shared by every alternative of its route. Its texts live in its own
/// store, so C callers may borrow their spans as long as the route lives.
final class QueryContract: @unchecked Sendable {
    let items: [QueryContractItem]
    let refusesUnknown: Bool
    let declaration: QueryContractDeclaration
    /// The most scratch one of its regexps needs (`Int32`s).
    let regexScratchCount: Int
    private let store: ByteStore

    init(items: [QueryContractItem], declaration: QueryContractDeclaration) {
        var items = items
        var size = 0
        for i in items { size += i.name.utf8.count + i.key.count + 32 }
        let store = ByteStore(capacity: max(size, 1))
        var offsets: [((Int, Int), (Int, Int), (Int, Int)?)] = []
        for i in items {
            offsets.append((store.add(i.name), store.add(i.key), i.defaultValue.map { store.add(queryDefaultText($0)) }))
        }
        for k in items.indices {
            items[k].nameSpan = store.span(offsets[k].0)
            items[k].keySpan = store.span(offsets[k].1)
            if let d = offsets[k].2 { items[k].defaultText = store.span(d) }
            items[k].defaultRecord = items[k].defaultValue.map {
                ContractValue(name: items[k].nameSpan, defaultText: items[k].defaultText, $0)
            }
        }
        self.items = items
        self.store = store
        self.declaration = declaration
        refusesUnknown = declaration.refusesUnknown
        regexScratchCount = items.reduce(0) { max($0, $1.regex?.scratchCount(capturing: false) ?? 0) }
    }

    /// The index of the item whose key is `p[0..<n]`, or -1.
    func itemIndex(key p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        // Read in place: a copy of an item would retain and release each of its texts.
        items.withUnsafeBufferPointer { items in
            for k in 0..<items.count where items[k].keySpan.count == n {
                if let b = items[k].keySpan.base, bytesEqual(b, p, n) { return k }
            }
            return -1
        }
    }

    /// The contract as the pattern syntax writes it (for listings): `q=<string:q>&page=<int:page=1>`.
    var text: String {
        let parts = declaration.items.map { d -> String in
            var inner = d.name
            if let t = d.defaultText { inner += "=" + t } else if !d.isRequired { inner += "?" }
            let body = d.type.hasPrefix("re:") ? "<re:\(inner):\(d.type.dropFirst(3))>"
                : "<\(d.isList ? "[\(d.type)]" : d.type):\(inner)>"
            return d.key == d.name ? body : "\(d.key)=\(body)"
        }
        return (declaration.refusesUnknown ? "!" : "") + parts.joined(separator: "&")
    }
}

/// A default's text as the match shows it.
func queryDefaultText(_ v: ParameterValue) -> String { v.description }

/// A query value read as its item's type: nil when it is not one. Regexps are matched with
/// `scratch` and `budget` when given (a resolve), else with temporary scratch.
func queryValue(_ kind: SegmentKind, _ regex: LinearRegex?, _ p: UnsafePointer<UInt8>, _ n: Int,
                _ input: UnsafeMutablePointer<TailInput>?) -> ParameterValue? {
    guard let v = typedQueryValue(kind, regex, p, n, input) else { return nil }
    switch v.kind {
    case .int: return .int(v.intValue)
    case .float: return .float(v.floatValue)
    case .string: return .string("")
    }
}

/// What `typedQueryValue` reads: the value's kind, and its number for an int or a float (a
/// string's text is the query value itself).
struct TypedQueryValue {
    var kind: ParameterKind
    var intValue: Int64 = 0
    var floatValue: Double = 0
}

/// `queryValue` without building a `ParameterValue`: what a resolve's contract check keeps.
@inline(never)
func typedQueryValue(_ kind: SegmentKind, _ regex: LinearRegex?, _ p: UnsafePointer<UInt8>, _ n: Int,
                     _ input: UnsafeMutablePointer<TailInput>?) -> TypedQueryValue? {
    switch kind {
    case .int:
        guard n > 0, let v = parseInt64(p, n) else { return nil }
        return TypedQueryValue(kind: .int, intValue: v)
    case .float:
        guard n > 0, let v = parseDecimal(p, n) else { return nil }
        return TypedQueryValue(kind: .float, floatValue: v)
    case .uuid:
        return n > 0 && isUUID(p, n) ? TypedQueryValue(kind: .string) : nil
    case .regex:
        guard let regex else { return nil }
        let text = UnsafeBufferPointer(start: p, count: n)
        if let input {
            guard input.pointee.budget >= 0 else { return nil }
            let scratch = UnsafeMutableBufferPointer(start: input.pointee.scratch.base, count: input.pointee.scratch.capacity)
            return regex.matches(text, scratch: scratch, budget: &input.pointee.budget) == true ? TypedQueryValue(kind: .string) : nil
        }
        return regex.matches(text) ? TypedQueryValue(kind: .string) : nil
    default:
        return TypedQueryValue(kind: .string)
    }
}

private func contractError(_ message: String, _ position: Int) -> SwitchyardError {
    position >= 0 ? SwitchyardError(.invalidPattern, "\(message) at \(position)", position: position)
        : SwitchyardError(.invalidPattern, message)
}

/// Checks `declaration` and compiles it. `pathNames`: the path parameters' names (a query
/// item may not take one of them).
/// `types`: the router's own parameter types; with `typesLater`, a name that is neither
/// built in nor in `types` is taken for one the router will know (a rule document read
/// before the router it loads into), and checked when the route is added.
func compileQueryContract(_ declaration: QueryContractDeclaration, pathNames: [String],
                          types: ParameterTypeRegistry?, typesLater: Bool = false) throws(SwitchyardError) -> QueryContract {
    if declaration.items.count > maxQueryContractItems {
        throw SwitchyardError(.limit, "query contract declares \(declaration.items.count) items, over the limit of \(maxQueryContractItems)",
                              position: declaration.items[maxQueryContractItems].position >= 0 ? declaration.items[maxQueryContractItems].position : nil)
    }
    var items: [QueryContractItem] = []
    var names: Set<String> = []
    var keys: Set<String> = []
    for d in declaration.items {
        try checkParameterName(d.name, at: d.position)
        if pathNames.contains(d.name) {
            throw contractError("query item '\(d.name)' has the name of a path parameter", d.position)
        }
        if !names.insert(d.name).inserted { throw contractError("query item '\(d.name)' is declared twice", d.position) }
        if d.key.isEmpty { throw contractError("query item '\(d.name)' needs a non-empty name in the URL", d.position) }
        if !keys.insert(d.key).inserted {
            throw contractError("query name '\(d.key)' is declared twice", d.keyPosition)
        }
        let kind: SegmentKind
        var regex: LinearRegex? = nil
        if d.type.hasPrefix("re:") {
            let source = Array(d.type.utf8.dropFirst(3))
            if source.isEmpty { throw contractError("empty regular expression", d.typePosition) }
            regex = try LinearRegex(source, offset: d.typePosition >= 0 ? d.typePosition + 3 : 0)
            kind = .regex
        } else {
            let type: ParameterTypeLookup
            do throws(SwitchyardError) {
                let name = Array(d.type.utf8)[...], at = max(d.typePosition, 0)
                guard let found = try knownParameterType(name, at: at, registry: types) else {
                    if typesLater { continue }
                    throw unknownParameterType(name, at: at)
                }
                type = found
            } catch {
                // From a document: the message without a pattern position, and the item's
                // "type" member as where it is (RulesLoad.swift puts the route's path before it).
                if d.typePosition >= 0 { throw error }
                var message = error.message
                if message.hasSuffix(" at 0") { message.removeLast(5) }
                var e = contractError(message, -1)
                e.documentPath = JSONPath.root.key("query").key(d.name).key("type")
                throw e
            }
            switch type {
            case .string: kind = .param
            case .int: kind = .int
            case .float: kind = .float
            case .uuid: kind = .uuid
            case .custom(let matcher):
                kind = .regex
                regex = .parameterType(matcher)
            case .path: throw contractError("type 'path' is for path parameters only (a query item is one value)", d.typePosition)
            }
        }
        var value: ParameterValue? = nil
        if let text = d.defaultText {
            if d.isList { throw contractError("list item '\(d.name)' takes no default (absent, it is an empty list)", d.defaultPosition) }
            var bytes = Array(text.utf8)
            let parsed = bytes.withUnsafeMutableBufferPointer { b in
                queryValue(kind, regex, UnsafePointer(b.baseAddress ?? UnsafeMutablePointer(mutating: emptyBytes)), b.count, nil)
            }
            guard let parsed else {
                throw contractError("default '\(text)' of query item '\(d.name)' is not \(typeWords(kind, d.type))", d.defaultPosition)
            }
            switch parsed {
            case .string: value = .string(text)
            default: value = parsed
            }
        }
        items.append(QueryContractItem(name: d.name, key: Array(d.key.utf8), kind: kind, regex: regex, isList: d.isList,
                                       isRequired: d.isRequired && d.defaultText == nil, defaultValue: value,
                                       typeText: d.isList ? "[\(d.type)]" : d.type))
    }
    return QueryContract(items: items, declaration: declaration)
}

/// "an int", "a uuid", "matched by re:[a-z]+" - for messages.
func typeWords(_ kind: SegmentKind, _ type: String) -> String {
    switch kind {
    case .int: return "an int"
    case .float: return "a float"
    case .uuid: return "a uuid"
    case .regex: return "matched by \(type)"
    default: return "a string"
    }
}

private func checkParameterName(_ name: String, at: Int) throws(SwitchyardError) {
    let b = Array(name.utf8)
    guard let f = b.first else { throw contractError("missing parameter name", at) }
    if !((f | 0x20) &- 0x61 < 26 || f == 0x5F) {
        throw contractError("parameter name must start with a letter or '_'", at)
    }
    for c in b where !((c | 0x20) &- 0x61 < 26 || c == 0x5F || c &- 0x30 < 10) {
        throw contractError("invalid character in parameter name '\(name)'", at)
    }
}

// MARK: the pattern syntax

/// Where a pattern's query contract starts: the index of its first '?' outside `<re:...>`
/// constraints, or nil.
func patternQueryStart(_ bytes: [UInt8]) -> Int? {
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x3C, let close = constraintEnd(bytes[...], i) { i = close + 1; continue }
        if bytes[i] == 0x3F { return i }
        i += 1
    }
    return nil
}

/// Reads the contract after a pattern's '?' (`bytes[start...]`, `start` after the '?'):
/// items after an optional `!` (unknown items refused): `key=<type:name>`, `<type:name>` (the key is the name), `<[type]:name>` (a list),
/// `<type:name?>` (optional), `<type:name=default>`.
/// `<re:name:regexp>` takes its marks on the name: `<re:lang=en:[a-z]{2}>`.
func parseQueryContract(_ bytes: [UInt8], from start: Int) throws(SwitchyardError) -> QueryContractDeclaration {
    var out = QueryContractDeclaration()
    var i = start
    if i < bytes.count, bytes[i] == 0x21 {
        out.refusesUnknown = true
        i += 1
        if i == bytes.count { return out }
    }
    while true {
        // One item: up to the next '&' outside '<...>'.
        let itemStart = i
        var j = i
        var angle = -1
        while j < bytes.count {
            if bytes[j] == 0x3C {
                if let close = constraintEnd(bytes[...], j) { j = close + 1; continue }
                angle = j
            } else if bytes[j] == 0x3E { angle = -1 }
            else if bytes[j] == 0x26 && angle < 0 { break }
            j += 1
        }
        let item = bytes[itemStart..<j]
        if item.isEmpty { throw contractError("empty query item", itemStart) }
        do throws(SwitchyardError) {
            out.items.append(try parseQueryItem(item, itemStart))
        } catch where error.position == itemStart && out.items.isEmpty {
            // A '?' followed by no contract at all (`/a?b`): the '?' is the mistake.
            throw contractError("'?' starts a query contract: \(error.message.dropLast(" at \(itemStart)".count))", start - 1)
        }
        if j >= bytes.count { break }
        i = j + 1
    }
    return out
}

private func parseQueryItem(_ t: ArraySlice<UInt8>, _ at: Int) throws(SwitchyardError) -> QueryItemDeclaration {
    guard let lt = t.firstIndex(of: 0x3C) else {
        throw contractError("a query item is written 'name=<type:param>' or '<type:param>'", at)
    }
    var key: String? = nil
    if lt > t.startIndex {
        guard t[lt - 1] == 0x3D else { throw contractError("a query item is written 'name=<type:param>' or '<type:param>'", at) }
        let keyBytes = t[t.startIndex..<(lt - 1)]
        if keyBytes.isEmpty { throw contractError("empty query name before '='", at) }
        for k in keyBytes.indices where keyBytes[k] == 0x3C || keyBytes[k] == 0x3E || keyBytes[k] == 0x3D || keyBytes[k] == 0x23 {
            throw contractError("'\(Character(UnicodeScalar(keyBytes[k])))' is not allowed in a query name", k)
        }
        var buf = GrowBuffer<UInt8>(capacity: keyBytes.count)
        defer { buf.free() }
        let decoded = Array(keyBytes).withUnsafeBufferPointer { p in
            appendDecoded(p.baseAddress ?? emptyBytes, p.count, plusAsSpace: true, into: &buf)
        }
        key = decoded ? String(decoding: buf.bytes, as: UTF8.self) : String(decoding: keyBytes, as: UTF8.self)
    }
    var d = QueryItemDeclaration(name: "", key: "", type: "", position: at, keyPosition: at)
    let body: ArraySlice<UInt8>
    if startsConstraint(t, lt) {
        guard let close = constraintEnd(t, lt) else { throw contractError("unclosed '<re:'", lt) }
        if close != t.endIndex - 1 { throw contractError("unexpected text after '>'", close + 1) }
        let inner = t[(lt + 4)..<close]
        guard let colon = inner.firstIndex(of: 0x3A) else {
            throw contractError("a constraint is written '<re:name:regexp>'", lt)
        }
        d.type = "re:" + String(decoding: inner[(colon + 1)...], as: UTF8.self)
        d.typePosition = lt + 1
        body = inner[..<colon]
    } else {
        guard let close = t.firstIndex(of: 0x3E) else { throw contractError("unclosed '<'", lt) }
        if close != t.endIndex - 1 { throw contractError("unexpected text after '>'", close + 1) }
        let inner = t[(lt + 1)..<close]
        guard let colon = inner.firstIndex(of: 0x3A) else {
            throw contractError("a query item needs a type: '<type:name>' (string, int, float, uuid, re:, or a list '[int]')", lt)
        }
        var type = inner[..<colon]
        d.typePosition = lt + 1
        if type.first == 0x5B {
            guard type.last == 0x5D, type.count >= 2 else { throw contractError("unclosed '[' in a list type", lt + 1) }
            d.isList = true
            d.typePosition = lt + 2
            type = type.dropFirst().dropLast()
        }
        d.type = String(decoding: type, as: UTF8.self)
        body = inner[(colon + 1)...]
    }
    // The name, then '?' (optional) or '=default'.
    var nameEnd = body.startIndex
    while nameEnd < body.endIndex, body[nameEnd] != 0x3F, body[nameEnd] != 0x3D { nameEnd += 1 }
    d.name = String(decoding: body[body.startIndex..<nameEnd], as: UTF8.self)
    d.position = body.startIndex
    if nameEnd < body.endIndex {
        if body[nameEnd] == 0x3F {
            if nameEnd + 1 != body.endIndex { throw contractError("unexpected text after '?'", nameEnd + 1) }
            d.isRequired = false
        } else {
            d.isRequired = false
            d.defaultPosition = nameEnd + 1
            let raw = body[(nameEnd + 1)...]
            var buf = GrowBuffer<UInt8>(capacity: raw.count)
            defer { buf.free() }
            let decoded = Array(raw).withUnsafeBufferPointer { p in
                appendDecoded(p.baseAddress ?? emptyBytes, p.count, plusAsSpace: false, into: &buf)
            }
            d.defaultText = decoded ? String(decoding: buf.bytes, as: UTF8.self) : String(decoding: raw, as: UTF8.self)
        }
    }
    d.key = key ?? d.name
    return d
}

// MARK: attaching a contract to a compiled pattern

/// `compiled` (the path before the '?' at `queryAt`) with the contract written after it.
/// The query text counts in the alternatives' size once per alternative the path has, so a
/// pattern without groups still costs its length plus one (`ExpansionBudget.groupFreeSize`).
func withQueryContract(_ compiled: CompiledPattern, _ bytes: [UInt8], _ queryAt: Int, types: ParameterTypeRegistry?,
                       expansionRoom: Int, sizeOnly: Bool) throws(SwitchyardError) -> CompiledPattern {
    var out = compiled
    out.expandedSize += bytes.count - queryAt
    if out.expandedSize > expansionRoom {
        throw SwitchyardError(.limit, ExpansionBudget.overMessage(expandedSize: out.expandedSize, room: expansionRoom))
    }
    // Read when only sizing too: a batch finds the first pattern that cannot compile this way.
    let declaration = try parseQueryContract(bytes, from: queryAt + 1)
    if sizeOnly { return out }
    out.queryContract = try compileQueryContract(declaration, pathNames: compiled.names, types: types)
    return out
}

/// `compiled` with the contract `route` declares outside its pattern (a rule document's
/// `"query"`), if any.
func withDeclaredQueryContract(_ compiled: CompiledPattern, _ route: Route,
                               types: ParameterTypeRegistry?) throws(SwitchyardError) -> CompiledPattern {
    var out = compiled
    if let declaration = route.queryContract {
        if compiled.queryContract != nil {
            throw SwitchyardError(.invalidPattern, "route '\(route.pattern)' declares its query items twice: in its pattern and in \"query\"")
        }
        out.queryContract = try compileQueryContract(declaration, pathNames: compiled.names, types: types)
    }
    if let contract = out.queryContract, !route.defaults.isEmpty,
       let item = contract.items.first(where: { route.defaults[$0.name] != nil }) {
        throw SwitchyardError(.invalidPattern, "query item '\(item.name)' also has a route default; give its default in the query contract")
    }
    return out
}
