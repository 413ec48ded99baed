/// What changes between two route tables: routes added, removed or changed (matched by
/// pattern text), routes that stop or start winning, and the URLs whose answer changes,
/// with one sample URL per changed outcome. The sample URLs are those the reachability
/// analysis finds for each route alternative of either table (a URL the alternative wins),
/// so each route's own ground is probed on both sides.

public struct RulesDiff: Sendable {
    /// A route of one side, with its index in that router's `routes`.
    public struct RouteRef: Sendable, Hashable {
        /// The index in that side's `Router.routes`.
        public var index: Int
        /// The route itself.
        public var route: Route
    }

    /// A route whose pattern is on both sides with something else changed.
    public struct ChangedRoute: Sendable, Hashable {
        /// The route on the old side.
        public var old: RouteRef
        /// The route on the new side.
        public var new: RouteRef
    }

    /// One changed answer: a sample URL and what each side does with it; `count` sample URLs
    /// changed the same way.
    public struct Outcome: Sendable, Hashable {
        /// The sample URL.
        public var url: String
        /// What the old side answers for it, in words.
        public var old: String
        /// What the new side answers for it, in words.
        public var new: String
        /// How many sample URLs changed this same way.
        public var count: Int
    }

    /// Routes whose pattern only the new side has.
    public var added: [RouteRef] = []
    /// Routes whose pattern only the old side has (old side's index).
    public var removed: [RouteRef] = []
    /// Same pattern, other destination, name, priority, defaults or append_params.
    public var changed: [ChangedRoute] = []
    /// Routes of both sides that won URLs before and win none now (new side's index).
    public var nowShadowed: [RouteRef] = []
    /// Routes of both sides that won nothing before and win now.
    public var nowReachable: [RouteRef] = []
    /// Added routes that never win.
    public var addedShadowed: [RouteRef] = []
    /// The changed answers, one sample URL per way of changing.
    public var outcomes: [Outcome] = []
    /// How many sample URLs were resolved on both sides.
    public var sampled = 0

    /// Whether any URL may get another answer.
    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && changed.isEmpty && nowShadowed.isEmpty && outcomes.isEmpty
    }

    /// An empty difference.
    public init() {}

    /// Compares the routes of `old` and `new` (each router is only read).
    public static func compare(old: Router, new: Router) -> RulesDiff {
        var diff = RulesDiff()
        var a = TableAnalysis(old.tableModel()), b = TableAnalysis(new.tableModel())
        let oldRoutes = a.model.routes, newRoutes = b.model.routes
        // Pair routes by pattern text, in order of occurrence.
        var unmatched: [String: [Int]] = [:]
        for (i, r) in oldRoutes.enumerated() { unmatched[r.pattern, default: []].append(i) }
        var pairs: [(Int, Int)] = []
        for (j, r) in newRoutes.enumerated() {
            if var list = unmatched[r.pattern], !list.isEmpty {
                let i = list.removeFirst()
                unmatched[r.pattern] = list
                pairs.append((i, j))
                if oldRoutes[i] != r {
                    diff.changed.append(ChangedRoute(old: RouteRef(index: i, route: oldRoutes[i]),
                                                     new: RouteRef(index: j, route: r)))
                }
            } else {
                diff.added.append(RouteRef(index: j, route: r))
                if case .shadowed = b.routeReach(j) { diff.addedShadowed.append(RouteRef(index: j, route: r)) }
            }
        }
        let paired = Set(pairs.map(\.0))
        for (i, r) in oldRoutes.enumerated() where !paired.contains(i) {
            diff.removed.append(RouteRef(index: i, route: r))
        }
        for (i, j) in pairs {
            let before = a.routeReach(i), after = b.routeReach(j)
            switch (before, after) {
            case (.reachable, .shadowed): diff.nowShadowed.append(RouteRef(index: j, route: newRoutes[j]))
            case (.shadowed, .reachable): diff.nowReachable.append(RouteRef(index: j, route: newRoutes[j]))
            default: break
            }
        }
        // Sample URLs: a URL each alternative of either side wins.
        var urls: [String] = []
        var seen = Set<String>()
        for side in [0, 1] {
            for e in (side == 0 ? a : b).model.entries.indices {
                let reach = side == 0 ? a.entryReach(e) : b.entryReach(e)
                if case .alive(let u) = reach, seen.insert(u.text).inserted { urls.append(u.text) }
            }
        }
        diff.sampled = urls.count
        var index: [[String]: Int] = [:]
        for url in urls {
            let x = answer(old, url), y = answer(new, url)
            guard x.key != y.key else { continue }
            let k = [x.kind, y.kind]
            if let at = index[k] {
                diff.outcomes[at].count += 1
            } else {
                index[k] = diff.outcomes.count
                diff.outcomes.append(Outcome(url: url, old: x.summary, new: y.summary, count: 1))
            }
        }
        return diff
    }

    /// What a router answers for `url`: a key that differs whenever the answer does (the
    /// match's JSON), the kind of answer (the route and the number of redirects, or a miss,
    /// or the error's kind: changes are grouped by it) and a short description.
    static func answer(_ r: Router, _ url: String) -> (key: String, kind: String, summary: String) {
        do throws(SwitchyardError) {
            let m = MatchBuffer()  // a miss after redirects still reports where they led
            try r.resolve(url, into: m)
            let hops = m.redirects.count > 1 ? " after \(m.redirects.count - 1) redirect\(m.redirects.count > 2 ? "s" : "")" : ""
            guard m.matched, let pattern = m.pattern else {
                if m.redirects.isEmpty { return (m.json(), "no match", "no match") }
                return (m.json(), "no match\(hops)", "no match\(hops): opens '\(m.url)' outside the app")
            }
            let kind = "\(m.target ?? "?") via '\(pattern)'\(hops)"
            var params = m.params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
            if !params.isEmpty { params = " {\(params)}" }
            return (m.json(), kind, kind + params)
        } catch {
            return ("error: \(error.message)", "error \(error.code)", "error: \(error.message)")
        }
    }
}
