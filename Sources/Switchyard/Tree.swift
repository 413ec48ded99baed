/// The immutable route table: a trie with one level for the scheme, one for the host and one
/// per path segment, flattened into plain arrays so a resolve touches no reference counts.
/// Each node has literal children (looked up by bytes: a linear scan for a few, a hash index
/// for many) and dynamic children in specificity order, so a depth-first walk meets matches
/// in exactly the order of SEMANTICS.md §3.

/// How a dynamic edge matches.
enum EdgeKind: UInt8 {
    // Path level, in specificity order (SegmentKind raw values 1...5).
    case uuid = 1, int = 2, float = 3, param = 4, star = 5
    /// Scheme level: patterns without a scheme.
    case anyScheme = 10
    /// Host level: `*.domain` hosts (more labels first), then patterns without a host.
    case wildcardHost = 11, anyHost = 12
}

struct TreeNode: BitwiseCopyable {
    var literalStart: Int32 = 0, literalCount: Int32 = 0
    /// Start of this node's hash slots and their mask (0 = no index: scan the literals).
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

/// 24 bytes (was 40): a large table holds one per literal segment, and the smaller edge
/// measured faster on the matchit set (docs/PERFORMANCE.md, "Memory, layout and the VM").
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

struct DynamicEdge: BitwiseCopyable {
    var kind: EdgeKind
    var child: Int32
    var suffixStart: Int32 = 0, suffixCount: Int32 = 0
    var portStart: Int32 = 0, portCount: Int32 = 0
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
    /// How many defaults the route has (0 lets a resolve skip building the merged map).
    var defaultCount: Int32 = 0
    /// The route leads to a redirect: checked on every hit without touching the route object.
    var isRedirect: Bool = false
}

extension TableEntry {
    /// The entry of variant `vi` of route `ri`.
    init(_ ri: Int, _ r: CompiledRoute, _ vi: Int, _ v: PatternVariant) {
        self.init(route: Int32(ri), variant: Int32(vi), priority: Int32(clamping: r.route.priority),
                  seq: Int32(clamping: r.seq), literalCount: Int32(v.literalCount),
                  remainderMin: Int32(v.remainder?.minSegments ?? 0),
                  namedRemainder: (v.remainder?.nameIndex ?? -1) >= 0,
                  defaultCount: Int32(r.defaults.count), isRedirect: r.isRedirect)
    }
}

/// The parts of a Table a resolve needs, as plain values: a Match keeps a copy next to its
/// strong reference to the table, so the hot path never touches a reference count.
struct TableView: @unchecked Sendable {
    /// What the walk reads: a Walker copies only this, once per resolve.
    var walk: WalkTable
    var read: ReadConfig
    var queryOverPath: Bool
    var maxParameters: Int
    var routeCount: Int
    /// Paths made only of literals, found without the walk (StaticPaths.swift).
    var staticPaths: StaticPaths
    /// When every route is a path pattern (no scheme, no host), the node where paths start:
    /// the walk can skip the scheme and host levels. -1 otherwise.
    var pathRoot: Int32
}

/// The flat arrays of a Table and the two settings the walk consults (Matcher.swift).
struct WalkTable: @unchecked Sendable {
    var nodes: UnsafeMutablePointer<TreeNode>
    var literals: UnsafeMutablePointer<LiteralEdge>
    var slots: UnsafeMutablePointer<Int32>
    var dynamics: UnsafeMutablePointer<DynamicEdge>
    var entries: UnsafeMutablePointer<TableEntry>
    var keys: UnsafePointer<UInt8>
    var fold: Bool
    var precedence: RouterOptions.Precedence
}

final class Table: @unchecked Sendable {
    let id: UInt64
    let read: ReadConfig
    private let webSchemes: WebSchemeStore
    let foldLiterals: Bool
    let precedence: RouterOptions.Precedence
    let parameterPrecedence: RouterOptions.ParameterPrecedence
    let routes: [CompiledRoute]
    let maxParameters: Int
    /// Every array below lives in this one region (TableMemory.swift: huge pages for a
    /// large table).
    let memory: TableMemory
    let nodes: UnsafeMutableBufferPointer<TreeNode>
    let literals: UnsafeMutableBufferPointer<LiteralEdge>
    let slots: UnsafeMutableBufferPointer<Int32>
    let dynamics: UnsafeMutableBufferPointer<DynamicEdge>
    let entries: UnsafeMutableBufferPointer<TableEntry>
    let keyBase: UnsafePointer<UInt8>
    let pathRoot: Int32
    private let staticPaths: StaticPaths
    /// `view`, made once: a Match holds this pointer (and the Table), so a resolve reads the
    /// view's fields in place instead of copying the whole struct out of the Match.
    let viewPointer: UnsafeMutablePointer<TableView>

