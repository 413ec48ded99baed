// Bugs a reader could plant in the core that the other suites would let through: each test
// here fails when one of them is planted (case folding past a key's first word, a loop check
// that skips the chain's first URL, a size check off by one past the read chunk, a MatchBuffer
// that keeps its table after a change, surrogates passing the UTF-8 check, a table built
// for an older version and kept as current).
import Dispatch
import Foundation
import Testing
@testable import Switchyard

@Suite("Planted bugs")
struct PlantedBugTests {
    @Test("case-insensitive literals fold every byte, 'Z' past the first 8 bytes included")
    func foldingPastTheFirstWord() throws {
        var o = RouterOptions()
        o.caseInsensitiveLiterals = true
        let r = try router(["/abcdefghijklmnopqrstuvwxyz/zzzzzzzzzzzzzzzz"], options: o)
        #expect(try r.resolveBuffer("/ABCDEFGHIJKLMNOPQRSTUVWXYZ/ZZZZZZZZZZZZZZZZ").matched)
        #expect(try r.resolveBuffer("/abcdefghijklmnopqrstuvwxyZ/zzzzzzzzzzzzzzzZ").matched)
        #expect(!(try r.resolveBuffer("/abcdefghijklmnopqrstuvwxy[/zzzzzzzzzzzzzzzz").matched))
    }

    @Test("a host compares case-insensitively in every byte (a dotted custom-scheme host)")
    func hostFolding() throws {
        var o = RouterOptions()
        o.hostHandling = .hostWhenDotted
        let r = try router(["myapp://www.example.biz/a", "myapp://www.example.bizzzzzzzzz/a"], options: o)
        #expect(try r.resolveBuffer("myapp://WWW.EXAMPLE.BIZ/a").pattern == "myapp://www.example.biz/a")
        #expect(try r.resolveBuffer("myapp://WWW.EXAMPLE.BIZZZZZZZZZ/a").pattern == "myapp://www.example.bizzzzzzzzz/a")
        #expect(try r.resolveBuffer("HTTPS://WWW.EXAMPLE.BIZ/a").url == "https://www.example.biz/a")
    }

    @Test("a redirect back to the first URL is a loop, with the whole chain in the message")
    func loopOnTheFirstURL() throws {
        let r = Router()
        try r.add("/self", redirect: "/self")
        let e = expectError(.redirectLoop, "/self") { _ = try r.resolveBuffer("/self") }
        #expect(e?.message == "redirect loop: /self -> /self (URL 1 of the chain comes back)")
        try r.add("/a", redirect: "/b")
        try r.add("/b", redirect: "/a")
        let e2 = expectError(.redirectLoop, "/a") { _ = try r.resolveBuffer("/a") }
        #expect(e2?.message == "redirect loop: /a -> /b -> /a (URL 1 of the chain comes back)")
    }

    @Test("a rule file exactly at the size limit loads; one byte more is a limit error (past the read chunk)")
    func fileSizeLimitPastTheChunk() throws {
        var o = RouterOptions()
        o.limits.maxDocumentSize = 100_000
        let r = try Router(options: o)
        let doc = #"{"version": 1, "routes": [{"pattern": "/a", "target": "A"}]}"#
        let dir = FileManager.default.temporaryDirectory
        let at = dir.appendingPathComponent("switchyard-limit-\(UUID().uuidString).json")
        let over = dir.appendingPathComponent("switchyard-over-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: at); try? FileManager.default.removeItem(at: over) }
        try (doc + String(repeating: " ", count: 100_000 - doc.utf8.count)).write(to: at, atomically: true, encoding: .utf8)
        try (doc + String(repeating: " ", count: 100_001 - doc.utf8.count)).write(to: over, atomically: true, encoding: .utf8)
        try r.loadRules(contentsOfFile: at.path)
        #expect(try r.resolveBuffer("/a").matched)
        let e = expectError(.rule, "100,001 bytes") { try r.loadRules(contentsOfFile: over.path) }
        #expect(e?.message.contains("maxDocumentSize") == true)
    }

    @Test("a reused MatchBuffer sees routes added and removed since its last resolve")
    func matchFollowsChanges() throws {
        let r = Router()
        try r.add("/a", target: "A")
        let m = MatchBuffer()
        #expect(try r.resolve("/a", into: m))
        #expect(!(try r.resolve("/b", into: m)))
        try r.add("/b", target: "B")
        #expect(try r.resolve("/b", into: m))
        #expect(m.target == "B")
        r.remove("/a")
        #expect(!(try r.resolve("/a", into: m)))
    }

    @Test("UTF-8 surrogates (ED A0 80) are invalid UTF-8 in a URL")
    func surrogatesRefused() throws {
        let r = try router(["/*"])
        let m = MatchBuffer()
        for bytes: [UInt8] in [[0x2F, 0xED, 0xA0, 0x80], [0x2F, 0x61, 0xED, 0xBF, 0xBF], [0x2F, 0xC3, 0xA9]] {
            let valid = bytes.last == 0xA9
            let result: Result<Bool, SwitchyardError> = bytes.withUnsafeBufferPointer { b in
                Result { () throws(SwitchyardError) -> Bool in try r.resolve(bytes: b, into: m) }
            }
            switch result {
            case .success: #expect(valid, "\(bytes) was accepted")
            case .failure(let e):
                #expect(!valid, "\(bytes): \(e)")
                #expect(e.code == .invalidURL)
                #expect(e.position == bytes.firstIndex(of: 0xED))
            }
        }
    }

    @Test("a route added on one thread is seen at once by that thread while others build tables")
    func noStaleTable() throws {
        let r = Router()
        try r.add("/base", target: "base")
        let stop = StopFlag()
        let failures = Failures()
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                let m = MatchBuffer()
                while !stop.stopped { _ = try? r.resolve("/base", into: m) }
            }
        }
        let m = MatchBuffer()
        for i in 0..<400 {
            try r.add("/r\(i)", target: "R")
            if !(try r.resolve("/r\(i)", into: m)) { failures.add("/r\(i) not seen right after its add") }
        }
        stop.stop()
        group.wait()
        #expect(failures.all.isEmpty, "\(failures.all)")
    }
}
