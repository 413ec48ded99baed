// Where a rule document's errors are (docs/ERRORS.md "Places in a document"): every error a
// document gets from text or a file carries the line, column and byte of the value its JSON
// path names, and inside a pattern or a redirect, of the offending byte itself.
import Testing
import Switchyard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document, the start of the error's message, and where the error is: the byte of the
/// first `marker` in the text (plus `delta`), on `line` at `column` (characters from 1).
struct PlaceCase: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var message: String
    var marker: String
    var delta = 0
    var line: Int
    var column: Int
    var testDescription: String { name }
}

private let placeCases: [PlaceCase] = [
    PlaceCase(name: "unregistered parameter type in a pattern",
              json: "{\"version\": 1, \"routes\": [\n  {\"pattern\": \"/a\", \"target\": \"A\"},\n  {\"pattern\": \"/d/<date:d>\", \"target\": \"D\"}\n]}",
              message: "$.routes[1].pattern: ", marker: "date:d", line: 3, column: 20),
    PlaceCase(name: "keyed shape: the pattern is the key",
              json: "{\n\"/a\": {\"class\": \"A\"},\n\"/b/<date:d>\": {\"class\": \"B\"}}",
              message: "$[\"/b/<date:d>\"]: ", marker: "date:d", line: 3, column: 6),
    PlaceCase(name: "escapes before the error count as the bytes they stand for",
              json: #"{"version": 1, "routes": [{"pattern": "/\u00e9\/x/\ud83d\ude00/<date:d>", "target": "A"}]}"#,
              message: "$.routes[0].pattern: ", marker: "date:d", line: 1, column: 65),
    PlaceCase(name: "CRLF line breaks",
              json: "{\"version\": 1,\r\n \"routes\": [\r\n  {\"pattern\": \"/d/<date:d>\", \"target\": \"D\"}]}",
              message: "$.routes[0].pattern: ", marker: "date:d", line: 3, column: 20),
    PlaceCase(name: "multi-byte UTF-8 before the error on its line counts one column a character",
              json: "{\"version\": 1, \"routes\": [{\"name\": \"é€😀\", \"pattern\": \"/x/<date:d>\", \"target\": \"A\"}]}",
              message: "$.routes[0].pattern: ", marker: "date:d", line: 1, column: 59),
    PlaceCase(name: "unclosed group",
              json: "{\"version\": 1, \"routes\": [{\"pattern\": \"/a/<id\", \"target\": \"A\"}]}",
              message: "$.routes[0].pattern: ", marker: "<id", line: 1, column: 43),
    PlaceCase(name: "an unknown field is placed at its key",
              json: "{\"version\": 1, \"routes\": [\n {\"pattern\": \"/a\", \"target\": \"A\",\n  \"bogus\": 1}]}",
              message: "$.routes[0].bogus: unknown field", marker: "\"bogus\"", line: 3, column: 3),
    PlaceCase(name: "keyed shape: an unknown field",
              json: "{\"/a\": {\"class\": \"A\", \"bogus\": true}}",
              message: "$[\"/a\"].bogus: unknown field", marker: "\"bogus\"", line: 1, column: 23),
    PlaceCase(name: "unknown top-level field",
              json: "{\"version\": 1, \"routes\": [], \"extra\": 1}",
              message: "$.extra: unknown field", marker: "\"extra\"", line: 1, column: 30),
    PlaceCase(name: "a requirement that is not a string",
              json: "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\", \"requires\": [\"signed-in\", 5]}]}",
              message: "$.routes[0].requires[1]: ", marker: "5]", line: 1, column: 86),
    PlaceCase(name: "a nested default of the wrong type",
              json: "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\",\n \"defaults\": {\"tab\": \"x\", \"zoom\": [1]}}]}",
              message: "$.routes[0].defaults.zoom: must be", marker: "[1]", line: 2, column: 35),
    PlaceCase(name: "a route without a target is placed at its object",
              json: "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\"},\n    {\"pattern\": \"/b\"}]}",
              message: "$.routes[1]: ", marker: "{\"pattern\": \"/b\"", line: 2, column: 5),
    PlaceCase(name: "a wrong version is placed at its value",
              json: "{\"version\": \"1\", \"routes\": []}",
              message: "$.version: must be", marker: "\"1\"", line: 1, column: 13),
    PlaceCase(name: "an unknown query item type",
              json: "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\", \"query\": {\"page\": {\"type\": \"nope\"}}}]}",
              message: "$.routes[0].query.page.type: unknown type 'nope'", marker: "\"nope\"", line: 1, column: 87),
    PlaceCase(name: "a conflict is placed at the second pattern",
              json: "{\"version\": 1, \"routes\": [{\"pattern\": \"/a/:x\", \"target\": \"A\"},\n {\"pattern\": \"/a/:y\", \"target\": \"B\"}]}",
              message: "$.routes[1].pattern: ", marker: "\"/a/:y\"", line: 2, column: 14),
    PlaceCase(name: "a placeholder in a redirect's host",
              json: "{\"version\": 1, \"routes\": [{\"pattern\": \"/a/:id\", \"redirect\": \"https://{id}/x\"}]}",
              message: "$.routes[0].redirect: a placeholder may not stand in the host", marker: "{id}", line: 1, column: 70),
]

