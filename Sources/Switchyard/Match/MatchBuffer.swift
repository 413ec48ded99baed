/// The result of a resolve, and the reusable scratch space it is built in. Keep one `MatchBuffer`
/// per thread and pass it to `Router.resolve(_:into:)`: after warm-up a resolve allocates
/// nothing. Values are read from the URL and the route table on demand.
///
/// Not thread-safe: use one MatchBuffer per thread.
public final class MatchBuffer {
    /// Where the URL being described is: nowhere yet, or `owned` (the caller's bytes or a
    /// redirect's URL, copied).
    enum Source {
        case none
        case owned
    }

    /// One entry of the merged parameter map (SEMANTICS §4).
    struct Merged: BitwiseCopyable {
        /// `contract`: a typed value of a query contract (`State.contractValues`).
        enum From: UInt8 { case path, query, defaults, contract }
        var nameFrom: From
        var nameIndex: Int32
        var valueFrom: From
        var valueIndex: Int32
    }

    /// Everything a resolve writes lives behind one pointer: stored properties of a class
    /// would cost a dynamic exclusivity check on every in-place mutation of the hot path.
    @usableFromInline struct State {
        var source = Source.none
        var owned = GrowBuffer<UInt8>(capacity: 64)
        var view = URLView()
        var captures = GrowBuffer<Capture>(capacity: 8)
        var bestCaptures = GrowBuffer<Capture>(capacity: 8)
        /// Where the walk keeps the nodes it must come back to (Walker.swift).
        var frames = GrowBuffer<WalkFrame>(capacity: 8)
        var remainderText = GrowBuffer<UInt8>(capacity: 32)
        /// What a walk through catch-alls remembers (CatchAllWalk.swift).
        var visited = GrowBuffer<UInt64>(capacity: 1)
        var merged = GrowBuffer<Merged>(capacity: 8)
        /// The winner's typed query values, when its route has a query contract: those of the
        /// last check that accepted (`contractRoute`'s), which the walk then took
        /// (QueryContractMatch.swift); `contractScratch` is where each check reads them.
        var contractValues = GrowBuffer<ContractValue>(capacity: 1)
        var contractScratch = GrowBuffer<ContractValue>(capacity: 1)
        var contractRoute: Int32 = -1
        /// The merged map's scratch for a long query (MergedQuery.swift).
        var queryOrder = GrowBuffer<Int32>(capacity: 1)
        /// Names compared while laying out merged maps (debug builds only).
        var queryNameComparisons = 0
        /// True when the merged map is exactly the path parameters (no query, no defaults),
        /// so `merged` is not filled.
        var mergedIsPath = true
        /// The table of the last resolve (kept alive here), its id and its plain view (in
        /// the Table's own storage: valid while `table` holds the Table).
        var table: Table?
        var tableID: UInt64 = 0
        var tableView: UnsafePointer<TableView>?
        @usableFromInline var matched = false
        var entry = TableEntry(route: 0, variant: 0, priority: 0, seq: 0, literalCount: 0, remainderMin: 0)
        var remainderStart = -1
        /// URLs of the redirect chain, as offsets into `chainBytes` (SEMANTICS §6).
        var chainBytes = GrowBuffer<UInt8>(capacity: 16)
        var chainRefs = GrowBuffer<TextRef>(capacity: 2)
        /// Set by a walk that found its URL must be read in the form a browser reads it.
        var pendingRewrite = URLView.Rewrite.none
        /// Which way each walk of this MatchBuffer went (debug builds only).
        var paths = ResolvePathCounts()
        /// Where produced redirect URLs are read for their check (RedirectSafety.swift):
        /// made at the first redirect, so a MatchBuffer that never follows one never pays for it.
        var redirectScratch: UnsafeMutablePointer<RedirectScratch>? = nil
        /// For tables with `urlpattern` routes (PatternTail.swift).
        var tail: UnsafeMutablePointer<TailInput>? = nil

