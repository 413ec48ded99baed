/// Every route that matches a URL, best first, each as a MatchBuffer with its own parameters: the
/// fallbacks a dispatch tries when the best route's handler declines.

/// The candidates for one URL (`Router.candidates(for:)`). The first is the ordinary resolve
/// (redirects followed); the others are worked out only when iteration reaches them, from
/// the routes that also match the URL (the order of `Router.explain`), each once, matched
/// on its own as a first hop (a redirect route below the first is not followed). At most
/// `RouterOptions.Limits.maxCandidates` are yielded.
///
/// Cost: the first is one resolve. Reaching the second tries every route on the URL alone,
/// as `explain` does: fine for dispatching a link or a notification, not for a hot loop.
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
        var rest: [Route]? = nil
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
                let route = routes[restIndex]
                restIndex += 1
                if let m = router.matchAlone(route, url) {
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
        let hit = try resolveFirstHop(url, into: m)
        let firstHop = hit ? m.route?.route : nil
        _ = try followRedirects(m, firstHit: hit)
        return Candidates(router: self, url: url, first: m.matched ? m : nil, firstHop: firstHop)
    }

    /// The routes that match `url`, best first, each once, but for `first` (the route of
    /// the candidate already yielded).
    func fallbackRoutes(_ url: String, after first: Route?) -> [Route] {
        guard let e = try? explain(url) else { return [] }
        var seen: Set<Int> = []
        var out: [Route] = []
        for c in e.candidates where seen.insert(c.entry.routeIndex).inserted {
            if let first, c.entry.route == first { continue }
            out.append(c.entry.route)
        }
        return out
    }

    /// `url` matched against `route` alone (its first hop), or nil.
    func matchAlone(_ route: Route, _ url: String) -> MatchBuffer? {
        // Alone, its parent is not there: the stack is looked up in this router's table instead.
        var alone = route
        alone.parent = nil
        guard let probe = try? Router(options: options), (try? probe.add(alone)) != nil else { return nil }
        let m = MatchBuffer()
        guard (try? probe.resolveFirstHop(url, into: m)) == true else { return nil }
        m.stackTable = currentTable()
        return m
    }

    /// `resolve(_:into:)` without following a redirect.
    func resolveFirstHop(_ url: String, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        var copy = url
        copy.makeContiguousUTF8()
        let st = match.state
        copy.utf8.withContiguousStorageIfAvailable { bytes in
            st.pointee.owned.removeAll()
            if let b = bytes.baseAddress { st.pointee.owned.append(contentsOf: b, count: bytes.count) }
        }
        match.source = .owned
        let own = UnsafeBufferPointer(start: UnsafePointer(st.pointee.owned.base), count: st.pointee.owned.count)
        return try resolveFirst(own, into: match)
    }
}
