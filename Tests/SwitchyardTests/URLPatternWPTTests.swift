// The URLPattern standard's own data (Tests/Data/urlpattern-wpt/pathname_subset.json, from
// web-platform-tests): each case's pattern becomes one `urlpattern` route, its input a URL
// made of the pathname, `?search` and `#hash`. docs/SEMANTICS.md ("The urlpattern dialect")
// lists the cases that fail, with the reason.
import Testing
import Switchyard

/// The cases this implementation does not pass, and why (docs/SEMANTICS.md keeps the same list).
let urlPatternExpectedFailures: Set<String> = [
    // ECMAScript `v`-flag class set operations (`--`, `&&`), which the engine does not read.
    "wpt-urlpattern-351", "wpt-urlpattern-352", "wpt-urlpattern-353", "wpt-urlpattern-354",
]

/// Runs one case; nil when it passes, else what went wrong.
func runURLPatternWPTCase(_ c: URLPatternWPTCase) -> String? {
    let router: Router
    do {
        router = try Router()
        try router.add(Route(urlPattern: c.pattern["pathname"] ?? "*", target: c.id,
                             search: c.pattern["search"], hash: c.pattern["hash"], ignoreCase: c.ignoreCase))
    } catch {
        return c.expectedError ? nil : "add failed: \(error)"
    }
    if c.expectedError { return "expected an error, the route was added" }
    var url = c.input["pathname"] ?? ""
    if let s = c.input["search"], !s.isEmpty { url += "?" + s }
    if let h = c.input["hash"], !h.isEmpty { url += "#" + h }
    let scratch = MatchBuffer()
    let hit: Bool
    do {
        hit = try router.resolve(url, into: scratch)
    } catch {
        return c.expectedMatch == nil ? nil : "resolve '\(url)' failed: \(error)"
    }
    guard let expected = c.expectedMatch else { return hit ? "'\(url)' matched, expected no match" : nil }
    if !hit { return "'\(url)' did not match" }
    // The groups of the components the route has patterns for (the pathname always).
    var want: [String: String] = [:]
    for component in ["pathname", "search", "hash"] where component == "pathname" || c.pattern[component] != nil {
        for (name, value) in expected[component] ?? [:] { if let value { want[name] = value } }
    }
    var got: [String: String] = [:]
    for p in scratch.pathParameters { got[p.name] = p.text }
    return got == want ? nil : "'\(url)': groups \(got), expected \(want)"
}

@Suite struct URLPatternWPTTests {
    @Test func wptPathnameSubset() throws {
        let cases = try loadURLPatternWPTCases()
        #expect(cases.count == 158)
        var failed: [String: String] = [:]
        for c in cases {
            if let why = runURLPatternWPTCase(c) { failed[c.id] = why }
        }
        let passed = cases.count - failed.count
        #expect(passed >= 150, "\(passed) of \(cases.count) pass")
        for (id, why) in failed.sorted(by: { $0.key < $1.key }) where !urlPatternExpectedFailures.contains(id) {
            Issue.record("\(id) fails: \(why)")
        }
        for id in urlPatternExpectedFailures.sorted() where failed[id] == nil {
            Issue.record("\(id) passes now: take it off the expected failures (and docs/SEMANTICS.md)")
        }
    }
}
