// SipHash-2-4 against the reference vectors of the SipHash paper's implementation
// (vectors_sip64: key 00 01 ... 0f, message 00 01 ... n-1), and base64url round trips.
import Testing
@testable import Switchyard

@Suite("SipHash-2-4 and base64url")
struct SipHashTests {
    static let expected: [UInt64] = [
        0x726fdb47dd0e0e31, 0x74f839c593dc67fd, 0x0d6c8009d9a94f5a, 0x85676696d7fb7e2d,
        0xcf2794e0277187b7, 0x18765564cd99a68d, 0xcbc9466e58fee3ce, 0xab0200f58b01d137,
        0x93f5f5799a932462, 0x9e0082df0ba9e4b0, 0x7a5dbbc594ddb9f3, 0xf4b32f46226bada7,
        0x751e8fbc860ee5fb, 0x14ea5627c0843d90, 0xf723ca908e7af2ee, 0xa129ca6149be45e5,
        0x3f2acc7f57c29bdb, 0x699ae9f52cbe4794, 0x4bc1b3f0968dd39c, 0xbb6dc91da77961bd,
        0xbed65cf21aa2ee98, 0xd0f2cbb02e3b67c7, 0x93536795e3a33e88, 0xa80c038ccd5ccec8,
        0xb8ad50c6f649af94, 0xbce192de8a85b8ea, 0x17d835b85bbb15f3, 0x2f2e6163076bcfad,
        0xde4daaaca71dc9a5, 0xa6a2506687956571, 0xad87a3535c49ef28, 0x32d892fad841c342,
        0x7127512f72f27cce,
    ]

    @Test("the reference vectors, messages of 0 to 32 bytes (every tail length, several blocks)")
    func referenceVectors() throws {
        let key = try #require(SipHashKey(bytes: (0..<16).map { UInt8($0) }))
        #expect(key == SipHashKey(k0: 0x0706050403020100, k1: 0x0F0E0D0C0B0A0908))
        for (n, want) in Self.expected.enumerated() {
            #expect(sipHash24(key, (0..<n).map { UInt8($0) }) == want, "message of \(n) bytes")
        }
    }

    @Test("a key is exactly 16 bytes")
    func keyLength() {
        #expect(SipHashKey(bytes: [UInt8](repeating: 1, count: 15)) == nil)
        #expect(SipHashKey(bytes: [UInt8](repeating: 1, count: 17)) == nil)
    }

    @Test("base64url: round trips, and a text has one decoding or none")
    func base64() {
        var rng = SplitMix64(state: 11)
        for n in 0..<40 {
            let bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text.utf8).bytes == bytes)
        }
        #expect(Base64URL.decode("AAA=".utf8).bytes == nil)   // padding
        #expect(Base64URL.decode("A".utf8).bytes == nil)      // one leftover character
        #expect(Base64URL.decode("AB".utf8).bytes == nil)     // unused bits not zero
        #expect(Base64URL.decode("AA".utf8).bytes == [0])
        #expect(Base64URL.decode("a+b".utf8).badAt == 1)
    }
}
