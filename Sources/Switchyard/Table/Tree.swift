/// The immutable route table: a trie with one level for the scheme, one for the host and one
/// per path segment, flattened into plain arrays so a resolve touches no reference counts.
/// Each node has literal children (looked up by bytes: a linear scan for a few, a hash index
/// for many) and dynamic children in specificity order, so a depth-first walk meets matches
/// in exactly the order of SEMANTICS.md §3.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a dynamic edge matches.
enum EdgeKind: UInt8 {
    // Path level, in specificity order (SegmentKind raw values 1...6).
    case uuid = 1, int = 2, float = 3, regex = 4, param = 5, star = 6
    /// A segment of several pieces, tried right after the literals (`dynamicRank`); its
    /// program (InlineSegment.swift) is the edge's key.
    case inline = 7
    /// A catch-all followed by more of the pattern: one or more segments, shortest first.
    /// Its key is the program its last segment must match (empty: whole segments).
    case catchAll = 8
    /// Scheme level: patterns without a scheme.
    case anyScheme = 10
    /// Host level: `*.domain` hosts (more labels first), then patterns without a host.
    case wildcardHost = 11, anyHost = 12
}

struct TreeNode: BitwiseCopyable {
    var literalStart: Int32 = 0, literalCount: Int32 = 0
    /// Start of this node's hash slots and their mask (0 = no index: scan the literals;
    /// negative = the index hashes whole keys, `wholeKeyHash`, and the mask is `slotMask & .max`).
    var slotStart: Int32 = 0, slotMask: Int32 = 0
    var dynamicStart: Int32 = 0, dynamicCount: Int32 = 0
    /// Routes whose pattern ends here, best first (priority, then registration).
    var endStart: Int32 = 0, endCount: Int32 = 0
    /// Routes whose remainder form (`*`, `*name`, `<path:name>`) starts here: they follow
    /// the ends in `entries`.
    var remainderCount: Int32 = 0
    var remainderStart: Int32 { endStart &+ endCount }
    /// Highest priority of any route at or below this node: lets the walk skip subtrees.
    var maxPriority: Int32 = .min
}

/// Kept small (24 bytes): a large table holds one per literal segment, and a literal scan
/// reads them one after another, so more of them share a cache line.
struct LiteralEdge: BitwiseCopyable {
    /// The key's first 8 bytes (folded where the level folds): equal lengths and equal words
    /// decide keys of up to 8 bytes without reading the key store.
    var prefix: UInt64
    var keyStart: Int32, keyCount: Int32
    /// The port's length for host edges (0 = no port); its bytes follow the key's in the
    /// key store.
    var portCount: Int32
    var child: Int32

    var portStart: Int { Int(keyStart) &+ Int(keyCount) }
}

/// For a `.regex` edge, `suffixStart` is the index of its constraint in
/// `WalkTable.constraints` and `portCount` is 1 when the constraint is unnamed (not captured).
struct DynamicEdge: BitwiseCopyable {
    var kind: EdgeKind
    var child: Int32
    /// The `*.domain` host's suffix, or the program of an `inline` or `catchAll` edge.
    var suffixStart: Int32 = 0, suffixCount: Int32 = 0
    /// The `*.domain` host's port; for a `catchAll` edge, `portStart` is its number among
    /// the table's catch-all edges (the walk remembers which of them it tried where).
    var portStart: Int32 = 0, portCount: Int32 = 0
}

/// The order in which a node's dynamic edges are tried: segments of several pieces come
/// right after literals (more literal text first), then the typed and plain parameters,
/// the middle `*` and the catch-alls (SEMANTICS §3).
func dynamicRank(_ kind: UInt8) -> Int {
    kind == EdgeKind.inline.rawValue ? 0 : Int(kind)
}

struct TableEntry: BitwiseCopyable {
    var route: Int32
    var variant: Int32
    var priority: Int32
    var seq: Int32
    var literalCount: Int32
    var remainderMin: Int32
    /// The remainder is named (`*rest`, `<path:rest>`): it is also a path parameter.
    var namedRemainder: Bool = false
    /// The route leads to a redirect: checked on every hit without touching the route object.
    var isRedirect: Bool = false
    /// A `urlpattern` route: a remainder that matches only when its regexps do (PatternTail.swift).
    /// The flags sit together so the entry stays 32 bytes, copied in two moves.
    var isTail: Bool = false
    /// The route declares query items (QueryContract.swift): checked where the walk meets it.
    var hasQueryContract: Bool = false
    /// How many defaults the route has (0 lets a resolve skip building the merged map).
    var defaultCount: Int32 = 0
}

extension TableEntry {
    /// The entry of variant `vi` of route `ri`.
    /// (`v` points into the route's variants: a variant passed by value is copied first.)
    init(_ ri: Int, _ r: CompiledRoute, _ vi: Int, _ v: UnsafePointer<PatternVariant>) {
        self.init(route: Int32(ri), variant: Int32(vi), priority: Int32(clamping: r.route.priority),
                  seq: Int32(clamping: r.seq), literalCount: Int32(literalSegments(v)),
                  remainderMin: Int32(v.pointee.remainder?.minSegments ?? 0),
                  namedRemainder: (v.pointee.remainder?.nameIndex ?? -1) >= 0, isRedirect: r.isRedirect,
                  isTail: r.urlPattern != nil, hasQueryContract: r.queryContract != nil,
                  defaultCount: Int32(r.defaults.count))
    }
}

/// How many of the variant's segments are literal, read in place: the variant's own
/// `literalCount`, called on `v.pointee`, copies the variant first.
private func literalSegments(_ v: UnsafePointer<PatternVariant>) -> Int {
    v.pointee.segments.withUnsafeBufferPointer { segments in
        guard let first = segments.baseAddress else { return 0 }
        var count = 0
        for k in segments.indices where (first + k).pointee.kind == .literal { count += 1 }
        return count
    }
}

