/// Ranks that replace registration order in a table's walk.
///
/// `RouterOptions.Precedence.codePoint` (MGJRouter's sorted trie): segment by segment from the
/// left, the text that sorts first by code point wins; a parameter sorts as `:` (after digits,
/// before letters), a wildcard or remainder as `~` (after everything), and a pattern that ends
/// before the other first. The table gives each alternative its rank in this order as the
/// `seq` its walk compares (as `registrationOrder` compares the order routes were added in).

/// The first segment where `a` and `b` differ (0-based) and whether `a` comes first there, or
/// nil when they sort alike.
func codePointOrder(_ a: PatternVariant, _ b: PatternVariant) -> (aFirst: Bool, segment: Int)? {
    let n = max(a.segments.count, b.segments.count) + 1
    for i in 0..<n {
        let ka = codePointKey(a, i), kb = codePointKey(b, i)
        if ka != kb { return (ka.lexicographicallyPrecedes(kb), i) }
    }
    return nil
}

/// What segment `i` of `v` sorts as: empty past the pattern's end.
private func codePointKey(_ v: PatternVariant, _ i: Int) -> [UInt8] {
    if i >= v.segments.count { return i == v.segments.count && v.remainder != nil ? [0x7E] : [] }
    let s = v.segments[i]
    switch s.kind {
    case .literal: return s.literal
    case .star, .catchAll: return [0x7E]
    default: return [0x3A]
    }
}

/// Each (route, variant)'s rank in code-point order, ties kept in registration order.
func codePointRanks(_ routes: [CompiledRoute]) -> [[Int32]] {
    ranks(routes) { a, b in codePointOrder(a, b)?.aFirst }
}

/// With `RouterOptions.schemeTables`: each (route, variant)'s rank with the alternatives that
/// name a scheme first, each group in registration order (JLRoutes tries a scheme's own table
/// before the global one).
func schemeFirstRanks(_ routes: [CompiledRoute]) -> [[Int32]] {
    ranks(routes) { a, b in (a.scheme == nil) != (b.scheme == nil) ? a.scheme != nil : nil }
}

/// Each (route, variant)'s rank when sorted by `before` (nil: a tie), ties kept in
/// registration order.
private func ranks(_ routes: [CompiledRoute],
                   _ before: (PatternVariant, PatternVariant) -> Bool?) -> [[Int32]] {
    var all: [(route: Int, variant: Int)] = []
    for (ri, r) in routes.enumerated() {
        for vi in r.variants.indices { all.append((ri, vi)) }
    }
    all.sort { x, y in
        if let first = before(routes[x.route].variants[x.variant], routes[y.route].variants[y.variant]) {
            return first
        }
        let sx = routes[x.route].seq, sy = routes[y.route].seq
        return sx != sy ? sx < sy : x.variant < y.variant
    }
    var ranks = routes.map { [Int32](repeating: 0, count: $0.variants.count) }
    for (rank, e) in all.enumerated() { ranks[e.route][e.variant] = Int32(clamping: rank) }
    return ranks
}
