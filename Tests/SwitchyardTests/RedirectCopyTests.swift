// A redirect hop copies bytes a word at a time where it can: the URL given into the chain,
// the template's runs, a value that needs no encoding (checked as it is copied, and encoded
// from its start when a byte needs it), and it compares a produced URL's head with its
// template's in whole words. Every length and every place of a byte to encode must give
// the URL the byte-by-byte way gives.
import Testing
@testable import Switchyard

@Suite("The bytes a redirect hop copies")
struct RedirectCopyTests {
    /// `n` bytes that differ from their neighbours, so a word copied to the wrong place shows.
    static func text(_ n: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<n).map { letters[$0 % letters.count] })
    }

    @Test("the URL given goes into the chain whole, at every length, in a reused buffer")
    func chainStart() throws {
        let r = Router()
        try r.add("/r/*rest", redirect: "myapp://app/{rest}")
        try r.add("myapp://app/*rest", target: "App")
        let m = MatchBuffer()
        for n in Array(1..<150) + Array((1..<150).reversed()) {
            let v = Self.text(n)
            #expect(try r.resolve("/r/" + v, into: m))
            #expect(m.redirects == ["/r/" + v, "myapp://app/" + v])
        }
    }

    @Test("a value with one byte to encode, at every place and length, is encoded from its start")
    func encodedValue() throws {
        let r = Router()
        try r.add("/p/:v", redirect: "myapp://x/{v}/y")
        try r.add("myapp://x/:a/y", target: "X")
        let m = MatchBuffer()
        for n in [1, 2, 7, 8, 9, 16, 40, 70, 130] {
            for at in 0..<n {
                let chars = Array(Self.text(n))
                let before = String(chars[..<at]), after = String(chars[(at + 1)...])
                let value = before + "&" + after
                #expect(try r.resolve("/p/" + value, into: m))
                #expect(m.url == "myapp://x/\(before)%26\(after)/y")
                #expect(m.parameter("a") == .string(value))
            }
        }
    }

    @Test("template runs of every length are copied whole")
    func templateRuns() throws {
        for n in [0, 1, 7, 8, 9, 63, 64, 65, 100] {
            let run = Self.text(n)
            let r = Router()
            try r.add("/t/:v", redirect: "myapp://app/\(run)x/{v}")
            try r.add("myapp://app/:run/:v", target: "T")
            let m = try r.resolveBuffer("/t/value")
            #expect(m.url == "myapp://app/\(run)x/value")
        }
    }

    @Test("the word-at-a-time comparison agrees with the byte-by-byte one at every length and place")
    func wordComparison() {
        for n in 0..<40 {
            let a = Array(Self.text(n).utf8)
            a.withUnsafeBufferPointer { pa in
                let x = pa.baseAddress ?? emptyBytes
                #expect(bytesEqual(x, x, n))
                for at in 0..<n {
                    var b = a
                    b[at] ^= 0x20
                    b.withUnsafeBufferPointer { pb in
                        guard let y = pb.baseAddress else { return }
                        #expect(bytesEqual(x, y, n) == (a == b))
                        #expect(!bytesEqual(x, y, n))
                    }
                }
            }
        }
    }
}