        func free() {
            owned.free(); view.free(); captures.free(); bestCaptures.free(); frames.free()
            remainderText.free(); merged.free(); contractValues.free(); contractScratch.free(); queryOrder.free(); chainBytes.free(); chainRefs.free(); visited.free()
            if let s = redirectScratch {
                s.pointee.free()
                s.deinitialize(count: 1)
                s.deallocate()
            }
            if let s = tail {
                s.pointee.free()
                s.deinitialize(count: 1)
                s.deallocate()
            }
        }
    }

    @usableFromInline let state: UnsafeMutablePointer<State>

    /// An empty buffer; its storage grows on the first resolves and is then reused.
    public init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.pointee.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // Reading the state. A resolve changes it only through MatchBufferWrites.swift; the walk
    // reads the URL's view in place (`view` is `inout` there to avoid copying it).
    var source: Source { _read { yield state.pointee.source } }
    var owned: GrowBuffer<UInt8> { _read { yield state.pointee.owned } }
    var view: URLView { _read { yield state.pointee.view } _modify { yield &state.pointee.view } }
    var captures: GrowBuffer<Capture> { _read { yield state.pointee.captures } }
    var bestCaptures: GrowBuffer<Capture> { _read { yield state.pointee.bestCaptures } }
    var remainderText: GrowBuffer<UInt8> { _read { yield state.pointee.remainderText } }
    var merged: GrowBuffer<Merged> { _read { yield state.pointee.merged } _modify { yield &state.pointee.merged } }
    var table: Table? { state.pointee.table }
    /// For a candidate matched alone (Navigation/Candidates.swift): the router's table its
    /// stack is looked up in.
    var stackTable: Table?
    /// Set while a dispatch runs on this buffer: the candidate it hands a handler (and, from
    /// C, the match given to sy_router_dispatch). Resolving into it then is refused, so a
    /// handler that resolves or dispatches cannot make its dispatch's result describe
    /// another URL. Not part of `State`: `takeResult` leaves it where it is.
    @exclusivity(unchecked) package var heldByDispatch = false
    /// `heldByDispatch`, read for another module (the C API's resolve path). That module's
    /// own read of the stored property gets a dynamic exclusivity check (a call into the
    /// runtime on every resolve), whatever the attribute above says; a read in this module
    /// gets none.
    package var isHeldByDispatch: Bool { heldByDispatch }

    /// Takes `other`'s result (and gives it this MatchBuffer's state in exchange): a handle that
    /// must keep its MatchBuffer object, as a C sy_match does, can then describe a candidate's match.
    package func takeResult(of other: MatchBuffer) {
        guard other !== self else { return }
        swap(&state.pointee, &other.state.pointee)
        swap(&stackTable, &other.stackTable)
    }
    var entry: TableEntry { state.pointee.entry }
    var remainderStart: Int { state.pointee.remainderStart }
    var chainBytes: GrowBuffer<UInt8> { _read { yield state.pointee.chainBytes } }
    var chainRefs: GrowBuffer<TextRef> { _read { yield state.pointee.chainRefs } }

    var route: CompiledRoute? {
        guard matched, let table else { return nil }
        return table.routes[Int(entry.route)]
    }

