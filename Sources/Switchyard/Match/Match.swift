/// A successful resolve, as a value: what `Router.resolve(_:)` returns.
///
/// A `Match` is a snapshot: it owns its strings, is `Sendable` (hand it to the main actor or
/// another task), compares with `==` and hashes by content, and prints readably. It is
/// made once per resolve; for a hot loop that must not allocate, resolve into a reused
/// ``MatchBuffer`` with `Router.resolve(_:into:)` instead, and take `buffer.match` only when
/// a value is needed.
///
/// ```swift
/// if let m = try router.resolve("myapp://user/42?tab=likes") {
///     m.target          // "UserProfile"
///     m.int("id")       // 42
///     m.string("tab")   // "likes"
/// }
/// ```
public struct Match: Sendable, Hashable, CustomStringConvertible {
    /// The URL the match describes: the one resolved, or the last URL of the redirect chain.
    public var url: String
    /// The winning route's pattern, as it was added.
    public var pattern: String
    /// The winning route's target; nil only when the route is a redirect that was not
    /// followed (a fallback candidate of `Router.candidates(for:)`).
    public var target: String?
    /// The winning route's name, if it has one.
    public var name: String?
    /// The captured path parameters, in pattern order, each with its decoded text and value.
    public var pathParameters: [PathParameter]
    /// The merged parameter map: path parameters, query items (the last of a repeated name)
    /// and the route's defaults, path over query unless `RouterOptions.parameterPrecedence`
    /// says otherwise (docs/SEMANTICS.md §4).
    public var params: [String: ParameterValue]
    /// Every query item, decoded, in URL order (a repeated name appears once per item).
    public var query: [QueryItem]
    /// The fragment as written (not decoded), or nil when the URL has none.
    public var fragment: String?
    /// What a remainder form (`*`, `*name`, `<path:name>`) matched: decoded segments joined
    /// by `/`; nil when the pattern has none.
    public var remainder: String?
    /// Every URL of the redirect chain, from the URL resolved to the last one; empty when no
    /// redirect was followed.
    public var redirects: [String]
    /// The route the match was resolved to and the table it was resolved in, for `stack` and
    /// `value`; none for a match made from its parts. Left out of `==` and `hash` (a route's
    /// value and handler have no equality): two matches with the same content are equal.
    private var origin = MatchOrigin()

    /// Makes a match from its parts (for tests and previews; `Router.resolve(_:)` makes
    /// the real ones).
    public init(url: String, pattern: String, target: String?, name: String? = nil,
                pathParameters: [PathParameter] = [], params: [String: ParameterValue] = [:],
                query: [QueryItem] = [], fragment: String? = nil, remainder: String? = nil,
                redirects: [String] = []) {
        self.url = url
        self.pattern = pattern
        self.target = target
        self.name = name
        self.pathParameters = pathParameters
        self.params = params
        self.query = query
        self.fragment = fragment
        self.remainder = remainder
        self.redirects = redirects
    }

    /// A snapshot of `buffer`'s result, or nil when its last resolve missed.
    public init?(_ buffer: MatchBuffer) {
        guard buffer.matched, let pattern = buffer.pattern else { return nil }
        self.init(url: buffer.url, pattern: pattern, target: buffer.target, name: buffer.name,
                  pathParameters: buffer.pathParameters, params: buffer.params, query: buffer.query,
                  fragment: buffer.fragment, remainder: buffer.remainder, redirects: buffer.redirects)
        origin = MatchOrigin(route: buffer.route, table: buffer.table, stackTable: buffer.stackTable)
    }

    /// The stack of routes from the root down to the matched one (the last entry), as
    /// `MatchBuffer.stack` gives it: each route's name, pattern and URL built from this
    /// match's `params`. Built on each read (a URL per entry, each resolved again to check
    /// it): read it once. Empty for a match made from its parts. Not compared by `==`.
    public var stack: [StackEntry] {
        guard let route = origin.route else { return [] }
        return Router.stack(of: route, table: origin.table, stackTable: origin.stackTable, params: params)
    }

    /// The winning route, compiled (nil for a match made by hand).
    var compiledRoute: CompiledRoute? { origin.route }
    /// The tables the match was resolved in (its stack's).
    var originTable: Table? { origin.table }
    var originStackTable: Table? { origin.stackTable }

    /// The caller's value on the matched route (`Route.value`, the `value:` of
    /// `Router.add`), or nil. Not compared by `==`: it has no equality.
    public var value: (any Sendable)? { origin.route?.route.value }

    /// The caller's value on the matched route when it is a `T`.
    public func value<T>(as type: T.Type) -> T? { origin.route?.route.value as? T }

    /// One merged parameter by name (`params[name]`), or nil when the match has none.
    public func parameter(_ name: String) -> ParameterValue? { params[name] }

    /// Every value of the query items called `name`, in URL order.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// One line: the target (or the pattern), the pattern and the parameters sorted by name,
    /// e.g. `UserProfile via myapp://user/<int:id> {id: 42, tab: "likes"}`.
    public var description: String {
        var s = "\(target ?? "redirect") via \(pattern)"
        if !params.isEmpty {
            let items = params.sorted { $0.key < $1.key }.map { key, value -> String in
                if case .string(let text) = value { return "\(key): \"\(text)\"" }
                return "\(key): \(value)"
            }
            s += " {" + items.joined(separator: ", ") + "}"
        }
        if let fragment { s += " #\(fragment)" }
        if redirects.count > 1 { s += " after \(redirects.count - 1) redirect\(redirects.count > 2 ? "s" : "")" }
        return s
    }
}

/// Where a `Match` came from; every two are equal, so `Match`'s synthesized `==` and `hash`
/// compare its content only. Holding the table keeps the routes it was resolved in alive
/// (their stack and value) after the router changes.
private struct MatchOrigin: Sendable, Hashable {
    var route: CompiledRoute? = nil
    var table: Table? = nil
    var stackTable: Table? = nil

    static func == (a: MatchOrigin, b: MatchOrigin) -> Bool { true }
    func hash(into h: inout Hasher) {}
}

extension MatchBuffer {
    /// The last resolve's result as a ``Match`` value, or nil when it missed. Allocates (the
    /// value owns its strings): take it once, not per parameter.
    public var match: Match? { Match(self) }
}
