// Reading the web-platform-tests URLPattern data (Tests/Data/urlpattern-wpt/pathname_subset.json,
// README beside it) into plain values.
import Foundation

/// One case of the data: a pattern per component, and either an expected error or an input
/// with its expected match.
struct URLPatternWPTCase {
    var id: String
    /// Component -> pattern string; an absent component is the wildcard `*`.
    var pattern: [String: String]
    var ignoreCase: Bool
    var expectedError: Bool
    /// Component -> the pattern string the standard generates, when the data checks it.
    var expectedPattern: [String: String]?
    /// Component -> input text ("" when absent).
    var input: [String: String]
    /// nil: no match. Else component -> group name -> value (nil: the group took no part).
    var expectedMatch: [String: [String: String?]]?
    var tags: [String]
}

func loadURLPatternWPTCases() throws -> [URLPatternWPTCase] {
    let data = try Data(contentsOf: testDataFile("urlpattern-wpt/pathname_subset.json"))
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let cases = root["cases"] as? [[String: Any]] ?? []
    return cases.map { c in
        var match: [String: [String: String?]]? = nil
        if let m = c["expected_match"] as? [String: Any] {
            var out: [String: [String: String?]] = [:]
            for (component, value) in m {
                let groups = (value as? [String: Any])?["groups"] as? [String: Any] ?? [:]
                out[component] = groups.mapValues { $0 as? String }
            }
            match = out
        }
        return URLPatternWPTCase(
            id: c["id"] as? String ?? "?",
            pattern: c["pattern"] as? [String: String] ?? [:],
            ignoreCase: c["ignoreCase"] as? Bool ?? false,
            expectedError: c["expected_error"] as? Bool ?? false,
            expectedPattern: c["expected_pattern"] as? [String: String],
            input: c["input"] as? [String: String] ?? [:],
            expectedMatch: match,
            tags: c["tags"] as? [String] ?? [])
    }
}