/// The parts of a Table a resolve needs, as plain values: the Table makes it once and a
/// MatchBuffer reads it in place through `Table.viewPointer`, so the hot path never touches
/// a reference count. It is the one copy of the table's pointers and settings.
struct TableView: @unchecked Sendable {
    /// What the walk reads: a Walker copies only this, once per resolve.
    var walk: WalkTable
    var read: ReadConfig
    var queryOverPath: Bool
    /// The most parameters a route of the table has.
    var maxParameters: Int
    var routeCount: Int
    /// Paths made only of literals, found without the walk (StaticPaths.swift).
    var staticPaths: StaticPaths
    /// When every route is a path pattern (no scheme, no host), the node where paths start:
    /// the walk can skip the scheme and host levels. -1 otherwise.
    var pathRoot: Int32
    /// The most frames a walk can keep (`WalkFrame`: one per level of the current way
    /// down): the MatchBuffer reserves this many.
    var walkDepth: Int
    /// Per route, its `urlpattern` regexps; nil when the table has no such route. Here rather
    /// than in `walk`: the walk reaches it only for such routes, through its MatchBuffer, so
    /// a walk of a table without them carries nothing for them.
    var tails: UnsafeMutablePointer<URLPatternMatcher?>?
    /// Per route, its query contract; nil when no route has one (QueryContractMatch.swift).
    var queryContracts: UnsafeMutablePointer<QueryContract?>?
    /// The regular-expression constraints of `.regex` edges (`DynamicEdge.suffixStart`);
    /// reached the same way.
    var constraints: UnsafePointer<LinearRegex>
    /// Whether the table has tails or constraints: a resolve then prepares their input and
    /// step budget (PatternTail.swift), and checks the budget after its walk.
    var usesRegexes: Bool = false
    /// How many catch-all edges (followed by more of a pattern) the table has: 0 lets a
    /// resolve skip preparing what their walk remembers (CatchAllWalk.swift).
    var catchAllEdges: Int = 0
    /// The path parameters' names of every route variant, in capture order (PathNames).
    var pathNames: PathNames
}

/// The names of each route variant's path parameters, laid out flat once per table, so that
/// reading a match's parameters touches no route object (and no reference count): variant
/// `v` of route `r` has its names at `spans[starts[routeStart[r] + v] ..< starts[routeStart[r] + v + 1]]`,
/// its captures' names first, then its named remainder's. A variant whose captures name
/// themselves (`urlpattern` routes, PatternTail.swift) lists only the names it knows.
struct PathNames {
    var routeStart: UnsafeMutablePointer<Int32>
    var starts: UnsafeMutablePointer<Int32>
    var spans: UnsafeMutablePointer<ByteSpan>

    /// Made route by route, as the table enters its routes (so the routes are read once).
    struct Builder {
        private let routeStart: UnsafeMutablePointer<Int32>
        private let starts: UnsafeMutablePointer<Int32>
        private let variantCount: Int
        private var spans: [ByteSpan] = []
        private var variant = 0

        /// `nameBound`: at least the names of every variant, so that entering them copies no
        /// array to grow it, on whichever thread enters them (a growing array's old storage
        /// is freed into that thread's heap arena).
        init(routeCount: Int, variantCount: Int, nameBound: Int) {
            routeStart = .allocate(capacity: max(1, routeCount))
            starts = .allocate(capacity: variantCount + 1)
            self.variantCount = variantCount
            spans.reserveCapacity(nameBound)
        }

        /// Enters route `r`, number `ri`: every route in order, each once.
        mutating func add(_ r: CompiledRoute, at ri: Int) {
            routeStart[ri] = Int32(truncatingIfNeeded: variant)
            for v in 0..<r.variants.count where variant < variantCount {
                starts[variant] = Int32(truncatingIfNeeded: spans.count)
                variant += 1
                PathNames.forEachName(r, v) { spans.append($0) }
            }
        }

        consuming func finish() -> PathNames {
            starts[variant] = Int32(truncatingIfNeeded: spans.count)
            let flat = UnsafeMutablePointer<ByteSpan>.allocate(capacity: max(1, spans.count))
            spans.withUnsafeBufferPointer { s in
                if let from = s.baseAddress { flat.initialize(from: from, count: s.count) }
            }
            return PathNames(routeStart: routeStart, starts: starts, spans: flat)
        }
    }

    /// Calls `body` with variant `v`'s names in order, as MatchBuffer.pathParameterNameIndex
    /// finds them (no array made per variant: a table has one variant per route at least).
    private static func forEachName(_ r: CompiledRoute, _ v: Int, _ body: (ByteSpan) -> Void) {
        if v < r.captureNames.count {
            for i in r.captureNames[v] { body(r.parameterNameSpan(i)) }
        }
        if (r.variants[v].remainder?.nameIndex ?? -1) >= 0 {
            body(r.parameterNameSpan(v < r.remainderNames.count ? r.remainderNames[v] ?? 0 : 0))
        }
    }

    func free() {
        routeStart.deallocate()
        starts.deallocate()
        spans.deallocate()
    }
}

/// How many calls deep the walk recurses (a frame of walkPath is a few hundred bytes, so a
/// resolve stays well inside a 64 KiB stack) before it goes on with frames in the MatchBuffer.
/// Ordinary tables come back far fewer times on one way down, and never reach it.
let walkRecursionBudget: Int32 = 16

/// The flat arrays of a Table and the settings the walk consults (Walker.swift).
struct WalkTable: @unchecked Sendable {
    var nodes: UnsafeMutablePointer<TreeNode>
    var literals: UnsafeMutablePointer<LiteralEdge>
    var slots: UnsafeMutablePointer<Int32>
    var dynamics: UnsafeMutablePointer<DynamicEdge>
    var entries: UnsafeMutablePointer<TableEntry>
    var keys: UnsafePointer<UInt8>
    var fold: Bool
    /// Parameters take empty text too (`PatternReadingRules.emptyParameters`).
    var emptyParameters: Bool
    var precedence: RouterOptions.Precedence
    /// How many calls deep the walk recurses before it goes on with frames (Walker.swift).
    var recursionBudget: Int32
}

/// Whether constraint `index` (a `.regex` edge's `suffixStart`) accepts the segment
/// `p[0..<n]`, with the scratch and step budget of `input` (the MatchBuffer's); false once
/// the budget is spent (the resolve then ends with a limit error). Out of line and free of
/// the walk's state: constraints are rare, and a walk without them should not pay for the
/// call in its frames or registers.
@inline(never)
func constraintAccepts(_ constraints: UnsafePointer<LinearRegex>, _ index: Int32,
                       _ p: UnsafePointer<UInt8>, _ n: Int, _ input: UnsafeMutablePointer<TailInput>?) -> Bool {
    guard let input, input.pointee.budget >= 0 else { return false }
    if let type = constraints[Int(index)].parameterType { return parameterTypeAccepts(type, p, n, input) }
    let scratch = UnsafeMutableBufferPointer(start: input.pointee.scratch.base, count: input.pointee.scratch.capacity)
    return constraints[Int(index)].matches(UnsafeBufferPointer(start: p, count: n), scratch: scratch,
                                           budget: &input.pointee.budget) ?? false
}