    func withURLBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch source {
        case .none: return body(UnsafeBufferPointer(start: nil, count: 0))
        case .owned: return body(owned.bytes)
        }
    }

    @inline(__always)
    func textPointer(_ t: TextRef, _ url: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8> {
        if t.decoded { return UnsafePointer(view.decoded.base) + Int(t.start) }
        return (url.baseAddress ?? emptyBytes) + Int(t.start)
    }

    func string(_ t: TextRef) -> String {
        withURLBytes { u in
            String(decoding: UnsafeBufferPointer(start: textPointer(t, u), count: Int(t.count)), as: UTF8.self)
        }
    }

    // MARK: the merged parameters (laid out by `finish`, MatchBufferWrites.swift)

    /// SEMANTICS §4: path parameters win over query items of the same name (or the reverse,
    /// by option), then query items (last value), then the route's defaults.
    /// The names come from the table's plain arrays (`MergedNames`), so that the common
    /// layout changes no reference count; the route object is read only for what they lack.
    func buildMerged(_ url: UnsafeBufferPointer<UInt8>) {
        let st = state
        guard st.pointee.matched, let tv = st.pointee.tableView else { return }
        let entry = st.pointee.entry
        let pathCount = pathParameterCount
        let flat = flatPathNames(pathCount)
        let route: CompiledRoute? = flat == nil || entry.defaultCount > 0 ? self.route : nil
        withExtendedLifetime(route) {
            let names = MergedNames(flat: flat, route: route.map { Unmanaged.passUnretained($0) },
                                    contract: entry.hasQueryContract ? borrowedQueryContract(tv, entry.route) : nil)
            buildMerged(url, names, pathCount: pathCount, queryWins: tv.pointee.queryOverPath)
        }
    }

    private func buildMerged(_ url: UnsafeBufferPointer<UInt8>, _ names: MergedNames, pathCount: Int, queryWins: Bool) {
        for k in 0..<pathCount {
            var m = Merged(nameFrom: .path, nameIndex: Int32(k), valueFrom: .path, valueIndex: Int32(k))
            if queryWins, view.query.count > 0 {
                let name = names.path(k, self)
                if let b = name.base, let q = lastQueryIndex(named: b, name.count, url) {
                    m.valueFrom = .query
                    m.valueIndex = Int32(q)
                }
            }
            merged.append(m)
        }
        if let contract = names.contract {
            layOutContractValues(url, contract, route: entry.route)
        }
        if view.query.count > MatchBuffer.pairwiseQueryItems {
            appendQueryAndDefaultsSorted(url, names, pathCount: pathCount)
            return
        }
        for q in 0..<view.query.count {
            let t = view.query[q].name
            let p = textPointer(t, url), n = Int(t.count)
            if mergedContains(p, n, names, url, limit: merged.count) || names.contractTakes(p, n) { continue }
            let last = lastQueryIndex(named: p, n, url) ?? q
            merged.append(Merged(nameFrom: .query, nameIndex: Int32(q), valueFrom: .query, valueIndex: Int32(last)))
        }
        names.route?._withUnsafeGuaranteedRef { route in
            for (d, def) in route.defaults.enumerated() {
                guard let p = def.nameSpan.base else { continue }
                if mergedContains(p, def.nameSpan.count, names, url, limit: merged.count) { continue }
                merged.append(Merged(nameFrom: .defaults, nameIndex: Int32(d), valueFrom: .defaults, valueIndex: Int32(d)))
            }
        }
    }

    func mergedContains(_ p: UnsafePointer<UInt8>, _ n: Int, _ names: MergedNames,
                        _ url: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        for k in 0..<limit {
            countQueryNameComparison()
            let name = mergedName(merged[k], names, url)
            if name.count == n, let b = name.base, bytesEqual(b, p, n) { return true }
        }
        return false
    }

    func lastQueryIndex(named p: UnsafePointer<UInt8>, _ n: Int, _ url: UnsafeBufferPointer<UInt8>) -> Int? {
        var q = view.query.count - 1
        while q >= 0 {
            countQueryNameComparison()
            let t = view.query[q].name
            if Int(t.count) == n, bytesEqual(textPointer(t, url), p, n) { return q }
            q -= 1
        }
        return nil
    }

    func mergedName(_ m: Merged, _ route: CompiledRoute, _ url: UnsafeBufferPointer<UInt8>) -> ByteSpan {
        mergedName(m, MergedNames(flat: nil, route: Unmanaged.passUnretained(route), contract: nil), url)
    }

    func mergedName(_ m: Merged, _ names: MergedNames, _ url: UnsafeBufferPointer<UInt8>) -> ByteSpan {
        switch m.nameFrom {
        case .path: return names.path(Int(m.nameIndex), self)
        case .query:
            let t = view.query[Int(m.nameIndex)].name
            return ByteSpan(base: textPointer(t, url), count: Int(t.count))
        case .defaults: return names.route?._withUnsafeGuaranteedRef { $0.defaults[Int(m.nameIndex)].nameSpan } ?? .absent
        case .contract: return state.pointee.contractValues[Int(m.nameIndex)].name
        }
    }

    // MARK: path parameters

    /// Captures, plus the remainder's name when the pattern names it (`*rest`, `<path:rest>`).
    var pathParameterCount: Int {
        guard matched else { return 0 }
        return bestCaptures.count + (entry.namedRemainder ? 1 : 0)
    }

    /// Size of the merged map.
    var mergedCount: Int { !matched ? 0 : state.pointee.mergedIsPath ? pathParameterCount : merged.count }

    func pathParameterName(_ k: Int, _ route: CompiledRoute) -> ByteSpan {
        route.parameterNameSpan(pathParameterNameIndex(k, route))
    }

    /// The index in `route.names` of path parameter `k`.
    func pathParameterNameIndex(_ k: Int, _ route: CompiledRoute) -> Int {
        let v = Int(entry.variant)
        if k < bestCaptures.count {
            // A `urlpattern` route's captures carry their name (PatternTail.swift).
            guard v < route.captureNames.count else { return Int(bestCaptures[k].intValue) }
            let names = route.captureNames[v]
            return k < names.count ? names[k] : Int(bestCaptures[k].intValue)
        }
        return v < route.remainderNames.count ? route.remainderNames[v] ?? 0 : 0
    }

    /// The raw parameter `k` of the path (name, decoded text, kind, typed value).
    func rawPathParameter(_ k: Int, _ url: UnsafeBufferPointer<UInt8>) -> RawParameter? {
        guard let route else { return nil }
        return rawPathParameter(k, url, route)
    }

    /// The same, with the winning route already looked up (`route`): a caller visiting
    /// every parameter looks it up once.
    func rawPathParameter(_ k: Int, _ url: UnsafeBufferPointer<UInt8>, _ route: CompiledRoute) -> RawParameter? {
        guard k >= 0, k < pathParameterCount else { return nil }
        let name = pathParameterName(k, route)
        if k < bestCaptures.count {
            let c = bestCaptures[k]
            let t = c.text
            let text = ByteSpan(base: textPointer(t, url), count: Int(t.count))
            switch c.kind {
            case .int: return RawParameter(name: name, text: text, kind: .int, intValue: c.intValue, floatValue: 0)
            case .float: return RawParameter(name: name, text: text, kind: .float, intValue: 0, floatValue: c.floatValue)
            default: return RawParameter(name: name, text: text, kind: .string, intValue: 0, floatValue: 0)
            }
        }
        return RawParameter(name: name, text: ByteSpan(base: UnsafePointer(remainderText.base), count: remainderText.count),
                            kind: .string, intValue: 0, floatValue: 0)
    }

    func rawMergedParameter(_ k: Int, _ url: UnsafeBufferPointer<UInt8>) -> RawParameter? {
        guard let route else { return nil }
        return rawMergedParameter(k, url, route)
    }

    /// The same, with the winning route already looked up.
    func rawMergedParameter(_ k: Int, _ url: UnsafeBufferPointer<UInt8>, _ route: CompiledRoute) -> RawParameter? {
        if state.pointee.mergedIsPath { return rawPathParameter(k, url, route) }
        guard k >= 0, k < merged.count else { return nil }
        let m = merged[k]
        let name = mergedName(m, route, url)
        switch m.valueFrom {
        case .path:
            guard var p = rawPathParameter(Int(m.valueIndex), url, route) else { return nil }
            p.name = name
            return p
        case .query:
            let t = view.query[Int(m.valueIndex)].value
            return RawParameter(name: name, text: ByteSpan(base: textPointer(t, url), count: Int(t.count)),
                                kind: .string, intValue: 0, floatValue: 0)
        case .contract:
            return state.pointee.contractValues[Int(m.valueIndex)].raw
        case .defaults:
            let d = route.defaults[Int(m.valueIndex)]
            switch d.value {
            case .int(let i): return RawParameter(name: name, text: d.text, kind: .int, intValue: i, floatValue: 0)
            case .float(let f): return RawParameter(name: name, text: d.text, kind: .float, intValue: 0, floatValue: f)
            case .string: return RawParameter(name: name, text: d.text, kind: .string, intValue: 0, floatValue: 0)
            }
        }
    }
}

