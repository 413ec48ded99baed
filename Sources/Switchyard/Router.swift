import Synchronization

/// Process-wide source of table ids: a Match recognises the table it already holds by id,
/// so ids are never reused, even across routers.
private let tableIDs = Atomic<UInt64>(1)

/// The router: routes in, matches out.
///
/// Thread safety: any number of threads may resolve on one router at once, also while other
/// threads add or remove routes or load documents; each resolve sees the table entirely
/// before or entirely after a change. Changes serialise on an internal lock.
public final class Router: Sendable {
    public let options: RouterOptions
    let webSchemes: WebSchemeStore
    let patternConfig: PatternConfig
    let state: PThreadLocked<RouterState>
    /// The id of the table every resolve must use (built lazily by the first resolve after a
    /// change, so a run of single adds costs one rebuild).
    let currentID: Atomic<UInt64>
    /// Handlers registered per target (Navigation/Dispatch.swift); never read by a resolve.
    let handlers = HandlerRegistry()

    public init(options: RouterOptions = RouterOptions()) throws(SwitchyardError) {
        try options.validate()
        self.options = options
        webSchemes = WebSchemeStore(options.webSchemes)
        patternConfig = PatternConfig(options, webSchemes)
        let id = tableIDs.wrappingAdd(1, ordering: .relaxed).oldValue
        state = PThreadLocked(RouterState(id: id))
        currentID = Atomic(id)
    }

    // MARK: changing routes

    /// Adds one route. Throws invalidPattern, conflict (naming both patterns), limit or
    /// invalidArgument; on error the router is unchanged.
    public func add(_ route: Route) throws(SwitchyardError) {
        do throws(SwitchyardError) {
            try add(contentsOf: [route])
        } catch {
            var e = error
            e.routeIndex = nil  // a single route is no batch
            throw e
        }
    }

    public func add(_ pattern: String, target: String, name: String? = nil, priority: Int = 0,
                    defaults: [String: ParameterValue] = [:]) throws(SwitchyardError) {
        try add(Route(pattern, target: target, name: name, priority: priority, defaults: defaults))
    }

    public func add(_ pattern: String, redirect: String, name: String? = nil, priority: Int = 0,
                    defaults: [String: ParameterValue] = [:], appendParams: Bool = true) throws(SwitchyardError) {
        try add(Route(pattern, redirect: redirect, name: name, priority: priority, defaults: defaults,
                      appendParams: appendParams))
    }

    /// Adds every route, all or nothing, with one rebuild. An error carries the index of
    /// the route it is about in `routeIndex`.
    public func add(contentsOf routes: some Sequence<Route>) throws(SwitchyardError) {
        let indexed: (Int, SwitchyardError) -> SwitchyardError = { index, error in
            var e = error
            e.routeIndex = index
            return e
        }
        let prepared = try RouterState.prepare(adding: Array(routes), config: patternConfig, annotate: indexed)
        try change { (s: inout RouterState) throws(SwitchyardError) in
            try s.checkParents(adding: prepared, replacingDocument: false, annotate: indexed)
            try s.apply(prepared: prepared, fromDocument: false, replacingDocument: false, annotate: indexed)
        }
    }

    /// Removes every route added with exactly this pattern text (by `add` or by a document).
    /// Returns whether anything was removed.
    @discardableResult
    public func remove(_ pattern: String) -> Bool {
        var removed = false
        try? change { (s: inout RouterState) throws(SwitchyardError) in removed = s.remove(pattern: pattern) }
        return removed
    }

    /// The routes, in the order they were added.
    public var routes: [Route] {
        state.withLock { s in s.routes.map(\.route) }
    }

    /// Runs a change under the writer lock and, when it succeeds, publishes a new table id.
    func change(_ body: (inout RouterState) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        let result: Result<Void, SwitchyardError> = state.withLock { s in
            do throws(SwitchyardError) {
                try body(&s)
            } catch {
                return .failure(error)
            }
            s.id = tableIDs.wrappingAdd(1, ordering: .relaxed).oldValue
            s.table = nil
            currentID.store(s.id, ordering: .releasing)
            return .success(())
        }
        try result.get()
    }

    /// The table for `id` (or newer), building it if needed.
    func currentTable() -> Table {
        state.withLock { s in
            if let t = s.table { return t }
            let t = Table(id: s.id, options: options, webSchemes: webSchemes, routes: s.routes)
            s.table = t
            return t
        }
    }

    // MARK: resolving