/// A route table: owns the routes, the memory the arrays of its view live in, and the view.
final class Table: @unchecked Sendable {
    let id: UInt64
    let routes: [CompiledRoute]
    /// Every array of the walk lives in this one region (TableMemory.swift: huge pages for a
    /// large table), the static-path map in `staticMemory`.
    let memory: TableMemory
    let staticMemory: TableMemory
    /// The web schemes `view.read` points to.
    private let webSchemes: WebSchemeStore
    /// How many nodes and hash slots the view's arrays hold (for `longestProbeRun`).
    private let nodeCount: Int, slotCount: Int
    /// Per route, its `urlpattern` regexps, when any route has them; and the most scratch
    /// and group slots one of them needs (URLPatternRoute.swift, PatternTail.swift).
    let tailMatchers: UnsafeMutableBufferPointer<URLPatternMatcher?>?
    let tailScratchCount: Int, tailSlotCount: Int
    /// The most scratch (`Int32`s) one of `constraints` needs.
    let constraintScratchCount: Int
    /// Per route, its query contract, when any route has one.
    let queryContracts: UnsafeMutableBufferPointer<QueryContract?>?
    /// With `RouterOptions.schemeTables`: every scheme a route names (lowercase); else empty.
    let namedSchemes: Set<[UInt8]>
    /// The constraints of the table's `.regex` edges (never empty, so its address is valid).
    let constraints: UnsafeMutableBufferPointer<LinearRegex>
    /// The view, made once: a MatchBuffer holds this pointer (and the Table), so a resolve
    /// reads the view's fields in place instead of copying the whole struct.
    let viewPointer: UnsafeMutablePointer<TableView>

    var view: TableView { _read { yield viewPointer.pointee } }
    var read: ReadConfig { viewPointer.pointee.read }
    var walkDepth: Int { viewPointer.pointee.walkDepth }

    /// `trieInTwo`: the build trie is made on two threads (`Router.buildsInTwo`).
    init(id: UInt64, options: RouterOptions, webSchemes: WebSchemeStore, routes: [CompiledRoute],
         recursionBudget: Int32 = walkRecursionBudget, trieInTwo: Bool = false) {
        self.id = id
        self.webSchemes = webSchemes
        self.routes = routes
        // What the build needs to know of all the routes, found in one pass: a large
        // table's routes do not fit in the cache, and each pass over them reads them all
        // from memory again.
        var most = 0, variantCount = 0, edgeBound = 0, keyBound = 0, nameBound = 0
        var anyTail = false, anyContract = false
        for r in routes {
            most = max(most, r.names.count)
            anyTail = anyTail || r.urlPattern != nil
            anyContract = anyContract || r.queryContract != nil
            variantCount += r.variants.count
            nameBound += r.variants.count &* r.names.count
            keyBound += r.expandedSize
            r.variants.withUnsafeBufferPointer { variants in
                guard let first = variants.baseAddress else { return }
                for k in variants.indices { edgeBound += 2 + (first + k).pointee.segments.count }
            }
        }
        (tailMatchers, tailScratchCount, tailSlotCount) = anyTail ? Table.tailMatchers(routes) : (nil, 0, 0)
        var builder = TreeBuilder(foldLiterals: options.caseInsensitiveLiterals)
        builder.reserve(variants: variantCount, edges: edgeBound, keyBytes: keyBound)
        var pathNames = PathNames.Builder(routeCount: routes.count, variantCount: variantCount, nameBound: nameBound)
        let ranks = options.precedence == .codePoint ? codePointRanks(routes)
            : options.schemeTables ? schemeFirstRanks(routes) : nil
        namedSchemes = options.schemeTables ? Set(routes.flatMap { $0.variants.compactMap(\.scheme) }) : []
        if trieInTwo {
            // TreeInsertInTwo.swift. The calling thread only waits (Concurrently.swift).
            var second = TreeBuilder(foldLiterals: options.caseInsensitiveLiterals)
            second.reserve(variants: variantCount, edges: edgeBound, keyBytes: keyBound)
            builder.startWithPathOnlyTop()
            second.startWithPathOnlyTop()
            concurrently({
                builder.insert(routes, ranks: ranks, secondSide: false, names: nil)
            }, {
                second.insert(routes, ranks: ranks, secondSide: true, names: &pathNames)
            })
            builder.append(second)
        } else {
            builder.insert(routes, ranks: ranks, secondSide: nil, names: &pathNames)
        }
        // The edge index only finds edges while routes are inserted: let it go before the
        // table's memory is filled (the peak of a large build).
        builder.index = EdgeIndexSlots(count: 1, value: TreeBuilder.emptySlot)
        // One region for every array of the walk: sizes first, then the memory, then the
        // trie laid out in it directly (no intermediate arrays alive beside it).
        let sizes = builder.flatSizes()
        var layout = TableLayout()
        let nodesAt = layout.reserve(TreeNode.self, count: sizes.nodes)
        let literalsAt = layout.reserve(LiteralEdge.self, count: sizes.literals)
        let slotsAt = layout.reserve(Int32.self, count: sizes.slots)
        let dynamicsAt = layout.reserve(DynamicEdge.self, count: sizes.dynamics)
        let entriesAt = layout.reserve(TableEntry.self, count: sizes.entries)
        let keysAt = layout.reserve(UInt8.self, count: sizes.keys)
        memory = TableMemory(byteCount: layout.byteCount)
        nodeCount = sizes.nodes
        slotCount = sizes.slots
        var flat = FlatTable(
            nodes: RegionArray(memory.room(TreeNode.self, count: sizes.nodes, at: nodesAt), capacity: sizes.nodes),
            literals: RegionArray(memory.room(LiteralEdge.self, count: sizes.literals, at: literalsAt), capacity: sizes.literals),
            slots: RegionArray(memory.room(Int32.self, count: sizes.slots, at: slotsAt), capacity: sizes.slots),
            dynamics: RegionArray(memory.room(DynamicEdge.self, count: sizes.dynamics, at: dynamicsAt), capacity: sizes.dynamics),
            entries: RegionArray(memory.room(TableEntry.self, count: sizes.entries, at: entriesAt), capacity: sizes.entries),
            keys: RegionArray(memory.room(UInt8.self, count: sizes.keys, at: keysAt), capacity: sizes.keys))
        builder.flatten(into: &flat)
        constraints = .allocate(capacity: max(1, builder.constraints.count))
        if builder.constraints.isEmpty {
            constraints.initializeElement(at: 0, to: .empty)
        } else {
            _ = constraints.initialize(from: builder.constraints)
        }
        let contractScratch: Int
        (queryContracts, contractScratch) = anyContract ? Table.queryContracts(routes) : (nil, 0)
        constraintScratchCount = builder.constraints.reduce(contractScratch) { max($0, $1.scratchCount(capturing: false)) }
        let hasConstraints = !builder.constraints.isEmpty || contractScratch > 0
        builder = TreeBuilder(foldLiterals: false)  // the build trie is not needed any more
        // Its pages back to the system when it was large (a trim walks the whole heap).
        if sizes.nodes >= 1 << 16 { returnFreedMemory() }
        // Path-only tables: root -> anyScheme -> anyHost, nothing else at those levels.
        var root: Int32 = -1
        let r = flat.nodes[0]
        if r.literalCount == 0, r.dynamicCount == 1, r.endCount == 0, r.remainderCount == 0 {
            let h = flat.nodes[Int(flat.dynamics[Int(r.dynamicStart)].child)]
            if h.literalCount == 0, h.dynamicCount == 1, h.endCount == 0, h.remainderCount == 0,
               flat.dynamics[Int(h.dynamicStart)].kind == .anyHost {
                root = flat.dynamics[Int(h.dynamicStart)].child
            }
        }
        let keys = UnsafePointer(flat.keys.base)
        let walk = WalkTable(nodes: flat.nodes.base, literals: flat.literals.base, slots: flat.slots.base,
                             dynamics: flat.dynamics.base, entries: flat.entries.base, keys: keys,
                             fold: options.caseInsensitiveLiterals,
                             emptyParameters: PatternReadingRules(options.patternReading).emptyParameters,
                             precedence: options.precedence, recursionBudget: recursionBudget)
        // The static-path map is made from the laid-out tree, so it has a region of its own,
        // on huge pages when the tree's is (a resolve reads both).
        let plan = options.precedence == .specificity && !options.caseInsensitiveLiterals
            ? StaticPathsPlan(nodes: flat.nodes.buffer, literals: flat.literals.buffer, entries: flat.entries.buffer,
                              keys: keys, pathRoot: root)
            : nil
        // Without a map: room for the one empty slot and key byte of StaticPaths.none.
        let staticSlotCount = plan?.slotCount ?? 1, staticKeyCount = plan?.keyCount ?? 1
        var staticLayout = TableLayout()
        let staticSlotsAt = staticLayout.reserve(StaticSlot.self, count: staticSlotCount)
        let staticKeysAt = staticLayout.reserve(UInt8.self, count: staticKeyCount)
        staticMemory = TableMemory(byteCount: staticLayout.byteCount, hugePages: memory.isMapped)
        let staticSlots = staticMemory.room(StaticSlot.self, count: staticSlotCount, at: staticSlotsAt)
        let staticKeys = staticMemory.room(UInt8.self, count: staticKeyCount, at: staticKeysAt)
        let staticPaths = plan?.write(slots: staticSlots, keys: staticKeys)
            ?? .none(slots: staticSlots, keys: staticKeys)
        viewPointer = .allocate(capacity: 1)
        viewPointer.initialize(to: TableView(
            walk: walk, read: ReadConfig(options, webSchemes),
            queryOverPath: options.parameterPrecedence == .queryOverPath,
            maxParameters: most, routeCount: routes.count, staticPaths: staticPaths,
            pathRoot: root, walkDepth: flat.depth, tails: tailMatchers?.baseAddress,
            queryContracts: queryContracts?.baseAddress,
            constraints: UnsafePointer(constraints.baseAddress!),
            usesRegexes: tailMatchers != nil || hasConstraints,
            catchAllEdges: flat.catchAllEdges, pathNames: pathNames.finish()))
    }

