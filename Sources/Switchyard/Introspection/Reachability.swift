/// Which routes can win at all, decided on the route table (no sampling). A route wins a
/// URL when one of its alternatives matches it and no alternative that beats it there
/// (Precedence.swift) matches it too. Whether one entry beats another does not depend on
/// the URL, only on their patterns, so an alternative can win iff the URLs it matches are not
/// all matched by the entries that beat it. That containment is decided exactly: each
/// position (origin, then each segment) is split into the parts the patterns involved tell
/// apart (each literal they name, other text, ints, floats, uuids; hosts and wildcards), one
/// representative per part is tried, and positions are taken one at a time with the
/// candidates narrowed at each step. An alternative that can win comes with a URL it wins.

/// Whether a route can win some URL.
public enum RouteReachability: Sendable, Hashable {
    /// The route wins `exampleURL` (and whatever else).
    case reachable(exampleURL: String)
    /// Every URL the route matches is won by one of these routes (indexes in `Router.routes`).
    case shadowed(by: [Int])
    /// The table was too tangled for the analysis' step budget; nothing is claimed.
    case undecided
}

/// The answer for one entry.
enum EntryReach {
    case alive(ConcreteURL)
    /// Matched everywhere by these entries, which beat it.
    case dead(by: [Int])
    case unknown
}

struct TableAnalysis {
    let model: TableModel
    let index: ShapeIndex
    let tokens: [[PrecedenceToken]]
    /// Per entry, computed on first use.
    private(set) var reach: [EntryReach?]
    /// Steps one entry may take before it is left undecided.
    static let stepBudget = 200_000

    /// Every literal segment of the table (folded when literals fold), so plain values can
    /// avoid them all.
    let literals: Set<[UInt8]>

    init(_ model: TableModel) {
        self.model = model
        index = ShapeIndex(model)
        tokens = model.entries.map(\.tokens)
        reach = Array(repeating: nil, count: model.entries.count)
        var literals = Set<[UInt8]>()
        for e in model.entries {
            for case .literal(let l) in e.segments { literals.insert(model.fold ? l.map(asciiLower) : l) }
        }
        self.literals = literals
    }

    /// The URL of `e` with values no pattern names (a host no pattern names, no scheme for
    /// a pattern without one, the fewest segments), if `e` wins it; else the entries that
    /// beat `e` on it.
    func plainWitness(_ e: Int) -> (url: ConcreteURL?, beaters: [Int]) {
        let entry = model.entries[e]
        let origin: Origin
        let originSet: OriginSet
        switch entry.origin {
        case .any, .bare:
            origin = Origin(scheme: nil, host: nil)
            originSet = .bare
        case .scheme(let s):
            if model.isWebScheme(s) {
                origin = Origin(scheme: s, host: Array("h0".utf8))
                originSet = .host(scheme: s, host: Array("h0".utf8), port: [])
            } else {
                origin = Origin(scheme: s, host: nil)
                originSet = .scheme(s)
            }
        case .host(let s, let h, let p):
            origin = Origin(scheme: s, host: h, port: p)
            originSet = entry.origin
        case .wildcard(let s, let suffix, _, let p):
            var n = 0
            var h = Array("h0".utf8) + suffix
            while literalsHosts(contains: h) { n += 1; h = Array("h\(n)".utf8) + suffix }
            origin = Origin(scheme: s, host: h, port: p)
            originSet = .host(scheme: s, host: h, port: p)
        }
        var values: [[UInt8]] = []
        for i in 0..<(entry.segments.count + (entry.tailMin ?? 0)) {
            let set = entry.set(at: i) ?? .any
            if case .literal(let l) = set { values.append(l); continue }
            let samples: [[UInt8]]
            switch set {
            case .uuid: samples = uuidSamples
            case .int: samples = intSamples
            case .float: samples = floatSamples
            case .constraint: samples = otherSamples.filter { set.contains($0, fold: false) }
            default: samples = otherSamples
            }
            guard let v = samples.first(where: { !literals.contains(model.fold ? $0.map(asciiLower) : $0) }) else {
                return (nil, [])
            }
            values.append(v)
        }
        let q = URLShape(origin: originSet, segments: values.map { .literal($0) }, tailMin: nil)
        let beaten = index.overlapping(q).filter { $0 != e && beats($0, e) && takesEveryQuery($0) }
        return (beaten.isEmpty ? ConcreteURL(origin: origin, segments: values) : nil, beaten)
    }

