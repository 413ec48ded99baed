/// Literal segments and name lists shared among the routes compiled in one batch. Routes
/// repeat the same words (`/api/...`, `/users/...`) and parameter names, and each repeat held
/// as an array of its own costs a heap block for as long as its route lives. A literal is
/// looked up by its bytes before any array is made for it, so a repeat costs no allocation.
/// Keyed with a hash seeded per process (from `Hasher`'s seed), so patterns cannot be chosen
/// to make its lookups collide.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

final class LiteralPool {
    private struct State {
        /// Each distinct literal once, and its index. `literalBytes` holds their bytes again,
        /// one after another (`literalEnds`: where each ends), so that a lookup compares
        /// bytes without touching an array (each touch would retain and release it).
        var literals: [[UInt8]] = []
        var literalBytes = GrowBuffer<UInt8>(capacity: 1024)
        var literalEnds = GrowBuffer<Int>(capacity: 64)
        var literalIndex = HashSlots()
        /// Each distinct name list once, and its index.
        var nameLists: [[String]] = []
        var nameListIndex = HashSlots()
        /// Scratch memory for the pieces of the path being compiled (`SegmentCut`).
        var cuts = GrowBuffer<SegmentCut>(capacity: 64)
        /// The bytes of the pattern being compiled (`patternBytes`).
        var patternBytes: [UInt8] = []

        func free() {
            cuts.free()
            literalBytes.free()
            literalEnds.free()
            literalIndex.free()
            nameListIndex.free()
        }
    }

    /// Behind a pointer: a class's own stored arrays are checked for exclusive access at
    /// every read, which cost more than the lookups. A pool is used by one thread (one
    /// batch being compiled).
    private let state: UnsafeMutablePointer<State>
    private let hasher = SeededByteHash()

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.pointee.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Room for `capacity` pieces of a path being cut: the same memory for every pattern of
    /// the batch, valid until the next call.
    func cutScratch(_ capacity: Int) -> UnsafeMutablePointer<SegmentCut> {
        state.pointee.cuts.reserve(capacity)
        return state.pointee.cuts.base
    }

    /// `text`'s bytes, in an array the pool fills again for the next pattern: when the
    /// previous pattern's compiler has let it go, no array is made. Nothing kept after a
    /// compile may hold it (a holder would only make the next call copy it).
    func patternBytes(_ text: String) -> [UInt8] {
        state.pointee.patternBytes.removeAll(keepingCapacity: true)
        // From the string's own bytes when it has them in one piece (a native string does).
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { state.pointee.patternBytes.append(contentsOf: $0) }
        if copied == nil { state.pointee.patternBytes.append(contentsOf: text.utf8) }
        return state.pointee.patternBytes
    }

    /// An array equal to `bytes`: one given before, or a new one, kept for the next request.
    func shared(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        let (found, slot, hash) = find(base, bytes.count)
        if found >= 0 { return state.pointee.literals[found] }
        let made = Array(bytes)
        insert(made, base, bytes.count, slot: slot, hash: hash)
        return made
    }

    /// `bytes`, or an equal array given before.
    func shared(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, !b.isEmpty else { return [] }
            let (found, slot, hash) = find(base, b.count)
            if found >= 0 { return state.pointee.literals[found] }
            insert(bytes, base, b.count, slot: slot, hash: hash)
            return bytes
        }
    }

    /// `names`, or an equal list given before.
    func shared(_ names: [String]) -> [String] {
        if names.isEmpty { return names }
        var hash = UInt64(truncatingIfNeeded: names.count)
        for k in names.indices {
            var name = names[k]
            let h = name.withUTF8 { u in u.baseAddress.map { hasher.hash($0, u.count) } ?? 0 }
            hash = (hash ^ h) &* 0x9E37_79B9_7F4A_7C15
        }
        let state = self.state
        let (found, slot) = state.pointee.nameListIndex.find(hash) { state.pointee.nameLists[$0] == names }
        if found >= 0 { return state.pointee.nameLists[found] }
        state.pointee.nameListIndex.insert(state.pointee.nameLists.count, slot: slot, hash: hash)
        state.pointee.nameLists.append(names)
        return names
    }

    /// The index of the literal equal to `p[0..<n]` (n > 0), or -1 with the empty slot where
    /// it goes; and its hash.
    private func find(_ p: UnsafePointer<UInt8>, _ n: Int) -> (Int, Int, UInt64) {
        let hash = hasher.hash(p, n)
        let bytes = state.pointee.literalBytes
        let ends = state.pointee.literalEnds
        let (found, slot) = state.pointee.literalIndex.find(hash) { at in
            let start = at == 0 ? 0 : ends[at - 1]
            return ends[at] - start == n && memcmp(bytes.base + start, p, n) == 0
        }
        return (found, slot, hash)
    }

    private func insert(_ literal: [UInt8], _ p: UnsafePointer<UInt8>, _ n: Int, slot: Int, hash: UInt64) {
        state.pointee.literalIndex.insert(state.pointee.literals.count, slot: slot, hash: hash)
        state.pointee.literals.append(literal)
        state.pointee.literalBytes.append(contentsOf: p, count: n)
        state.pointee.literalEnds.append(state.pointee.literalBytes.count)
    }
}