    /// Resolves `url` into a new Match. A miss is not an error: `matched` is false.
    /// Throws invalidURL (with the byte position), limit, redirectLimit or redirectLoop.
    public func resolve(_ url: String) throws(SwitchyardError) -> Match {
        let m = Match()
        _ = try resolve(url, into: m)
        return m
    }

    /// Resolves `url` into `match`, reusing its storage: no allocation once `match` is warm.
    /// Returns whether a route matched.
    @discardableResult
    public func resolve(_ url: String, into match: Match) throws(SwitchyardError) -> Bool {
        // The bytes are copied into the Match's own buffer (reused: no allocation once warm),
        // so the match never depends on the String's storage. Copying a URL costs less than
        // keeping the String alive (a retain and a release per resolve), and a short String
        // may hold its bytes inline, where no pointer to them outlives the call anyway.
        let st = match.state
        let contiguous: Bool? = url.utf8.withContiguousStorageIfAvailable { bytes in
            st.pointee.owned.removeAll()
            if let b = bytes.baseAddress { st.pointee.owned.append(contentsOf: b, count: bytes.count) }
            return true
        }
        if contiguous == nil {
            var copy = url
            copy.makeContiguousUTF8()
            return try resolve(copy, into: match)
        }
        match.source = .owned
        let own = UnsafeBufferPointer(start: UnsafePointer(st.pointee.owned.base), count: st.pointee.owned.count)
        let hit = try resolveFirst(own, into: match)
        return try followRedirects(match, firstHit: hit)
    }

    /// Resolves C bytes (borrowed until the next resolve with `match`) into `match`.
    package func resolve(bytes: UnsafeBufferPointer<UInt8>, into match: Match) throws(SwitchyardError) -> Bool {
        match.source = .borrowed(bytes.baseAddress, bytes.count)
        let hit = try resolveFirst(bytes, into: match)
        return try followRedirects(match, firstHit: hit)
    }

    /// Reads `bytes` and walks the table once (no redirects).
    func resolveFirst(_ bytes: UnsafeBufferPointer<UInt8>, into match: Match) throws(SwitchyardError) -> Bool {
        match.state.pointee.chainRefs.removeAll()
        match.state.pointee.chainBytes.removeAll()
        return try walk(bytes, into: match)
    }

    /// One hop: read the URL, walk the table, lay out the result.
    /// `keepTable` (redirects, issue 4): the later hops of a chain stay on the first hop's
    /// table, so a whole chain sees one version of the routes.
    /// A URL that a browser reads differently is walked in the form a browser reads it
    /// (BrowserReading.swift): `walkAsGiven` leaves it to this caller, so the hot walk
    /// carries no second call.
    @inline(__always)
    func walk(_ bytes: UnsafeBufferPointer<UInt8>, into match: Match, keepTable: Bool = false) throws(SwitchyardError) -> Bool {
        if try walkAsGiven(bytes, into: match, keepTable: keepTable) { return true }
        if _fastPath(match.state.pointee.pendingRewrite == .none) { return false }
        return try walkRewritten(bytes, into: match, keepTable: keepTable)
    }

