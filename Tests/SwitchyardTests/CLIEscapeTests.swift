// The tool prints what others wrote (targets, names, defaults, app IDs, decoded parameters,
// URLs and file names from the command line and standard input) with every control
// character escaped, in every subcommand, format and stream: nothing it prints can act on
// a terminal or a CI log.
import Foundation
import Testing
@testable import SwitchyardCLI

/// Files with hostile text, written to a fresh directory.
struct HostileFiles {
    let dir: String

    /// One of each class a terminal acts on: OSC 0 (window title), OSC 52 (clipboard),
    /// CSI 2J (clear screen), a C1 CSI, DEL, a carriage return, a line feed that would
    /// start a line of its own, and the bidi controls.
    static let payloads = ["\u{1B}]0;title\u{07}", "\u{1B}]52;c;aGk=\u{07}", "\u{1B}[2J", "\u{9B}31m", "\u{7F}",
                           "\r", "\n  matched    /admin -> Admin", "\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}", "\u{85}"]
    static var all: String { payloads.joined() }

    init() throws {
        dir = NSTemporaryDirectory() + "switchyard-cli-escape-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let x = Self.all
        try write("rules.json", [
            "version": 1,
            "routes": [
                ["pattern": "https://www.example.com/a/:id", "target": "T" + x, "name": "n" + x,
                 "defaults": ["d": "v" + x, "k" + x: "u" + x]],
                ["pattern": "https://www.example.com/r", "redirect": "/a/%1B%5D0;t%07%E2%80%AE%C2%9B"],
                ["pattern": "https://www.example.com/b/:id", "target": "B" + x],
            ],
        ])
        try write("old.json", ["version": 1, "routes": [["pattern": "https://www.example.com/a/:id", "target": "old" + x]]])
        try write("broken.json", ["version": 1, "routes": [["pattern": "/p" + x, "target": "T" + x]]])
        try write("aasa.json", ["applinks": ["details": [
            ["appIDs": ["ABCDE12345.com.example" + x], "components": [["/": "/a/*", "comment": x], ["/": "/z" + x, "k" + x: 1]]],
        ]]])
        try write("app.json", [
            "package": "com.example" + x,
            "filters": [["autoVerify": true, "data": [["scheme": "https", "host": "www.example.com" + x],
                                                      ["pathPrefix": "/a/" + x]]]],
        ])
    }

    private func write(_ name: String, _ object: Any) throws {
        let data = try JSONSerialization.data(withJSONObject: object)
        try data.write(to: URL(fileURLWithPath: dir + "/" + name))
    }

    func path(_ name: String) -> String { dir + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: dir) }
}