    /// The longest run of occupied slots in any hash index of the table (the literal
    /// indexes and the static-path map): what a lookup that misses probes at most.
    var longestProbeRun: Int {
        let nodes = UnsafeBufferPointer(start: view.walk.nodes, count: nodeCount)
        let slots = UnsafeBufferPointer(start: view.walk.slots, count: slotCount)
        var longest = 0
        for node in nodes where node.slotMask != 0 {
            let size = Int(node.slotMask & .max) + 1
            let start = Int(node.slotStart)
            longest = max(longest, longestRun(Array(slots[start..<(start + size)])))
        }
        return max(longest, view.staticPaths.longestRun)
    }

    var hasStaticPathMap: Bool { view.staticPaths.mask >= 0 }

    /// The `urlpattern` regexps of `routes` by route index, nil when none has any.
    private static func tailMatchers(_ routes: [CompiledRoute]) -> (UnsafeMutableBufferPointer<URLPatternMatcher?>?, Int, Int) {
        guard routes.contains(where: { $0.urlPattern != nil }) else { return (nil, 0, 0) }
        let buffer = UnsafeMutableBufferPointer<URLPatternMatcher?>.allocate(capacity: routes.count)
        var scratch = 0, slots = 0
        for (i, r) in routes.enumerated() {
            (buffer.baseAddress! + i).initialize(to: r.urlPattern)
            if let m = r.urlPattern { scratch = max(scratch, m.scratchCount); slots = max(slots, m.slotCount) }
        }
        return (buffer, scratch, slots)
    }

    deinit {
        if let t = tailMatchers {
            t.baseAddress?.deinitialize(count: t.count)
            t.deallocate()
        }
        if let c = queryContracts {
            c.baseAddress?.deinitialize(count: c.count)
            c.deallocate()
        }
        viewPointer.pointee.pathNames.free()
        viewPointer.deinitialize(count: 1)
        viewPointer.deallocate()
        _ = constraints.deinitialize()
        constraints.deallocate()
        memory.free()
        staticMemory.free()
    }
}

/// The trie while a Table is built: nodes and edges in flat arrays, each node's children
/// in linked lists, one hash index over every edge. A node costs a few dozen bytes (no
/// object, no dictionary of its own), and releasing the trie releases a few arrays, with
/// no recursion however deep the patterns go.
struct TreeBuilder {
    struct Node {
        // Each edge list is kept newest first (no pointer to its last item), for finding a
        // child while routes are inserted; the layout reads edges in their own order instead.
        var firstLiteral: Int32 = -1, literalCount: Int32 = 0
        var firstDynamic: Int32 = -1, dynamicCount: Int32 = 0
        var endCount: Int32 = 0, remainderCount: Int32 = 0
    }

