/// The static-path map: a shortcut past the walk for paths made only of literal segments.
///
/// For a path-only table in specificity order without case folding, every way down the
/// tree along literal edges that ends at a node whose best route has the table's top
/// priority is entered here, keyed by its segments joined by '/'. A clean URL (one the
/// walk reads straight from its bytes) whose path equals such a key has exactly that route
/// as its answer: the walk tries literal children first, so it reaches that node first,
/// takes its best route, and stops there (in specificity order nothing beats a route of
/// the top priority met first). So a hit skips the walk, and a miss costs one hash of the
/// path and one probe. The map is built from the flattened tree itself, so it cannot
/// disagree with the walk; the property tests check both against the brute-force oracle.

/// One slot of the open-addressed map; `keyCount` -1 marks an empty slot.
struct StaticSlot: BitwiseCopyable {
    var hash: UInt64
    var keyStart: Int32
    var keyCount: Int32
    /// Index into the table's entries.
    var entry: Int32

    static let empty = StaticSlot(hash: 0, keyStart: 0, keyCount: -1, entry: -1)
}

/// The map as plain pointers (the Table owns the memory). `mask` -1: no map.
struct StaticPaths: @unchecked Sendable {
    var slots: UnsafeMutablePointer<StaticSlot>
    var keys: UnsafePointer<UInt8>
    var mask: Int
    /// Bit k set when some key is k bytes long (bit 63: 63 or more): most paths that are
    /// not keys are turned away by their length, before any hashing.
    var lengths: UInt64

    /// The entry index for the path `p[first..<end]` (a single trailing slash ignored, as
    /// the walk ignores it), or -1.
    @inline(__always)
    func find(_ p: UnsafePointer<UInt8>, _ first: Int, _ end: Int) -> Int32 {
        if mask < 0 { return -1 }
        var e = end
        if e > first && p[e &- 1] == 0x2F { e &-= 1 }
        let n = e &- first
        if lengths & (1 &<< UInt64(min(n, 63))) == 0 { return -1 }
        let h = pathHash(p, first, e)
        var s = Int(truncatingIfNeeded: h >> 32) & mask
        while true {
            let slot = slots[s]
            if slot.keyCount < 0 { return -1 }
            if slot.hash == h && Int(slot.keyCount) == n && bytesEqual(keys + Int(slot.keyStart), p + first, n) {
                return slot.entry
            }
            s = (s &+ 1) & mask
        }
    }
}

