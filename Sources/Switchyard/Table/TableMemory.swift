#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory of one route Table: every array its walk reads, in one region (and the
/// static-path map in another).
///
/// Why one region, and why huge pages for a large one: a resolve on a large table reads a
/// few bytes at each of about ten places spread over tens of megabytes. With 4 KiB pages
/// nearly every one of those reads can also miss the TLB, and in a virtual machine a TLB
/// miss costs a two-level page walk; how much depends on the host (docs/PERFORMANCE.md,
/// "Memory, layout and the VM"), and huge pages take that cost away. So a region of at least
/// `hugePageMinimum` bytes is mapped on a 2 MiB boundary and its whole 2 MiB pages are
/// marked MADV_HUGEPAGE (Linux). The part past the last whole huge page stays on 4 KiB
/// pages: a huge page there would be resident in full for the few bytes the table puts in
/// it (up to 2 MiB a region, a fifth of a 10,000-route table's memory), and a resolve
/// reads that part no more often than any other. The hint is not a request: the kernel may
/// give 4 KiB pages (THP set to "never", no free huge page), and the table works the same.
/// Smaller regions fit the TLB's reach anyway and take ordinary memory.
///
/// A build's scratch that must not stay in a heap arena once freed (`EdgeIndexSlots`) asks
/// for ordinary pages mapped from the system instead, from `mapFrom` bytes.
struct TableMemory {
    let base: UnsafeMutableRawPointer
    /// The bytes asked for (the region may be larger: whole huge pages).
    let byteCount: Int
    /// Bytes mapped with mmap (to unmap in `free`), or 0 when `base` was allocated.
    private let mappedBytes: Int

    static let hugePageSize = 2 << 20
    static let hugePageMinimum = 2 << 20

    /// At least `byteCount` bytes, 64-byte aligned (a cache line), uninitialised; mapped,
    /// with its whole huge pages marked as such, when `hugePages` and it holds at least one;
    /// otherwise mapped on ordinary pages when it has at least `mapFrom` bytes (Linux).
    init(byteCount: Int, hugePages: Bool = true, mapFrom: Int = .max) {
        self.byteCount = byteCount
        #if os(Linux)
        if hugePages, byteCount >= TableMemory.hugePageMinimum, let region = TableMemory.mapHugePages(byteCount) {
            base = region.base
            mappedBytes = region.count
            return
        }
        if byteCount >= mapFrom, let region = TableMemory.mapPages(byteCount) {
            base = region.base
            mappedBytes = region.count
            return
        }
        #endif
        base = .allocate(byteCount: max(byteCount, 1), alignment: 64)
        mappedBytes = 0
    }

    /// Whether the memory was mapped (on huge pages where the kernel gives them).
    var isMapped: Bool { mappedBytes > 0 }

    func free() {
        #if os(Linux)
        if mappedBytes > 0 {
            munmap(base, mappedBytes)
            return
        }
        #endif
        base.deallocate()
    }

    #if os(Linux)
    /// Maps `byteCount` bytes rounded up to whole 4 KiB pages, starting on a huge-page
    /// boundary (mmap gives only 4 KiB alignment: map one huge page more, then unmap the
    /// unaligned head and the tail), and advises huge pages for the whole huge pages in it.
    /// nil when mmap fails; the caller then allocates ordinary memory.
    private static func mapHugePages(_ byteCount: Int) -> (base: UnsafeMutableRawPointer, count: Int)? {
        let page = hugePageSize
        guard let size = wholeSmallPages(byteCount) else { return nil }
        let (span, overflow2) = size.addingReportingOverflow(page)
        if overflow2 { return nil }
        guard let raw = mmap(nil, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        let start = UInt(bitPattern: raw)
        let aligned = (start + UInt(page - 1)) & ~UInt(page - 1)
        let head = Int(aligned - start)
        if head > 0 { munmap(raw, head) }
        let tail = span - head - size
        if tail > 0 { munmap(raw + head + size, tail) }
        let base = raw + head
        _ = madvise(base, size & ~(page - 1), Int32(MADV_HUGEPAGE))  // a hint: failure only means 4 KiB pages
        return (base, size)
    }

    /// Maps `byteCount` bytes rounded up to whole 4 KiB pages; nil when mmap fails.
    private static func mapPages(_ byteCount: Int) -> (base: UnsafeMutableRawPointer, count: Int)? {
        guard let size = wholeSmallPages(byteCount),
              let raw = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        return (raw, size)
    }

    /// `byteCount` rounded up to whole small pages; nil on overflow.
    private static func wholeSmallPages(_ byteCount: Int) -> Int? {
        let small = smallPageSize
        let (rounded, overflow) = byteCount.addingReportingOverflow(small - 1)
        return overflow ? nil : rounded & ~(small - 1)
    }

    /// The system's page size (4 KiB on x86-64; 16 or 64 KiB on some arm64 kernels).
    private static let smallPageSize: Int = {
        let size = sysconf(Int32(_SC_PAGESIZE))
        return size > 0 && size & (size - 1) == 0 && size <= hugePageSize ? size : 1 << 12
    }()
    #endif
}

/// Places arrays in one TableMemory: first every array is reserved (an offset each, so the
/// total size is known), then the memory is made and each array filled at its offset.
struct TableLayout {
    private(set) var byteCount = 0

    /// The offset of room for `count` values of `T` (at least one, so every pointer into
    /// the region is valid), each array starting on a cache line.
    mutating func reserve<T: BitwiseCopyable>(_: T.Type, count: Int) -> Int {
        let align = max(MemoryLayout<T>.alignment, 64)
        byteCount = (byteCount + align - 1) / align * align
        let offset = byteCount
        byteCount += MemoryLayout<T>.stride * max(count, 1)
        return offset
    }
}

extension TableMemory {
    /// Room for `count` values of `T` reserved at `offset`, bound but not initialised.
    func room<T: BitwiseCopyable>(_: T.Type, count: Int, at offset: Int) -> UnsafeMutablePointer<T> {
        (base + offset).bindMemory(to: T.self, capacity: max(count, 1))
    }
}

#if canImport(Glibc)
/// glibc's `malloc_trim`, which its Swift module does not declare: looked up once.
private let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
}()
#endif

/// Gives the whole pages of memory freed inside the heap back to the system, which glibc
/// otherwise keeps (it returns only the heap's top): called once a large table's build trie
/// is let go, so that its pages are not still counted while the rest of the table is made.
/// Elsewhere nothing to do.
func returnFreedMemory() {
    #if canImport(Glibc)
    _ = mallocTrim?(0)
    #endif
}
