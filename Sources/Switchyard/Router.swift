/// Process-wide source of table ids: a MatchBuffer recognises the table it already holds by id,
/// so ids are never reused, even across routers.
private let tableIDs = AtomicWord(1)

/// The router: routes in, matches out.
///
/// Thread safety: any number of threads may resolve on one router at once, also while other
/// threads add or remove routes or load documents; each resolve sees the table entirely
/// before or entirely after a change. Changes serialise on an internal lock.
public final class Router: Sendable {
    /// The options the router was made with.
    public let options: RouterOptions
    let webSchemes: WebSchemeStore
    let patternConfig: PatternConfig
    /// Options that look at a URL before it is read (URLPrePass.swift); nil for most routers.
    let prePass: URLPrePass?
    let state: PThreadLocked<RouterState>
    /// Held by the one resolve that builds the published table when it is not built yet,
    /// so other resolves that need that table wait for it instead of building it again.
    /// Writers never take it, and no table is ever built under `state`'s lock. It counts the
    /// tables built this way.
    let tableBuilder = PThreadLocked<Int>(0)
    /// The id of the table every resolve must use (`RouterState.published`).
    let currentID: AtomicWord
    /// Handlers registered per target (Navigation/Dispatch.swift); never read by a resolve.
    let handlers = HandlerRegistry()
    /// One-route routers for working out fallback candidates (Navigation/Candidates.swift);
    /// never read by a resolve.
    let fallbacks = PThreadLocked<FallbackCache?>(nil)
    /// Requirement checks and the resume token key (Navigation/Requirements.swift); never
    /// read by a resolve.
    let requirements = RequirementRegistry()

    /// How many calls deep the walks on this router's tables recurse (`walkRecursionBudget`;
    /// tests set 0 to run every walk with frames).
    let recursionBudget: Int32
    /// The fewest routes a batch or document compiles on two threads for (nil with
    /// `options.parallelBuild` false). Tests lower it, to split batches of a few thousand.
    private let splitAt: AtomicWord

    /// `splitAt`'s value.
    package var parallelBuildMinimum: Int? {
        get {
            let v = splitAt.loadAcquiring()
            return v == 0 ? nil : Int(clamping: v)
        }
        set { splitAt.storeReleasing(newValue.map { UInt64(max($0, 1)) } ?? 0) }
    }

    /// Whether work on `count` routes (a batch's compile, its conflict check, a table's trie)
    /// is split over two threads (`ParallelBuild.shouldSplit`): never without `parallelBuild`,
    /// on one processor, or while the router has a parameter type with a parse function.
    package func buildsInTwo(_ count: Int) -> Bool {
        ParallelBuild.shouldSplit(count, from: parallelBuildMinimum, patternConfig)
    }

    /// A router with the default options (docs/SEMANTICS.md's default profile) and no
    /// routes. Cannot fail: the default options are always valid.
    public convenience init() {
        self.init(validated: RouterOptions(), recursionBudget: walkRecursionBudget)
    }

    /// A router with `options` and no routes. Throws `invalidArgument` when a limit is
    /// outside its range (`RouterOptions.Limits.ceilings`) or a web scheme is not a
    /// lowercase URL scheme of at most 255 bytes.
    public convenience init(options: RouterOptions) throws(SwitchyardError) {
        try self.init(options: options, recursionBudget: walkRecursionBudget)
    }

    /// Tests only: a router whose walks recurse at most `recursionBudget` calls deep.
    package convenience init(options: RouterOptions, recursionBudget: Int32) throws(SwitchyardError) {
        try options.validate()
        self.init(validated: options, recursionBudget: recursionBudget)
    }

