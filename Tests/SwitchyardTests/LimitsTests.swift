// SEMANTICS.md §7 limits: at a limit things work, one past it is a `.limit` error (never a
// crash), limits count after normalisation, and the router keeps working afterwards.
import Testing
import Switchyard

@Suite("Limits (§7)")
struct LimitsTests {
    private func path(_ n: Int, _ segment: String = "s") -> String {
        "/" + Array(repeating: segment, count: n).joined(separator: "/")
    }

    @Test("URL length: 32 KiB")
    func urlLength() throws {
        let r = try router(["/*"])
        let max = RouterOptions().limits.maxURLLength
        let atLimit = "/" + String(repeating: "a", count: max - 1)
        #expect(try r.resolveBuffer(atLimit).matched)
        expectError(.limit, "URL of \(max + 1) bytes") { _ = try r.resolveBuffer(atLimit + "b") }
        // Bytes, not characters: "é" is two bytes.
        let wide = "/" + String(repeating: "é", count: max / 2)
        expectError(.limit, "URL of \(wide.utf8.count) bytes") { _ = try r.resolveBuffer(wide) }
        #expect(try r.resolveBuffer("/ok").matched)
    }

    @Test("segments: 256, counted after normalisation")
    func segments() throws {
        let r = try router(["/*"])
        #expect(try r.resolveBuffer(path(256)).matched)
        expectError(.limit, "257 segments") { _ = try r.resolveBuffer(path(257)) }
        // Empty segments and dot segments do not count.
        #expect(try r.resolveBuffer(path(256) + "//////").matched)
        #expect(try r.resolveBuffer(path(256) + "/x/..").matched)
        #expect(try r.resolveBuffer(path(256).replacingSlashes(every: 10)).matched)
        // Patterns are limited too.
        expectError(.limit, "pattern of 257 segments") { _ = try router([path(257)]) }
        #expect(throws: Never.self) { _ = try router([path(256)]) }
    }

    @Test("parameters per pattern: 64")
    func parameters() throws {
        let p64 = "/" + (0..<64).map { ":p\($0)" }.joined(separator: "/")
        let r = try router([p64])
        let m = try r.resolveBuffer(path(64, "v"))
        #expect(m.matched && m.pathParameters.count == 64)
        let p65 = "/" + (0..<65).map { ":p\($0)" }.joined(separator: "/")
        expectError(.limit, "65 parameters") { _ = try router([p65]) }
        // A remainder name counts as a parameter.
        let p64star = "/" + (0..<64).map { ":p\($0)" }.joined(separator: "/") + "/*rest"
        expectError(.limit, "64 parameters + *rest") { _ = try router([p64star]) }
    }

    @Test("pattern length: 4 KiB")
    func patternLength() throws {
        let max = RouterOptions().limits.maxPatternLength
        let atLimit = "/" + String(repeating: "a", count: max - 1)
        #expect(throws: Never.self) { _ = try router([atLimit]) }
        expectError(.limit, "pattern of \(max + 1) bytes") { _ = try router([atLimit + "b"]) }
    }

    @Test("custom limits apply")
    func customLimits() throws {
        var o = RouterOptions()
        o.limits.maxSegments = 3
        o.limits.maxURLLength = 20
        o.limits.maxParameters = 2
        o.limits.maxPatternLength = 12
        let r = try router(["/a/:x/:y"], options: o)
        #expect(try r.resolveBuffer("/a/b/c").matched)
        expectError(.limit, "4 segments") { _ = try r.resolveBuffer("/a/b/c/d") }
        expectError(.limit, "21 bytes") { _ = try r.resolveBuffer("/a/" + String(repeating: "b", count: 18)) }
        expectError(.limit, "3 parameters") { try r.add("/:a/:b/:c", target: "t") }
        expectError(.limit, "pattern of 13 bytes") { try r.add("/abcdefghijkl", target: "t") }
        // Failed adds change nothing and the router keeps answering.
        #expect(try r.resolveBuffer("/a/b/c").pattern == "/a/:x/:y")
        #expect(try !r.resolveBuffer("/abcdefghijkl").matched)
    }

    @Test("a batch over a limit adds nothing")
    func batchLimit() throws {
        var o = RouterOptions()
        o.limits.maxParameters = 1
        let r = try router([], options: o)
        expectError(.limit, "batch") {
            try r.add(contentsOf: [Route("/ok/:a", target: "1"), Route("/bad/:a/:b", target: "2")])
        }
        #expect(try !r.resolveBuffer("/ok/1").matched)
    }
}

extension String {
    /// Inserts an empty segment after every `every`-th '/' (to add empty segments without
    /// changing the normalised path).
    fileprivate func replacingSlashes(every: Int) -> String {
        var out = ""
        var count = 0
        for ch in self {
            out.append(ch)
            if ch == "/" {
                count += 1
                if count % every == 0 { out.append("/") }
            }
        }
        return out
    }
}
