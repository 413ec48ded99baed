/// Every value of a list query item (`<[int]:ids>`, SEMANTICS.md "Query contracts"): the
/// merged map holds one entry per value, under the item's name; `params` keeps the last.

extension MatchBuffer {
    /// Every merged value called `name`, in order: all the values of a list query item, or
    /// the one value of any other parameter ([] when there is none).
    public func list(_ name: String) -> [ParameterValue] {
        withURLBytes { u in
            (0..<mergedCount).compactMap { k in
                rawMergedParameter(k, u).flatMap { $0.name.string == name ? $0.value : nil }
            }
        }
    }
}

extension Match {
    /// Whether `name` is a list item of the route's query contract.
    func isQueryList(_ name: String) -> Bool {
        compiledRoute?.queryContract?.items.contains { $0.name == name && $0.isList } ?? false
    }

    /// Every value called `name`: all the typed values of a list query item of the route's
    /// query contract, in URL order; otherwise the one parameter of that name ([] when absent).
    public func list(_ name: String) -> [ParameterValue] {
        if let contract = compiledRoute?.queryContract, let item = contract.items.first(where: { $0.name == name }), item.isList {
            let key = String(decoding: item.key, as: UTF8.self)
            return query.filter { $0.name == key }.map { q in
                switch item.kind {
                case .int, .float: return typedText(q.value, item.kind)
                default: return .string(q.value)
                }
            }
        }
        return params[name].map { [$0] } ?? []
    }
}

/// `text` read as the contract's check reads it (`typedQueryParameter`).
private func typedText(_ text: String, _ kind: SegmentKind) -> ParameterValue {
    var s = text
    return s.withUTF8 { b in
        typedQueryParameter(.absent, ByteSpan(base: b.baseAddress, count: b.count), kind).value
    }
}