    init(id: UInt64, options: RouterOptions, webSchemes: WebSchemeStore, routes: [CompiledRoute]) {
        self.id = id
        self.webSchemes = webSchemes
        read = ReadConfig(options, webSchemes)
        foldLiterals = options.caseInsensitiveLiterals
        precedence = options.precedence
        parameterPrecedence = options.parameterPrecedence
        self.routes = routes
        var most = 0
        for r in routes { most = max(most, r.names.count) }
        maxParameters = most
        let builder = TreeBuilder(foldLiterals: options.caseInsensitiveLiterals)
        for (ri, r) in routes.enumerated() {
            for (vi, v) in r.variants.enumerated() { builder.insert(v, entry: TableEntry(ri, r, vi, v)) }
        }
        let flat = builder.flatten()
        // Path-only tables: root -> anyScheme -> anyHost, nothing else at those levels.
        var root: Int32 = -1
        let r = flat.nodes.first
        if let r, r.literalCount == 0, r.dynamicCount == 1, r.endCount == 0, r.remainderCount == 0 {
            let h = flat.nodes[Int(flat.dynamics[Int(r.dynamicStart)].child)]
            if h.literalCount == 0, h.dynamicCount == 1, h.endCount == 0, h.remainderCount == 0,
               flat.dynamics[Int(h.dynamicStart)].kind == .anyHost {
                root = flat.dynamics[Int(h.dynamicStart)].child
            }
        }
        pathRoot = root
        let plan = options.precedence == .specificity && !options.caseInsensitiveLiterals
            ? StaticPathsPlan(nodes: flat.nodes, literals: flat.literals, entries: flat.entries,
                              keys: flat.keys.base, pathRoot: root)
            : nil
        // One region for every array: sizes first, then the memory, then the contents.
        var layout = TableLayout()
        let nodesAt = layout.reserve(TreeNode.self, count: flat.nodes.count)
        let literalsAt = layout.reserve(LiteralEdge.self, count: flat.literals.count)
        let slotsAt = layout.reserve(Int32.self, count: flat.slots.count)
        let dynamicsAt = layout.reserve(DynamicEdge.self, count: flat.dynamics.count)
        let entriesAt = layout.reserve(TableEntry.self, count: flat.entries.count)
        let keysAt = layout.reserve(UInt8.self, count: flat.keys.count)
        // Without a map: room for the one empty slot and key byte of StaticPaths.none.
        let staticSlotCount = plan?.slotCount ?? 1, staticKeyCount = plan?.keyCount ?? 1
        let staticSlotsAt = layout.reserve(StaticSlot.self, count: staticSlotCount)
        let staticKeysAt = layout.reserve(UInt8.self, count: staticKeyCount)
        memory = TableMemory(byteCount: layout.byteCount)
        nodes = memory.place(flat.nodes, at: nodesAt)
        literals = memory.place(flat.literals, at: literalsAt)
        slots = memory.place(flat.slots, at: slotsAt)
        dynamics = memory.place(flat.dynamics, at: dynamicsAt)
        entries = memory.place(flat.entries, at: entriesAt)
        let keys = memory.room(UInt8.self, count: flat.keys.count, at: keysAt)
        keys.initialize(from: flat.keys.base, count: flat.keys.count)
        keyBase = UnsafePointer(keys)
        let staticSlots = memory.room(StaticSlot.self, count: staticSlotCount, at: staticSlotsAt)
        let staticKeys = memory.room(UInt8.self, count: staticKeyCount, at: staticKeysAt)
        staticPaths = plan?.write(slots: staticSlots, keys: staticKeys) ?? .none(slots: staticSlots, keys: staticKeys)
        viewPointer = .allocate(capacity: 1)
        viewPointer.initialize(to: view)
    }

    var view: TableView {
        TableView(walk: WalkTable(nodes: nodes.baseAddress!, literals: literals.baseAddress!,
                                  slots: slots.baseAddress!, dynamics: dynamics.baseAddress!,
                                  entries: entries.baseAddress!, keys: keyBase, fold: foldLiterals,
                                  precedence: precedence),
                  read: read, queryOverPath: parameterPrecedence == .queryOverPath,
                  maxParameters: maxParameters, routeCount: routes.count, staticPaths: staticPaths,
                  pathRoot: pathRoot)
    }