    /// The edge into node `e + 1`, for edge number `e`: every node but the root is made
    /// together with the one edge that leads to it, so an edge's number gives its child.
    /// A literal (`kind` 0; its key and, for hosts, port) or a dynamic edge (`kind` an
    /// EdgeKind; `*.domain` hosts have a suffix and a port). 28 bytes: a large build holds
    /// one per segment of every route that shares no prefix.
    struct Edge {
        /// The key (or suffix) bytes in `keys`, the port right after them.
        var keyStart: Int32
        var keyCount: Int32, portCount: Int32
        var parent: Int32
        /// The next edge of the same list of `parent` (newest first).
        var next: Int32
        var labels: Int32
        var kind: UInt8
    }

    let foldLiterals: Bool
    var nodes: [Node] = [Node()]
    var edges: [Edge] = []
    var keys: [UInt8] = []
    /// Open-addressed index of the edges of long lists (more than `scanLimit` edges of one
    /// kind class under one node) by (parent, kind, key, port): each slot holds an edge's
    /// seeded hash (high 32 bits) and number (low 32 bits), `emptySlot` when free. With the
    /// hash in the slot, a probe past another key reads no edge, and growing the index
    /// hashes no key again. Short lists (most nodes have one child) are scanned instead,
    /// with no hashing at all.
    /// In memory of its own (EdgeIndexSlots.swift).
    var index = EdgeIndexSlots(count: 64, value: TreeBuilder.emptySlot)
    /// The index's hash, keyed per process (an attacker cannot choose colliding keys).
    private let byteHash = SeededByteHash()
    var indexed = 0
    static let emptySlot = UInt64.max
    /// Lists of at most this many edges are scanned; longer ones are found through `index`
    /// (an attacker's routes can give one node any number of children, never a long scan).
    static let scanLimit: Int32 = 8
    /// Route entries, in insertion order, and the node of each: its number for a pattern
    /// that ends there, the number's complement (negative) for a remainder that starts there.
    var entries: [TableEntry] = []
    var entryNode: [Int32] = []
    /// The constraints of `.regex` edges, each once, and their index by edge key.
    var constraints: [LinearRegex] = []
    var constraintIndex: [[UInt8]: Int32] = [:]

    init(foldLiterals: Bool) { self.foldLiterals = foldLiterals }

    /// Room for the trie at its largest (no two alternatives sharing an edge: `edges` is
    /// two plus the segment count of every alternative; `keyBytes` the routes' expanded
    /// size, as keys are the alternatives' text at most, decoded, without separators), so
    /// that building it copies no array to grow it: a growing array briefly holds its old
    /// and new storage, which would be the peak of a large build. (Reserved room that is
    /// never written is never touched, so it costs address space, not memory.)
    mutating func reserve(variants: Int, edges edgeBound: Int, keyBytes keyBound: Int) {
        nodes.reserveCapacity(edgeBound + 1)
        edges.reserveCapacity(edgeBound)
        entries.reserveCapacity(variants)
        entryNode.reserveCapacity(variants)
        keys.reserveCapacity(keyBound)
    }

    /// Enters the variants of `routes`, all of them (`secondSide` nil) or those on one side
    /// of a split (`goesSecond`), ranked by `ranks` when given; with `names`, adds each
    /// route there too, while it is at hand.
    mutating func insert(_ routes: [CompiledRoute], ranks: [[Int32]]?, secondSide: Bool?,
                         names: UnsafeMutablePointer<PathNames.Builder>?) {
        for ri in routes.indices {
            let r = routes[ri]
            // Through a buffer pointer: a variant bound to a loop variable, or read through the
            // array's subscript, would be a copy (a few reference counts each).
            r.variants.withUnsafeBufferPointer { variants in
                guard let first = variants.baseAddress else { return }
                for vi in variants.indices {
                    if let secondSide, TreeBuilder.goesSecond(first + vi) != secondSide { continue }
                    var entry = TableEntry(ri, r, vi, first + vi)
                    if let ranks { entry.seq = ranks[ri][vi] }
                    insert(first + vi, entry: entry)
                }
            }
            names?.pointee.add(r, at: ri)
        }
    }

    /// Enters the variant at `v` (a pointer: a variant passed by value is copied first).
    mutating func insert(_ v: UnsafePointer<PatternVariant>, entry: TableEntry) {
        var node: Int32 = 0
        if let s = v.pointee.scheme {
            node = child(of: node, kind: 0, key: s, port: [])
        } else {
            node = child(of: node, kind: EdgeKind.anyScheme.rawValue, key: [], port: [])
        }
        switch v.pointee.host {
        case .any: node = child(of: node, kind: EdgeKind.anyHost.rawValue, key: [], port: [])
        case .literal(let h, let p): node = child(of: node, kind: 0, key: h, port: p)
        case .wildcard(let s, let l, let p):
            node = child(of: node, kind: EdgeKind.wildcardHost.rawValue, key: s, port: p, labels: l)
        }
        // Through a pointer to each segment: a segment bound to a loop variable would be a
        // copy (three references).
        v.pointee.segments.withUnsafeBufferPointer { segments in
            guard let first = segments.baseAddress else { return }
            for k in segments.indices {
                let s = first + k
                if s.pointee.hasRegex, let regex = s.pointee.regex, constraintIndex[s.pointee.literal] == nil {
                    constraintIndex[s.pointee.literal] = Int32(constraints.count)
                    constraints.append(regex)
                }
                let kind = s.pointee.kind
                node = s.pointee.literal.withUnsafeBufferPointer { key in
                    child(of: node, kind: kind == .literal ? 0 : kind.rawValue, key: key,
                          port: UnsafeBufferPointer(start: nil, count: 0), labels: 0)
                }
            }
        }
        entries.append(entry)
        let n = Int(node)
        if v.pointee.remainder != nil {
            entryNode.append(~node)
            nodes[n].remainderCount += 1
        } else {
            entryNode.append(node)
            nodes[n].endCount += 1
        }
    }

    private func hash(_ parent: Int32, _ kind: UInt8, _ key: UnsafeBufferPointer<UInt8>,
                      _ port: UnsafeBufferPointer<UInt8>) -> UInt32 {
        // Parent and kind in the salt (kind + 1: never 0); a port, rare, hashed apart and
        // mixed in, its length keeping key and port apart.
        var h = byteHash.hash(key.baseAddress ?? emptyBytes, key.count,
                              salt: UInt64(UInt32(bitPattern: parent)) | (UInt64(kind) + 1) << 32)
        if !port.isEmpty {
            h ^= byteHash.hash(port.baseAddress ?? emptyBytes, port.count, salt: UInt64(key.count) + 1) &* 0x9E37_79B9_7F4A_7C15
        }
        return UInt32(truncatingIfNeeded: h ^ h >> 32)
    }