/// A character of `s` that a terminal would act on (C0 but the line feed, DEL, C1, bidi).
/// (Line feeds from input are checked by the cases that put one in a value.)
func rawControl(in s: String) -> Unicode.Scalar? {
    s.unicodeScalars.first { u in
        switch u.value {
        case 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

/// `s` without the SGR colour sequences (ESC [ digits m) the tool writes itself.
func withoutColour(_ s: String) -> String {
    s.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
}

@Suite("CLI: control characters from input are printed escaped")
struct CLIEscapeTests {
    /// Every subcommand on hostile input; `$D` is the directory of `HostileFiles`.
    static let commands: [(name: String, args: [String], stdin: [String])] = {
        let x = HostileFiles.all
        let url = "https://www.example.com"
        return [
            ("check", ["check", "$D/rules.json", "$D/broken.json", "$D/missing" + x + ".json"], []),
            ("check --disable", ["check", "--disable", "x" + x, "$D/rules.json"], []),
            ("resolve argv", ["resolve", "--explain", "--rules", "$D/rules.json", url + "/a/" + x, url + "/a/%1B%5D0;t%07%E2%80%AE",
                              url + "/r", url + "/b/%C2%9B", "/nothing" + x], []),
            ("resolve stdin", ["resolve", "--rules", "$D/rules.json"], [url + "/a/" + x, url + "/a/%1b%5b2J", "# " + x]),
            ("resolve broken", ["resolve", "--rules", "$D/broken.json", url + "/a/1"], []),
            ("routes", ["routes", "$D/rules.json"], []),
            ("routes missing", ["routes", "$D/missing" + x], []),
            ("diff", ["diff", "$D/old.json", "$D/rules.json"], []),
            ("lints", ["lints"], []),
            ("links aasa", ["links", "aasa", "$D/aasa.json", "--host", "www.example.com", url + "/a/" + x,
                            url + "/z" + x, "https://h" + x + "/"], []),
            ("links aasa stdin", ["links", "aasa", "$D/aasa.json", "--host", "www.example.com" + x], [url + "/a/%1b" + x]),
            ("links android", ["links", "android", "$D/app.json", url + "/a/" + x, url + "/a/%E2%80%AE"], []),
            ("links generate", ["links", "generate", "--rules", "$D/rules.json", "--host", "www.example.com",
                                "--app-id", "ABCDE12345.com.example" + x, "--android-package", "p" + x,
                                "--fingerprint", "F" + x], []),
            ("links check", ["links", "check", "--rules", "$D/rules.json", "--aasa", "$D/aasa.json",
                             "--host", "www.example.com"], []),
            ("links check app", ["links", "check", "--rules", "$D/rules.json", "--aasa", "$D/aasa.json",
                                 "--host", "www.example.com" + x, "--app-id", "A" + x], []),
            ("usage", ["check", "--max-size", x, "$D/rules.json"], []),
            ("unknown subcommand", ["x" + x], []),
            ("unknown option", ["routes", "--" + x, "$D/rules.json"], []),
        ]
    }()

    @Test("no subcommand prints a raw control character, in any format", arguments: 0..<commands.count)
    func everySubcommand(_ k: Int) throws {
        let files = try HostileFiles()
        defer { files.remove() }
        let c = Self.commands[k]
        let args = c.args.map { $0.replacingOccurrences(of: "$D", with: files.dir) }
        for extra in [["--format", "text", "--color", "never"], ["--format", "text", "--color", "always"], ["--format", "json"]] {
            let r = runTool(args + extra, input: c.stdin)
            let out = withoutColour(r.out), err = withoutColour(r.err)
            #expect(rawControl(in: out) == nil, "\(c.name) \(extra): output has U+\(String(rawControl(in: out)?.value ?? 0, radix: 16)):\n\(out)")
            #expect(rawControl(in: err) == nil, "\(c.name) \(extra): errors have U+\(String(rawControl(in: err)?.value ?? 0, radix: 16)):\n\(err)")
            #expect(!(out + err).contains("\n  matched    /admin"), "\(c.name) \(extra): a value started a line:\n\(out)\(err)")
            // The escapes show the text instead (`lints` reads no input; the loader's message
            // for the broken document does not quote the pattern; an unknown subcommand is
            // reported after the unknown options that follow it).
            #expect((r.out + r.err).contains("\\x1b") || (r.out + r.err).contains("\\u001b") || ["lints", "resolve broken", "unknown subcommand"].contains(c.name),
                    "\(c.name) \(extra): nothing escaped:\n\(r.out)\(r.err)")
            if extra.contains("json"), r.status != 2 {
                #expect((try? JSONSerialization.jsonObject(with: Data(r.out.utf8))) != nil, "\(c.name): not JSON:\n\(r.out)")
            }
        }
    }

    @Test("each class has its escape", arguments: [
        ("\u{1B}]0;title\u{07}", "\\x1b]0;title\\x07"),        // OSC 0: the window title
        ("\u{1B}]52;c;aGk=\u{07}", "\\x1b]52;c;aGk=\\x07"),    // OSC 52: the clipboard
        ("\u{1B}[2J", "\\x1b[2J"),                             // CSI: clear the screen
        ("a\rb\tc\u{0}", "a\\x0db\\x09c\\x00"),                // other C0
        ("\u{7F}", "\\x7f"),                                   // DEL
        ("\u{9B}2J\u{85}\u{9F}", "\\u{9B}2J\\u{85}\\u{9F}"),   // C1
        ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{202E}"),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", "\\u{2066}\\u{2067}\\u{2068}\\u{2069}"),
        ("\u{200E}\u{200F}\u{061C}", "\\u{200E}\\u{200F}\\u{61C}"),
        ("line\nnext", "line\\x0anext"),                        // a line feed not written by the tool
        ("é 日本 \u{200D} \\x1b", "é 日本 \u{200D} \\x1b"),          // printable text stays
    ])
    func classes(_ input: String, _ shown: String) {
        let console = Console.capturing()
        console.write(input)
        console.error(input)
        console.line("")
        #expect(console.output == shown + "\n")
        #expect(console.errors == shown + "\n")
        #expect(rawControl(in: console.output) == nil)
    }

    @Test("each class in a target, a name, a default, a parameter and an argv URL", arguments: HostileFiles.payloads)
    func classesThroughResolve(_ payload: String) throws {
        let files = try HostileFiles()
        defer { files.remove() }
        let escaped = TerminalText.escaped(payload)
        let rules = files.path("rules.json")
        // Echoed from the command line as given.
        let raw = runTool(["resolve", "--rules", rules, "--color", "never", "https://www.example.com/a/" + payload])
        #expect(rawControl(in: raw.out + raw.err) == nil)
        #expect(raw.out.hasPrefix("https://www.example.com/a/" + escaped + "\n"), "\(raw.out)")
        // Percent-encoded: the decoded parameter, and the document's target, name and default.
        let encoded = payload.utf8.map { ($0 < 16 ? "%0" : "%") + String($0, radix: 16) }.joined()
        let r = runTool(["resolve", "--rules", rules, "--color", "never", "https://www.example.com/a/" + encoded])
        let all = TerminalText.escaped(HostileFiles.all)
        #expect(rawControl(in: r.out + r.err) == nil)
        #expect(r.out.contains("-> T\(all) (name n\(all))\n"), "\(r.out)")
        #expect(r.out.contains("id=\(escaped),") && r.out.contains("d=v\(all)"), "\(r.out)")
    }

    @Test("colour the tool writes survives; colour written in input does not")
    func colourMarks() throws {
        let console = Console.capturing()
        console.color = true
        console.write(console.styled("ok", .green) + " \u{1B}[32mfake\u{1B}[0m \u{E000}32\u{E001}")
        #expect(console.output == "\u{1B}[32mok\u{1B}[0m \\x1b[32mfake\\x1b[0m \u{E000}32\u{E001}")
    }

    @Test("arguments that are not UTF-8 keep their bytes, and print as \\xNN")
    func undecodableArguments() {
        let bytes: [UInt8] = [0x72, 0xFF, 0x2E, 0xC3, 0xA9, 0xE2, 0x82, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80]
        let s = decodeArgument(bytes)
        #expect(argumentBytes(s) == bytes)
        #expect(TerminalText.escaped(s) == "r\\xff.é\\xe2\\x82\\xc0\\xaf\\xed\\xa0\\x80\\xf4\\x90\\x80\\x80")
        #expect(decodeArgument(Array("plain é 日本 😀".utf8)) == "plain é 日本 😀")
    }

    @Test("a file whose name is not UTF-8 opens, and its name prints escaped")
    func undecodableFileName() throws {
        let files = try HostileFiles()
        defer { files.remove() }
        let nameBytes = Array(files.dir.utf8) + [0x2F, 0x72, 0xFF, 0xFE, 0x2E, 0x6A, 0x73, 0x6F, 0x6E]
        let text = try String(contentsOfFile: files.path("old.json"), encoding: .utf8)
        let fd = (nameBytes + [0]).withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(fd >= 0)
        _ = Array(text.utf8).withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let arg = decodeArgument(nameBytes)
        for format in ["text", "json"] {
            let r = runTool(["routes", arg, "--format", format])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("/r\\xff\\xfe.json") || r.out.contains("/r\\\\xff\\\\xfe.json"), "\(r.out)")
            #expect(rawControl(in: r.out) == nil && !r.out.unicodeScalars.contains { $0.value >= 0x10FF80 })
        }
        let missing = runTool(["check", decodeArgument(Array(files.dir.utf8) + [0x2F, 0x9B, 0x1B])])
        #expect(missing.status == 2)
        #expect(missing.err.contains("/\\x9b\\x1b: cannot open"), "\(missing.err)")
    }
}
