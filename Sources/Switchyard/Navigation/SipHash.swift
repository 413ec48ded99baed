/// SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012): a keyed
/// 64-bit MAC over bytes, the integrity tag of resume tokens (ResumeToken.swift). Written
/// here because the standard library's `Hasher` is seeded per process and documented as
/// unstable across releases, and a tag must read the same after an app restart.

/// A 128-bit SipHash key, as two little-endian 64-bit words (`k0` holds key bytes 0...7).
public struct SipHashKey: Sendable, Hashable {
    /// Key bytes 0...7, little-endian.
    public var k0: UInt64
    /// Key bytes 8...15, little-endian.
    public var k1: UInt64

    /// A key from its two words.
    public init(k0: UInt64, k1: UInt64) {
        self.k0 = k0
        self.k1 = k1
    }

    /// The key from 16 bytes (key byte 0 first, as the SipHash paper writes keys); nil
    /// unless there are exactly 16.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        var words: [UInt64] = [0, 0]
        for (i, b) in bytes.enumerated() { words[i / 8] |= UInt64(b) << (UInt64(i % 8) * 8) }
        self.init(k0: words[0], k1: words[1])
    }

    /// A key from the system's random number generator.
    static func random() -> SipHashKey {
        var g = SystemRandomNumberGenerator()
        return SipHashKey(k0: g.next(), k1: g.next())
    }
}

/// SipHash-2-4 of `bytes` under `key`.
func sipHash24(_ key: SipHashKey, _ bytes: some Sequence<UInt8>) -> UInt64 {
    var v0: UInt64 = 0x736f6d6570736575 ^ key.k0
    var v1: UInt64 = 0x646f72616e646f6d ^ key.k1
    var v2: UInt64 = 0x6c7967656e657261 ^ key.k0
    var v3: UInt64 = 0x7465646279746573 ^ key.k1

    @inline(__always) func round() {
        v0 &+= v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32)
        v2 &+= v3; v3 = rotl(v3, 16); v3 ^= v2
        v0 &+= v3; v3 = rotl(v3, 21); v3 ^= v0
        v2 &+= v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32)
    }
    @inline(__always) func compress(_ m: UInt64) {
        v3 ^= m
        round(); round()
        v0 ^= m
    }

    var word: UInt64 = 0
    var count: UInt64 = 0
    for b in bytes {
        word |= UInt64(b) << ((count & 7) * 8)
        count &+= 1
        if count & 7 == 0 {
            compress(word)
            word = 0
        }
    }
    // The last block: the remaining bytes, the length's low byte in the top byte.
    compress(word | (count << 56))
    v2 ^= 0xff
    round(); round(); round(); round()
    return v0 ^ v1 ^ v2 ^ v3
}

@inline(__always) private func rotl(_ x: UInt64, _ b: UInt64) -> UInt64 {
    (x << b) | (x >> (64 - b))
}
