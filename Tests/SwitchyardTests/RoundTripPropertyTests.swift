// The round trip over random route tables of every form (Tests/RoundTrip/README.md): a URL
// built for a route resolves to that route with the same typed values, or building fails,
// names the route, and the test's own plain URL for the values does not resolve back either.
import Testing
import Switchyard
#if canImport(Glibc)
import Glibc
#endif

enum RoundTripCheck {
    /// A router holding the table's routes it accepts (with `date` and `tab` registered).
    static func router(_ routes: [RoundTripRoute]) throws -> (Router, [RoundTripRoute]) {
        let r = Router()
        try r.register(RoundTripDay.self, as: "date")
        try r.register(words: RoundTripGenerator.tabWords, as: "tab")
        var added: [RoundTripRoute] = []
        for route in routes {
            var entry = Route(route.pattern, target: route.name, name: route.name)
            if route.urlPattern { entry.dialect = .urlpattern }
            if (try? r.add(entry)) != nil { added.append(route) }
        }
        return (r, added)
    }

    /// Why `url` does not give back case `c`'s route and values, or nil when it does.
    static func readBackProblem(_ r: Router, _ url: String, _ c: RoundTripCase) -> String? {
        let match: Match?
        do { match = try r.resolve(url) } catch { return "resolving it fails: \(error.message)" }
        guard let m = match else { return "no route matches it" }
        guard m.name == c.route.name else { return "it resolves to '\(m.pattern)'" }
        let types = Dictionary(c.route.parameters.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
        let queryNames = Set(c.route.query.map(\.name))
        let given = Set(c.values.map(\.name).filter { types[$0] != nil && !queryNames.contains($0) })
        let read = Set(m.pathParameters.map(\.name))
        if read != given { return "its path parameters are \(read.sorted()), not \(given.sorted())" }
        for (n, v) in c.values {
            guard let want = RoundTripGenerator.expected(types[n], v) else { return "'\(v)' is not a value of '\(n)''s type" }
            if c.route.lists.contains(n) { continue }
            if m.params[n] != want { return "'\(n)' reads back as \(m.params[n].map { "\($0)" } ?? "nothing"), not \(want)" }
        }
        for n in c.route.lists.sorted() {
            let want = c.list(n).compactMap { RoundTripGenerator.expected(types[n], $0) }
            if m.list(n) != want { return "list '\(n)' reads back as \(m.list(n)), not \(want)" }
        }
        return nil
    }

    /// What is wrong with the library's answer for case `c` (nil when nothing is), and
    /// whether it built a URL.
    static func problem(_ r: Router, _ c: RoundTripCase) -> (problem: String?, built: Bool) {
        var parameters: [String: ParameterValue] = [:]
        var lists: [String: [ParameterValue]] = [:]
        for n in c.route.lists { lists[n] = [] }
        for (n, v) in c.values {
            let value: ParameterValue
            switch v {
            case .int(let i): value = .int(i)
            case .text(let s): value = .string(s)
            }
            if c.route.lists.contains(n) { lists[n, default: []].append(value) } else { parameters[n] = value }
        }
        let url: String
        do {
            url = try r.url(for: c.route.name, parameters: parameters, lists: lists)
        } catch {
            if !error.message.contains("'\(c.route.name)'") { return ("the refusal does not name the route: \(error.message)", false) }
            let plain = RoundTripGenerator.plainURL(c)
            if readBackProblem(r, plain, c) == nil {
                return ("refused (\(error.message)), but '\(plain)' resolves back", false)
            }
            return (nil, false)
        }
        return (readBackProblem(r, url, c).map { "built '\(url)': \($0)" }, true)
    }

    static func describe(_ c: RoundTripCase) -> String {
        "route \(c.route.name) '\(c.route.pattern)'\(c.route.urlPattern ? " (urlpattern)" : ""), values "
            + c.values.map { "\($0.name)=\(String(reflecting: $0.value.description))" }.joined(separator: ", ")
    }
}

@Suite("Round trip of built URLs over random routes")
struct RoundTripPropertyTests {
    /// 100,000 cases, in a debug build too (about 9 s of one core there).
    static let defaultCount: UInt64 = 100_000

    static func environment(_ name: String) -> UInt64? {
        guard let cString = getenv(name) else { return nil }
        let text = String(cString: cString)
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    @Test("every (route, values) pair builds a URL that resolves back, or is refused for a reason")
    func randomPairs() throws {
        let seed = Self.environment("SWITCHYARD_ROUNDTRIP_SEED") ?? RoundTripGenerator.defaultSeed
        let count = Int(Self.environment("SWITCHYARD_ROUNDTRIP_COUNT") ?? Self.defaultCount)
        let only = Self.environment("SWITCHYARD_ROUNDTRIP_INDEX").map { Int($0) }
        let indices = only.map { $0..<($0 + 1) } ?? 0..<count
        var failures: [String] = []
        var built = 0, cases = 0, failed = 0
        var table = -1
        var router = Router()
        var added: [RoundTripRoute] = []
        for i in indices {
            let t = i / RoundTripGenerator.pairsPerTable
            if t != table {
                table = t
                (router, added) = try RoundTripCheck.router(RoundTripGenerator.table(seed: seed, table: t))
            }
            if added.isEmpty { continue }
            let c = RoundTripGenerator.values(seed: seed, table: t, pair: i % RoundTripGenerator.pairsPerTable, added: added)
            cases += 1
            let outcome = RoundTripCheck.problem(router, c)
            if outcome.built { built += 1 }
            if let why = outcome.problem {
                failed += 1
                if failures.count < 20 {
                    failures.append("seed 0x\(String(seed, radix: 16)) index \(i): \(RoundTripCheck.describe(c)): \(why)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failed) case(s) fail, replay one with SWITCHYARD_ROUNDTRIP_SEED and SWITCHYARD_ROUNDTRIP_INDEX:\n\(failures.joined(separator: "\n"))")
        // Every table has a route (the first is never refused), and most values are written.
        #expect(cases == indices.count)
        #expect(only != nil || built * 2 > cases, "only \(built) of \(cases) cases built a URL")
    }

    @Test("the generator gives the cases of the C and Python copies")
    func sameCasesEverywhere() {
        var rng = SplitMix64(state: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(RoundTripGenerator.fingerprint() == 0x0330_6DB1_6796_7708)
    }
}
