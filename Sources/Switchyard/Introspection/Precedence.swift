/// Which of two route alternatives wins when both match a URL (SEMANTICS.md §3, §8
/// "Precedence"), with the part that decided it. With the default precedence: priority,
/// then specificity part by part from the left (scheme, host, each path segment), where a
/// literal beats a segment of several pieces, then `<uuid:>`, `<int:>`, `<float:>`, a
/// `<re:...>` constraint, `:name`, a middle `*`, a catch-all in the middle, and then the
/// remainder forms; a pattern that ends where the URL ends beats a remainder of
/// zero segments. The table listing, explain and the lints share this one comparison.

/// The part of two patterns that decided which one wins.
public enum DecidingPart: Sendable, Hashable, CustomStringConvertible {
    /// The higher priority won.
    case priority
    /// A pattern with a scheme beat one without.
    case scheme
    /// A literal host beat `*.domain`, which beats no host; or a wildcard with more labels won.
    case host
    /// Path segment `n` (1-based) was more specific.
    case segment(Int)
    /// At path segment `n` (1-based) one pattern ends with the URL and the other's remainder
    /// matches zero segments: the one that ends wins.
    case end(Int)
    /// `RouterOptions.Precedence.mostLiterals`: more literal segments won.
    case literalCount
    /// Everything else being equal, the route added first won.
    case registrationOrder

    public var description: String {
        switch self {
        case .priority: return "priority"
        case .scheme: return "scheme"
        case .host: return "host"
        case .segment(let n): return "segment \(n)"
        case .end(let n): return "end at segment \(n)"
        case .literalCount: return "literal count"
        case .registrationOrder: return "registration order"
        }
    }
}

/// A rank per compared part: lower is more specific.
struct PrecedenceToken: Equatable {
    var rank: Int
    var sub: Int = 0
    static let endRank = 9, remainderRank = 10

    /// The rank of a path segment: its kind's, but a segment of several pieces ranks right
    /// after a literal (SEMANTICS §3).
    init(segment kind: SegmentKind) {
        if kind == .inline { self.init(rank: 0, sub: 1) } else { self.init(rank: Int(kind.rawValue)) }
    }

    init(rank: Int, sub: Int = 0) {
        self.rank = rank
        self.sub = sub
    }
}

extension ModelEntry {
    /// Scheme, host, each segment, then the end (9) or the remainder (10).
    var tokens: [PrecedenceToken] {
        var t: [PrecedenceToken] = []
        t.reserveCapacity(segments.count + 3)
        t.append(PrecedenceToken(rank: variant.scheme == nil ? 1 : 0))
        switch variant.host {
        case .literal: t.append(PrecedenceToken(rank: 0))
        case .wildcard(_, let labels, _): t.append(PrecedenceToken(rank: 1, sub: -labels))
        case .any: t.append(PrecedenceToken(rank: 2))
        }
        for s in variant.segments { t.append(PrecedenceToken(segment: s.kind)) }
        t.append(PrecedenceToken(rank: variant.remainder == nil ? PrecedenceToken.endRank : PrecedenceToken.remainderRank))
        return t
    }
}

/// Whether `a` comes before `b` and which part decided it. `ta`/`tb` are their tokens.
func decide(_ a: ModelEntry, _ ta: [PrecedenceToken], _ b: ModelEntry, _ tb: [PrecedenceToken],
            _ precedence: RouterOptions.Precedence) -> (aFirst: Bool, by: DecidingPart) {
    if a.priority != b.priority { return (a.priority > b.priority, .priority) }
    switch precedence {
    case .specificity:
        for i in 0..<min(ta.count, tb.count) where ta[i] != tb[i] {
            let aFirst = ta[i].rank != tb[i].rank ? ta[i].rank < tb[i].rank : ta[i].sub < tb[i].sub
            switch i {
            case 0: return (aFirst, .scheme)
            case 1: return (aFirst, .host)
            default:
                let bothEnd = ta[i].rank >= PrecedenceToken.endRank && tb[i].rank >= PrecedenceToken.endRank
                return (aFirst, bothEnd ? .end(i - 1) : .segment(i - 1))
            }
        }
    case .registrationOrder:
        break
    case .codePoint:
        if let order = codePointOrder(a.variant, b.variant) { return (order.aFirst, .segment(order.segment + 1)) }
    case .mostLiterals:
        if a.literalCount != b.literalCount { return (a.literalCount > b.literalCount, .literalCount) }
    }
    let aFirst = a.routeIndex != b.routeIndex ? a.routeIndex < b.routeIndex : a.variantIndex < b.variantIndex
    return (aFirst, .registrationOrder)
}

/// Precedence order of entries, best first. `tokens`: every entry's tokens, when the caller
/// has them.
func sortedByPrecedence(_ model: TableModel, _ ids: [Int], tokens all: [[PrecedenceToken]]? = nil) -> [Int] {
    if ids.count < 2 { return ids }
    let p = model.options.precedence
    if let all {
        return ids.sorted { x, y in decide(model.entries[x], all[x], model.entries[y], all[y], p).aFirst }
    }
    var tokens: [Int: [PrecedenceToken]] = [:]
    for id in ids { tokens[id] = model.entries[id].tokens }
    return ids.sorted { x, y in
        decide(model.entries[x], tokens[x] ?? [], model.entries[y], tokens[y] ?? [], p).aFirst
    }
}

// MARK: words

extension ModelEntry {
    /// The part at token index `i`, as shown in a reason.
    func partText(_ i: Int) -> String {
        switch i {
        case 0:
            return variant.scheme.map { "scheme '\(String(decoding: $0, as: UTF8.self))'" } ?? "no scheme"
        case 1:
            switch variant.host {
            case .literal(let h, let p):
                return "host '\(String(decoding: h, as: UTF8.self))\(p.isEmpty ? "" : ":" + String(decoding: p, as: UTF8.self))'"
            case .wildcard(let s, _, let p):
                return "host '*\(String(decoding: s, as: UTF8.self))\(p.isEmpty ? "" : ":" + String(decoding: p, as: UTF8.self))'"
            case .any: return "any host"
            }
        default:
            let k = i - 2
            if k < variant.segments.count {
                let s = variant.segments[k]
                switch s.kind {
                case .literal: return "literal '\(describeSegment(s, names: names))'"
                case .star: return "'*'"
                default: return describeSegment(s, names: names)
                }
            }
            if let r = variant.remainder { return "the remainder '\(describeRemainder(r, names: names))'" }
            return "the end of the pattern"
        }
    }
}

/// Why `winner` beats `loser`, in one line.
func reasonText(winner w: ModelEntry, loser l: ModelEntry, by: DecidingPart) -> String {
    switch by {
    case .priority:
        return "priority \(w.priority) beats \(l.priority)"
    case .scheme:
        return "a pattern with a scheme beats one without (\(w.partText(0)))"
    case .host:
        if case .wildcard = w.variant.host, case .wildcard = l.variant.host {
            return "\(w.partText(1)) beats \(l.partText(1)) (more labels)"
        }
        return "\(w.partText(1)) beats \(l.partText(1))"
    case .segment(let n):
        return "segment \(n): \(w.partText(n + 1)) beats \(l.partText(n + 1))"
    case .end(let n):
        return "segment \(n): ending where the URL ends beats \(l.partText(n + 1)) taking no segment"
    case .literalCount:
        return "more literal segments (\(w.literalCount) against \(l.literalCount))"
    case .registrationOrder:
        return "added earlier (route \(w.routeIndex + 1) before route \(l.routeIndex + 1))"
    }
}
