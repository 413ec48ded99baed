/// A view of UTF-8 bytes owned by someone else: the caller's URL, a MatchBuffer's scratch buffer or
/// a Table. `base == nil` means "absent" (no fragment, no name...), which is distinct from
/// an empty but present value (`base != nil, count == 0`).
package struct ByteSpan: @unchecked Sendable {
    package var base: UnsafePointer<UInt8>?
    package var count: Int

    package init(base: UnsafePointer<UInt8>?, count: Int) {
        self.base = base
        self.count = count
    }

    package static let absent = ByteSpan(base: nil, count: 0)

    package var isAbsent: Bool { base == nil }

    /// The bytes as a String (valid UTF-8 by construction everywhere Switchyard makes spans).
    package var string: String? {
        guard let base else { return nil }
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
}

/// ASCII lowercase of one byte; other bytes unchanged. Switchyard folds ASCII only, so
/// case-insensitive comparison never changes the meaning of non-ASCII text.
@inline(__always)
func asciiLower(_ b: UInt8) -> UInt8 {
    (b &- 0x41) < 26 ? b | 0x20 : b
}

/// Whether `a[0..<n]` equals `b[0..<n]`: whole words, the last one overlapping the one
/// before it, so no byte loop runs from 4 bytes on.
@inline(__always)
func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
    if n >= 8 {
        var i = 0
        while i &+ 8 < n {
            if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i &+= 8
        }
        return x.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) == y.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
    }
    if n >= 4 {
        return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
            && x.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self) == y.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
    }
    var i = 0
    while i < n {
        if a[i] != b[i] { return false }
        i &+= 1
    }
    return true
}

/// `folded` is already lowercase; `b` is compared after ASCII folding. Whole words from 4
/// bytes on, the last one overlapping the one before it, as `bytesEqual` does.
@inline(__always)
func bytesEqualFolding(_ folded: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    let x = UnsafeRawPointer(folded), y = UnsafeRawPointer(b)
    if n >= 8 {
        var i = 0
        while i &+ 8 < n {
            if x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != asciiLowerWord(y.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return false }
            i &+= 8
        }
        return x.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            == asciiLowerWord(y.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
    }
    if n >= 4 {
        let lo = UInt64(x.loadUnaligned(as: UInt32.self)) | UInt64(x.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)) &<< 32
        let hi = UInt64(y.loadUnaligned(as: UInt32.self)) | UInt64(y.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)) &<< 32
        return lo == asciiLowerWord(hi)
    }
    var i = 0
    while i < n {
        if folded[i] != asciiLower(b[i]) { return false }
        i &+= 1
    }
    return true
}

/// The low `n` bytes of a word (all of it for n >= 8).
@inline(__always)
func lowBytes(_ w: UInt64, _ n: Int) -> UInt64 {
    n >= 8 ? w : w & ((1 &<< UInt64(n &* 8)) &- 1)
}

/// ASCII lowercase of every byte of a word at once; other bytes unchanged.
@inline(__always)
func asciiLowerWord(_ w: UInt64) -> UInt64 {
    let x = w & 0x7F7F_7F7F_7F7F_7F7F
    let atLeastA = x &+ 0x3F3F_3F3F_3F3F_3F3F      // high bit set where x >= 0x41
    let aboveZ = x &+ 0x2525_2525_2525_2525        // high bit set where x >= 0x5B
    let upper = atLeastA & ~aboveZ & ~w & 0x8080_8080_8080_8080
    return w | (upper >> 2)
}

/// The first (up to) 8 bytes of `p[0..<n]` as a little-endian word, zero above; folded to
/// ASCII lowercase when asked. Literal edges keep their key's word, so most comparisons
/// never touch the key bytes.
@inline(__always)
func prefixWord(_ p: UnsafePointer<UInt8>, _ n: Int, fold: Bool) -> UInt64 {
    let r = UnsafeRawPointer(p)
    var w: UInt64
    if n >= 8 {
        w = r.loadUnaligned(as: UInt64.self)
    } else if n >= 4 {
        // Two loads that overlap (the shared bytes are the same, so or-ing them is exact).
        w = UInt64(r.loadUnaligned(as: UInt32.self))
            | UInt64(r.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)) &<< UInt64((n &- 4) &* 8)
    } else if n > 0 {
        // Bytes 0, n/2 and n-1: all of 1 to 3 bytes, some twice.
        let m = n &>> 1
        w = UInt64(p[0]) | UInt64(p[m]) &<< UInt64(m &* 8) | UInt64(p[n &- 1]) &<< UInt64((n &- 1) &* 8)
    } else {
        w = 0
    }
    return fold ? asciiLowerWord(w) : w
}

