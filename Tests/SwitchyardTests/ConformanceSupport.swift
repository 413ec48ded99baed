// Reading the conformance data (Tests/Data/conformance/*.json, Tests/Data/README.md) with
// Foundation. Foundation is used only in tests; the library itself never imports it.
import Foundation

/// A folder of the repository's test data, `Tests/Data/<name>`, found from this file's own
/// path (Tests/SwitchyardTests/<file>), so the tests read it wherever the checkout is.
func testDataFolder(_ name: String, filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath)
        .deletingLastPathComponent()   // Tests/SwitchyardTests
        .deletingLastPathComponent()   // Tests
        .appendingPathComponent("Data", isDirectory: true)
        .appendingPathComponent(name, isDirectory: true)
}

/// The folder with the conformance JSON files.
func conformanceFolder() -> URL { testDataFolder("conformance") }

enum ConformanceDataError: Error, CustomStringConvertible {
    case missingFolder(String)
    case unreadable(String, String)

    var description: String {
        switch self {
        case .missingFolder(let path):
            return "conformance data not found at \(path) (Tests/Data/conformance in the repository)"
        case .unreadable(let file, let why):
            return "cannot read \(file): \(why)"
        }
    }
}

/// One case as stored: the raw JSON object plus the file's system name ("jlroutes", ...).
struct RawCase {
    let system: String
    let object: [String: Any]

    var id: String { object["id"] as? String ?? "?" }
    var kind: String? { object["kind"] as? String }
    var expect: [String: Any] { object["expect"] as? [String: Any] ?? [:] }
}

/// Every case of every *.json file in the folder, file by file in name order.
func loadConformanceCases() throws -> [RawCase] {
    let folder = conformanceFolder()
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDir), isDir.boolValue else {
        throw ConformanceDataError.missingFolder(folder.path)
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".json") }.sorted()
    var cases: [RawCase] = []
    for file in files {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        guard let array = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw ConformanceDataError.unreadable(file, "not a JSON array of objects")
        }
        let system = String(file.dropLast(".json".count))
        cases += array.map { RawCase(system: system, object: $0) }
    }
    return cases
}

/// Every alternative of a pattern's optional groups, as text (groups independently optional,
/// SEMANTICS §8): "/a(/:b)(/:c)" → "/a", "/a/:c", "/a/:b", "/a/:b/:c". Without groups: itself.
func groupExpansions(_ pattern: String) -> [String] {
    var pieces: [(text: String, optional: Bool)] = []
    var current = ""
    for ch in pattern {
        if ch == "(" {
            pieces.append((current, false)); current = ""
        } else if ch == ")" {
            pieces.append((current, true)); current = ""
        } else {
            current.append(ch)
        }
    }
    pieces.append((current, false))
    var results = [""]
    for piece in pieces {
        if piece.optional {
            results = results.flatMap { [$0, $0 + piece.text] }
        } else {
            results = results.map { $0 + piece.text }
        }
    }
    return results
}

/// True when `text` parses as a JSON object.
func isJSONObject(_ text: String) -> Bool {
    guard let data = text.data(using: .utf8),
          let object = try? JSONSerialization.jsonObject(with: data) else { return false }
    return object is [String: Any]
}