/// An open-addressed index of the entries of an array (linear probing, at most half full),
/// by a hash of each: the hashes are kept, so that a probe compares an entry only when its
/// full hash matches, and so that growing does not hash the entries again. In raw memory,
/// freed by `free()`: lookups then retain nothing.
private struct HashSlots {
    /// Entry index per slot; -1 is empty. The slot count is a power of two.
    private var slots: UnsafeMutablePointer<Int>
    private var slotCount = 64
    private var hashes = GrowBuffer<UInt64>(capacity: 32)

    init() {
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: -1, count: slotCount)
    }

    func free() {
        slots.deallocate()
        hashes.free()
    }

    /// The entry with `hash` for which `matches` holds, or -1 with the empty slot where it goes.
    func find(_ hash: UInt64, _ matches: (Int) -> Bool) -> (Int, Int) {
        let mask = slotCount - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while true {
            let at = slots[s]
            if at < 0 { return (-1, s) }
            if hashes[at] == hash && matches(at) { return (at, s) }
            s = (s + 1) & mask
        }
    }

    /// Enters entry `index` (the next one) at the empty `slot` found for its `hash`.
    mutating func insert(_ index: Int, slot: Int, hash: UInt64) {
        slots[slot] = index
        hashes.append(hash)
        if hashes.count * 2 > slotCount {
            let count = slotCount * 2
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: count)
            grown.initialize(repeating: -1, count: count)
            let mask = count - 1
            for k in 0..<hashes.count {
                var s = Int(truncatingIfNeeded: hashes[k]) & mask
                while grown[s] >= 0 { s = (s + 1) & mask }
                grown[s] = k
            }
            slots.deallocate()
            slots = grown
            slotCount = count
        }
    }
}

/// A hash of short byte strings keyed per process: the multiply-and-fold mixing of
/// wyhash and foldhash, with keys drawn from `Hasher`'s per-process seed. Without the
/// keys, a pattern author could pick literals that all land in one slot; with them, which
/// literals collide cannot be known outside the process. About a fifth of `Hasher`'s cost
/// for a word of a few bytes.
struct SeededByteHash {
    private let k0: UInt64, k1: UInt64, k2: UInt64

    init() {
        k0 = SeededByteHash.key(0x243F_6A88_85A3_08D3)
        k1 = SeededByteHash.key(0x1319_8A2E_0370_7344)
        k2 = SeededByteHash.key(0xA409_3822_299F_31D0)
    }

    private static func key(_ salt: UInt64) -> UInt64 {
        var h = Hasher()
        h.combine(salt)
        return UInt64(bitPattern: Int64(h.finalize())) | 1
    }

    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let r = a.multipliedFullWidth(by: b)
        return r.high ^ r.low
    }

    @inline(__always)
    private static func load8(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    @inline(__always)
    private static func load4(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)))
    }

    /// The hash of `p[0..<n]`. Every byte counts, and the length too (`a` and `aa` differ).
    /// A `salt` (a word the caller keys the bytes with, such as what they belong to) is
    /// mixed with the keys first, so equal bytes under two salts hash apart.
    func hash(_ p: UnsafePointer<UInt8>, _ n: Int, salt: UInt64 = 0) -> UInt64 {
        var h = k0 ^ UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        if salt != 0 { h ^= Self.fold(salt ^ k2, k1) }
        let a: UInt64, b: UInt64
        if n > 16 {
            var i = 0
            while n - i > 16 {
                h = Self.fold(Self.load8(p + i) ^ k1, Self.load8(p + i + 8) ^ h)
                i += 16
            }
            a = Self.load8(p + n - 16)
            b = Self.load8(p + n - 8)
        } else if n >= 8 {
            a = Self.load8(p)
            b = Self.load8(p + n - 8)
        } else if n >= 4 {
            a = Self.load4(p)
            b = Self.load4(p + n - 4)
        } else if n > 0 {
            a = UInt64(p[0]) << 16 | UInt64(p[n >> 1]) << 8 | UInt64(p[n - 1])
            b = 0
        } else {
            a = 0
            b = 0
        }
        return Self.fold(Self.fold(a ^ k1, b ^ h) ^ k2, h ^ k1)
    }
}