    private func literalsHosts(contains h: [UInt8]) -> Bool {
        model.entries.contains { if case .host(_, let x, _) = $0.origin { return x == h } else { return false } }
    }

    /// Whether entry `a` beats entry `b` (for two entries that both match a URL).
    func beats(_ a: Int, _ b: Int) -> Bool {
        decide(model.entries[a], tokens[a], model.entries[b], tokens[b], model.options.precedence).aFirst
    }

    /// The entries that match some URL `e` matches and beat `e` there.
    func beaters(of e: Int) -> [Int] {
        index.beaters(of: e, tokens: tokens).filter(takesEveryQuery)
    }

    /// Whether entry `x` matches whatever the query: a route with a query contract
    /// (SEMANTICS.md §11) lets URLs whose query it refuses go on, so it shadows nothing.
    func takesEveryQuery(_ x: Int) -> Bool {
        let route = model.entries[x].route
        if route.queryContract != nil { return false }
        if (route.dialect ?? model.options.dialect) == .urlpattern { return true }
        return patternQueryStart(Array(route.pattern.utf8)) == nil
    }

    mutating func entryReach(_ e: Int) -> EntryReach {
        if let r = reach[e] { return r }
        // Most entries win the plainest URL they match (values no pattern names): one
        // lookup decides them. The others take the full search.
        let plain = plainWitness(e)
        if let url = plain.url {
            reach[e] = .alive(url)
            return .alive(url)
        }
        // One entry that takes every URL of `e` also takes the plain one: try those first.
        let shape = URLShape(model.entries[e])
        let covering = plain.beaters.filter { shape.isCovered(by: model.entries[$0], fold: model.fold) }
        if !covering.isEmpty {
            let r = EntryReach.dead(by: [sortedByPrecedence(model, covering, tokens: tokens)[0]])
            reach[e] = r
            return r
        }
        let b = beaters(of: e)
        var search = CoverSearch(model: model, entry: model.entries[e], candidates: b)
        let r: EntryReach
        switch search.run() {
        case .uncovered(let url): r = .alive(url)
        case .covered: r = .dead(by: sortedByPrecedence(model, b, tokens: tokens))
        case .gaveUp: r = .unknown
        }
        reach[e] = r
        return r
    }

    /// A route is reachable when any of its alternatives is.
    mutating func routeReach(_ ri: Int) -> RouteReachability {
        var by: [Int] = []
        var unknown = false
        for e in model.entriesOfRoute[ri] {
            switch entryReach(e) {
            case .alive(let url): return .reachable(exampleURL: url.text)
            case .unknown: unknown = true
            case .dead(let entries):
                for x in entries {
                    let r = model.entries[x].routeIndex
                    if r != ri && !by.contains(r) { by.append(r) }
                }
            }
        }
        return unknown || model.entriesOfRoute[ri].isEmpty ? .undecided : .shadowed(by: by)
    }
}

/// Is every URL of one entry matched by some candidate? Dimensions: the origin, then each
/// path position, for each URL length the entry admits (an open tail up to one past the
/// longest candidate: longer URLs look the same to every pattern).
struct CoverSearch {
    enum Outcome { case covered, uncovered(ConcreteURL), gaveUp }

    let model: TableModel
    let entry: ModelEntry
    let candidates: [Int]
    var steps = 0

    init(model: TableModel, entry: ModelEntry, candidates: [Int]) {
        self.model = model
        self.entry = entry
        self.candidates = candidates
    }

    mutating func run() -> Outcome {
        let lengths: ClosedRange<Int>
        if let m = entry.tailMin {
            var top = entry.segments.count + m
            for c in candidates {
                let f = model.entries[c]
                top = max(top, f.segments.count + (f.tailMin ?? 0))
            }
            lengths = (entry.segments.count + m)...(top + 1)
        } else {
            lengths = entry.segments.count...entry.segments.count
        }
        for n in lengths {
            let fs = candidates.filter { model.entries[$0].admits(length: n) }
            var level = Level(model: model, entry: entry, candidates: fs, length: n)
            switch level.search(&steps) {
            case .covered: continue
            case let other: return other
            }
        }
        return .covered
    }

    /// One URL length: dimension 0 is the origin, dimension k the segment at position k-1.
    struct Level {
        let model: TableModel
        let entry: ModelEntry
        let candidates: [Int]
        let length: Int
        /// covers[c][d]: candidate c's set at dimension d contains the entry's whole set there;
        /// coversFrom[c][d]: the same for every dimension from d on.
        var coversFrom: [[Bool]] = []
        var originReps: [Origin] = []
        var segmentReps: [[[UInt8]]] = []
        var chosenOrigin = Origin(scheme: nil, host: nil)
        var chosen: [[UInt8]] = []

