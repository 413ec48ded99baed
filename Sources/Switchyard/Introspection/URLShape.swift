/// Sets of URLs written the way patterns write them, an index that finds the table entries
/// whose URLs overlap such a set, and concrete URLs built from the sets' members. The
/// reachability analysis and the redirect lints work on these, never on sampled URLs.

/// A set of URLs: an origin set, a set per path segment and, for a remainder form, an open
/// tail of at least `tailMin` more segments (each any non-empty segment).
struct URLShape {
    var origin: OriginSet
    var segments: [SegmentSet]
    var tailMin: Int?

    init(origin: OriginSet, segments: [SegmentSet], tailMin: Int?) {
        self.origin = origin
        self.segments = segments
        self.tailMin = tailMin
    }

    init(_ e: ModelEntry) {
        self.init(origin: e.origin, segments: e.segments, tailMin: e.tailMin)
    }

    func set(at i: Int) -> SegmentSet? {
        if i < segments.count { return segments[i] }
        return tailMin == nil ? nil : .any
    }

    func admits(length n: Int) -> Bool {
        if let m = tailMin { return n >= segments.count + m }
        return n == segments.count
    }

    /// Whether every URL of this set is matched by `e`.
    func isCovered(by e: ModelEntry, fold: Bool) -> Bool {
        guard origin.isSubset(of: e.origin) else { return false }
        if let m = tailMin {
            // Open-ended: `e` needs an open tail too, starting no later and asking no more.
            guard let em = e.tailMin, e.segments.count <= segments.count + m,
                  e.segments.count + em <= segments.count + m else { return false }
        } else if !e.admits(length: segments.count) {
            return false
        }
        for (i, s) in e.segments.enumerated() {
            guard let mine = set(at: i), mine.isSubset(of: s, fold: fold) else { return false }
        }
        return true
    }
}

/// A trie of the table's entries keyed like the router's own (origin, then one level per
/// segment), walked with a URL set instead of a URL.
final class ShapeNode {
    var literals: [[UInt8]: ShapeNode] = [:]
    /// Children for `<uuid:>`, `<int:>`, `<float:>`, `<re:...>`, `:name` and a middle `*`
    /// (the segment kinds' ranks 1 to 6, as `slot + 1`; constraints share one slot, read
    /// as any segment, so overlaps are over-counted, never missed).
    var kinds: [ShapeNode?] = [nil, nil, nil, nil, nil, nil]
    /// Entries whose pattern ends here, and entries whose remainder starts here.
    var ends: [Int] = []
    var tails: [Int] = []
    /// The highest and lowest priority of any entry at or below this node.
    var maxPriority = Int.min
    var minPriority = Int.max

    static let slotSets: [SegmentSet] = [.uuid, .int, .float, .any, .any, .any]
}

struct ShapeIndex {
    let model: TableModel
    private var roots: [OriginSet: ShapeNode] = [:]
    private var rootOrder: [OriginSet] = []
    /// Per entry, copied out of the model so walks read plain arrays.
    private var tailMins: [Int?] = []
    private var priorities: [Int] = []

    init(_ model: TableModel, entries ids: [Int]? = nil) {
        self.model = model
        tailMins = model.entries.map(\.tailMin)
        priorities = model.entries.map(\.priority)
        for id in ids ?? Array(model.entries.indices) { insert(model.entries[id]) }
    }

    private func key(_ l: [UInt8]) -> [UInt8] { model.fold ? l.map(asciiLower) : l }

    private mutating func insert(_ e: ModelEntry) {
        var node: ShapeNode
        if let n = roots[e.origin] { node = n } else {
            node = ShapeNode()
            roots[e.origin] = node
            rootOrder.append(e.origin)
        }
        func mark(_ n: ShapeNode) {
            n.maxPriority = max(n.maxPriority, e.priority)
            n.minPriority = min(n.minPriority, e.priority)
        }
        mark(node)
        for s in e.variant.segments {
            if s.kind == .literal {
                let k = key(s.literal)
                if let n = node.literals[k] { node = n } else {
                    let n = ShapeNode()
                    node.literals[k] = n
                    node = n
                }
            } else {
                // Segments of several pieces and catch-alls in the middle are left out of the
                // model (TableModel.swift); were one here, it would read as any one segment.
                let kind = s.kind == .inline || s.kind == .catchAll ? SegmentKind.param : s.kind
                let slot = Int(kind.rawValue) - 1
                if let n = node.kinds[slot] { node = n } else {
                    let n = ShapeNode()
                    node.kinds[slot] = n
                    node = n
                }
            }
            mark(node)
        }
        if e.tailMin != nil { node.tails.append(e.id) } else { node.ends.append(e.id) }
    }

