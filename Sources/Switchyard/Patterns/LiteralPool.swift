/// Literal segments and name lists shared among the routes compiled in one batch. Routes
/// repeat the same words (`/api/...`, `/users/...`) and parameter names, and each repeat held
/// as an array of its own costs a heap block for as long as its route lives. A literal is
/// looked up by its bytes before any array is made for it, so a repeat costs no allocation.
/// Keyed with `Hasher` (seeded per process), so patterns cannot be chosen to make its
/// lookups collide.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

final class LiteralPool {
    private struct State {
        /// Each distinct literal once, with its hash.
        var literals: [[UInt8]] = []
        var hashes: [Int] = []
        /// Open-addressed index of `literals` (linear probing, at most half full); -1 is empty.
        var slots = [Int](repeating: -1, count: 256)
        var nameLists: Set<[String]> = []
    }

    /// Behind a pointer: a class's own stored arrays are checked for exclusive access at
    /// every read, which cost more than the lookups. A pool is used by one thread (one
    /// batch being compiled).
    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// An array equal to `bytes`: one given before, or a new one, kept for the next request.
    func shared(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        let (found, slot, hash) = find(base, bytes.count)
        if let found { return found }
        let made = Array(bytes)
        insert(made, slot: slot, hash: hash)
        return made
    }

    /// `bytes`, or an equal array given before.
    func shared(_ bytes: [UInt8]) -> [UInt8] {
        let (found, slot, hash) = bytes.withUnsafeBufferPointer { b -> ([UInt8]?, Int, Int) in
            guard let base = b.baseAddress, !b.isEmpty else { return ([], -1, 0) }
            return find(base, b.count)
        }
        if let found { return found }
        insert(bytes, slot: slot, hash: hash)
        return bytes
    }

    /// `names`, or an equal list given before.
    func shared(_ names: [String]) -> [String] {
        if names.isEmpty { return names }
        return state.pointee.nameLists.insert(names).memberAfterInsert
    }

    /// The literal equal to `p[0..<n]` (n > 0), or nil with the empty slot where it goes.
    private func find(_ p: UnsafePointer<UInt8>, _ n: Int) -> ([UInt8]?, Int, Int) {
        var h = Hasher()
        h.combine(bytes: UnsafeRawBufferPointer(start: p, count: n))
        let hash = h.finalize()
        let mask = state.pointee.slots.count - 1
        var s = hash & mask
        while state.pointee.slots[s] >= 0 {
            let at = state.pointee.slots[s]
            if state.pointee.hashes[at] == hash && state.pointee.literals[at].count == n
                && state.pointee.literals[at].withUnsafeBufferPointer({ memcmp($0.baseAddress ?? p, p, n) == 0 }) {
                return (state.pointee.literals[at], s, hash)
            }
            s = (s + 1) & mask
        }
        return (nil, s, hash)
    }

    private func insert(_ literal: [UInt8], slot: Int, hash: Int) {
        if slot < 0 { return }  // the empty literal is not pooled
        state.pointee.slots[slot] = state.pointee.literals.count
        state.pointee.literals.append(literal)
        state.pointee.hashes.append(hash)
        if state.pointee.literals.count * 2 > state.pointee.slots.count {
            var slots = [Int](repeating: -1, count: state.pointee.slots.count * 2)
            let mask = slots.count - 1
            for (k, h) in state.pointee.hashes.enumerated() {
                var s = h & mask
                while slots[s] >= 0 { s = (s + 1) & mask }
                slots[s] = k
            }
            state.pointee.slots = slots
        }
    }
}
