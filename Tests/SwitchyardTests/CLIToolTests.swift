// The `switchyard` tool's plumbing, in-process: help and exit statuses, colour, places in
// the file (line and column from a JSON path, a byte inside a string, jansson's syntax
// errors), and the document's own lint settings.
import Testing
import Switchyard
@testable import SwitchyardCLI

/// Runs the tool with `arguments`; returns its status, output and error output.
func runTool(_ arguments: [String], input: [String] = []) -> (status: Int32, out: String, err: String) {
    let console = Console.capturing(input: input)
    let status = SwitchyardTool.run(arguments, console: console)
    return (status, console.output, console.errors)
}

@Suite("CLI: help, exit statuses, places in the file")
struct CLIToolTests {
    @Test("every subcommand has --help, with its exit statuses", arguments: ["check", "resolve", "routes", "diff", "lints"])
    func help(subcommand: String) {
        let r = runTool([subcommand, "--help"])
        #expect(runTool(["help", subcommand]).out == r.out)
        #expect(r.status == 0)
        #expect(r.out.contains("USAGE: switchyard \(subcommand)"))
        #expect(r.out.contains("Exit status"))
        #expect(r.out.contains("--format"))
    }

    @Test("every links subcommand has --help, with its exit statuses", arguments: ["aasa", "android", "generate", "check"])
    func linksHelp(subcommand: String) {
        let r = runTool(["links", subcommand, "--help"])
        #expect(runTool(["help", "links", subcommand]).out == r.out)
        #expect(r.status == 0)
        #expect(r.out.contains("USAGE: switchyard links \(subcommand)"))
        #expect(r.out.contains("Exit status"))
        #expect(r.out.contains("--format"))
        let group = runTool(["links"])
        #expect(group.status == 0)
        #expect(group.out.contains(subcommand))
    }

    @Test("the tool's own help lists the subcommands")
    func rootHelp() {
        for args in [[], ["--help"]] {
            let r = runTool(args)
            #expect(r.status == 0)
            for sub in ["check", "resolve", "routes", "diff", "lints", "links"] { #expect(r.out.contains(sub)) }
        }
    }

    @Test("usage errors exit with 2", arguments: [
        ["nonsense"], ["check"], ["check", "--format", "xml", "x.json"], ["resolve", "/a"],
        ["check", "--max-size", "lots", "x.json"], ["diff", "only-one.json"],
    ])
    func usage(arguments: [String]) {
        let r = runTool(arguments)
        #expect(r.status == 2, "\(arguments): \(r.err)")
        #expect(!r.err.isEmpty)
    }

    @Test("colour only when asked for (or on a terminal)")
    func colour() {
        #expect(runTool(["lints", "--color", "always"]).out.contains("\u{1B}["))
        #expect(!runTool(["lints", "--color", "never"]).out.contains("\u{1B}["))
        #expect(!runTool(["lints", "--color", "always", "--format", "json"]).out.contains("\u{1B}["))
    }

    @Test("line and column of a JSON path, and of a byte inside a string")
    func places() {
        let text = "{\n  \"version\": 1,\n  \"routes\": [\n    {\"pattern\": \"/caf\\u00e9/\\\"x/<int\", \"target\": \"A\"}\n  ]\n}\n"
        let file = RulesFile(path: "f.json", bytes: Array(text.utf8))
        #expect(file.place("$.routes[0].pattern", position: nil)! == (4, 17))
        // Decoded "/café/\"x/<int": byte 0 is '/', bytes 4-5 are 'é' (\u00e9), byte 7 '"' (\"), byte 10 '<'.
        #expect(file.place("$.routes[0].pattern", position: 0)! == (4, 18))
        #expect(file.place("$.routes[0].pattern", position: 6)! == (4, 28))
        #expect(file.place("$.routes[0].pattern", position: 7)! == (4, 29))
        #expect(file.place("$.routes[0].pattern", position: 10)! == (4, 33))
        #expect(file.place("$.routes[0].target", position: nil)! == (4, 50))
        #expect(file.place("$.routes[0].missing", position: nil)! == (4, 5))
        #expect(file.place("$.routes[0].target", position: nil, preferKey: true)! == (4, 40))
    }

    @Test("keyed documents: a place in a pattern is in the key")
    func keyedPlaces() {
        let text = "{\n  \"/a/<x\": {\"class\": \"A\"}\n}"
        let file = RulesFile(path: "f.json", bytes: Array(text.utf8))
        #expect(file.place("$[\"/a/<x\"]", position: 3)! == (2, 7))
        #expect(file.place("$[\"/a/<x\"].class", position: nil)! == (2, 22))
    }

    @Test("a syntax error is placed where jansson says", arguments: [
        "{\"version\": 1, \"routes\": [}", "{\n  \"a\": {\"class\": \"A\"},\n  \"b\" {}\n}", "{\"é\": {\"class\": x}}",
        "[1, 2", "{\"a\": {\"class\": \"A\"}}}",
    ])
    func syntaxErrors(text: String) throws {
        let file = RulesFile(path: "f.json", bytes: Array(text.utf8))
        guard case .failure(let report) = file.load() else {
            Issue.record("\(text) loaded")
            return
        }
        // "invalid JSON at line L, column C, byte B ...": the place is jansson's line and column.
        let words = report.message.split(separator: " ")
        guard let l = words.firstIndex(of: "line"), let c = words.firstIndex(of: "column") else {
            Issue.record("unexpected message: \(report.message)")
            return
        }
        #expect(report.line == Int(words[l + 1].dropLast()), "\(report.message)")
        #expect(report.column == Int(words[c + 1].dropLast()), "\(report.message)")
    }

    @Test("the document's lint settings are taken out without moving anything", arguments: [
        "{\"lint\": {\"disable\": [\"shadowed-route\"]},\n \"version\": 1, \"routes\": [{\"pattern\": \"/a/<b\", \"target\": \"A\"}]}",
        "{\"version\": 1,\n \"routes\": [{\"pattern\": \"/a/<b\", \"target\": \"A\"}],\n \"lint\": {\"disable\": [\"shadowed-route\"]}}",
        "{\"/a/<b\": {\"class\": \"A\"},\n \"lint\": {\"disable\": [\"shadowed-route\"]}}",
    ])
    func lintSettings(text: String) throws {
        let file = RulesFile(path: "f.json", bytes: Array(text.utf8))
        #expect(file.disabled == [.shadowedRoute])
        #expect(file.problems.isEmpty)
        guard case .failure(let report) = file.load() else {
            Issue.record("loaded")
            return
        }
        // The loader saw no "lint" member, and its error is placed on the '<' in the original text.
        #expect(report.message.contains("unclosed '<'"), "\(report.message)")
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "<"))!
        #expect(file.source.lineColumn(offset) == (report.line!, report.column!))
    }

    @Test("a \"lint\" key that is a route stays a route")
    func lintRoute() throws {
        let file = RulesFile(path: "f.json", bytes: Array(#"{"lint": {"class": "LintPage"}}"#.utf8))
        #expect(file.disabled.isEmpty)
        let router = try file.router()
        #expect(try router.resolveBuffer("/lint").target == "LintPage")
    }

    @Test("resolve reads URLs from standard input")
    func standardInput() throws {
        let dir = CLICase.root + "/Tests/CLI/resolve-stdin"
        let r = runTool(["resolve", "--rules", dir + "/rules.json", "--format", "json"], input: ["/a/7", "# note", "", "/nope"])
        #expect(r.status == 1)
        #expect(r.out.contains("\"matched\": 1") && r.out.contains("\"unmatched\": 1"))
    }
}
