/// Every route that matches a URL, best first, each as a MatchBuffer with its own parameters: the
/// fallbacks a dispatch tries when the best route's handler declines.

/// The candidates for one URL (`Router.candidates(for:)`). The first is the ordinary resolve
/// (redirects followed); the others are worked out only when iteration reaches them, from
/// the routes that also match the URL (the order of `Router.explain`), each once, matched
/// on its own as a first hop (a redirect route below the first is not followed). At most
/// `RouterOptions.Limits.maxCandidates` are yielded.
///
/// Cost: the first is one resolve. Reaching the second tries every route on the URL alone,
/// as `explain` does, in one-route routers the router keeps until its routes change: the
/// first fallback after a change builds them (about a millisecond per hundred routes). The
/// URL is read once for all of them, and each route walks it (ExplainProbe.swift); each
/// candidate yielded is then one resolve. Fine for dispatching a link or a notification,
/// not for a hot loop.
public struct Candidates: Sequence {
    let router: Router
    let url: String
    let first: MatchBuffer?
    /// The route that won the first hop of `first` (before its redirects).
    let firstHop: Route?

    public func makeIterator() -> Iterator {
        Iterator(router: router, url: url, first: first, firstHop: firstHop)
    }

    public struct Iterator: IteratorProtocol {
        let router: Router
        let url: String
        var first: MatchBuffer?
        /// The route the first candidate's first hop took: the fallbacks leave out this route,
        /// not whichever route is best when they are worked out (the table may have changed).
        let firstRoute: Route?
        var yielded = 0
        var rest: [(index: Int, route: Route)]? = nil
        var restIndex = 0

        init(router: Router, url: String, first: MatchBuffer?, firstHop: Route?) {
            self.router = router
            self.url = url
            self.first = first
            firstRoute = firstHop
        }

        public mutating func next() -> MatchBuffer? {
            if yielded >= router.options.limits.maxCandidates { return nil }
            if yielded == 0 {
                guard let m = first else { yielded = Int.max; return nil }
                first = nil
                yielded = 1
                return m
            }
            if rest == nil { rest = router.fallbackRoutes(url, after: firstRoute) }
            guard let routes = rest else { return nil }
            while restIndex < routes.count {
                let (index, route) = routes[restIndex]
                restIndex += 1
                if let m = router.matchAlone(route, index: index, url) {
                    yielded += 1
                    return m
                }
            }
            return nil
        }
    }
}

extension Router {
    /// The routes that match `url`, best first, each with its own parameter map. The first
    /// is `resolve(url)` when it matched. Throws what `resolve` throws.
    public func candidates(for url: String) throws(SwitchyardError) -> Candidates {
        // The first hop and its redirects on one table, so the route it took is known.
        let m = MatchBuffer()
        let matched = try resolveFirstHop(url, into: m)
        let firstHop = matched ? m.route?.route : nil
        _ = try followRedirects(m, firstMatched: matched)
        return Candidates(router: self, url: url, first: m.matched ? m : nil, firstHop: firstHop)
    }

    /// The routes that match `url`, best first, each once (with its index in the router),
    /// but for `first` (the route of the candidate already yielded).
    func fallbackRoutes(_ url: String, after first: Route?) -> [(index: Int, route: Route)] {
        // Only the order: the reasons an explanation gives for each loser are not shown here.
        guard let entries = withFallbackCache({ c in c.explainer.order(url) }) else { return [] }
        var seen: Set<Int> = []
        var out: [(index: Int, route: Route)] = []
        for e in entries where seen.insert(e.routeIndex).inserted {
            if let first, e.route == first { continue }
            out.append((e.routeIndex, e.route))
        }
        return out
    }

    /// `url` matched against `route` (route `index` of this router) alone, its first hop, or nil.
    func matchAlone(_ route: Route, index: Int, _ url: String) -> MatchBuffer? {
        let probe: Router? = withFallbackCache { c in
            // The cache may be newer than the explanation `route` came from: its router for
            // `index` serves only if it was made for this very route.
            if let made = c.alone[index], made.route == route { return made.router }
            // Alone, its parent is not there: the stack is looked up in this router's table instead.
            var alone = route
            alone.parent = nil
            guard let r = try? Router(options: options), (try? r.add(alone)) != nil else { return nil }
            c.alone[index] = (route, r)
            return r
        } ?? nil
        guard let probe else { return nil }
        let m = MatchBuffer()
        guard (try? probe.resolveFirstHop(url, into: m)) == true else { return nil }
        m.stackTable = currentTable()
        return m
    }

    /// Runs `body` on the fallback cache of the current routes (made or remade when the
    /// routes changed since), under its lock. Nil when `body` throws.
    private func withFallbackCache<R>(_ body: (FallbackCache) throws(SwitchyardError) -> R) -> R? {
        let id = currentID.loadAcquiring()
        return fallbacks.withLock { (cache: inout FallbackCache?) -> R? in
            if cache?.tableID != id { cache = FallbackCache(tableID: id, explainer: RouteExplainer(self, holdingRouter: false)) }
            guard let c = cache else { return nil }
            return try? body(c)
        }
    }

    /// `resolve(_:into:)` without following a redirect.
    func resolveFirstHop(_ url: String, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        if match.heldByDispatch { throw MatchBuffer.heldByDispatchError }
        let own = match.ownURL(url)
        return try resolveFirst(own, into: match)
    }
}

/// What working out fallback candidates needs, kept per table so a dispatch after a decline
/// does not build routers: the explainer (with its one-route routers) and one router per
/// route matched alone. Replaced when the routes change. Used under `Router.fallbacks`' lock.
final class FallbackCache {
    let tableID: UInt64
    let explainer: RouteExplainer
    var alone: [Int: (route: Route, router: Router)] = [:]

    init(tableID: UInt64, explainer: RouteExplainer) {
        self.tableID = tableID
        self.explainer = explainer
    }
}
