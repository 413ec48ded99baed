// The literal pool a batch of routes shares (LiteralPool.swift): equal literals and name
// lists are held once, different ones never merged, and its keyed hash reads every byte
// (and the salt a caller keys the bytes with).
import Testing
@testable import Switchyard

@Suite("Literal pool")
struct LiteralPoolTests {
    /// Words of every length the hash reads differently (1-3, 4-7, 8-16 and over 16 bytes).
    static let words: [[UInt8]] = (1...40).map { n in (0..<n).map { UInt8(0x61 + $0 % 26) } }

    @Test("each byte of a word of any length changes its hash")
    func everyByteCounts() {
        let hasher = SeededByteHash()
        for word in Self.words {
            let hash = word.withUnsafeBufferPointer { hasher.hash($0.baseAddress!, $0.count) }
            for k in word.indices {
                var changed = word
                changed[k] ^= 0x01
                let other = changed.withUnsafeBufferPointer { hasher.hash($0.baseAddress!, $0.count) }
                #expect(other != hash, "length \(word.count), byte \(k)")
            }
        }
    }

    @Test("a word and its prefix hash apart (the length counts)")
    func lengthCounts() {
        let hasher = SeededByteHash()
        let hashes = Self.words.map { w in w.withUnsafeBufferPointer { hasher.hash($0.baseAddress!, $0.count) } }
        #expect(Set(hashes).count == hashes.count)
    }

    @Test("the same word under different salts hashes apart, and a salt of 0 is no salt")
    func saltCounts() {
        let hasher = SeededByteHash()
        // Salts as the build trie's edge index makes them: a parent node and a kind.
        let salts: [UInt64] = (0..<64).flatMap { parent in (0..<4).map { kind in UInt64(parent) | UInt64(kind + 1) << 32 } }
        for word in Self.words.prefix(20) {
            let hashes = word.withUnsafeBufferPointer { w in salts.map { hasher.hash(w.baseAddress!, w.count, salt: $0) } }
            #expect(Set(hashes).count == salts.count, "length \(word.count)")
            let unsalted = word.withUnsafeBufferPointer { hasher.hash($0.baseAddress!, $0.count) }
            let zero = word.withUnsafeBufferPointer { hasher.hash($0.baseAddress!, $0.count, salt: 0) }
            #expect(zero == unsalted && !hashes.contains(unsalted))
        }
    }

    @Test("equal literals are one array, different ones stay apart")
    func literalsShared() {
        let pool = LiteralPool()
        // More than the index's first slots hold, so it grows while literals are entered.
        let many = (0..<300).map { Array("w\($0)".utf8) }
        let first = many.map { pool.shared($0) }
        for (word, held) in zip(many, first) {
            let again = word.withUnsafeBufferPointer { pool.shared($0) }
            #expect(again == word)
            let same = held.withUnsafeBufferPointer { a in again.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            #expect(same, "\(String(decoding: word, as: UTF8.self)) was not shared")
        }
        #expect(pool.shared([UInt8]()) == [])
    }

    @Test("equal name lists are one array")
    func nameListsShared() {
        let pool = LiteralPool()
        let a = pool.shared(["id", "format"])
        let b = pool.shared(["id", "format"])
        let c = pool.shared(["format", "id"])
        #expect(a == b && c == ["format", "id"])
        let same = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        #expect(same)
    }
}
