// `switchyard check RULES.json...`: load each document as an app would, then lint it.
import ArgumentParser
import Switchyard

struct Check: ToolCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse and lint rule documents.",
        discussion: """
            Each document is loaded as an app loads it; an error names its file:line:column and \
            JSON path. A document that loads is then linted: every finding has a stable id, a \
            severity and a one-line fix (`switchyard lints` lists them). A document can turn \
            lints off with a top-level "lint": {"disable": ["id", ...]} member (the library's \
            loader accepts it and ignores it).

            Exit status: 0 no errors (warnings are printed); 1 an error, or a warning with \
            --strict; 2 usage error or a file that cannot be read.
            """)

    @Argument(help: "Rule documents (JSON).")
    var files: [String] = []

    @Option(name: .customLong("disable"),
            help: ArgumentHelp("Turn a lint off (repeatable; ids may be separated by commas).", valueName: "id"))
    var disable: [String] = []

    @Option(name: .customLong("max-size"),
            help: ArgumentHelp("Flag documents over this size (document-size): bytes, or with a K or M suffix.",
                               valueName: "size"))
    var maxSize: String?

    @Flag(help: "Count warnings as findings for the exit status.")
    var strict = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one rule document") }
        _ = try disabledRules()
        _ = try maxBytes()
    }

    func disabledRules() throws -> Set<LintRule> {
        var out = Set<LintRule>()
        for item in disable.flatMap({ $0.split(separator: ",") }) {
            let id = item.trimmingSpaces
            guard let rule = LintRule(rawValue: id) else {
                throw ValidationError("unknown lint id '\(id)' (`switchyard lints` lists them)")
            }
            out.insert(rule)
        }
        return out
    }

    func maxBytes() throws -> Int? {
        guard let text = maxSize else { return nil }
        var digits = Substring(text)
        var scale = 1
        if let last = digits.last, "kKmM".contains(last) {
            scale = "kK".contains(last) ? 1024 : 1024 * 1024
            digits = digits.dropLast()
        }
        guard let n = Int(digits), n > 0, n <= Int(Int32.max) / scale else {
            throw ValidationError("--max-size must be a positive number of bytes (e.g. 65536, 64K, 2M), not '\(text)'")
        }
        return n * scale
    }

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        let disabled = try disabledRules()
        let max = try maxBytes()
        var results: [JSONValue] = []
        var status: Int32 = 0
        var totals = (errors: 0, warnings: 0)
        for path in files {
            let file: RulesFile
            do {
                file = try RulesFile.read(path, limit: RouterOptions().limits.maxDocumentSize)
            } catch let failure {
                status = 2
                if output.format == .text { console.error(failure.message) }
                results.append(.object([("file", .string(path)), ("readable", .bool(false)),
                                        ("error", .string(failure.message))]))
                continue
            }
            let (reports, routes) = check(file, disabled: disabled, max: max)
            let errors = reports.filter { $0.severity == .error }.count
            let warnings = reports.count - errors
            totals.errors += errors
            totals.warnings += warnings
            if (errors > 0 || (strict && warnings > 0)) && status == 0 { status = 1 }
            switch output.format {
            case .text:
                for r in reports { console.write(r.text(file: path, console)) }
                console.line(summary(path, routes: routes, errors: errors, warnings: warnings, console))
            case .json:
                results.append(.object([
                    ("file", .string(path)), ("readable", .bool(true)),
                    ("loaded", .bool(routes != nil)), ("routes", routes.map { .int($0) } ?? .null),
                    ("errors", .int(errors)), ("warnings", .int(warnings)),
                    ("findings", .array(reports.map(\.json))),
                ]))
            }
        }
        if output.format == .json {
            console.line(JSONValue.object([
                ("files", .array(results)), ("errors", .int(totals.errors)), ("warnings", .int(totals.warnings)),
                ("exit_status", .int(Int(status))),
            ]).text)
        }
        return status
    }

    /// The reports for one file, and its route count when it loads.
    func check(_ file: RulesFile, disabled: Set<LintRule>, max: Int?) -> ([Report], Int?) {
        var reports = file.problems
        var config = LintConfiguration(disabled: disabled.union(file.disabled), maxDocumentBytes: max)
        // The size concerns the file as written, lint settings included.
        if let max, file.original.count > max, !config.disabled.contains(.documentSize) {
            reports.append(Report(id: LintRule.documentSize.id, severity: LintRule.documentSize.severity,
                                  message: "the document is \(file.original.count) bytes, over the limit of \(max)",
                                  fix: LintRule.documentSize.fix, path: "$", line: 1, column: 1))
        }
        config.maxDocumentBytes = nil
        switch file.load() {
        case .failure(let report):
            return (reports + [report], nil)
        case .success(let router):
            do {
                let lint = try RulesLinter.lint(loaded: router, json: file.loadedText, configuration: config)
                return (reports + lint.findings.map(file.report), lint.routeCount)
            } catch {
                return (reports + [file.report(error)], nil)
            }
        }
    }

    func summary(_ path: String, routes: Int?, errors: Int, warnings: Int, _ console: Console) -> String {
        guard let routes else {
            return "\(console.styled(path, .bold)): does not load"
        }
        let r = "\(routes) route\(routes == 1 ? "" : "s")"
        if errors == 0 && warnings == 0 { return "\(console.styled(path, .bold)): \(r), " + console.styled("no problems", .green) }
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return "\(console.styled(path, .bold)): \(r), \(parts.joined(separator: ", "))"
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