@Suite("Rule document errors: line, column and byte")
struct RulesPlaceTests {
    @Test("each error carries the place of the value it names", arguments: placeCases)
    func placed(_ c: PlaceCase) throws {
        let router = Router()
        var caught: SwitchyardError?
        do throws(SwitchyardError) { try router.loadRules(json: c.json) } catch { caught = error }
        let e = try #require(caught, "\(c.name): loaded")
        #expect(e.code == .rule)
        #expect(e.message.hasPrefix(c.message), "\(c.name): \(e.message)")
        let marker = try #require(c.json.utf8.firstRange(of: c.marker.utf8), "\(c.name): no marker")
        let byte = c.json.utf8.distance(from: c.json.utf8.startIndex, to: marker.lowerBound) + c.delta
        #expect(e.place == SwitchyardError.Place(line: c.line, column: c.column, offset: byte),
                "\(c.name): \(e.message) \(e.place.map(String.init(describing:)) ?? "no place") / byte \(byte)")
    }

    @Test("a syntax error's place is the one its message gives")
    func syntaxError() throws {
        let router = Router()
        var caught: SwitchyardError?
        do throws(SwitchyardError) { try router.loadRules(json: "{\n  \"version\": 1,\n  x}") } catch { caught = error }
        let e = try #require(caught)
        let place = try #require(e.place)
        #expect(e.message.hasPrefix("invalid JSON at line 3, column 3, byte 21:"), "\(e.message)")
        #expect(place == SwitchyardError.Place(line: 3, column: 3, offset: 20), "\(place)")
        #expect(e.position == 21)
    }

    @Test("a file's error has the same place as its text's")
    func fromFile() throws {
        let c = placeCases[0]
        let path = "/tmp/switchyard-rules-place-\(c.json.utf8.count).json"
        let router = Router()
        var text: SwitchyardError?
        do throws(SwitchyardError) { try router.loadRules(json: c.json) } catch { text = error }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        _ = c.json.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        defer { unlink(path) }
        var file: SwitchyardError?
        do throws(SwitchyardError) { try router.loadRules(contentsOfFile: path) } catch { file = error }
        #expect(file?.place != nil)
        #expect(file?.place == text?.place)
    }

    @Test("a document that loads pays for no place, and an error outside a document has none")
    func noPlaceElsewhere() throws {
        let router = Router()
        try router.loadRules(json: "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\"}]}")
        var caught: SwitchyardError?
        do throws(SwitchyardError) { try router.add("/b/<date:d>", target: "B") } catch { caught = error }
        #expect(caught?.code == .invalidPattern)
        #expect(caught?.place == nil)
    }
}
