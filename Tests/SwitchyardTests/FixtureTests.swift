// Route fixtures (docs/TESTING-ROUTES.md): cases that pass, cases that fail with the fields
// that differ, coverage, fixture errors, and documents the reader refuses with their place.
import Testing
@testable import Switchyard

private let rules = """
{"version": 1, "redirect_allowlist": ["myapp"], "routes": [
  {"pattern": "myapp://hotels", "target": "HotelList", "name": "hotels"},
  {"pattern": "myapp://hotels/<int:hotel>", "target": "Hotel", "name": "hotel", "parent": "hotels"},
  {"pattern": "myapp://hotels/<int:hotel>/rooms/:room", "target": "Room", "name": "room", "parent": "hotel"},
  {"pattern": "myapp://map/<float:zoom>", "target": "Map", "defaults": {"layer": "streets"}},
  {"pattern": "https://example.com/h/<int:hotel>", "redirect": "myapp://hotels/{hotel}"},
  {"pattern": "myapp://away", "redirect": "myapp://around"},
  {"pattern": "myapp://around", "redirect": "myapp://away"},
  {"pattern": "myapp://settings", "target": "Settings", "name": "settings"}
]}
"""

private func loaded() throws -> Router {
    let r = Router()
    try r.loadRules(json: rules)
    return r
}

/// A case that must pass, as JSON.
private let passing: [String] = [
    #"{"url": "myapp://hotels/12/rooms/a4", "route": "room", "params": {"hotel": 12, "room": "a4"}, "stack": ["hotels", "hotel", "room"]}"#,
    #"{"url": "myapp://hotels/12", "target": "Hotel", "pattern": "myapp://hotels/<int:hotel>"}"#,
    #"{"url": "myapp://map/1.5?x=1", "params": {"zoom": 1.5, "layer": "streets", "x": "1"}}"#,
    #"{"url": "myapp://map/1.5?x=1", "params": {"zoom": 1.5, "missing": "x"}, "only": ["zoom"]}"#,
    #"{"url": "myapp://map/1.5", "params": {"other": "x"}, "only": ["other2"]}"#,
    #"{"url": "https://example.com/h/7", "redirect": "myapp://hotels/7", "route": "hotel", "params": {"hotel": 7}}"#,
    #"{"url": "myapp://nowhere", "refused": "no-route", "description": "not a screen"}"#,
    #"{"url": "myapp://away", "refused": "redirect"}"#,
    #"{"url": "myapp://bad\u0001url", "refused": "url"}"#,
]

@Test("a passing case passes", arguments: passing)
func fixturePasses(_ json: String) throws {
    let report = try loaded().runFixtures(json: "[\(json)]")
    #expect(report.failures == [], "\(report.json)")
    #expect(report.passed == 1 && report.total == 1)
    #expect(report.succeeded)
}