    deinit {
        viewPointer.deinitialize(count: 1)
        viewPointer.deallocate()
        memory.free()
    }
}

/// A mutable trie used only while building a Table.
private final class BuildNode {
    struct LiteralKey: Hashable {
        var key: [UInt8]
        var port: [UInt8]
        func hash(into hasher: inout Hasher) {  // bytes in bulk (see ByteKey)
            key.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(port.count)
            port.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
    struct DynamicKey: Hashable { var kind: EdgeKind; var suffix: [UInt8]; var labels: Int; var port: [UInt8] }
    var literals: [LiteralKey: BuildNode] = [:]
    var literalOrder: [LiteralKey] = []
    var dynamics: [DynamicKey: BuildNode] = [:]
    var ends: [TableEntry] = []
    var remainders: [TableEntry] = []

    func literal(_ key: LiteralKey) -> BuildNode {
        if let n = literals[key] { return n }
        let n = BuildNode()
        literals[key] = n
        literalOrder.append(key)
        return n
    }

    func dynamic(_ key: DynamicKey) -> BuildNode {
        if let n = dynamics[key] { return n }
        let n = BuildNode()
        dynamics[key] = n
        return n
    }
}

private struct FlatTable {
    var nodes: [TreeNode] = []
    var literals: [LiteralEdge] = []
    var slots: [Int32] = []
    var dynamics: [DynamicEdge] = []
    var entries: [TableEntry] = []
    var keys = ByteStore(capacity: 1024)
}

/// Above this many literal children a node gets a hash index instead of a linear scan.
private let linearScanLimit = 8

private struct TreeBuilder {
    let root = BuildNode()
    let foldLiterals: Bool

    init(foldLiterals: Bool) { self.foldLiterals = foldLiterals }

    func insert(_ v: PatternVariant, entry: TableEntry) {
        var node: BuildNode
        if let s = v.scheme {
            node = root.literal(.init(key: s, port: []))
        } else {
            node = root.dynamic(.init(kind: .anyScheme, suffix: [], labels: 0, port: []))
        }
        switch v.host {
        case .any: node = node.dynamic(.init(kind: .anyHost, suffix: [], labels: 0, port: []))
        case .literal(let h, let p): node = node.literal(.init(key: h, port: p))
        case .wildcard(let s, let l, let p): node = node.dynamic(.init(kind: .wildcardHost, suffix: s, labels: l, port: p))
        }
        for seg in v.segments {
            if seg.kind == .literal {
                node = node.literal(.init(key: seg.literal, port: []))
            } else {
                node = node.dynamic(.init(kind: EdgeKind(rawValue: seg.kind.rawValue)!, suffix: [], labels: 0, port: []))
            }
        }
        if v.remainder != nil { node.remainders.append(entry) } else { node.ends.append(entry) }
    }