    /// The child of `parent` along the edge (kind, key, port), made if it does not exist.
    mutating func child(of parent: Int32, kind: UInt8, key: [UInt8], port: [UInt8], labels: Int = 0) -> Int32 {
        key.withUnsafeBufferPointer { k in
            port.withUnsafeBufferPointer { p in child(of: parent, kind: kind, key: k, port: p, labels: labels) }
        }
    }

    private mutating func child(of parent: Int32, kind: UInt8, key: UnsafeBufferPointer<UInt8>,
                                port: UnsafeBufferPointer<UInt8>, labels: Int) -> Int32 {
        let p = Int(parent)
        let literal = kind == 0
        let first = literal ? nodes[p].firstLiteral : nodes[p].firstDynamic
        let count = literal ? nodes[p].literalCount : nodes[p].dynamicCount
        var h: UInt32 = 0
        if count <= Self.scanLimit {
            var e = first
            while e >= 0 {
                let edge = edges[Int(e)]
                if edge.kind == kind && sameKey(edge, key, port) { return e &+ 1 }
                e = edge.next
            }
        } else {
            h = hash(parent, kind, key, port)
            let mask = index.count - 1
            var s = Int(h) & mask
            while true {
                let slot = index.base[s]
                if slot == Self.emptySlot { break }
                if UInt32(truncatingIfNeeded: slot >> 32) == h {
                    let e = Int32(truncatingIfNeeded: slot)
                    let edge = edges[Int(e)]
                    if edge.parent == parent && edge.kind == kind && sameKey(edge, key, port) { return e &+ 1 }
                }
                s = (s + 1) & mask
            }
        }
        let edge = Int32(edges.count)
        nodes.append(Node())
        edges.append(Edge(keyStart: Int32(keys.count), keyCount: Int32(key.count), portCount: Int32(port.count),
                          parent: parent, next: first, labels: Int32(clamping: labels), kind: kind))
        if !key.isEmpty { keys.append(contentsOf: key) }
        if !port.isEmpty { keys.append(contentsOf: port) }
        if literal {
            nodes[p].firstLiteral = edge
            nodes[p].literalCount += 1
        } else {
            nodes[p].firstDynamic = edge
            nodes[p].dynamicCount += 1
        }
        if count == Self.scanLimit {
            // The list outgrows its scan: from now on its edges are found through the index.
            var e: Int32 = edge
            while e >= 0 {
                let k = edges[Int(e)]
                addToIndex(e, keyBytes(k).withUnsafeBufferPointer { kb in
                    portBytes(k).withUnsafeBufferPointer { pb in hash(parent, k.kind, kb, pb) }
                })
                e = k.next
            }
        } else if count > Self.scanLimit {
            addToIndex(edge, h)
        }
        return edge &+ 1
    }

    /// Enters edge `e`, whose hash is `h`, in `index`, growing it to stay at most half full.
    private mutating func addToIndex(_ e: Int32, _ h: UInt32) {
        var index = self.index
        indexed += 1
        if indexed * 2 > index.count {
            let grown = EdgeIndexSlots(count: index.count * 2, value: Self.emptySlot)
            let mask = grown.count - 1
            for k in 0..<index.count where index.base[k] != Self.emptySlot {
                let slot = index.base[k]
                var t = Int(truncatingIfNeeded: slot >> 32) & mask
                while grown.base[t] != Self.emptySlot { t = (t + 1) & mask }
                grown.base[t] = slot
            }
            index = grown
            self.index = grown
        }
        let mask = index.count - 1
        var s = Int(h) & mask
        while index.base[s] != Self.emptySlot { s = (s + 1) & mask }
        index.base[s] = UInt64(h) << 32 | UInt64(UInt32(bitPattern: e))
    }

    /// Whether edge `e` has the key `key` and the port `port`.
    private func sameKey(_ e: Edge, _ key: UnsafeBufferPointer<UInt8>, _ port: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(e.keyCount) == key.count && Int(e.portCount) == port.count else { return false }
        return keys.withUnsafeBufferPointer { k in
            let start = Int(e.keyStart)
            guard start + key.count + port.count <= k.count else { return false }
            guard let base = k.baseAddress else { return key.isEmpty && port.isEmpty }
            return bytesEqual(base + start, key) && bytesEqual(base + start + key.count, port)
        }
    }

    /// Whether the `b.count` bytes at `p` are `b`'s.
    private func bytesEqual(_ p: UnsafePointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let q = b.baseAddress, !b.isEmpty else { return true }
        return memcmp(p, q, b.count) == 0
    }

    private func keyBytes(_ e: Edge) -> ArraySlice<UInt8> {
        let start = Int(e.keyStart)
        return keys[start..<(start + Int(e.keyCount))]
    }

    private func portBytes(_ e: Edge) -> ArraySlice<UInt8> {
        let start = Int(e.keyStart) + Int(e.keyCount)
        return keys[start..<(start + Int(e.portCount))]
    }

    /// Puts the dynamic edges `order` of one node in the order the walk must try them
    /// (SEMANTICS §3 and §8); they come in insertion order.
    private func sortDynamics(_ order: UnsafeMutableBufferPointer<Int32>) {
        var order = order
        order.sort { x, y in
            let a = edges[Int(x)], b = edges[Int(y)]
            if a.kind != b.kind { return dynamicRank(a.kind) < dynamicRank(b.kind) }
            if a.kind == EdgeKind.regex.rawValue { return x < y }  // constraints: in the order routes were added
            if a.kind == EdgeKind.inline.rawValue || a.kind == EdgeKind.catchAll.rawValue {
                return InlineProgram.precedes(Array(keyBytes(a)), Array(keyBytes(b)))
            }
            if a.labels != b.labels { return a.labels > b.labels }  // more labels wins
            let ak = keyBytes(a), bk = keyBytes(b)
            if ak != bk { return ak.lexicographicallyPrecedes(bk) }
            return portBytes(a).lexicographicallyPrecedes(portBytes(b))
        }
    }

