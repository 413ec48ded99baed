/// Explaining query contracts (SEMANTICS.md "Query contracts"): an alternative whose path
/// matches the URL but whose contract refuses the query is not a candidate; `explain` lists
/// it apart, with the item that decided, in one line.

extension QueryContract {
    /// Why the query `match` read does not satisfy this contract, or nil when it does.
    func refusal(in match: MatchBuffer) -> String? {
        match.withURLBytes { u in
            let query = match.view.query
            let input = QueryItemsInput(url: u.baseAddress ?? emptyBytes, decoded: UnsafePointer(match.view.decoded.base),
                                        items: UnsafePointer(query.base), count: query.count)
            func text(_ t: TextRef) -> String {
                String(decoding: UnsafeBufferPointer(start: input.text(t), count: Int(t.count)), as: UTF8.self)
            }
            switch check(input, nil, into: &match.state.pointee.contractScratch) {
            case .accepted:
                return nil
            case .missing(let k):
                return "required query item '\(String(decoding: items[k].key, as: UTF8.self))' (\(items[k].typeText)) is missing"
            case .notOfType(let k, let j):
                return "query item '\(text(query[j].name))' = '\(text(query[j].value))' is not \(typeWords(items[k].kind, items[k].typeText))"
            case .unknown(let j):
                return "query item '\(text(query[j].name))' is not declared, and the route refuses unknown items"
            }
        }
    }
}

/// The pattern a probe router matches: the route's pattern without its query contract (the
/// contract is checked apart, so that a refusal can be told).
func patternWithoutQuery(_ pattern: String) -> String {
    let bytes = Array(pattern.utf8)
    guard let at = patternQueryStart(bytes) else { return pattern }
    return String(decoding: bytes[..<at], as: UTF8.self)
}