    /// Walks `bytes` as given; a URL a browser reads differently is not walked but marked
    /// in `pendingRewrite`, and reads as a miss.
    func walkAsGiven(_ bytes: UnsafeBufferPointer<UInt8>, into match: Match, keepTable: Bool) throws(SwitchyardError) -> Bool {
        let st = match.state
        // The fast path: the table this Match already holds is still current (one atomic load).
        let id = currentID.load(ordering: .acquiring)
        if st.pointee.tableView == nil || (!keepTable && st.pointee.tableID != id) {
            match.use(currentTable())
        }
        guard let tv = st.pointee.tableView else { throw SwitchyardError(.internal, "no route table") }
        match.clearResult()
        let prefix: URLView.Prefix
        do throws(SwitchyardError) {
            prefix = try st.pointee.view.readPrefix(bytes, tv.pointee.read)
        } catch {
            match.source = .none
            throw error
        }
        // A URL to rewrite reads as one that may need decoding, so the common URL pays for
        // no test of its own here.
        if prefix.mayDecode && st.pointee.view.rewrite != .none {
            st.pointee.pendingRewrite = st.pointee.view.rewrite
            return false
        }
        let p = bytes.baseAddress ?? emptyBytes
        let end = bytes.baseAddress == nil ? 0
            : st.pointee.view.readQueryAndFragment(p, bytes.count, end: prefix.pathEnd, tv.pointee.read,
                                                  mayDecode: prefix.mayDecode)
        let needed = tv.pointee.maxParameters &+ 1
        st.pointee.captures.reserve(needed)
        st.pointee.bestCaptures.reserve(needed)
        // Clean URLs (nothing to decode, nothing to normalise) are walked straight from the
        // bytes; the others are split and normalised into a segment list first.
        let r = tv.pointee.read
        let canWalkBytes = !(prefix.mayDecode && r.decodePath) && !r.strictTrailingSlash && !r.keepEmptySegments
        if canWalkBytes {
            let first = st.pointee.view.firstSegmentStart(p, prefix, end)
            if URLView.pathMayWalk(p, first, end, maxSegments: r.maxSegments) {
                // A path of literals only, to a route of the top priority: no walk needed.
                let s = tv.pointee.staticPaths.find(p, first, end)
                if s >= 0 {
                    match.finish(tv.pointee.walk.entries[Int(s)], captureCount: 0, remainderAt: -1, url: bytes) { _, _ in }
                    st.pointee.paths.count(.staticMap)
                    return st.pointee.hit
                }
                var w = Walker(tv.pointee.walk, url: p, decoded: UnsafePointer(st.pointee.view.decoded.base),
                               source: BytesSource(p: p, start: first, end: end),
                               captures: st.pointee.captures.base, bestCaptures: st.pointee.bestCaptures.base)
                run(&w, tv, &st.pointee.view)
                // A route taken means every segment on its way was read, none of them empty,
                // `.` or `..` (the walk aborts on those). A miss may have stopped early, so
                // it stands only for a path the full reader would not change.
                if !w.aborted && (w.best >= 0 || !URLView.hasSlashPair(p, first, end)) {
                    match.finish(w, url: bytes) { m, from in m.appendRemainder(bytes: p, from: from, end: end) }
                    st.pointee.paths.count(.byteWalk)
                    return st.pointee.hit
                }
            }
        }
        do throws(SwitchyardError) {
            try st.pointee.view.readSegments(p, prefix, end, tv.pointee.read)
        } catch {
            match.source = .none
            throw error
        }
        let list = ListSource(segments: st.pointee.view.segments.base, count: st.pointee.view.segments.count,
                              url: p, decoded: UnsafePointer(st.pointee.view.decoded.base))
        var w = Walker(tv.pointee.walk, url: p, decoded: UnsafePointer(st.pointee.view.decoded.base), source: list,
                       captures: st.pointee.captures.base, bestCaptures: st.pointee.bestCaptures.base)
        run(&w, tv, &st.pointee.view)
        match.finish(w, url: bytes) { m, from in m.appendRemainder(segmentsFrom: from, url: bytes) }
        st.pointee.paths.count(.segmentList)
        return st.pointee.hit
    }

    /// A URL a browser reads differently: its browser form becomes the URL the Match owns
    /// and describes, and is walked instead.
    @inline(never)
    private func walkRewritten(_ bytes: UnsafeBufferPointer<UInt8>, into match: Match,
                               keepTable: Bool) throws(SwitchyardError) -> Bool {
        let st = match.state
        let kind = st.pointee.pendingRewrite
        st.pointee.pendingRewrite = .none
        do throws(SwitchyardError) {
            try st.pointee.view.rewrite(bytes, kind)
        } catch {
            match.source = .none
            throw error
        }
        swap(&st.pointee.owned, &st.pointee.view.rewritten)
        match.source = .owned
        let own = UnsafeBufferPointer(start: UnsafePointer(st.pointee.owned.base), count: st.pointee.owned.count)
        let hit = try walkAsGiven(own, into: match, keepTable: keepTable)
        if st.pointee.pendingRewrite != .none {
            st.pointee.pendingRewrite = .none
            match.source = .none
            throw SwitchyardError(.internal, "URL could not be put in the form a browser reads")
        }
        return hit
    }

    @inline(__always)
    private func run<S: SegmentSource>(_ w: inout Walker<S>, _ tv: UnsafePointer<TableView>, _ view: inout URLView) {
        if tv.pointee.pathRoot >= 0 {
            w.walkPath(tv.pointee.pathRoot, w.source.start)
        } else if tv.pointee.routeCount > 0 {
            w.walkScheme(&view)
        }
    }
}

/// The writer side of a router: the routes and the index that finds conflicts.
struct RouterState {
    var id: UInt64
    var routes: [CompiledRoute] = []
    var nextSeq = 0
    /// Variant shape -> the routes that have it (with their priority), for conflicts.
    var shapes: [ByteKey: [CompiledRoute]] = [:]
    /// Built on demand for `id`; nil after a change.
    var table: Table?

    init(id: UInt64) { self.id = id }