/// Where the merged map's names are read while it is laid out, none of it owned: the winner's
/// path parameter names in the table's flat list (nil when its captures name themselves),
/// the route object (only when it must be read: such captures, defaults), its query
/// contract (borrowed from the table). The MatchBuffer's table keeps all of them alive.
struct MergedNames {
    var flat: UnsafeMutablePointer<ByteSpan>?
    var route: Unmanaged<CompiledRoute>?
    var contract: Unmanaged<QueryContract>?

    /// The name of path parameter `k` of `buffer`'s winner.
    @inline(__always)
    func path(_ k: Int, _ buffer: MatchBuffer) -> ByteSpan {
        if let flat { return flat[k] }
        return route?._withUnsafeGuaranteedRef { buffer.pathParameterName(k, $0) } ?? .absent
    }

    /// Whether the query name `p[0..<n]` is one the winner's contract declares (its items
    /// are in the merged map under their own names).
    @inline(__always)
    func contractTakes(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        guard let contract else { return false }
        return contract._withUnsafeGuaranteedRef { $0.itemIndex(key: p, n) >= 0 }
    }
}

/// A non-nil pointer for empty inputs (offsets into it are always 0 with count 0).
nonisolated(unsafe) let emptyBytes: UnsafePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.initialize(to: 0)
    return UnsafePointer(p)
}()