func prefixWord(_ bytes: [UInt8], fold: Bool) -> UInt64 {
    bytes.withUnsafeBufferPointer { b in b.baseAddress.map { prefixWord($0, b.count, fold: fold) } ?? 0 }
}

/// The hash of the literal-child index of wide nodes, from a key's length and prefix word
/// (already folded where keys fold). Cheap on purpose: a probe compares the key anyway.
@inline(__always)
func literalHash(_ prefix: UInt64, _ n: Int) -> UInt32 {
    let x = (prefix ^ (UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    return UInt32(truncatingIfNeeded: x >> 32)
}

/// A growable buffer of trivial values with a stable owner (a MatchBuffer or a Table). It keeps
/// its capacity across `removeAll()`, so a MatchBuffer that is reused allocates nothing once warm.
/// Not copyable in spirit: only the owning class holds it and frees it in `deinit`.
struct GrowBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    func free() { base.deallocate() }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Holds exactly the `n` elements at `p` (nil when `n` is 0): one capacity check and
    /// one copy, for the resolve path.
    @inline(__always)
    mutating func replaceAll(with p: UnsafePointer<Element>?, count n: Int) {
        if _slowPath(n > capacity) { grow(to: max(n, capacity * 2)) }
        if let p, n > 0 { base.update(from: p, count: n) }
        count = n
    }

    @inline(__always)
    mutating func append(_ e: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: e)
        count += 1
    }

    mutating func reserve(_ n: Int) {
        if n > capacity { grow(to: max(n, capacity * 2)) }
    }

    @inline(__always)
    mutating func removeLast() { count -= 1 }

    @inline(__always)
    mutating func truncate(to n: Int) { count = n }

    @inline(__always)
    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    private mutating func grow(to newCapacity: Int) {
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }
}

extension GrowBuffer where Element == UInt8 {
    /// Inlined: a URL is copied with it on every resolve, a redirect's runs on every hop. A
    /// run of up to 64 bytes that fits is copied a word at a time (`copyShortBytes`): a call
    /// to memmove costs more than such a copy, and mispredicts on its size dispatch. `p` may
    /// point into this buffer's contents, never into the room after them.
    @inline(__always)
    mutating func append(contentsOf p: UnsafePointer<UInt8>, count n: Int) {
        if n <= 64 && n <= capacity &- count {
            copyShortBytes(base + count, p, n)
        } else {
            reserve(count + n)
            (base + count).update(from: p, count: n)
        }
        count += n
    }

    @inline(__always)
    mutating func append(_ s: String) {
        // In place when the string's bytes are in one piece (native and small strings);
        // `withUTF8` needs a mutable copy, which costs a retain and a release even then.
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { u in
            if let b = u.baseAddress { append(contentsOf: b, count: u.count) }
        }
        if done != nil { return }
        var s = s
        s.withUTF8 { u in
            if let b = u.baseAddress { append(contentsOf: b, count: u.count) }
        }
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}

/// Immutable bytes owned by a class instance (a compiled route, a table): spans into it stay
/// valid while the owner lives.
final class ByteStore: @unchecked Sendable {
    /// Filled once by the one thread that makes the store, then only read: the dynamic
    /// exclusivity check of each append costs more than the copy it guards.
    @exclusivity(unchecked) private var buffer: GrowBuffer<UInt8>

    init(capacity: Int = 64) { buffer = GrowBuffer(capacity: capacity) }
    deinit { buffer.free() }

    /// Appends and returns (offset, length). Offsets stay valid as the store grows; call
    /// `span(_:)` only after the store is complete (growing moves the bytes).
    func add(_ s: String) -> (Int, Int) {
        let start = buffer.count
        buffer.append(s)
        return (start, buffer.count - start)
    }

    func add(_ bytes: [UInt8]) -> (Int, Int) {
        let start = buffer.count
        bytes.withUnsafeBufferPointer { b in
            if let base = b.baseAddress { buffer.append(contentsOf: base, count: b.count) }
        }
        return (start, buffer.count - start)
    }

    @inline(__always)
    func span(_ r: (Int, Int)) -> ByteSpan { ByteSpan(base: UnsafePointer(buffer.base + r.0), count: r.1) }

    @inline(__always)
    var base: UnsafePointer<UInt8> { UnsafePointer(buffer.base) }

    var count: Int { buffer.count }
}