/// A case that must fail, and the differences (field, expected, got) it must report.
private let failing: [(String, [FixtureReport.Difference])] = [
    (#"{"url": "myapp://hotels/12", "params": {"hotel": "12"}}"#,
     [.init(field: "params.hotel", expected: #""12""#, got: "12")]),
    (#"{"url": "myapp://hotels/12", "route": "room", "params": {"hotel": 12, "tab": "x"}}"#,
     [.init(field: "route", expected: #""room""#, got: #""hotel""#),
      .init(field: "params.tab", expected: #""x""#, got: "(absent)")]),
    (#"{"url": "myapp://hotels/12/rooms/a4", "stack": ["hotel", "room"]}"#,
     [.init(field: "stack", expected: #"["hotel", "room"]"#, got: #"["hotels", "hotel", "room"]"#)]),
    (#"{"url": "myapp://hotels", "redirect": "myapp://hotels"}"#,
     [.init(field: "redirect", expected: #""myapp://hotels""#, got: "(no redirect)")]),
    (#"{"url": "myapp://nowhere", "route": "hotels"}"#,
     [.init(field: "outcome", expected: "a match", got: "refused (no-route)")]),
    (#"{"url": "myapp://hotels", "refused": "no-route"}"#,
     [.init(field: "refused", expected: "no-route", got: #"a match of route "hotels""#)]),
    (#"{"url": "myapp://map/2.0", "params": {"zoom": 2}, "only": ["zoom"]}"#,
     [.init(field: "params.zoom", expected: "2", got: "2.0")]),
]

@Test("a failing case reports each field that differs", arguments: failing.indices)
func fixtureFails(_ k: Int) throws {
    let (json, differences) = failing[k]
    let report = try loaded().runFixtures(json: "[\(json)]")
    #expect(report.passed == 0 && report.failed == 1 && report.fixtureErrors == 0)
    #expect(report.failures.first?.differences == differences)
}

@Test func aRedirectRefusalIsToldFromAURLRefusal() throws {
    let report = try loaded().runFixtures(json: #"[{"url": "myapp://away", "refused": "url"}]"#)
    let d = try #require(report.failures.first?.differences.first)
    #expect(d.field == "refused" && d.expected == "url")
    #expect(d.got.hasPrefix("refused (redirect): "))
}

@Test func namingARouteThatDoesNotExistIsAFixtureError() throws {
    let report = try loaded().runFixtures(json: """
        [{"url": "myapp://hotels", "route": "hotel-list"},
         {"url": "myapp://hotels", "stack": ["nothing"]},
         {"url": "myapp://hotels", "pattern": "myapp://hotel"},
         {"url": "myapp://hotels", "route": "hotels"}]
        """)
    #expect(report.fixtureErrors == 3 && report.failed == 0 && report.passed == 1)
    #expect(report.failures.map(\.index) == [0, 1, 2])
    #expect(report.failures[0].message == "names route 'hotel-list', but no route has that name")
    #expect(report.failures.allSatisfy { $0.isFixtureError && $0.differences.isEmpty })
}

@Test func coverageListsTheRoutesNoCaseReached() throws {
    let report = try loaded().runFixtures(json: """
        {"base": "myapp:", "cases": [
          {"url": "//hotels/1/rooms/x", "route": "room"},
          {"url": "https://example.com/h/3", "route": "hotel"},
          {"url": "myapp://away", "refused": "redirect"}]}
        """)
    #expect(report.succeeded, "\(report.json)")
    // The redirect routes count when a case's chain went through them; a refused chain
    // reaches its first route only.
    #expect(report.uncovered.map(\.pattern) == ["myapp://hotels", "myapp://map/<float:zoom>", "myapp://around", "myapp://settings"])
    #expect(report.uncovered.map(\.name) == ["hotels", nil, nil, "settings"])
}

@Test func theReportAsJSON() throws {
    let report = try loaded().runFixtures(json: """
        [{"url": "myapp://hotels/12", "params": {"hotel": "12"}, "description": "text id"},
         {"url": "myapp://settings", "route": "nope"}]
        """)
    #expect(report.json == #"{"cases":2,"passed":0,"failed":1,"fixture_errors":1,"failures":[{"index":0,"url":"myapp://hotels/12","description":"text id","line":1,"column":2,"kind":"mismatch","message":null,"differences":[{"field":"params.hotel","expected":"\"12\"","got":"12"}]},{"index":1,"url":"myapp://settings","description":null,"line":2,"column":2,"kind":"fixture-error","message":"names route 'nope', but no route has that name","differences":[]}],"uncovered_routes":[{"name":"hotels","pattern":"myapp://hotels"},{"name":"room","pattern":"myapp://hotels/<int:hotel>/rooms/:room"},{"name":null,"pattern":"myapp://map/<float:zoom>"},{"name":null,"pattern":"https://example.com/h/<int:hotel>"},{"name":null,"pattern":"myapp://away"},{"name":null,"pattern":"myapp://around"},{"name":"settings","pattern":"myapp://settings"}]}"#)
}

/// A document the reader refuses, and the start of its message (path and place).
private let refused: [(String, String)] = [
    ("[{\"url\": \"myapp://a\", \"rout\": \"x\"}]", "$[0].rout (line 1, column 23): unknown field (a case has url, description, route"),
    ("[\n  {\"url\": \"myapp://a\",\n   \"route\": 3}]", "$[0].route (line 3, column 13): must be a string, not an integer"),
    ("[{\"url\": \"myapp://a\"}]", "$[0] (line 1, column 2): states nothing to check"),
    ("[{\"route\": \"a\"}]", "$[0] (line 1, column 2): missing \"url\""),
    ("{\"case\": []}", "$.case (line 1, column 2): unknown field (a fixture document has"),
    ("{}", "$ (line 1, column 1): missing \"cases\""),
    ("\"x\"", "$ (line 1, column 1): must be an array of cases or an object with \"cases\", not a string"),
    ("[{\"url\": \"a\", \"refused\": \"nope\"}]", "$[0].refused (line 1, column 26): unknown refusal 'nope'"),
    ("[{\"url\": \"a\", \"refused\": \"url\", \"route\": \"x\"}]", "$[0].refused (line 1, column 2): a refused URL has no route"),
    ("[{\"url\": \"a\", \"only\": [\"x\"], \"route\": \"x\"}]", "$[0].only (line 1, column 2): \"only\" names the parameters"),
    ("[{\"url\": \"a\", \"params\": {\"x\": true}}]", "$[0].params.x (line 1, column 31): must be a string or a number, not a boolean"),
    ("[{\"url\": \"a\",}]", "fixtures: invalid JSON at line 1, column 14"),
    ("[{\"url\": \"a\", \"url\": \"b\"}]", "fixtures: invalid JSON at line 1, column 19"),
]

@Test("a malformed document is refused with its path, line and column", arguments: refused.indices)
func fixtureDocumentRefused(_ k: Int) throws {
    let (text, start) = refused[k]
    do {
        _ = try RouteFixtures(json: text)
        Issue.record("read \(text)")
    } catch {
        #expect(error.code == .invalidArgument)
        #expect(error.message.hasPrefix(start), "\(error.message)")
        #expect(error.position != nil)
    }
}

@Test func aDocumentOverTheSizeLimitIsRefusedBeforeItIsRead() {
    let text = "[" + String(repeating: " ", count: 100) + "]"
    #expect(throws: SwitchyardError.self) { _ = try RouteFixtures(json: text, maxBytes: 50) }
    #expect((try? RouteFixtures(json: text, maxBytes: 102))?.cases == [])
}

@Test func theRunnersWorkGrowsWithTheCasesNotTheirSquare() throws {
    // 1,000 cases over 1,000 routes: a walk per case, a few compared values each.
    let r = Router()
    try r.add(contentsOf: (0..<1000).map { Route("myapp://item\($0)/<int:id>", target: "T\($0)", name: "item\($0)") })
    var cases: [String] = []
    for k in 0..<1000 { cases.append(#"{"url": "myapp://item\#(k)/\#(k)", "route": "item\#(k)", "params": {"id": \#(k)}}"#) }
    let report = try r.runFixtures(json: "[" + cases.joined(separator: ",") + "]")
    #expect(report.passed == 1000 && report.uncovered.isEmpty)
    #expect(report.work <= 2 * 1000)
}
