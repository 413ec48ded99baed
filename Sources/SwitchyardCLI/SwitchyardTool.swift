// `switchyard`: checks, resolves, lists and compares rule documents (docs/CLI.md).
// Exit status: 0 fine, 1 findings, 2 usage or unreadable input.
import ArgumentParser
import Switchyard

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@main
enum SwitchyardMain {
    static func main() {
        // The arguments' own bytes: CommandLine.arguments would turn bytes that are not
        // UTF-8 into U+FFFD, and a file name holding them could not be opened.
        var arguments: [String] = []
        for k in 1..<max(1, Int(CommandLine.argc)) {
            guard let p = CommandLine.unsafeArgv[k] else { continue }
            arguments.append(decodeArgument(UnsafeBufferPointer(start: p, count: strlen(p)).lazy.map { UInt8(bitPattern: $0) }))
        }
        exit(SwitchyardTool.run(arguments, console: .standard()))
    }
}

struct SwitchyardTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "Check, resolve, list, compare and test Switchyard rule documents, and check app links.",
        discussion: """
            Every subcommand takes --format text (for people; colour only on a terminal) or \
            --format json (for CI), and --help.

            Exit status: 0 fine; 1 findings (check: an error, or with --strict a warning; \
            resolve: a URL with no match or an error; diff: some URL changes its answer; test: a case \
            fails); \
            2 usage error, or input that cannot be read or loaded.
            """,
        version: switchyardVersion,
        subcommands: [Check.self, Resolve.self, Routes.self, Diff.self, Lints.self, Links.self, TestFixtures.self])

    /// Parses `arguments`, runs the command on `console` and returns the exit status.
    static func run(_ arguments: [String], console: Console) -> Int32 {
        do {
            let command = try parseAsRoot(arguments)
            guard let tool = command as? ToolCommand else {
                // The root alone, a group alone, `--help` or `help [subcommand...]`: the help of
                // the innermost subcommand named, else the tool's.
                var named: ParsableCommand.Type?
                var choices = configuration.subcommands
                for word in arguments {
                    guard let sub = choices.first(where: { $0._commandName == word }) else { continue }
                    named = sub
                    choices = sub.configuration.subcommands
                }
                console.write(ownLines(named.map { helpMessage(for: $0) } ?? helpMessage()) + nl)
                return 0
            }
            return try tool.execute(console)
        } catch let failure as ToolFailure {
            console.error(failure.message)
            return failure.status
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                console.write(ownLines(message) + nl)  // --help, --version
                return 0
            }
            console.error(ownLines(message))
            return 2
        }
    }
}

/// A subcommand the tool runs itself (so tests can run it on a capturing console).
protocol ToolCommand: ParsableCommand {
    func execute(_ console: Console) throws -> Int32
}

extension ToolCommand {
    func run() throws {
        let status = try execute(.standard())
        if status != 0 { throw ExitCode(status) }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// The options every subcommand shares.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: text (for people) or json (for CI).")
    var format: OutputFormat = .text

    @Option(help: "Colour in text output: auto (only on a terminal), always or never.")
    var color: ColorChoice = .auto

    /// Sets the console's colour for this command.
    func apply(to console: Console) {
        switch (format, color) {
        case (.json, _), (_, .never): console.color = false
        case (_, .always): console.color = true
        case (_, .auto): console.color = Console.stdoutIsColourTerminal
        }
    }
}
