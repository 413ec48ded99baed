/// The route table as the router sees it: every alternative of every route, sorted by
/// precedence (SEMANTICS.md §3), best first. For people and tools (`switchyard routes`);
/// resolving never uses it.

/// One compared part of a pattern, most significant first.
public enum PatternPart: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, or nil for a pattern without one (any scheme).
    case scheme(String?)
    /// A literal host (with its port), `*.domain`, or nil for any host.
    case host(String?)
    /// A literal path segment (or the authority read as one).
    case literal(String)
    /// `<uuid:name>`, `<int:name>`, `<float:name>` or `:name` (kind "string").
    case parameter(kind: String, name: String)
    /// `<re:name:regexp>`: a segment the regular expression accepts (name nil: `<re::regexp>`).
    case constraint(name: String?, regex: String)
    /// A `*` in the middle: exactly one segment.
    case wildcard
    /// `*`, `*name` or `<path:name>` at the end.
    case remainder(name: String?, minSegments: Int)

    public var description: String {
        switch self {
        case .scheme(let s): return s.map { "scheme \($0)" } ?? "any scheme"
        case .host(let h): return h.map { "host \($0)" } ?? "any host"
        case .literal(let l): return "'\(l)'"
        case .parameter(let kind, let name):
            return kind == "string" ? ":\(name)" : "<\(kind):\(name)>"
        case .constraint(let name, let regex): return "<re:\(name ?? ""):\(regex)>"
        case .wildcard: return "*"
        case .remainder(let name, let min):
            guard let name else { return "*" }
            return min > 0 ? "<path:\(name)>" : "*\(name)"
        }
    }
}

/// One alternative of one route, as listed by `Router.entriesByPrecedence()`.
public struct RouteEntry: Sendable, Hashable {
    /// The route's index in `Router.routes`.
    public var routeIndex: Int
    /// The route.
    public var route: Route
    /// This alternative written as a pattern; the route's own pattern when it has one alternative.
    public var alternative: String
    /// Which alternative (0-based) of how many (optional groups give several).
    public var alternativeIndex: Int
    /// How many alternatives the route has.
    public var alternativeCount: Int
    /// The parts precedence compares, in order.
    public var parts: [PatternPart]
    /// The route's query contract, from its pattern or its document's `"query"`; nil: none.
    public var queryContract: QueryContractListing? = nil
}

extension ModelEntry {
    var publicParts: [PatternPart] {
        var parts: [PatternPart] = [.scheme(variant.scheme.map { String(decoding: $0, as: UTF8.self) })]
        switch variant.host {
        case .any: parts.append(.host(nil))
        case .literal(let h, let p):
            parts.append(.host(String(decoding: h, as: UTF8.self) + (p.isEmpty ? "" : ":" + String(decoding: p, as: UTF8.self))))
        case .wildcard(let s, _, let p):
            parts.append(.host("*" + String(decoding: s, as: UTF8.self) + (p.isEmpty ? "" : ":" + String(decoding: p, as: UTF8.self))))
        }
        for s in variant.segments {
            let name = s.nameIndex >= 0 && s.nameIndex < names.count ? names[s.nameIndex] : ""
            switch s.kind {
            case .literal: parts.append(.literal(String(decoding: s.literal, as: UTF8.self)))
            case .uuid: parts.append(.parameter(kind: "uuid", name: name))
            case .int: parts.append(.parameter(kind: "int", name: name))
            case .float: parts.append(.parameter(kind: "float", name: name))
            case .param: parts.append(.parameter(kind: "string", name: name))
            case .regex where s.regex?.parameterType != nil:  // a word set or an app's type
                parts.append(.parameter(kind: s.regex?.parameterType?.name ?? "", name: name))
            case .regex:
                parts.append(.constraint(name: s.nameIndex >= 0 ? name : nil,
                                         regex: String(decoding: s.regex?.source ?? [], as: UTF8.self)))
            case .star: parts.append(.wildcard)
            case .inline: parts.append(.parameter(kind: "inline", name: describeSegment(s, names: names)))
            case .catchAll: parts.append(.parameter(kind: "catchall", name: describeSegment(s, names: names)))
            }
        }
        if let r = variant.remainder {
            let name = r.nameIndex >= 0 && r.nameIndex < names.count ? names[r.nameIndex] : nil
            parts.append(.remainder(name: name, minSegments: r.minSegments))
        }
        return parts
    }

    var publicEntry: RouteEntry {
        RouteEntry(routeIndex: routeIndex, route: route, alternative: text, alternativeIndex: variantIndex,
                   alternativeCount: variantCount, parts: publicParts)
    }
}

extension Router {
    /// Every alternative of every route, best first: the order in which the router prefers
    /// them when several match a URL (priority, then the router's precedence; ties between
    /// alternatives that can never match the same URL are listed in registration order).
    public func entriesByPrecedence() -> [RouteEntry] {
        RouteAnalysis(self).entriesByPrecedence()
    }
}
