// A large table's build trie made on two threads (RouterOptions.parallelBuild).
//
// The variants are cut in two by where they leave the trie's common top: a path-only
// variant whose first segment is a literal goes to one side or the other by a hash of that
// literal, every other variant (a scheme, a host, a first segment that is a parameter, none
// at all) to the first side. Each side is built into a trie of its own, both starting with
// the same two edges (any scheme, then any host). Below the any-host node the two tries
// then hold literal edges of different keys and nothing else in common, so the second
// trie's edges and nodes are appended to the first's, renumbered, and the any-host node's
// counts added up. The layout (`TreeBuilder.flatten`) reads each node's edges by number and
// sorts what must be sorted, so the result resolves exactly as a trie built on one thread.

extension TreeBuilder {
    /// The edge into `anyHostNode` and the one above it, made first on both sides.
    static let sharedEdges: Int32 = 2
    /// The node of a path-only variant's first segment's edges (root, any scheme, any host).
    static let anyHostNode: Int32 = 2

    /// Makes the two edges a path-only variant starts with (any scheme, then any host):
    /// the first the trie has, so that they are edges 0 and 1 and lead to nodes 1 and 2.
    mutating func startWithPathOnlyTop() {
        let scheme = child(of: 0, kind: EdgeKind.anyScheme.rawValue, key: [], port: [])
        _ = child(of: scheme, kind: EdgeKind.anyHost.rawValue, key: [], port: [])
    }

    /// Whether variant `v` goes to the second trie: a path-only variant whose first segment
    /// is a literal whose hash is odd.
    static func goesSecond(_ v: UnsafePointer<PatternVariant>) -> Bool {
        guard v.pointee.scheme == nil, case .any = v.pointee.host else { return false }
        return v.pointee.segments.withUnsafeBufferPointer { segments in
            guard let first = segments.baseAddress, !segments.isEmpty, first.pointee.kind == .literal else { return false }
            // FNV-1a: any split is correct; this one is even for the keys of real tables.
            return first.pointee.literal.withUnsafeBufferPointer { key in
                var h: UInt32 = 0x811C_9DC5
                for b in key { h = (h ^ UInt32(b)) &* 0x0100_0193 }
                return h & 1 == 1
            }
        }
    }

    /// Appends `other`, the second trie of a split (both started with
    /// `startWithPathOnlyTop`, and `other` holding only variants `goesSecond` took), to
    /// this one. `self` must have room for both (`reserve` with the bounds of the whole
    /// table), and takes no more inserts after this: the edge lists' links and the edge
    /// index are left as they were, which only inserts read.
    mutating func append(_ other: consuming TreeBuilder) {
        let shared = Int(Self.sharedEdges)
        let host = Int(Self.anyHostNode)
        // Node n of `other` (past the shared ones) is node n + shift here, and its edge
        // n - 1 is edge n - 1 + shift; key bytes move by keyShift.
        let shift = Int32(edges.count - shared)
        let keyShift = Int32(keys.count)
        nodes[host].literalCount += other.nodes[host].literalCount
        nodes.append(contentsOf: other.nodes[(host + 1)...])
        other.edges.withUnsafeBufferPointer { added in
            for edge in added[shared...] {
                var e = edge
                if e.parent > Self.anyHostNode { e.parent += shift }
                e.keyStart += keyShift
                e.next = -1
                edges.append(e)
            }
        }
        keys.append(contentsOf: other.keys)
        entries.append(contentsOf: other.entries)
        // `goesSecond` never sends a variant that ends at the shared nodes.
        for node in other.entryNode { entryNode.append(node >= 0 ? node + shift : ~(~node + shift)) }
        // Constraints are found by their key: add the keys this trie lacks.
        for (key, index) in other.constraintIndex.sorted(by: { $0.value < $1.value })
        where constraintIndex[key] == nil {
            constraintIndex[key] = Int32(constraints.count)
            constraints.append(other.constraints[Int(index)])
        }
    }
}