    /// A router with options already checked by `RouterOptions.validate()` (or the defaults).
    private init(validated options: RouterOptions, recursionBudget: Int32) {
        self.recursionBudget = max(0, recursionBudget)
        self.options = options
        webSchemes = WebSchemeStore(options.webSchemes)
        patternConfig = PatternConfig(options, webSchemes)
        prePass = URLPrePass(options)
        let id = tableIDs.incrementRelaxed()
        state = PThreadLocked(RouterState(id: id))
        currentID = AtomicWord(id)
        splitAt = AtomicWord(options.parallelBuild ? UInt64(ParallelBuild.minimumRoutes) : 0)
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

    /// Adds the route `pattern` -> `target` (`add(_:)` with `Route(_:target:...)`). Throws invalidPattern (with the byte position), conflict (naming both patterns), limit or invalidArgument; on error the router is unchanged.
    public func add(_ pattern: String, target: String, name: String? = nil, priority: Int = 0,
                    defaults: [String: ParameterValue] = [:]) throws(SwitchyardError) {
        try add(Route(pattern, target: target, name: name, priority: priority, defaults: defaults))
    }

    /// Adds a redirect route: a URL it matches resolves again at the URL the template `redirect` builds. Throws as `add(_:target:)` does.
    public func add(_ pattern: String, redirect: String, name: String? = nil, priority: Int = 0,
                    defaults: [String: ParameterValue] = [:], appendParams: Bool = true) throws(SwitchyardError) {
        try add(Route(pattern, redirect: redirect, name: name, priority: priority, defaults: defaults,
                      appendParams: appendParams))
    }

    /// Adds every route, all or nothing, with one rebuild. An error carries the index of
    /// the route it is about in `routeIndex`.
    public func add(contentsOf routes: some Sequence<Route>) throws(SwitchyardError) {
        var batch = Array(routes)
        try add(taking: &batch)
    }

    /// `add(contentsOf:)` that takes the routes out of `batch` (moved, not copied, when
    /// nothing else holds the array); what is left of it is not to be read.
    package func add(taking batch: inout [Route]) throws(SwitchyardError) {
        let indexed: (Int, SwitchyardError) -> SwitchyardError = { index, error in
            var e = error
            e.routeIndex = index
            return e
        }
        let cost = state.withLock { $0.cost(replacingDocument: false) }
        let anyParent = namesAParent(batch)
        let inTwo = buildsInTwo(batch.count)
        var prepared = try RouterState.prepare(taking: &batch, config: patternConfig, cost: cost,
                                               splitAt: parallelBuildMinimum, annotate: { i, e, _ in indexed(i, e) })
        try change { (s: inout RouterState) throws(SwitchyardError) in
            try s.checkParents(adding: prepared, anyParent: anyParent, replacingDocument: false, annotate: indexed)
            try s.apply(prepared: &prepared, fromDocument: false, replacingDocument: false, inTwo: inTwo, annotate: indexed)
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
    /// The table is built later, outside the lock, by the first resolve that needs it, so a
    /// run of single changes costs one build.
    func change(_ body: (inout RouterState) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        let result: Result<Void, SwitchyardError> = state.withLock { s in
            do throws(SwitchyardError) {
                try body(&s)
            } catch {
                return .failure(error)
            }
            s.id = tableIDs.incrementRelaxed()
            s.published = PublishedTable(id: s.id, routes: nil, table: nil)
            currentID.storeReleasing(s.id)
            return .success(())
        }
        try result.get()
    }

    /// Runs a change like `change`, then builds its table outside the lock and publishes
    /// the table and its id together. Resolves keep using the previous table while the
    /// table is built, so they never wait for this change; when it returns, its routes are
    /// visible (unless a later change has been published meanwhile, which holds them or
    /// replaced them).
    func changeAndBuild(_ body: (inout RouterState) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        typealias Pending = (id: UInt64, routes: [CompiledRoute], hook: (@Sendable () -> Void)?)
        let result: Result<Pending, SwitchyardError> = state.withLock { s in
            let before = s.routes
            do throws(SwitchyardError) {
                try body(&s)
            } catch {
                return .failure(error)
            }
            // The published table must no longer be built from `s.routes`: it keeps its own.
            if s.published.table == nil && s.published.routes == nil { s.published.routes = before }
            s.id = tableIDs.incrementRelaxed()
            return .success((s.id, s.routes, s.whileBuilding))
        }
        let pending = try result.get()
        pending.hook?()
        let table = Table(id: pending.id, options: options, webSchemes: webSchemes, routes: pending.routes,
                          recursionBudget: recursionBudget, trieInTwo: buildsInTwo(pending.routes.count))
        state.withLock { s in
            // Ids grow with each change: a newer table published meanwhile stays.
            guard s.published.id < pending.id else { return }
            s.published = PublishedTable(id: pending.id, routes: nil, table: table)
            currentID.storeReleasing(pending.id)
        }
    }

    /// The published table, building it if needed (outside the router's lock). If the
    /// routes change during the build, the table built is still returned: it was current
    /// when this resolve began, and the next resolve picks up the newer one.
    func currentTable() -> Table {
        if let built = state.withLock({ $0.published.table }) { return built }
        return tableBuilder.withLock { builds in
            // Another resolve may have built it while this one waited.
            let (id, routes, built) = state.withLock { s in
                (s.published.id, s.published.routes ?? s.routes, s.published.table)
            }
            if let built { return built }
            let table = Table(id: id, options: options, webSchemes: webSchemes, routes: routes,
                              recursionBudget: recursionBudget, trieInTwo: buildsInTwo(routes.count))
            builds += 1
            state.withLock { s in
                if s.published.id == id && s.published.table == nil { s.published.table = table }
            }
            return table
        }
    }

    /// Tests only: how many tables resolves have built (after adds and removes).
    package var tablesBuiltByResolves: Int { tableBuilder.withLock { $0 } }

    /// Tests only: `hook` runs on the loading thread while a rule document's table is being
    /// built, with no lock held (nil removes it).
    package func setWhileBuildingTable(_ hook: (@Sendable () -> Void)?) {
        state.withLock { $0.whileBuilding = hook }
    }

    /// What the routes cost: their number, alternatives and pattern bytes, their expanded
    /// size (`ExpansionBudget`), and the bytes and hash-index runs of the published table
    /// (built if needed).
    package var footprint: RouteFootprint {
        let table = currentTable()
        var f = RouteFootprint()
        for r in table.routes {
            f.routes += 1
            f.alternatives += r.variants.count
            f.patternBytes += r.patternSize
            f.expandedBytes += r.expandedSize
        }
        f.tableBytes = table.memory.byteCount
        f.longestProbeRun = table.longestProbeRun
        f.hasStaticPathMap = table.hasStaticPathMap
        return f
    }

    // MARK: resolving

    /// Resolves `url` (following redirects) and returns the match as a value, or nil when no
    /// route matches: a miss is not an error.
    ///
    /// Throws `invalidURL` (with the byte position), `limit`, `redirectLimit`, `redirectLoop`
    /// or `redirectUnsafe`. Each call makes a fresh result; `resolve(_:into:)` reuses one.
    public func resolve(_ url: String) throws(SwitchyardError) -> Match? {
        let m = MatchBuffer()
        guard try resolve(url, into: m) else { return nil }
        return Match(m)
    }

    /// Resolves `url` into `match`, reusing its storage: no allocation once `match` is warm.
    /// Returns whether a route matched.
    @discardableResult
    public func resolve(_ url: String, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        if _slowPath(match.heldByDispatch) { throw MatchBuffer.heldByDispatchError }
        // The bytes are copied into the MatchBuffer's own buffer (reused: no allocation once
        // warm), so the match never depends on the String's storage.
        let matched = try resolveFirst(match.ownURL(url), into: match)
        return try followRedirects(match, firstMatched: matched)
    }

    /// Resolves C bytes into `match`. They are copied, as a String's are: whatever the C
    /// caller does with its buffer afterwards, the match stays readable (one lifetime rule
    /// for every C entry point: the library copies what it keeps).
    package func resolve(bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        if _slowPath(match.heldByDispatch) { throw MatchBuffer.heldByDispatchError }
        let matched = try resolveFirst(match.ownURL(bytes), into: match)
        return try followRedirects(match, firstMatched: matched)
    }

    /// Reads `bytes` and walks the table once (no redirects).
    @inline(__always)
    func resolveFirst(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        match.clearChain()
        if _slowPath(prePass != nil) { return try walkPrePassed(bytes, into: match) }
        return try walkFirst(bytes, into: match)
    }

    /// `resolveFirst` for a router with a pre-pass: the URL as the options read it.
    @inline(never)
    func walkPrePassed(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        guard let prePass else { return try walk(bytes, into: match) }
        let matched: Bool
        switch prePass.apply(bytes) {
        case .same:
            matched = try walk(bytes, into: match)
        case .rewritten(let read):
            let own = read.withUnsafeBufferPointer { match.ownURL($0) }
            matched = try walk(own, into: match)
        case .refused:
            // Read as usual (errors stay errors), then reported as a miss.
            _ = try walk(bytes, into: match)
            match.clearResult()
            return false
        }
        if matched && prePass.schemeTables && !prePass.winnerAllowed(match) {
            match.clearResult()
            return false
        }
        return matched
    }

}

/// Counts of `Router.footprint`.
package struct RouteFootprint: Sendable, Equatable {
    package var routes = 0, alternatives = 0, patternBytes = 0, expandedBytes = 0, tableBytes = 0
    /// The longest run of occupied slots in the table's hash indexes (at most `maxProbeRun`
    /// for indexes that hash prefixes; seeded whole-key indexes are random).
    package var longestProbeRun = 0
    package var hasStaticPathMap = false
}

/// The table resolves use, by id (`Router.currentID` is `id`).
struct PublishedTable {
    var id: UInt64
    /// The routes to build it from while `table` is nil; nil means `RouterState.routes`
    /// (then `id` is the state's id).
    var routes: [CompiledRoute]?
    var table: Table?
}

/// The length of a set of patterns and what their alternatives cost (`ExpansionBudget`).
struct PatternCost {
    var patternBytes = 0
    var expandedBytes = 0

    /// The bytes of alternatives still allowed (`patternBytes` already counts every route
    /// being added, so whether a batch fits does not depend on the order of its routes).
    var room: Int { ExpansionBudget.room(patternBytes: patternBytes, expandedBytes: expandedBytes) }

    /// Counts `expandedSize` more bytes of alternatives, or throws the limit error when
    /// they do not fit.
    mutating func take(expandedSize: Int) throws(SwitchyardError) {
        let room = self.room
        if expandedSize > room {
            if ExpansionBudget.limit(patternBytes: patternBytes) == ExpansionBudget.ceiling {
                throw SwitchyardError(.limit, ExpansionBudget.overCeilingMessage(expandedSize: expandedSize, room: room))
            }
            throw SwitchyardError(.limit, ExpansionBudget.overMessage(expandedSize: expandedSize, room: room))
        }
        expandedBytes += expandedSize
    }

    mutating func remove(_ r: CompiledRoute) {
        patternBytes -= r.patternSize
        expandedBytes -= r.expandedSize
    }

    static func + (a: PatternCost, b: PatternCost) -> PatternCost {
        PatternCost(patternBytes: a.patternBytes + b.patternBytes, expandedBytes: a.expandedBytes + b.expandedBytes)
    }
}

/// The writer side of a router: the routes and the index that finds conflicts.
struct RouterState {
    var id: UInt64
    var routes: [CompiledRoute] = []
    var nextSeq = 0
    /// Variant shape -> the routes that have it (with their priority), for conflicts.
    var shapes = ConflictIndex()
    /// What the routes added one by one, and those of the current document, cost.
    var addedCost = PatternCost(), documentCost = PatternCost()
    /// The table resolves use: usually for `id`, built on demand; while a document's table
    /// is being built (`Router.changeAndBuild`), the previous one.
    var published: PublishedTable
    /// Tests only (`Router.setWhileBuildingTable`).
    var whileBuilding: (@Sendable () -> Void)?

    init(id: UInt64) {
        self.id = id
        published = PublishedTable(id: id, routes: nil, table: nil)
    }

    /// What the routes that stay after a change cost: all of them, or without the current
    /// document's when the change replaces it.
    func cost(replacingDocument: Bool) -> PatternCost {
        replacingDocument ? addedCost : addedCost + documentCost
    }

    /// Compiles and checks `adding` (validation, pattern, redirect template), each error
    /// passed through `annotate` with the route's index and whether it is about the redirect
    /// template. Needs no lock: callers run it before `change`, so writers hold the router's
    /// lock only to look for conflicts and swap.
    /// `cost`: what the routes that stay cost (`cost(replacingDocument:)`, read before): a
    /// pattern whose groups would take the total past the budget is refused before any of
    /// its alternatives is made (`apply` checks again under the lock). The routes are taken
    /// from `adding` (moved, not copied, when nothing else holds the array); what is left
    /// of it after an error is not to be read. A batch of `splitAt` routes or more (nil:
    /// none) is compiled on two threads (`prepareInTwo`), with the same result and the same
    /// first error. The routes are returned made (`CompiledRoute`), so that making them is
    /// part of the work split; `apply` numbers them.
    static func prepare(taking adding: inout [Route], config: PatternConfig, cost: PatternCost, splitAt: Int?,
                        fromDocument: Bool = false,
                        // Rule documents: rewrites an error of the route at an index,
                        // so the message can name the route's JSON path.
                        annotate: ((Int, SwitchyardError, _ ofTemplate: Bool) -> SwitchyardError)? = nil)
        throws(SwitchyardError) -> [CompiledRoute] {
        let count = adding.count
        var running = cost
        let half = ParallelBuild.shouldSplit(count, from: splitAt, config) ? count / 2 : -1
        var atHalf: PatternCost? = nil
        // The budget for the whole batch first, from the patterns' text: a batch past it is
        // refused before any route is compiled. A pattern that cannot be sized stops this
        // pass; the loop below reports its error in order.
        // A pattern without '(' is sized from its length, not compiled (`ExpansionBudget.
        // groupFreeSize`); before a budget error is reported, those patterns are compiled to
        // find whether one of them cannot be sized, which would have stopped this pass first.
        // The routes are read in place through a pointer: a route bound to a loop variable,
        // or read through a subscript, is a copy.
        let sizingError: (Int, SwitchyardError)? = adding.withUnsafeBufferPointer { routes in
            guard let first = routes.baseAddress else { return nil }
            for index in routes.indices { running.patternBytes += (first + index).pointee.pattern.utf8.count }
            var sizing = running
            for index in routes.indices {
                if index == half { atHalf = sizing }
                let size: Int
                if let known = ExpansionBudget.groupFreeSize(pattern: (first + index).pointee.pattern,
                                                             dialect: (first + index).pointee.dialect, config) {
                    size = known
                } else {
                    guard let compiled = try? ExpansionBudget.expandedSize(of: (first + index).pointee, config) else { return nil }
                    size = compiled
                }
                do throws(SwitchyardError) {
                    try sizing.take(expandedSize: size)
                } catch {
                    let unsized = routes[...index].contains { r in
                        ExpansionBudget.groupFreeSize(of: r, config) != nil
                            && (try? ExpansionBudget.expandedSize(of: r, config)) == nil
                    }
                    return unsized ? nil : (index, error)
                }
            }
            return nil
        }
        if let (index, error) = sizingError { throw annotate?(index, error, false) ?? error }
        // Equal literal segments and name lists of the batch's routes are held once.
        let pool = LiteralPool()
        if let atHalf {
            return try prepareInTwo(taking: &adding, half: half, running: running, atHalf: atHalf, config: config,
                                    pool: pool, fromDocument: fromDocument, annotate: annotate)
        }
        // One thread: its own loop rather than `prepareInTwo`'s, whose closures would put more
        // frames under every compile, on stacks as small as 64 KiB (StackTests).
        var out: [CompiledRoute] = []
        out.reserveCapacity(count)
        // Each route is moved out of `adding` (from its end, so reversed first, through a
        // buffer pointer, whose swaps move; the array's own swaps copy), compiled and then
        // moved into the route made.
        adding.withUnsafeMutableBufferPointer { $0.reverse() }
        for index in 0..<count {
            var ofTemplate = false
            do throws(SwitchyardError) {
                out.append(try prepared(adding.removeLast(), config: config, running: &running, pool: pool,
                                        fromDocument: fromDocument, ofTemplate: &ofTemplate))
            } catch {
                throw annotate?(index, error, ofTemplate) ?? error
            }
        }
        // Its storage now holds nothing: let it go before the table is built, not with the caller.
        adding = []
        return out
    }

    /// One route of `prepare`: validated, compiled within `running`'s room (which it then
    /// takes), its redirect template checked, and made (not yet numbered: `apply` does);
    /// `ofTemplate` is set when the template's check starts.
    @inline(never)  // out of line: the batch loop's frame holds no pattern being built
    static func prepared(_ route: consuming Route, config: PatternConfig, running: inout PatternCost,
                         pool: LiteralPool, fromDocument: Bool,
                         ofTemplate: inout Bool) throws(SwitchyardError) -> CompiledRoute {
        let c = try compiled(route, config: config, running: &running, pool: pool, ofTemplate: &ofTemplate)
        return CompiledRoute(route: route, seq: 0, compiled: c, fromDocument: fromDocument)
    }

    /// The pattern of `prepared`'s route, compiled and checked.
    static func compiled(_ route: borrowing Route, config: PatternConfig, running: inout PatternCost,
                         pool: LiteralPool, ofTemplate: inout Bool) throws(SwitchyardError) -> CompiledPattern {
        try validate(route)
        // Requirements and a stack policy are among the fields most routes leave unset.
        if route.hasRareFields {
            try validateRequirements(route)
            try validateStackPolicy(route)
        }
        let c = try compileRoutePattern(route, config, expansionRoom: running.room, pool: pool)
        try running.take(expandedSize: c.expandedSize)
        // Every redirect template is checked when its route is added (RedirectTemplate.swift);
        // a document names the redirect in an error of this check.
        ofTemplate = true
        // Most routes have no head: their pattern is returned as compiled, not copied (a
        // pattern changed in one branch only is copied on both).
        guard let head = try validateRedirectTemplate(route, c, config) else { return c }
        var withHead = c
        withHead.redirectHead = head
        return withHead
    }

    /// Checks prepared routes against the current routes and each other for conflicts, then
    /// applies them. Nothing changes unless every route fits. With `replacingDocument`, the
    /// routes of the previous document are dropped in the same step. `prepared` (made by
    /// `prepare` with the same `fromDocument`) is taken: empty on return, whether or not the
    /// routes were applied.
    mutating func apply(prepared: inout [CompiledRoute], fromDocument: Bool, replacingDocument: Bool,
                        inTwo: Bool = false, annotate: ((Int, SwitchyardError) -> SwitchyardError)? = nil) throws(SwitchyardError) {
        let firstSeq = nextSeq
        var compiled: [CompiledRoute] = []
        swap(&compiled, &prepared)
        let count = compiled.count
        // The budget again, on the routes as they are now (others may have changed since
        // `prepare` read them).
        var total = cost(replacingDocument: replacingDocument)
        var batch = PatternCost()
        var alternatives = 0
        // Numbered here, under the lock: the order in which batches are entered. Through a
        // buffer pointer: the array's subscript would retain each route.
        compiled.withUnsafeBufferPointer { routes in
            for index in routes.indices {
                let cr = routes[index]
                cr.seq = firstSeq + index
                total.patternBytes += cr.patternSize
                alternatives += cr.variants.count
            }
        }
        // The budget, route by route: the routes before the first that does not fit are
        // entered, and their conflicts reported first, as if each were added in turn.
        var fits = count
        var overBudget: SwitchyardError? = nil
        compiled.withUnsafeBufferPointer { routes in
            for index in routes.indices {
                let cr = routes[index]
                do throws(SwitchyardError) {
                    try total.take(expandedSize: cr.expandedSize)
                } catch {
                    (fits, overBudget) = (index, error)
                    return
                }
                batch.patternBytes += cr.patternSize
                batch.expandedBytes += cr.expandedSize
            }
        }
        // One pass over the shape index: each variant looks for a route it conflicts with and,
        // finding none, is entered at once. On a conflict the entries made so far are
        // withdrawn, so the index is as before.
        // Room for every alternative at once: the index does not grow step by step.
        shapes.reserve(adding: alternatives)
        let conflict = compiled.withUnsafeBufferPointer { routes in
            shapes.enter(UnsafeBufferPointer(rebasing: routes[..<fits]), inTwo: inTwo) { r in
                // Earlier in this batch, or already here and not about to be replaced with
                // the previous document. (Alternatives of one route have distinct shapes.)
                r.seq >= firstSeq || !(replacingDocument && r.fromDocument)
            }
        }
        if let conflict {
            // One shard may have gone on past the other's conflict.
            shapes.withdraw(compiled[..<fits])
            let cr = compiled[conflict.index]
            let e = SwitchyardError(.conflict,
                "route '\(cr.route.pattern)' conflicts with existing route '\(conflict.other.route.pattern)'")
            throw annotate?(conflict.index, e) ?? e
        }
        if let overBudget {
            shapes.withdraw(compiled[..<fits])
            throw annotate?(fits, overBudget) ?? overBudget
        }
        if replacingDocument {
            let old = routes.filter { $0.fromDocument }
            routes.removeAll { $0.fromDocument }
            shapes.withdraw(old)
            documentCost = PatternCost()
        }
        if fromDocument { documentCost = documentCost + batch } else { addedCost = addedCost + batch }
        nextSeq += count
        // The first batch becomes the list itself: appending would retain every route once
        // more (and the local list release it), a cache miss each in a large batch.
        if routes.isEmpty { routes = compiled } else { routes += compiled }
    }

    mutating func remove(pattern: String) -> Bool {
        let gone = routes.filter { $0.route.pattern == pattern }
        if gone.isEmpty { return false }
        routes.removeAll { $0.route.pattern == pattern }
        shapes.withdraw(gone)
        for r in gone {
            if r.fromDocument { documentCost.remove(r) } else { addedCost.remove(r) }
        }
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