    /// Puts the entries of one list best first (priority, then registration); they come in
    /// insertion order.
    private static func sortEntries(_ list: UnsafeMutableBufferPointer<TableEntry>) {
        var list = list
        list.sort { a, b in
            if a.priority != b.priority { return a.priority > b.priority }
            // `urlpattern` tails before catch-alls (docs/SEMANTICS.md, "The urlpattern dialect").
            if a.isTail != b.isTail { return a.isTail }
            return a.seq < b.seq
        }
    }

    /// How many values each array of the laid-out trie holds (what `flatten` writes).
    func flatSizes() -> (nodes: Int, literals: Int, slots: Int, dynamics: Int, entries: Int, keys: Int) {
        var literals = 0, dynamics = 0, slots = 0
        for n in nodes {
            literals += Int(n.literalCount)
            dynamics += Int(n.dynamicCount)
            if n.literalCount > linearScanLimit { slots += literalIndexSize(Int(n.literalCount)) }
        }
        return (nodes.count, literals, slots, dynamics, entries.count, keys.count)
    }

    /// Lays the trie out into `flat` (sized by `flatSizes`): node `i` of the build trie is
    /// node `i` of the table, so edge `e` still leads to node `e + 1`, and the key bytes are
    /// copied as they are. Each array is then filled in one pass over the build trie's
    /// arrays in the order they were made, every node's edges and entries placed at its own
    /// start (a counting sort by node), instead of a walk of the trie, whose every step on a
    /// large table would be a cache miss. A route's nodes are made one after another when
    /// it is added, so a walk down a chain of single-child nodes (most of a large table)
    /// still reads neighbouring memory. Children come after their parents, as the last pass
    /// needs.
    fileprivate func flatten(into flat: inout FlatTable) {
        let nodeCount = nodes.count
        // Each node's level (0 scheme, 1 host, 2+ path): a parent is made before its edges.
        var level = [Int32](repeating: 0, count: nodeCount)
        var deepest: Int32 = 0
        edges.withUnsafeBufferPointer { edges in
            for (e, edge) in edges.enumerated() {
                let l = level[Int(edge.parent)] &+ 1
                level[e &+ 1] = l
                deepest = max(deepest, l)
            }
        }
        flat.depth = Int(deepest) + 1
        keys.withUnsafeBufferPointer { flat.keys.append($0) }
        let store = UnsafePointer(flat.keys.base)
        // The nodes, each with the starts of its lists; `next` is where each node's next
        // edge or entry goes while they are placed.
        var next = [Int32](repeating: 0, count: nodeCount)
        var literalAt: Int32 = 0, dynamicAt: Int32 = 0, entryAt: Int32 = 0
        for (i, b) in nodes.enumerated() {
            var t = TreeNode()
            t.literalStart = literalAt
            t.literalCount = b.literalCount
            t.dynamicStart = dynamicAt
            t.dynamicCount = b.dynamicCount
            t.endStart = entryAt
            t.endCount = b.endCount
            t.remainderCount = b.remainderCount
            flat.nodes.append(t)
            next[i] = literalAt
            literalAt &+= b.literalCount
            dynamicAt &+= b.dynamicCount
            entryAt &+= b.endCount &+ b.remainderCount
        }
        // Literal edges, each list in insertion order.
        flat.literals.extend(by: Int(literalAt))
        var dynamicOrder = [Int32](repeating: 0, count: Int(dynamicAt))
        edges.withUnsafeBufferPointer { edges in
            for (e, edge) in edges.enumerated() where edge.kind == 0 {
                let p = Int(edge.parent)
                let fold = level[p] < 2 || foldLiterals  // schemes and hosts always fold case
                flat.literals.initialize(at: Int(next[p]), to: LiteralEdge(
                    prefix: prefixWord(store + Int(edge.keyStart), Int(edge.keyCount), fold: fold),
                    keyStart: edge.keyStart, keyCount: edge.keyCount, portCount: edge.portCount,
                    child: Int32(e &+ 1)))
                next[p] &+= 1
            }
            // Dynamic edges: their numbers in insertion order per node first, then sorted.
            for i in 0..<nodeCount { next[i] = flat.nodes[i].dynamicStart }
            for (e, edge) in edges.enumerated() where edge.kind != 0 {
                let p = Int(edge.parent)
                dynamicOrder[Int(next[p])] = Int32(e)
                next[p] &+= 1
            }
        }
        // Hash indexes of long literal lists.
        for i in 0..<nodeCount where flat.nodes[i].literalCount > linearScanLimit {
            let t = flat.nodes[i]
            let size = literalIndexSize(Int(t.literalCount))
            let fold = level[i] < 2 || foldLiterals
            flat.nodes[i].slotStart = Int32(flat.slots.count)
            let literals = UnsafeBufferPointer(start: flat.literals.base + Int(t.literalStart), count: Int(t.literalCount))
            if let table = literalIndex(literals, size: size, keys: store, fold: fold, wholeKeys: false) {
                flat.nodes[i].slotMask = Int32(size - 1)
                flat.slots.append(contentsOf: table)
            } else {
                // Keys whose first words collide would make long probe runs (a build and
                // every miss would scan them): hash whole keys, with a seeded hash.
                flat.nodes[i].slotMask = Int32(size - 1) | Int32.min
                flat.slots.append(contentsOf: literalIndex(literals, size: size, keys: store, fold: fold, wholeKeys: true)
                    ?? [Int32](repeating: -1, count: size))
            }
        }
        dynamicOrder.withUnsafeMutableBufferPointer { order in
            for i in 0..<nodeCount where flat.nodes[i].dynamicCount > 1 {
                let t = flat.nodes[i]
                sortDynamics(UnsafeMutableBufferPointer(rebasing: order[Int(t.dynamicStart)..<Int(t.dynamicStart + t.dynamicCount)]))
            }
            for e in order {
                let edge = edges[Int(e)]
                if edge.kind == EdgeKind.regex.rawValue {
                    let key = keyBytes(edge)
                    flat.dynamics.append(DynamicEdge(
                        kind: .regex, child: e &+ 1,
                        suffixStart: constraintIndex[Array(key)] ?? 0, portCount: key.first == 0 ? 1 : 0))
                    continue
                }
                var d = DynamicEdge(
                    kind: EdgeKind(rawValue: edge.kind) ?? .param, child: e &+ 1,
                    suffixStart: edge.keyStart, suffixCount: edge.keyCount,
                    portStart: edge.keyStart &+ edge.keyCount, portCount: edge.portCount)
                if d.kind == .catchAll {
                    d.portStart = Int32(flat.catchAllEdges)
                    flat.catchAllEdges += 1
                }
                flat.dynamics.append(d)
            }
        }
        // Entries: the ends of each node, then its remainders, each list best first.
        for i in 0..<nodeCount { next[i] = flat.nodes[i].endStart }
        flat.entries.extend(by: entries.count)
        for (k, node) in entryNode.enumerated() where node >= 0 {
            flat.entries.initialize(at: Int(next[Int(node)]), to: entries[k])
            next[Int(node)] &+= 1
        }
        for (k, node) in entryNode.enumerated() where node < 0 {
            flat.entries.initialize(at: Int(next[Int(~node)]), to: entries[k])
            next[Int(~node)] &+= 1
        }
        for i in 0..<nodeCount {
            let t = flat.nodes[i]
            if t.endCount > 1 {
                TreeBuilder.sortEntries(UnsafeMutableBufferPointer(start: flat.entries.base + Int(t.endStart), count: Int(t.endCount)))
            }
            if t.remainderCount > 1 {
                TreeBuilder.sortEntries(UnsafeMutableBufferPointer(start: flat.entries.base + Int(t.remainderStart),
                                                                   count: Int(t.remainderCount)))
            }
        }
        // Subtree maximum priority, children before parents (each child comes after its parent).
        for i in stride(from: nodeCount - 1, through: 0, by: -1) {
            var t = flat.nodes[i]
            var m = Int32.min
            for k in Int(t.endStart)..<Int(t.remainderStart + t.remainderCount) { m = max(m, flat.entries[k].priority) }
            for k in Int(t.literalStart)..<Int(t.literalStart + t.literalCount) {
                m = max(m, flat.nodes[Int(flat.literals[k].child)].maxPriority)
            }
            for k in Int(t.dynamicStart)..<Int(t.dynamicStart + t.dynamicCount) {
                m = max(m, flat.nodes[Int(flat.dynamics[k].child)].maxPriority)
            }
            t.maxPriority = m
            flat.nodes[i] = t
        }
    }
}

