// The merged parameter map (SEMANTICS §4) of a URL with a long query: each name once, with
// its last value, path parameters first (or overridden, with queryOverPath), then the
// defaults nothing else gives. Checked against a plain model on random queries on both
// sides of the length where the layout switches to sorting, and its cost counted in name
// comparisons (debug builds), not time.
import Testing
@testable import Switchyard

@Suite("Merged parameters of long queries")
struct MergedQueryTests {
    /// The names of the merged map in order, each with its value, as the model says:
    /// path parameters, then each query name at its first item (unless a path parameter has
    /// it) with its last item's value, then the defaults nobody else has.
    static func model(path: [(String, String)], query: [(String, String)], defaults: [(String, String)],
                      queryWins: Bool) -> [String] {
        var out: [(String, String)] = []
        for (name, value) in path {
            let fromQuery = queryWins ? query.last(where: { $0.0 == name })?.1 : nil
            out.append((name, fromQuery ?? value))
        }
        for (name, _) in query where !out.contains(where: { $0.0 == name }) {
            out.append((name, query.last(where: { $0.0 == name })!.1))
        }
        for (name, value) in defaults.sorted(by: { $0.0 < $1.0 }) where !out.contains(where: { $0.0 == name }) {
            out.append((name, value))
        }
        return out.map { "\($0.0)=\($0.1)" }
    }

    static func merged(_ m: MatchBuffer) -> [String] {
        (0..<m.rawParamCount).compactMap { k in
            m.rawParameter(at: k).map { "\($0.name.string ?? "?")=\($0.text.string ?? "?")" }
        }
    }

    @Test("random queries on both sides of the switch agree with the model",
          arguments: [RouterOptions.ParameterPrecedence.pathOverQuery, .queryOverPath])
    func againstModel(_ precedence: RouterOptions.ParameterPrecedence) throws {
        var rng = SplitMix64(state: 0x5EED_4E47)
        var options = RouterOptions()
        options.parameterPrecedence = precedence
        let names = ["a", "b", "c", "ab", "ba", "aa", "bb", "a0", "c1", "zz", "x", "y"]
        for round in 0..<300 {
            let r = try Router(options: options)
            let defaults = (0..<Int(rng.next() % 5)).map { _ in
                (names[Int(rng.next() % UInt64(names.count))], "d\(rng.next() % 10)")
            }
            var seen: Set<String> = []
            let uniqueDefaults = defaults.filter { seen.insert($0.0).inserted }
            try r.add(Route("/p/:a/:x", target: "P",
                            defaults: Dictionary(uniqueKeysWithValues: uniqueDefaults.map { ($0.0, .string($0.1)) })))
            let count = round % 3 == 0 ? Int(rng.next() % 16) : 17 + Int(rng.next() % 60)
            let query = (0..<count).map { k in (names[Int(rng.next() % UInt64(names.count))], "v\(k)") }
            let url = "/p/pa/px" + (query.isEmpty ? "" : "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&"))
            let m = MatchBuffer()
            #expect(try r.resolve(url, into: m))
            let want = Self.model(path: [("a", "pa"), ("x", "px")], query: query, defaults: uniqueDefaults,
                                  queryWins: precedence == .queryOverPath)
            // The defaults' order is the route's own: compare them as a set, the rest in order.
            let got = Self.merged(m)
            let split = 2 + Set(query.map(\.0)).subtracting(["a", "x"]).count
            #expect(Array(got.prefix(split)) == Array(want.prefix(split)), "\(url)")
            #expect(Set(got.dropFirst(split)) == Set(want.dropFirst(split)), "\(url) defaults \(uniqueDefaults)")
            #expect(got.count == want.count, "\(url)")
        }
    }

    @Test("4,000 distinct query names in a 26 KB URL cost n log n name comparisons, not n squared")
    func cost() throws {
        #if DEBUG
        let r = Router()
        try r.add(Route("/p/:a", target: "P", defaults: ["d1": "x", "q17": "y"]))
        let n = 4_000
        let url = "/p/v?" + (0..<n).map { "q\($0)=" }.joined(separator: "&")  // 26 KB
        let m = MatchBuffer()
        #expect(try r.resolve(url, into: m))
        #expect(m.rawParamCount == 1 + n + 1)
        // Heap sort and the runs: about 2 n log2 n comparisons (log2 4,000 < 12), the path
        // parameter and each default once per name or by binary search.
        #expect(m.queryNameComparisons <= 3 * n * 12, "\(m.queryNameComparisons) comparisons")
        #expect(m.queryNameComparisons > n)
        #endif
    }
}
