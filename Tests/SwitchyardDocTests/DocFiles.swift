import Foundation

/// The files a docs page shows as ```` ```json file=NAME ```` blocks, written to a folder of
/// this test's own (tests run in parallel in one process, so none changes the working folder).
struct DocFiles {
    let folder: URL

    init(_ files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchyard-doc-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    /// Where the page's file `name` is for this test.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
