// The `switchyard` tool on the small documents of Tests/CLI: each folder there holds a
// case.txt (the command line and its exit status), the files it reads, and the expected
// output in both formats (expected.txt: text without colour, expected.json). The tool
// runs in-process. SWITCHYARD_UPDATE_CLI_EXPECTED=1 rewrites the expected files.
import Foundation
import Testing
@testable import SwitchyardCLI

struct CLICase: CustomTestStringConvertible, Sendable {
    var name: String
    var directory: String
    var testDescription: String { name }

    static let root: String = {
        // Tests/SwitchyardTests/<this file> -> the package root.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var all: [CLICase] {
        let dir = root + "/Tests/CLI"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.sorted().compactMap { name in
            let d = dir + "/" + name
            return FileManager.default.fileExists(atPath: d + "/case.txt") ? CLICase(name: name, directory: d) : nil
        }
    }

    /// `args:`, `exit:` and optional `stdin:` lines of case.txt (`#` starts a comment).
    func spec() throws -> (args: [String], exit: Int32, stdin: [String]) {
        let text = try String(contentsOfFile: directory + "/case.txt", encoding: .utf8)
        var args: [String] = [], exit: Int32 = 0, stdin: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("args:") { args = Self.words(String(line.dropFirst(5))) }
            if line.hasPrefix("exit:") { exit = Int32(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) ?? -1 }
            if line.hasPrefix("stdin:") {
                let file = directory + "/" + line.dropFirst(6).trimmingCharacters(in: .whitespaces)
                stdin = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        return (args.map { $0.replacingOccurrences(of: "$CASE", with: directory).replacingOccurrences(of: "$ROOT", with: Self.root) },
                exit, stdin)
    }

    /// Words separated by spaces; single quotes keep spaces in a word.
    static func words(_ s: String) -> [String] {
        var out: [String] = [], word = "", quoted = false, has = false
        for c in s {
            if c == "'" { quoted.toggle(); has = true; continue }
            if c == " " && !quoted {
                if has { out.append(word) }
                word = ""; has = false
                continue
            }
            word.append(c); has = true
        }
        if has { out.append(word) }
        return out
    }

    /// Runs the case in one format: its output with the case folder and the package root
    /// written as $CASE and $ROOT, and the exit status.
    func run(format: String) throws -> (text: String, status: Int32) {
        let (args, _, stdin) = try spec()
        let extra = format == "json" ? ["--format", "json"] : ["--format", "text", "--color", "never"]
        let console = Console.capturing(input: stdin)
        let status = SwitchyardTool.run(args + extra, console: console)
        var text = console.output
        if !console.errors.isEmpty { text += "== stderr\n" + console.errors }
        text = text.replacingOccurrences(of: directory, with: "$CASE").replacingOccurrences(of: Self.root, with: "$ROOT")
        return (text, status)
    }
}

@Suite("CLI: the tool on the documents of Tests/CLI")
struct CLICaseTests {
    @Test("expected output and exit status", arguments: CLICase.all)
    func expectedOutput(_ c: CLICase) throws {
        let (_, exit, _) = try c.spec()
        let update = ProcessInfo.processInfo.environment["SWITCHYARD_UPDATE_CLI_EXPECTED"] == "1"
        for (format, file) in [("text", "expected.txt"), ("json", "expected.json")] {
            let (text, status) = try c.run(format: format)
            #expect(status == exit, "\(c.name) (\(format)): exit status \(status), expected \(exit)")
            let path = c.directory + "/" + file
            if update {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text == expected, "\(c.name) (\(format)) differs from \(file):\n\(text)")
        }
    }

    @Test("there are cases for every subcommand and every lint")
    func coverage() throws {
        var subcommands = Set<String>()
        var outputs = ""
        for c in CLICase.all {
            let args = try c.spec().args
            if let first = args.first { subcommands.insert(first == "links" && args.count > 1 ? "links " + args[1] : first) }
            outputs += (try? String(contentsOfFile: c.directory + "/expected.json", encoding: .utf8)) ?? ""
        }
        for sub in ["check", "resolve", "routes", "diff", "lints", "links aasa", "links android", "links generate", "links check", "test"] {
            #expect(subcommands.contains(sub), "no case runs `\(sub)`")
        }
        for id in ["shadowed-route", "parameter-name-only", "redirect-loop", "redirect-limit", "redirect-offsite",
                   "redirect-unhandled", "empty-placeholder", "unused-default", "document-size", "invalid-document"] {
            #expect(outputs.contains("\"id\": \"\(id)\""), "no case's expected output has \(id)")
        }
    }
}