/// A hash of `p[start..<end]`, eight bytes at a time. `p` must be the start of its buffer
/// (the last partial word is read as one load ending at `end`, see `loadTail`).
@inline(__always)
func pathHash(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
    var h = UInt64(truncatingIfNeeded: end &- start) &* 0x9E37_79B9_7F4A_7C15
    var i = start
    while i &+ 8 <= end {
        h = (h ^ load8(p, i)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        i &+= 8
    }
    if i < end {
        let w = loadTail(p, i, end) & (~UInt64(0) &>> UInt64((8 &- (end &- i)) &* 8))  // 1...7 bytes left
        h = (h ^ w) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
    }
    return h
}

extension StaticPaths {
    /// The longest run of occupied slots (0 without a map).
    var longestRun: Int {
        if mask < 0 { return 0 }
        return Switchyard.longestRun((0...mask).map { slots[$0].keyCount >= 0 ? 1 : -1 })
    }

    /// No map (`find` answers -1 at once), in room for one slot and one key byte.
    static func none(slots: UnsafeMutablePointer<StaticSlot>, keys: UnsafeMutablePointer<UInt8>) -> StaticPaths {
        slots.initialize(to: .empty)
        keys.initialize(to: 0)
        return StaticPaths(slots: slots, keys: UnsafePointer(keys), mask: -1, lengths: 0)
    }
}

/// The map's contents for a flattened table, before it has memory: the Table reserves
/// `slotCount` slots and `keyBytes.count` bytes in its own region (TableMemory.swift), then
/// calls `write`.
struct StaticPathsPlan {
    private let keyBytes: [UInt8]
    private let found: [(start: Int, count: Int, entry: Int32)]
    /// Per key: its hash and its slot.
    private let hashes: [UInt64]
    private let places: [Int]
    let slotCount: Int
    var keyCount: Int { keyBytes.count }

    /// Every literal-only way down from `pathRoot` that ends at a best route of the top
    /// priority. Keys never hold '/', "", "." or "..", so a key matches exactly the
    /// clean paths whose segments are that key's segments. nil when there is no map to
    /// make: no such path, keys too long for 32-bit offsets, or probe runs past
    /// `maxProbeRun`. Every child must come after its parent in `nodes` (as a Table lays
    /// them out).
    init?(nodes: UnsafeBufferPointer<TreeNode>, literals: UnsafeBufferPointer<LiteralEdge>,
          entries: UnsafeBufferPointer<TableEntry>, keys store: UnsafePointer<UInt8>, pathRoot: Int32) {
        guard pathRoot >= 0, Int(pathRoot) < nodes.count, let top = nodes.first?.maxPriority else { return nil }
        // One pass in node order, parents first: each node reached from `pathRoot` along
        // literal edges notes the edge into it and its parent (-1: the root; -2: not
        // reached), so no step of it chases the tree from node to node.
        var edgeInto = [Int32](repeating: -2, count: nodes.count)
        var parent = [Int32](repeating: -1, count: nodes.count)
        edgeInto[Int(pathRoot)] = -1
        var ends: [Int32] = []
        for i in Int(pathRoot)..<nodes.count where edgeInto[i] != -2 {
            let node = nodes[i]
            if node.endCount > 0, entries[Int(node.endStart)].priority >= top,
               !entries[Int(node.endStart)].hasQueryContract {
                ends.append(Int32(i))
            }
            for k in Int(node.literalStart)..<Int(node.literalStart + node.literalCount) {
                let edge = literals[k]
                let segment = UnsafeBufferPointer(start: store + Int(edge.keyStart), count: Int(edge.keyCount))
                if segment.isEmpty || segment.contains(0x2F) || segment.elementsEqual([0x2E])
                    || segment.elementsEqual([0x2E, 0x2E]) { continue }
                edgeInto[Int(edge.child)] = Int32(k)
                parent[Int(edge.child)] = Int32(i)
            }
        }
        // Each key written from its last segment back to its first.
        var keyBytes: [UInt8] = []
        var found: [(start: Int, count: Int, entry: Int32)] = []
        found.reserveCapacity(ends.count)
        for end in ends {
            var count = 0, n = Int(end)
            while edgeInto[n] >= 0 {
                count += Int(literals[Int(edgeInto[n])].keyCount) + (count > 0 ? 1 : 0)
                n = Int(parent[n])
            }
            let start = keyBytes.count
            keyBytes.append(contentsOf: repeatElement(0x2F, count: count))
            keyBytes.withUnsafeMutableBufferPointer { k in
                guard let base = k.baseAddress else { return }  // no segments: the root's own key, ""
                var at = start + count
                n = Int(end)
                while edgeInto[n] >= 0 {
                    let edge = literals[Int(edgeInto[n])]
                    at -= Int(edge.keyCount)
                    (base + at).update(from: store + Int(edge.keyStart), count: Int(edge.keyCount))
                    at -= 1  // the '/' before it, already there (or before the key: not written)
                    n = Int(parent[n])
                }
            }
            found.append((start, count, nodes[Int(end)].endStart))
        }
        // Offsets are 32-bit, like the tree's own key offsets: a table whose keys would not
        // fit gets no map (the walk answers as before).
        if found.isEmpty || keyBytes.count > Int(Int32.max) { return nil }
        // At most a quarter full: a miss, the common outcome, usually ends at its first slot.
        var size = 4
        while size < found.count * 4 { size <<= 1 }
        // Where each key goes, worked out now: keys whose hashes collide (crafted or not)
        // would make probe runs that every miss scans; then there is no map, and the walk
        // answers those paths as it always can.
        var occupied = [Int32](repeating: -1, count: size)
        var hashes: [UInt64] = []
        var places: [Int] = []
        hashes.reserveCapacity(found.count)
        places.reserveCapacity(found.count)
        let mask = size - 1
        let complete = keyBytes.withUnsafeBufferPointer { k -> Bool in
            let base = k.baseAddress ?? emptyBytes
            for (i, key) in found.enumerated() {
                let h = pathHash(base, key.start, key.start + key.count)
                var s = Int(truncatingIfNeeded: h >> 32) & mask
                var run = 0
                while occupied[s] >= 0 {
                    s = (s + 1) & mask
                    run += 1
                    if run > maxProbeRun { return false }
                }
                occupied[s] = Int32(i)
                hashes.append(h)
                places.append(s)
            }
            return true
        }
        if !complete || longestRun(occupied) > maxProbeRun { return nil }
        self.keyBytes = keyBytes
        self.found = found
        self.hashes = hashes
        self.places = places
        slotCount = size
    }

    /// Fills `slots` (`slotCount` of them) and `keys` (`keyCount` bytes) and returns the map.
    func write(slots: UnsafeMutablePointer<StaticSlot>, keys: UnsafeMutablePointer<UInt8>) -> StaticPaths {
        slots.initialize(repeating: .empty, count: slotCount)
        keys.initialize(from: keyBytes, count: keyBytes.count)
        var lengths: UInt64 = 0
        for (i, (start, count, entry)) in found.enumerated() {
            lengths |= 1 << UInt64(min(count, 63))
            slots[places[i]] = StaticSlot(hash: hashes[i], keyStart: Int32(start), keyCount: Int32(count), entry: entry)
        }
        return StaticPaths(slots: slots, keys: UnsafePointer(keys), mask: slotCount - 1, lengths: lengths)
    }
}
