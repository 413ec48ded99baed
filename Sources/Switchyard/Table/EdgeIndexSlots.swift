#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The slots of the build trie's edge index (`TreeBuilder.index`), in memory of their own.
///
/// The index doubles as the trie grows and is dropped before the table is laid out, so all
/// its storage is given back during a build. From malloc, a large table built on other
/// threads (TreeInsertInTwo.swift) would leave the index's last storage at the top of those
/// threads' heap arenas, which glibc's `malloc_trim` does not give back to the system: a few
/// megabytes that stay resident until those arenas happen to reuse them. Slots of `mapFrom`
/// bytes or more are mapped from the system instead, and unmapped when they are let go.
final class EdgeIndexSlots {
    let base: UnsafeMutablePointer<UInt64>
    /// How many slots; a power of two.
    let count: Int
    /// Bytes mapped (to unmap), or 0 when `base` was allocated.
    private let mappedBytes: Int

    static let mapFrom = 64 << 10

    /// `count` slots, each `value`.
    init(count: Int, value: UInt64) {
        self.count = count
        let bytes = count &* MemoryLayout<UInt64>.stride
        var mapped: UnsafeMutableRawPointer? = nil
        #if os(Linux)
        if bytes >= Self.mapFrom, let raw = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
           raw != UnsafeMutableRawPointer(bitPattern: -1) {
            mapped = raw
        }
        #endif
        if let mapped {
            base = mapped.bindMemory(to: UInt64.self, capacity: count)
            mappedBytes = bytes
        } else {
            base = .allocate(capacity: max(count, 1))
            mappedBytes = 0
        }
        base.initialize(repeating: value, count: count)
    }

    deinit {
        #if os(Linux)
        if mappedBytes > 0 {
            munmap(UnsafeMutableRawPointer(base), mappedBytes)
            return
        }
        #endif
        base.deallocate()
    }
}