    /// The entries that match at least one URL of `q`, in no particular order.
    func overlapping(_ q: URLShape) -> [Int] {
        var out: [Int] = []
        for o in rootOrder where o.intersects(q.origin) {
            if let root = roots[o] { walk(root, 0, q, &out, nil) }
        }
        return out
    }

    /// How a walk compares the path it took with one entry's tokens (Precedence.swift):
    /// still equal, or already decided for every entry below.
    enum Standing { case tie, better, worse }

    /// The entries that match at least one URL entry `v` matches and beat it there. The walk
    /// skips subtrees whose entries cannot beat `v`: below a part that is less specific
    /// than `v`'s, only a higher priority can, and nothing of a lower priority ever does.
    func beaters(of v: Int, tokens: [[PrecedenceToken]]) -> [Int] {
        let e = model.entries[v]
        let q = URLShape(e)
        var out: [Int] = []
        let specificity = model.options.precedence == .specificity
        for o in rootOrder where o.intersects(q.origin) {
            guard let root = roots[o] else { continue }
            var standing = Standing.tie
            if specificity {
                let t = originTokens(o)
                standing = compare(t.0, tokens[v][0])
                if standing == .tie { standing = compare(t.1, tokens[v][1]) }
            }
            let prune = Prune(entry: v, priority: e.priority, tokens: tokens[v], specificity: specificity)
            walk(root, 0, q, &out, prune, standing)
        }
        let t = tokens
        return out.filter { $0 != v && decide(model.entries[$0], t[$0], e, t[v], model.options.precedence).aFirst }
    }

    struct Prune {
        var entry: Int
        var priority: Int
        var tokens: [PrecedenceToken]
        var specificity: Bool
    }

    private func compare(_ a: PrecedenceToken, _ b: PrecedenceToken) -> Standing {
        if a == b { return .tie }
        let better = a.rank != b.rank ? a.rank < b.rank : a.sub < b.sub
        return better ? .better : .worse
    }

    private func originTokens(_ o: OriginSet) -> (PrecedenceToken, PrecedenceToken) {
        switch o {
        case .any, .bare: return (PrecedenceToken(rank: 1), PrecedenceToken(rank: 2))
        case .scheme: return (PrecedenceToken(rank: 0), PrecedenceToken(rank: 2))
        case .host: return (PrecedenceToken(rank: 0), PrecedenceToken(rank: 0))
        case .wildcard(_, _, let labels, _): return (PrecedenceToken(rank: 0), PrecedenceToken(rank: 1, sub: -labels))
        }
    }

    private func walk(_ node: ShapeNode, _ i: Int, _ q: URLShape, _ out: inout [Int], _ prune: Prune?,
                      _ standing: Standing = .tie) {
        if let p = prune {
            // Nothing below can beat the entry: lower priorities never do, and below a less
            // specific part only a higher priority does.
            if node.maxPriority < p.priority || (standing == .worse && node.maxPriority <= p.priority) { return }
        }
        for id in node.tails {
            let need = i + (tailMins[id] ?? 0)
            if q.tailMin != nil || q.segments.count >= need { out.append(id) }
        }
        if q.admits(length: i) { out += node.ends }
        guard let s = q.set(at: i) else { return }
        // The entry's token at this depth (its remainder's, past its segments).
        let mine = prune.map { i + 2 < $0.tokens.count ? $0.tokens[i + 2] : PrecedenceToken(rank: PrecedenceToken.remainderRank) }
        func next(_ rank: Int) -> Standing {
            guard let p = prune, p.specificity, standing == .tie, let m = mine else { return standing }
            return compare(PrecedenceToken(rank: rank), m)
        }
        if !node.literals.isEmpty {
            let st = next(0)
            if case .literal(let l) = s {
                if let child = node.literals[key(l)] { walk(child, i + 1, q, &out, prune, st) }
            } else {
                for (k, child) in node.literals where s.contains(k, fold: model.fold) { walk(child, i + 1, q, &out, prune, st) }
            }
        }
        for slot in 0..<node.kinds.count {
            if let child = node.kinds[slot], ShapeNode.slotSets[slot].intersects(s, fold: model.fold) {
                walk(child, i + 1, q, &out, prune, next(slot + 1))
            }
        }
    }
}

