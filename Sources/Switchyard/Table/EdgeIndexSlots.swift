/// The slots of the build trie's edge index (`TreeBuilder.index`), in memory of their own.
///
/// The index doubles as the trie grows and is dropped before the table is laid out, so all
/// its storage is given back during a build. From malloc, a large table built on other
/// threads (TreeInsertInTwo.swift) would leave the index's last storage at the top of those
/// threads' heap arenas, which glibc's `malloc_trim` does not give back to the system: a few
/// megabytes that stay resident until those arenas happen to reuse them. Slots of `mapFrom`
/// bytes or more are mapped from the system instead (`TableMemory`), and unmapped when they
/// are let go.
final class EdgeIndexSlots {
    let base: UnsafeMutablePointer<UInt64>
    /// How many slots; a power of two.
    let count: Int
    private let memory: TableMemory

    static let mapFrom = 64 << 10

    /// `count` slots, each `value`.
    init(count: Int, value: UInt64) {
        self.count = count
        memory = TableMemory(byteCount: count &* MemoryLayout<UInt64>.stride, hugePages: false, mapFrom: Self.mapFrom)
        base = memory.base.bindMemory(to: UInt64.self, capacity: count)
        base.initialize(repeating: value, count: count)
    }

    deinit { memory.free() }
}
