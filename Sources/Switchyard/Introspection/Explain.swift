/// Explaining a resolve: every route alternative that matches a URL on its own, in the
/// order the router prefers them (SEMANTICS.md §3), and for each one that lost, the part
/// that decided it. Each alternative is tried alone, in a router that holds only it, so
/// matching is the router's own; only the ordering is worked out here (Precedence.swift).
/// Introspection only: resolving never comes here.

/// One route alternative that matches the URL.
public struct ExplainedCandidate: Sendable {
    /// The route alternative.
    public var entry: RouteEntry
    /// What this alternative captures from the URL, in pattern order.
    public var pathParameters: [PathParameter]
    /// What its remainder form matched, or nil.
    public var remainder: String?
    /// Nil for the winner; otherwise the part that made the winner beat this candidate.
    public var decidedBy: DecidingPart?
    /// Nil for the winner; otherwise why the winner beats this candidate, in one line.
    public var reason: String?
}

/// The candidates for one URL, best first (the first is the winner).
public struct Explanation: Sendable {
    /// The URL as given.
    public var url: String
    /// Every route alternative that matches, best first.
    public var candidates: [ExplainedCandidate]
    /// The alternative that wins, or nil when none matches.
    public var winner: ExplainedCandidate? { candidates.first }
    /// Alternatives whose path matches but whose query contract refuses the query; each
    /// one's `reason` names the query item that decided.
    public var refusedByQuery: [ExplainedCandidate] = []
}

/// Explains URLs against a snapshot of a router's routes. Building it is cheap; the one-route
/// routers it tries alternatives in are made on first use and kept, so explaining many URLs
/// with one explainer costs one setup. Not for concurrent use.
public final class RouteExplainer {
    /// The router explained: held strongly by an explainer a caller makes, weakly by the one
    /// a router keeps for its own fallbacks (`FallbackCache`), which would otherwise keep
    /// its router alive.
    private let strongRouter: Router?
    private weak var weakRouter: Router?
    private let model: TableModel
    private let tokens: [[PrecedenceToken]]
    private var probes: [Router?]
    private var probeMade: [Bool]
    /// Per route index, its compiled query contract (made on first use; nil: none).
    private var contracts: [Int: QueryContract?] = [:]
    /// The alternatives the last `matchingEntries` found refused by their query contract.
    private var refusals: [(id: Int, reason: String, parameters: [PathParameter])] = []
    /// How many times this explainer has read a URL: once per URL explained or ordered,
    /// whatever the number of routes (the cost tests count it).
    package private(set) var urlReads = 0

    /// An explainer over the routes `router` has now.
    public convenience init(_ router: Router) {
        self.init(router, holdingRouter: true)
    }

    init(_ router: Router, holdingRouter: Bool) {
        strongRouter = holdingRouter ? router : nil
        weakRouter = router
        model = router.tableModel()
        tokens = model.entries.map(\.tokens)
        probes = Array(repeating: nil, count: model.entries.count)
        probeMade = Array(repeating: false, count: model.entries.count)
    }

    /// Explains the first hop of resolving `url` (a redirect's next URL is a URL of its own:
    /// explain it separately). Throws what resolving throws for a URL that cannot be read.
    public func explain(_ url: String) throws(SwitchyardError) -> Explanation {
        guard let router = strongRouter ?? weakRouter else { return Explanation(url: url, candidates: []) }
        // The URL must be readable; redirect errors concern later hops, not this one.
        do throws(SwitchyardError) {
            _ = try router.resolve(url)
        } catch {
            if error.code != .redirectLoop && error.code != .redirectLimit { throw error }
        }
        // What each match shows is taken as it is found: the next probe reuses the buffer.
        var matches: [Int: (parameters: [PathParameter], remainder: String?)] = [:]
        let order = matchingEntries(url) { id, m in matches[id] = (m.pathParameters, m.remainder) }
        var candidates: [ExplainedCandidate] = []
        for (rank, id) in order.enumerated() {
            let e = model.entries[id]
            let m = matches[id]
            var c = ExplainedCandidate(entry: e.publicEntry, pathParameters: m?.parameters ?? [],
                                       remainder: m?.remainder ?? nil, decidedBy: nil, reason: nil)
            if rank > 0 {
                let w = model.entries[order[0]]
                let d = decide(w, tokens[w.id], e, tokens[id], model.options.precedence)
                c.decidedBy = d.by
                c.reason = reasonText(winner: w, loser: e, by: d.by)
            }
            candidates.append(c)
        }
        var out = Explanation(url: url, candidates: candidates)
        out.refusedByQuery = refusals.map { r in
            ExplainedCandidate(entry: model.entries[r.id].publicEntry, pathParameters: r.parameters,
                               remainder: nil, decidedBy: nil, reason: r.reason)
        }
        return out
    }

    /// The entries that match `url` alone, best first: the order of `explain(url)` without the
    /// parameters and reasons it shows, for a dispatch's fallbacks, which need only the order.
    /// The URL is not checked first as `explain` checks it (the caller has resolved it
    /// already); one that cannot be read matches no entry.
    func order(_ url: String) -> [ModelEntry] {
        guard (strongRouter ?? weakRouter) != nil else { return [] }
        return matchingEntries(url, keep: nil).map { model.entries[$0] }
    }

