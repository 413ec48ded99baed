// `switchyard lints`: every lint's id, severity, what it finds and its usual fix.
import ArgumentParser
import Switchyard

struct Lints: ToolCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the lints `check` runs, with their ids.",
        discussion: "Exit status: 0.")

    @OptionGroup var output: OutputOptions

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        switch output.format {
        case .json:
            console.line(JSONValue.array(LintRule.allCases.map { r in
                .object([("id", .string(r.id)), ("severity", .string(r.severity.rawValue)),
                         ("summary", .string(r.summary)), ("fix", .string(r.fix))])
            }).text)
        case .text:
            let width = LintRule.allCases.map { $0.id.count }.max() ?? 0
            for r in LintRule.allCases {
                let sev = r.severity == .error ? console.styled("error  ", .red) : console.styled("warning", .yellow)
                console.line("\(console.styled(r.id, .bold))\(String(repeating: " ", count: width - r.id.count))  \(sev)  \(r.summary)")
                console.line(String(repeating: " ", count: width + 11) + "fix: \(r.fix)")
            }
        }
        return 0
    }
}