/// The longest run of occupied slots a hash index may have: with at most half the slots
/// used and a fair hash, runs stay far shorter; longer ones mean colliding keys, and every
/// lookup that misses would probe through them.
let maxProbeRun = 64

/// The hash index of a node's literal edges (open addressing, linear probing, `size`
/// slots), or nil when a probe run would pass `maxProbeRun`. `wholeKeys`: hash whole keys
/// with `wholeKeyHash`, whose runs are not cut short (it is seeded, so no input can
/// lengthen them but by chance).
private func literalIndex(_ edges: UnsafeBufferPointer<LiteralEdge>, size: Int, keys base: UnsafePointer<UInt8>,
                          fold: Bool, wholeKeys: Bool) -> [Int32]? {
    var table = [Int32](repeating: -1, count: size)
    let complete = { () -> Bool in
        for (i, e) in edges.enumerated() {
            let h = wholeKeys ? wholeKeyHash(base + Int(e.keyStart), Int(e.keyCount), fold: fold)
                              : literalHash(e.prefix, Int(e.keyCount))
            var s = Int(h) & (size - 1)
            var run = 0
            while table[s] >= 0 {
                s = (s + 1) & (size - 1)
                run += 1
                if run > maxProbeRun && !wholeKeys { return false }
            }
            table[s] = Int32(i)
        }
        return true
    }()
    if !complete || (!wholeKeys && longestRun(table) > maxProbeRun) { return nil }
    return table
}

/// The longest run of occupied (non-negative) slots, wrapping around: what a lookup that
/// misses may have to probe.
func longestRun(_ table: [Int32]) -> Int {
    guard let firstEmpty = table.firstIndex(where: { $0 < 0 }) else { return table.count }
    var longest = 0, run = 0
    for k in 1...table.count {
        if table[(firstEmpty + k) % table.count] >= 0 { run += 1; longest = max(longest, run) } else { run = 0 }
    }
    return longest
}

/// The hash of a whole literal key (folded when `fold`), seeded per process (`Hasher`), for
/// the indexes of nodes whose keys share their first eight bytes and length.
@inline(never)
func wholeKeyHash(_ p: UnsafePointer<UInt8>, _ n: Int, fold: Bool) -> UInt32 {
    var h = Hasher()
    h.combine(n)
    var i = 0
    while i &+ 8 <= n {
        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        h.combine(fold ? asciiLowerWord(w) : w)
        i &+= 8
    }
    if i < n { h.combine(prefixWord(p + i, n &- i, fold: fold)) }
    return UInt32(truncatingIfNeeded: h.finalize())
}

/// The arrays of a Table as `TreeBuilder.flatten` fills them, in the table's memory.
private struct FlatTable {
    var nodes: RegionArray<TreeNode>
    var literals: RegionArray<LiteralEdge>
    var slots: RegionArray<Int32>
    var dynamics: RegionArray<DynamicEdge>
    var entries: RegionArray<TableEntry>
    var keys: RegionArray<UInt8>
    /// Levels of the trie (scheme and host included).
    var depth = 1
    var catchAllEdges = 0
}

/// An array in a TableMemory, filled front to back up to the count reserved for it.
private struct RegionArray<T: BitwiseCopyable> {
    let base: UnsafeMutablePointer<T>
    let capacity: Int
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<T>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    var buffer: UnsafeBufferPointer<T> { UnsafeBufferPointer(start: base, count: count) }

    subscript(i: Int) -> T {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    mutating func append(_ value: T) {
        assert(count < capacity)
        (base + count).initialize(to: value)
        count += 1
    }

    /// Appends `values`' elements in one copy.
    mutating func append(_ values: UnsafeBufferPointer<T>) {
        assert(count + values.count <= capacity)
        guard let from = values.baseAddress else { return }
        (base + count).initialize(from: from, count: values.count)
        count += values.count
    }

    /// Counts `n` more elements, to be written with `initialize(at:to:)`.
    mutating func extend(by n: Int) {
        assert(count + n <= capacity)
        count += n
    }

    func initialize(at i: Int, to value: T) {
        (base + i).initialize(to: value)
    }

    mutating func append<C: Collection>(contentsOf values: C) where C.Element == T {
        assert(count + values.count <= capacity)
        for v in values {
            (base + count).initialize(to: v)
            count += 1
        }
    }
}

/// Above this many literal children a node gets a hash index instead of a linear scan.
private let linearScanLimit = 8

/// The slots of the hash index of `count` literal edges: a power of two, at most half full.
private func literalIndexSize(_ count: Int) -> Int {
    var size = 1
    while size < count * 2 { size <<= 1 }
    return size
}