package enum ParameterKind: Sendable { case string, int, float }

/// A parameter as bytes, for the C layer (docs/ARCHITECTURE.md, "Byte-level contract").
package struct RawParameter {
    package var name: ByteSpan
    package var text: ByteSpan
    package var kind: ParameterKind
    package var intValue: Int64
    package var floatValue: Double
}

extension RawParameter {
    var value: ParameterValue {
        switch kind {
        case .int: return .int(intValue)
        case .float: return .float(floatValue)
        case .string: return .string(text.string ?? "")
        }
    }
}

/// How many walks took each way through `Router.walk`, counted in debug builds only, so a
/// test fails when a fast path silently stops being taken (a release build counts nothing).
package struct ResolvePathCounts: Equatable, Sendable {
    package enum Path { case staticMap, byteWalk, segmentList }
    /// Answered by the static-path map, without a walk.
    package var staticMap = 0
    /// Walked straight from the URL bytes.
    package var byteWalk = 0
    /// Walked over the normalised segment list (the full reader).
    package var segmentList = 0
    /// Subtrees walked below catch-alls in the middle, one per (catch-all, split).
    package var catchAllWalks = 0

    package init() {}

    @inline(__always)
    mutating func count(_ path: Path) {
        #if DEBUG
        switch path {
        case .staticMap: staticMap += 1
        case .byteWalk: byteWalk += 1
        case .segmentList: segmentList += 1
        }
        #endif
    }

    @inline(__always)
    mutating func countCatchAllWalks(_ n: Int) {
        #if DEBUG
        catchAllWalks += n
        #endif
    }
}

extension MatchBuffer {
    /// The ways this MatchBuffer's walks went (debug builds; all zero in release builds).
    package var resolvePaths: ResolvePathCounts { state.pointee.paths }

    /// How many names laying out merged parameter maps compared (debug builds; zero in
    /// release builds): the cost tests of long queries count them.
    package var queryNameComparisons: Int { state.pointee.queryNameComparisons }

    @inline(__always)
    func countQueryNameComparison() {
        #if DEBUG
        state.pointee.queryNameComparisons &+= 1
        #endif
    }
}