        init(model: TableModel, entry: ModelEntry, candidates: [Int], length: Int) {
            self.model = model
            self.entry = entry
            self.candidates = candidates
            self.length = length
            let fold = model.fold
            coversFrom = candidates.map { c in
                let f = model.entries[c]
                var row = [Bool](repeating: true, count: length + 2)
                for d in stride(from: length, through: 0, by: -1) {
                    let here: Bool
                    if d == 0 {
                        here = entry.origin.isSubset(of: f.origin)
                    } else {
                        let mine = entry.set(at: d - 1) ?? .any
                        here = mine.isSubset(of: f.set(at: d - 1) ?? .any, fold: fold)
                    }
                    row[d] = here && row[d + 1]
                }
                return row
            }
            let web: ([UInt8]) -> Bool = { model.isWebScheme($0) }
            originReps = originRepresentatives(entry.origin, candidates.map { model.entries[$0].origin }, isWeb: web)
            segmentReps = (0..<length).map { p in
                segmentRepresentatives(entry.set(at: p) ?? .any,
                                       candidates.compactMap { model.entries[$0].set(at: p) }, fold: fold)
            }
            chosen = Array(repeating: [], count: length)
        }

        mutating func search(_ steps: inout Int) -> Outcome {
            let all = Array(candidates.indices)
            return step(0, all, &steps)
        }

        /// `live`: indexes into `candidates` that contain every choice made so far.
        private mutating func step(_ d: Int, _ live: [Int], _ steps: inout Int) -> Outcome {
            steps += 1
            if steps > TableAnalysis.stepBudget { return .gaveUp }
            if live.isEmpty {
                // Nothing beats the entry on what was chosen: complete it with any members.
                // Dimensions before `d` are chosen: the origin when d >= 1, segments before d - 1.
                if d == 0, let o = originReps.first { chosenOrigin = o }
                for p in max(0, d - 1)..<length { chosen[p] = segmentReps[p].first ?? [] }
                return .uncovered(ConcreteURL(origin: chosenOrigin, segments: chosen))
            }
            if live.contains(where: { coversFrom[$0][d] }) { return .covered }
            if d > length { return .covered }
            var seen = Set<[Int]>()
            if d == 0 {
                for o in originReps {
                    let next = live.filter { model.entries[candidates[$0]].origin.contains(o) }
                    guard seen.insert(next).inserted else { continue }
                    chosenOrigin = o
                    switch step(1, next, &steps) {
                    case .covered: continue
                    case let other: return other
                    }
                }
            } else {
                let p = d - 1
                for r in segmentReps[p] {
                    let next = live.filter { (model.entries[candidates[$0]].set(at: p) ?? .any).contains(r, fold: model.fold) }
                    guard seen.insert(next).inserted else { continue }
                    chosen[p] = r
                    switch step(d + 1, next, &steps) {
                    case .covered: continue
                    case let other: return other
                    }
                }
            }
            return .covered
        }
    }
}

extension Router {
    /// For each route (in `routes` order), whether it can win some URL, decided on the
    /// route table: a route reported shadowed never wins, and a reachable one comes with a
    /// URL it wins.
    public func reachability() -> [RouteReachability] {
        RouteAnalysis(self).reachability()
    }
}

/// One snapshot of a router's routes, for several questions about it (the listing and the
/// reachability share their setup). Not for concurrent use.
public final class RouteAnalysis {
    private var analysis: TableAnalysis

    /// A snapshot of the routes `router` has now.
    public init(_ router: Router) {
        analysis = TableAnalysis(router.tableModel())
    }

    /// The routes of the snapshot, in registration order.
    public var routes: [Route] { analysis.model.routes }

    /// As `Router.entriesByPrecedence()`.
    public func entriesByPrecedence() -> [RouteEntry] {
        let model = analysis.model
        let contracts = model.compiledQueryContracts().map { $0.map(QueryContractListing.init) }
        return sortedByPrecedence(model, Array(model.entries.indices), tokens: analysis.tokens).map {
            var entry = model.entries[$0].publicEntry
            entry.queryContract = contracts[entry.routeIndex]
            return entry
        }
    }

    /// As `Router.reachability()`.
    public func reachability() -> [RouteReachability] {
        analysis.model.routes.indices.map { analysis.routeReach($0) }
    }
}
