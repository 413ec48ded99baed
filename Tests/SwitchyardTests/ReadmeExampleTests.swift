import Foundation  // tests only: to read README.md
import Testing
import Switchyard

/// README.md quotes the code between the markers below byte for byte (checked here), and
/// the code's results are asserted, so the README's Swift example can never rot.
@Suite struct ReadmeExample {
    // BEGIN README
    func readmeExample() throws -> [String] {
        let router = Router()
        try router.add("myapp://user/<int:id>", target: "UserProfile", name: "user",
                       defaults: ["tab": "posts"])
        try router.add("/files/*path", target: "Files")

        guard let match = try router.resolve("myapp://user/42?ref=mail#top") else { return [] }
        // match.target == "UserProfile", match.int("id") == 42, match.string("tab") == "posts",
        // match.params == ["id": 42, "ref": "mail", "tab": "posts"], match.fragment == "top"

        let scratch = MatchBuffer()  // reuse one per thread: no allocation per resolve
        if try router.resolve("/files/a/b%20c.txt", into: scratch) {
            print(scratch.remainder ?? "")  // "a/b c.txt"
        }

        do {
            try router.add("/user/<date:day>", target: "Calendar")
        } catch {
            print(error.code, error.position ?? -1, error.message)
            // invalidPattern 7 unknown type 'date' at 7
        }
        return [match.target ?? "", scratch.remainder ?? ""]
    }
    // END README

    @Test func exampleGivesWhatItsCommentsSay() throws {
        #expect(try readmeExample() == ["UserProfile", "a/b c.txt"])
        let router = Router()
        try router.add("myapp://user/<int:id>", target: "UserProfile", name: "user", defaults: ["tab": "posts"])
        let m = try #require(try router.resolve("myapp://user/42?ref=mail#top"))
        #expect(m.parameter("id") == .int(42) && m.int("id") == 42 && m.string("tab") == "posts")
        #expect(m.params == ["id": .int(42), "ref": .string("mail"), "tab": .string("posts")])
        #expect(m.fragment == "top")
        let e = #expect(throws: SwitchyardError.self) { try router.add("/user/<date:day>", target: "Calendar") }
        #expect(e?.code == .invalidPattern && e?.position == 7 && e?.message == "unknown type 'date' at 7")
    }

    @Test func readmeQuotesThisFileExactly() throws {
        let here = URL(fileURLWithPath: #filePath)
        let repo = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: here, encoding: .utf8)
        let readme = try String(contentsOf: repo.appendingPathComponent("README.md"), encoding: .utf8)
        func between(_ text: String, _ begin: String, _ end: String) -> String? {
            guard let b = text.range(of: begin), let e = text.range(of: end, range: b.upperBound..<text.endIndex)
            else { return nil }
            return String(text[b.upperBound..<e.lowerBound])
        }
        let code = try #require(between(source, "    // BEGIN README\n", "    // END README\n"))
        let quoted = try #require(between(readme, "<!-- BEGIN Tests/SwitchyardTests/ReadmeExampleTests.swift -->\n```swift\n",
                                          "```\n<!-- END Tests/SwitchyardTests/ReadmeExampleTests.swift -->"))
        // The README shows the function body without the test's indentation.
        let dedented = code.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
        #expect(quoted == dedented)
    }
}
