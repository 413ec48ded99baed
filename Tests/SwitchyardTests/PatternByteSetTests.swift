// The byte set the pattern compiler skips its scans with (PatternByteSet.swift), and the
// pooled array it reads each pattern's bytes from (LiteralPool.patternBytes).
import Testing
@testable import Switchyard

@Suite("Pattern byte set")
struct PatternByteSetTests {
    /// Texts and what the set must say of them: the bytes it holds are exactly theirs.
    static let cases: [(text: [UInt8], control: Bool, nonASCII: Bool)] = [
        ([], false, false),
        (Array("/users/:id".utf8), false, false),
        (Array("/a(/b)?#<re:x:[0-9]+>\\".utf8), false, false),
        ([0x00], true, false),
        ([0x1F, 0x20], true, false),
        ([0x7F], true, false),
        ([0x3F, 0x40], false, false),
        ([0x80], false, true),
        ([0xC0, 0xFF, 0x61], false, true),
        (Array("/caf\u{E9}/\u{1F600}".utf8), false, true),
    ]

    @Test("holds exactly the ASCII bytes of its text, and says whether others occur")
    func table() {
        for c in Self.cases {
            let set = PatternByteSet(c.text)
            for b in 0...255 {
                let byte = UInt8(b)
                #expect(set.contains(byte) == (byte < 0x80 && c.text.contains(byte)), "\(c.text) byte \(b)")
            }
            #expect(set.hasControl == c.control, "\(c.text)")
            #expect(set.hasNonASCII == c.nonASCII, "\(c.text)")
        }
    }

    @Test("every byte value alone, at every place in a text")
    func everyByteAlone() {
        for b in 0...255 {
            for at in 0..<3 {
                var text = [UInt8](repeating: 0x61, count: 3)
                text[at] = UInt8(b)
                let set = PatternByteSet(text)
                #expect(set.contains(UInt8(b)) == (b < 0x80), "byte \(b) at \(at)")
                #expect(set.hasNonASCII == (b >= 0x80), "byte \(b) at \(at)")
                #expect(set.mayHoldGroups == [0x28, 0x29, 0x3F, 0x23, 0x3C].contains(b), "byte \(b) at \(at)")
            }
        }
    }

    @Test("the pooled pattern bytes are each pattern's, and an array handed out stays as it was")
    func pooledPatternBytes() {
        let pool = LiteralPool()
        let patterns = ["/a/very/long/pattern/with/many/segments", "/", "", "/caf\u{E9}", "/b/:id",
                        String(repeating: "/x", count: 300)]
        var kept: [[UInt8]] = []
        for p in patterns {
            let bytes = pool.patternBytes(p)
            #expect(bytes == Array(p.utf8), "\(p)")
            kept.append(bytes)
        }
        for (p, bytes) in zip(patterns, kept) { #expect(bytes == Array(p.utf8), "\(p)") }
    }
}