    /// Lays the trie out depth-first (preorder) into flat arrays; returns them with the key
    /// bytes. Depth-first puts a node's first child right after it, with its edges and key
    /// bytes next to the parent's: a walk down a chain of single-child nodes (most of a
    /// large table) reads neighbouring memory instead of one distant node per level.
    /// Children still come after their parents, as pass 3 needs.
    func flatten() -> FlatTable {
        var flat = FlatTable()
        var stack: [(BuildNode, Int)] = [(root, 0)]  // node, level (0 scheme, 1 host, 2+ path)
        var order: [BuildNode] = []
        var levels: [Int] = []
        var indexOf: [ObjectIdentifier: Int32] = [:]
        while let (n, level) = stack.popLast() {
            indexOf[ObjectIdentifier(n)] = Int32(order.count)
            order.append(n)
            levels.append(level)
            // Pushed last-first, so the first child is laid out next.
            for d in sortedDynamics(n).reversed() { stack.append((n.dynamics[d]!, level + 1)) }
            for k in n.literalOrder.reversed() { stack.append((n.literals[k]!, level + 1)) }
        }
        // Pass 1: key bytes (the store must be complete before any pointer is taken).
        var keyOffsets: [ObjectIdentifier: [(start: Int, count: Int, portCount: Int)]] = [:]
        var dynOffsets: [ObjectIdentifier: [(Int, Int, Int, Int)]] = [:]
        for n in order {
            keyOffsets[ObjectIdentifier(n)] = n.literalOrder.map { k in
                // The port right after its key: LiteralEdge.portStart relies on it.
                let a = flat.keys.add(k.key), b = flat.keys.add(k.port)
                return (a.0, a.1, b.1)
            }
            dynOffsets[ObjectIdentifier(n)] = sortedDynamics(n).map { d in
                let a = flat.keys.add(d.suffix), b = flat.keys.add(d.port)
                return (a.0, a.1, b.0, b.1)
            }
        }
        // Pass 2: nodes and edges.
        for (i, n) in order.enumerated() {
            var t = TreeNode()
            let fold = levels[i] < 2 || foldLiterals  // schemes and hosts always fold case
            t.literalStart = Int32(flat.literals.count)
            t.literalCount = Int32(n.literalOrder.count)
            for (k, key) in n.literalOrder.enumerated() {
                let o = keyOffsets[ObjectIdentifier(n)]![k]
                let prefix = prefixWord(key.key, fold: fold)
                flat.literals.append(LiteralEdge(
                    prefix: prefix, keyStart: Int32(o.start), keyCount: Int32(o.count), portCount: Int32(o.portCount),
                    child: indexOf[ObjectIdentifier(n.literals[key]!)]!))
            }
            if n.literalOrder.count > linearScanLimit {
                var size = 1
                while size < n.literalOrder.count * 2 { size <<= 1 }
                t.slotStart = Int32(flat.slots.count)
                t.slotMask = Int32(size - 1)
                var table = [Int32](repeating: -1, count: size)
                for k in 0..<n.literalOrder.count {
                    let e = flat.literals[Int(t.literalStart) + k]
                    var s = Int(literalHash(e.prefix, Int(e.keyCount))) & (size - 1)
                    while table[s] >= 0 { s = (s + 1) & (size - 1) }
                    table[s] = Int32(k)
                }
                flat.slots += table
            }
            let dyns = sortedDynamics(n)
            t.dynamicStart = Int32(flat.dynamics.count)
            t.dynamicCount = Int32(dyns.count)
            for (k, d) in dyns.enumerated() {
                let o = dynOffsets[ObjectIdentifier(n)]![k]
                flat.dynamics.append(DynamicEdge(
                    kind: d.kind, child: indexOf[ObjectIdentifier(n.dynamics[d]!)]!,
                    suffixStart: Int32(o.0), suffixCount: Int32(o.1), portStart: Int32(o.2), portCount: Int32(o.3)))
            }
            let byRank: (TableEntry, TableEntry) -> Bool = { a, b in
                a.priority != b.priority ? a.priority > b.priority : a.seq < b.seq
            }
            t.endStart = Int32(flat.entries.count)
            t.endCount = Int32(n.ends.count)
            flat.entries += n.ends.sorted(by: byRank)
            t.remainderCount = Int32(n.remainders.count)
            flat.entries += n.remainders.sorted(by: byRank)
            flat.nodes.append(t)
        }
        // Pass 3: subtree maximum priority, children before parents (reverse preorder).
        for i in stride(from: flat.nodes.count - 1, through: 0, by: -1) {
            var t = flat.nodes[i]
            var m = Int32.min
            for e in flat.entries[Int(t.endStart)..<Int(t.remainderStart + t.remainderCount)] { m = max(m, e.priority) }
            for e in flat.literals[Int(t.literalStart)..<Int(t.literalStart + t.literalCount)] {
                m = max(m, flat.nodes[Int(e.child)].maxPriority)
            }
            for e in flat.dynamics[Int(t.dynamicStart)..<Int(t.dynamicStart + t.dynamicCount)] {
                m = max(m, flat.nodes[Int(e.child)].maxPriority)
            }
            t.maxPriority = m
            flat.nodes[i] = t
        }
        return flat
    }

    /// Dynamic children in the order the walk must try them (SEMANTICS §3 and §8).
    private func sortedDynamics(_ n: BuildNode) -> [BuildNode.DynamicKey] {
        n.dynamics.keys.sorted { a, b in
            if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
            if a.labels != b.labels { return a.labels > b.labels }  // more labels wins
            if a.suffix != b.suffix { return a.suffix.lexicographicallyPrecedes(b.suffix) }
            return a.port.lexicographicallyPrecedes(b.port)
        }
    }
}