    /// Compiles and checks `adding` (validation, pattern, `check`, redirect template), each
    /// error passed through `annotate` with the route's index. Needs no lock: callers run it
    /// before `change`, so writers hold the router's lock only to look for conflicts and swap.
    static func prepare(adding: [Route], config: PatternConfig,
                        check: ((Int, Route, CompiledPattern) throws(SwitchyardError) -> Void)? = nil,
                        // Rule documents (issue 4): rewrites an error of the route at an index,
                        // so the message can name the route's JSON path.
                        annotate: ((Int, SwitchyardError) -> SwitchyardError)? = nil)
        throws(SwitchyardError) -> [(Route, CompiledPattern)] {
        var out: [(Route, CompiledPattern)] = []
        out.reserveCapacity(adding.count)
        for (index, route) in adding.enumerated() {
            do throws(SwitchyardError) {
                try validate(route)
                let c = try compilePattern(route.pattern, config)
                try check?(index, route, c)
                // Every redirect template is checked when its route is added (RedirectTemplate.swift);
                // after `check`, so a document knows an error here is about the redirect.
                try validateRedirectTemplate(route, c, config)
                out.append((route, c))
            } catch {
                throw annotate?(index, error) ?? error
            }
        }
        return out
    }

    /// Checks prepared routes against the current routes and each other for conflicts, then
    /// applies them. Nothing changes unless every route fits. With `replacingDocument`, the
    /// routes of the previous document are dropped in the same step.
    mutating func apply(prepared: [(Route, CompiledPattern)], fromDocument: Bool, replacingDocument: Bool,
                        annotate: ((Int, SwitchyardError) -> SwitchyardError)? = nil) throws(SwitchyardError) {
        let firstSeq = nextSeq
        var compiled: [CompiledRoute] = []
        compiled.reserveCapacity(prepared.count)
        // One pass over the shape index: each variant looks for a route it conflicts with and,
        // finding none, is entered at once. On a conflict the entries made so far are
        // withdrawn, so the index is as before.
        for (index, (route, c)) in prepared.enumerated() {
            let cr = CompiledRoute(route: route, seq: firstSeq + index, compiled: c, fromDocument: fromDocument)
            compiled.append(cr)
            for v in cr.variants {
                var other: CompiledRoute? = nil
                RouterState.enter(cr, into: &shapes[v.shape, default: []], other: &other) { r in
                    // Earlier in this batch, or already here and not about to be replaced with
                    // the previous document. (Alternatives of one route have distinct shapes.)
                    r.seq >= firstSeq || !(replacingDocument && r.fromDocument)
                }
                if let other {
                    withdraw(compiled)
                    let e = SwitchyardError(.conflict,
                        "route '\(route.pattern)' conflicts with existing route '\(other.route.pattern)'")
                    throw annotate?(index, e) ?? e
                }
            }
        }
        if replacingDocument {
            let old = routes.filter { $0.fromDocument }
            routes.removeAll { $0.fromDocument }
            withdraw(old)
        }
        nextSeq += prepared.count
        routes += compiled
    }

    /// Appends `route` to the routes of one shape unless one of them at the same priority
    /// (among those `counts`) conflicts with it; that one is returned in `other`.
    private static func enter(_ route: CompiledRoute, into list: inout [CompiledRoute], other: inout CompiledRoute?,
                              counts: (CompiledRoute) -> Bool) {
        other = list.first { $0.route.priority == route.route.priority && counts($0) }
        if other == nil { list.append(route) }
    }

    /// Takes `gone` out of the shape index (keys left empty are dropped).
    private mutating func withdraw(_ gone: [CompiledRoute]) {
        for r in gone {
            for v in r.variants {
                guard var list = shapes[v.shape] else { continue }
                list.removeAll { $0 === r }
                shapes[v.shape] = list.isEmpty ? nil : list
            }
        }
    }

    mutating func remove(pattern: String) -> Bool {
        let gone = routes.filter { $0.route.pattern == pattern }
        if gone.isEmpty { return false }
        routes.removeAll { $0.route.pattern == pattern }
        withdraw(gone)
        return true
    }

    private static func validate(_ route: Route) throws(SwitchyardError) {
        if route.priority < Int(Int32.min) || route.priority > Int(Int32.max) {
            throw SwitchyardError(.invalidArgument, "priority \(route.priority) is outside the 32-bit range")
        }
        for (name, value) in route.defaults {
            if name.isEmpty { throw SwitchyardError(.invalidArgument, "a default has an empty name") }
            if case .float(let d) = value, !d.isFinite {
                throw SwitchyardError(.invalidArgument, "default '\(name)' is not a finite number")
            }
        }
    }
}