// MARK: concrete URLs

/// A URL chosen inside a set: its origin and decoded segments.
struct ConcreteURL: Hashable {
    var origin: Origin
    var segments: [[UInt8]]

    /// The URL as text that the router reads back as this origin and these segments.
    var text: String {
        let segs = segments.map(percentEncodedSegment)
        guard let s = origin.scheme.map({ String(decoding: $0, as: UTF8.self) }) else {
            return "/" + segs.joined(separator: "/")
        }
        if let h = origin.host {
            let port = origin.port.isEmpty ? "" : ":" + String(decoding: origin.port, as: UTF8.self)
            return s + "://" + String(decoding: h, as: UTF8.self) + port + "/" + segs.joined(separator: "/")
        }
        // A custom scheme: the authority is the first segment.
        return segs.isEmpty ? s + ":" : s + "://" + segs.joined(separator: "/")
    }
}

/// Texts that stand for the parts of a segment set that no literal names: other text, an
/// int, a float that is no int, a uuid. Several of each, so one can avoid the literals.
let otherSamples = ["x", "y", "z", "x1", "x2", "x3"].map { Array($0.utf8) }
let intSamples = ["42", "7", "1000", "43", "8", "1001"].map { Array($0.utf8) }
let floatSamples = ["1.5", "2.5", "0.25", "3.5", "4.5", "0.75"].map { Array($0.utf8) }
let uuidSamples = (1...6).map { Array("00000000-0000-4000-8000-00000000000\($0)".utf8) }

/// Representatives of every part of `v` that the sets in `others` tell apart: each literal
/// they name inside `v`, and one text for each of the four unnamed parts inside `v`. Two
/// texts of one part are in exactly the same sets, so trying these decides for all texts.
func segmentRepresentatives(_ v: SegmentSet, _ others: [SegmentSet], fold: Bool) -> [[UInt8]] {
    if case .literal(let l) = v { return [l] }
    var literals: [[UInt8]] = []
    var keys = Set<[UInt8]>()
    for case .literal(let l) in others where keys.insert(fold ? l.map(asciiLower) : l).inserted {
        literals.append(l)
    }
    func free(_ samples: [[UInt8]]) -> [UInt8]? {
        samples.first { s in !keys.contains(fold ? s.map(asciiLower) : s) }
    }
    var out: [[UInt8]] = []
    for samples in [otherSamples, intSamples, floatSamples, uuidSamples] {
        if let s = free(samples), v.contains(s, fold: fold) { out.append(s) }
    }
    for l in literals where v.contains(l, fold: fold) { out.append(l) }
    return out
}

/// Representatives of every part of origin set `v` that the sets in `others` tell apart.
func originRepresentatives(_ v: OriginSet, _ others: [OriginSet], isWeb: ([UInt8]) -> Bool) -> [Origin] {
    if case .host(let s, let h, let p) = v { return [Origin(scheme: s, host: h, port: p)] }
    var out: [Origin] = []
    func add(_ o: Origin) { if v.contains(o) && !out.contains(o) { out.append(o) } }
    add(Origin(scheme: nil, host: nil))
    let all = others + [v]
    var schemes: [[UInt8]] = []
    for o in all { if let s = o.scheme, !schemes.contains(s) { schemes.append(s) } }
    for s in schemes {
        guard isWeb(s) else { add(Origin(scheme: s, host: nil)); continue }
        var literalHosts: [[UInt8]] = []
        var ports: [[UInt8]] = [[]]
        for o in all {
            switch o {
            case .host(let s2, let h, let p) where s2 == s:
                literalHosts.append(h)
                if !ports.contains(p) { ports.append(p) }
            case .wildcard(let s2, _, _, let p) where s2 == s:
                if !ports.contains(p) { ports.append(p) }
            default: break
            }
        }
        func fresh(_ suffix: [UInt8]) -> [UInt8] {
            var n = 0
            while true {
                let h = Array("h\(n)".utf8) + suffix
                if !literalHosts.contains(h) { return h }
                n += 1
            }
        }
        for p in ports { add(Origin(scheme: s, host: fresh([]), port: p)) }
        for o in all {
            switch o {
            case .host(let s2, let h, let p) where s2 == s: add(Origin(scheme: s, host: h, port: p))
            case .wildcard(let s2, let suffix, _, let p) where s2 == s: add(Origin(scheme: s, host: fresh(suffix), port: p))
            default: break
            }
        }
    }
    return out
}
