import CSwitchyardAtomic

/// A 64-bit word read and written atomically (Sources/CSwitchyardAtomic: the compiler's
/// atomic builtins, which run on every OS release the package supports, where
/// Synchronization's `Atomic` needs macOS 15 / iOS 18). Its storage is allocated once and
/// never moves, so its address can be handed to the builtins.
final class AtomicWord: @unchecked Sendable {
    private let word: UnsafeMutablePointer<UInt64>

    init(_ value: UInt64) {
        word = .allocate(capacity: 1)
        word.initialize(to: value)
    }

    deinit { word.deallocate() }

    /// The value, with acquire ordering: what was written before the store that set it is visible.
    @inline(__always) func loadAcquiring() -> UInt64 { sy_atomic_load_acquire(word) }

    /// Sets the value, with release ordering.
    @inline(__always) func storeReleasing(_ value: UInt64) { sy_atomic_store_release(word, value) }

    /// Adds 1 (wrapping) and returns the value before, with no ordering beyond atomicity.
    @inline(__always) func incrementRelaxed() -> UInt64 { sy_atomic_increment_relaxed(word) }
}
