// A resolve copies the URL it is given into its MatchBuffer (a short one a word at a time,
// a long one in one call), and the match reads the copy: every length, growing and
// shrinking in one reused buffer, must read back the URL and its parameter byte for byte.
import Testing
@testable import Switchyard

@Suite("The URL a resolve copies")
struct URLCopyTests {
    /// "/" and then `n` bytes that differ from their neighbours, so a word copied to the
    /// wrong place shows.
    static func url(_ n: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return "/" + String((0..<n).map { letters[$0 % letters.count] })
    }

    @Test("every length from 1 to 200 bytes reads back whole, in a reused buffer")
    func everyLength() throws {
        let r = try router(["/:v"])
        let m = MatchBuffer()
        let lengths = Array(0..<200) + Array((0..<200).reversed())
        for n in lengths {
            let url = Self.url(n)
            let matched = try r.resolve(url, into: m)
            #expect(m.url == url, "length \(n + 1)")
            #expect(matched == (n > 0), "length \(n + 1)")
            if n > 0 { #expect(m.parameter("v") == .string(String(url.dropFirst())), "length \(n + 1)") }
        }
    }

    @Test("C bytes are copied the same way")
    func bytes() throws {
        let r = try router(["/:v"])
        let m = MatchBuffer()
        for n in [1, 3, 4, 7, 8, 9, 15, 16, 17, 63, 64, 65, 100, 5, 2] {
            let url = Self.url(n)
            var copy = Array(url.utf8)
            let matched = try copy.withUnsafeBufferPointer { try r.resolve(bytes: $0, into: m) }
            copy.withUnsafeMutableBufferPointer { $0.update(repeating: 0x2F) }  // the caller reuses its buffer
            #expect(matched)
            #expect(m.url == url, "length \(n + 1)")
            #expect(m.parameter("v") == .string(String(url.dropFirst())), "length \(n + 1)")
        }
    }
}
