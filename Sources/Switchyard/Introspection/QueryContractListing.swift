/// A route's query contract (SEMANTICS.md §11) as listings show it, whether the pattern or a
/// rule document's `"query"` declared it (`switchyard routes`, the query lints).

/// One declared query item.
public struct QueryItemListing: Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name in the match.
    public var name: String
    /// The query item's name in the URL (decoded); usually `name`.
    public var key: String
    /// The type as written: `int`, `string`, `re:[a-z]+`, `[string]` for a list.
    public var type: String
    /// Whether the item takes every value of its name (`<[type]:name>`).
    public var isList: Bool
    /// The route refuses URLs without it (a list: without at least one).
    public var isRequired: Bool
    /// The default's text, when the item has one.
    public var defaultText: String?

    /// `q (string, required)`, `page (int = 1)`, `tags ([string])`, `lang (key l, string)`.
    public var description: String {
        var inside = key == name ? "" : "key \(key), "
        inside += type
        if let d = defaultText { inside += " = \(d)" } else if isRequired { inside += ", required" }
        return "\(name) (\(inside))"
    }
}

/// A route's declared query items, in declaration order.
public struct QueryContractListing: Sendable, Hashable, CustomStringConvertible {
    /// The declared items, in declaration order.
    public var items: [QueryItemListing]
    /// Items the contract does not declare make the route not match.
    public var refusesUnknown: Bool

    /// The items as `description` shows them, then `; other items refused` when so.
    public var description: String {
        items.map(\.description).joined(separator: ", ") + (refusesUnknown ? "; other items refused" : "")
    }

    init(_ contract: QueryContract) {
        items = contract.items.map {
            QueryItemListing(name: $0.name, key: String(decoding: $0.key, as: UTF8.self), type: $0.typeText,
                             isList: $0.isList, isRequired: $0.isRequired && $0.defaultValue == nil,
                             defaultText: $0.defaultValue.map(queryDefaultText))
        }
        refusesUnknown = contract.refusesUnknown
    }
}

extension TableModel {
    /// The compiled query contract of each route (nil: none, or it does not compile here).
    func compiledQueryContracts() -> [QueryContract?] {
        routes.map { r in
            guard r.queryContract != nil || patternQueryStart(Array(r.pattern.utf8)) != nil else { return nil }
            return (try? compileRoutePattern(r, config))?.queryContract
        }
    }
}
