// 100,000 routes added one at a time ("seconds, not minutes"). No wall-clock
// assertion: the test checks that every route is there and answers correctly, and prints the
// time taken so a regression to O(n) per add is visible in the log.
import Testing
import Switchyard

@Suite("Scale")
struct ScaleTests {
    static let count = 100_000

    /// Route i: a mix of shapes so the trie has wide literal nodes, params and typed params.
    static func pattern(_ i: Int) -> String {
        switch i % 4 {
        case 0: return "/bulk/r\(i)"
        case 1: return "/s\(i % 97)/t\(i)/:id"
        case 2: return "myapp://g\(i % 13)/<int:n>/x\(i)"
        default: return "/deep/\(i % 7)/\(i % 11)/u\(i)/*rest"
        }
    }

    static func url(_ i: Int) -> String {
        switch i % 4 {
        case 0: return "/bulk/r\(i)"
        case 1: return "/s\(i % 97)/t\(i)/v\(i)"
        case 2: return "myapp://g\(i % 13)/\(i)/x\(i)"
        default: return "/deep/\(i % 7)/\(i % 11)/u\(i)/a/b"
        }
    }

    @Test("100,000 routes added one at a time all resolve")
    func hundredThousandRoutes() throws {
        let r = Router()
        let clock = ContinuousClock()
        let addTime = try clock.measure {
            for i in 0..<Self.count {
                try r.add(Self.pattern(i), target: "t\(i)")
            }
        }
        let m = MatchBuffer()
        var misses: [Int] = []
        let resolveTime = try clock.measure {
            for i in 0..<Self.count {
                let hit = try r.resolve(Self.url(i), into: m)
                if !hit || m.target != "t\(i)" { misses.append(i) }
            }
        }
        print("Scale: \(Self.count) adds took \(addTime); \(Self.count) resolves (first builds the table) took \(resolveTime)")
        #expect(misses.isEmpty, "\(misses.count) routes did not answer, first: \(misses.prefix(5).map { Self.pattern($0) })")
        // Spot-check captures on the big table.
        _ = try r.resolve(Self.url(2), into: m)
        #expect(m.parameter("n") == .int(2))
        _ = try r.resolve(Self.url(3), into: m)
        #expect(m.remainder == "a/b")
        // A match kept from before a change keeps answering after the router has built and
        // used a new table (a table this size is in memory mapped for huge pages,
        // TableMemory.swift, and is unmapped only when no match holds it).
        let kept = try r.resolveBuffer(Self.url(2))
        // And a remove on the big table.
        #expect(r.remove(Self.pattern(0)))
        #expect(try !r.resolveBuffer(Self.url(0)).matched)
        #expect(try r.resolveBuffer(Self.url(4)).target == "t4")
        #expect(kept.parameter("n") == .int(2))
        #expect(kept.pattern == Self.pattern(2))
        #expect(kept.target == "t2")
    }
}