    /// Ids of the entries that match `url` alone, best first. `keep` receives each one's match
    /// while it is there: one buffer serves every probe, and the URL is read into it once
    /// (ExplainProbe.swift). A URL that cannot be read matches no entry.
    private func matchingEntries(_ url: String, keep: ((Int, MatchBuffer) -> Void)?) -> [Int] {
        var found: [Int] = []
        refusals = []
        let scheme = plainScheme(url)
        let m = MatchBuffer()
        var reading: ProbeReading? = nil
        for e in model.entries {
            // A pattern with a scheme matches only URLs of that scheme.
            if let scheme, let s = e.origin.scheme, s != (scheme ?? []) { continue }
            guard let probe = probe(e.id) else { continue }
            let input: ProbeReading
            if let reading {
                input = reading
            } else {
                urlReads += 1
                guard let r = try? probe.readForProbes(url, into: m) else { return [] }
                reading = r
                input = r
            }
            do throws(SwitchyardError) {
                guard try probe.walkRead(input, into: m) else { continue }
            } catch {
                // A limit of this route's walk: the buffer no longer describes the URL.
                reading = nil
                continue
            }
            if let why = queryRefusal(e, m) {
                refusals.append((e.id, why, m.pathParameters))
                continue
            }
            found.append(e.id)
            keep?(e.id, m)
        }
        return sortedByPrecedence(model, found, tokens: tokens)
    }

    /// The URL's scheme, lowercase (`.some(nil)`: it has none), when it can be read off the
    /// text as written; nil when the URL has bytes a browser reading may remove or change.
    private func plainScheme(_ url: String) -> [UInt8]?? {
        let b = Array(url.utf8)
        if b.contains(where: { $0 <= 0x20 || $0 == 0x5C || $0 >= 0x7F }) { return nil }
        guard let colon = b.firstIndex(of: 0x3A), !b[..<colon].contains(0x2F) else { return .some(nil) }
        guard colon > 0, (b[0] | 0x20) &- 0x61 < 26,
              b[..<colon].allSatisfy({ ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        return .some(b[..<colon].map(asciiLower))
    }

    /// A router holding only entry `id` (its alternative as a pattern of its own, leading to a
    /// target so nothing is followed), or nil if it cannot be made.
    private func probe(_ id: Int) -> Router? {
        if probeMade[id] { return probes[id] }
        probeMade[id] = true
        let e = model.entries[id]
        var pattern = e.text
        if e.variantCount > 1 && !compilesBack(e) { pattern = e.route.pattern }
        // A query contract is checked apart (`queryRefusal`), so a refusal can be told.
        let contractDialect = (e.route.dialect ?? model.options.dialect) != .urlpattern
        var candidate = Route(contractDialect ? patternWithoutQuery(pattern) : pattern, target: "candidate")
        if pattern == e.route.pattern {
            // The route's own text is read in the route's own dialect (a urlpattern route's
            // `/books/:id(\d+)` means something else in the default one).
            candidate.dialect = e.route.dialect
            candidate.ignoreCase = e.route.ignoreCase
            candidate.searchPattern = e.route.searchPattern
            candidate.hashPattern = e.route.hashPattern
        }
        guard let r = try? Router(options: model.options),
              (try? r.add(candidate)) != nil else { return nil }
        probes[id] = r
        return r
    }

    /// Why the query contract of entry `e`'s route refuses the query `m` read, or nil.
    private func queryRefusal(_ e: ModelEntry, _ m: MatchBuffer) -> String? {
        if contracts[e.routeIndex] == nil {
            contracts[e.routeIndex] = .some((try? compileRoutePattern(e.route, model.config))?.queryContract)
        }
        guard let contract = contracts[e.routeIndex] ?? nil else { return nil }
        return contract.refusal(in: m)
    }

    /// Whether the alternative's spelled-out pattern compiles to the same alternative.
    private func compilesBack(_ e: ModelEntry) -> Bool {
        guard let c = try? compilePattern(e.text, model.config), c.variants.count == 1 else { return false }
        let v = c.variants[0]
        let namesOf: (PatternVariant, [String]) -> [String] = { v, names in
            var out: [String] = []
            for s in v.segments { for n in s.capturedNames where n >= 0 { out.append(names[n]) } }
            if let r = v.remainder, r.nameIndex >= 0 { out.append(names[r.nameIndex]) }
            return out
        }
        return v.hasShape(of: e.variant) && namesOf(v, c.names) == namesOf(e.variant, e.names)
    }
}

extension Router {
    /// Every route alternative that matches `url` on its own, best first, with why the
    /// winner beats each of the others (SEMANTICS.md §3). The winner is the route `resolve`
    /// takes for the URL's first hop. For many URLs, keep one `RouteExplainer`.
    public func explain(_ url: String) throws(SwitchyardError) -> Explanation {
        try RouteExplainer(self).explain(url)
    }
}
