// One problem in a document, as every command reports it: `file:line:column: severity:
// message [id]` for people, an object for JSON.
import Switchyard

struct Report: Error {
    struct Note {
        var path: String
        var line: Int?
        var column: Int?
        var message: String
    }

    /// A lint id, `invalid-document` (the loader refused it) or `lint-config`.
    var id: String
    var severity: LintSeverity
    var message: String
    var fix: String?
    /// JSON path of what it is about.
    var path: String?
    var line: Int? = nil
    var column: Int? = nil
    var notes: [Note] = []

    static func location(_ file: String, _ line: Int?, _ column: Int?) -> String {
        guard let line, let column else { return file }
        return "\(file):\(line):\(column)"
    }

    /// One line, without colour (for failures of commands other than `check`).
    func plainLine(file: String) -> String {
        "\(Report.location(file, line, column)): \(severity.rawValue): \(message)\(path.map { " (at \($0))" } ?? "")"
    }

    /// The text form: the headline, then the path, the fix and the notes, indented.
    func text(file: String, _ console: Console) -> String {
        let sev = severity == .error ? console.styled("error", .red) : console.styled("warning", .yellow)
        var out = console.styled(Report.location(file, line, column), .bold) + ": \(sev): \(message) "
            + console.styled("[\(id)]", .dim) + "\(nl)"
        if let path { out += "    " + console.styled("at \(path)", .dim) + "\(nl)" }
        if let fix { out += "    " + console.styled("fix:", .cyan) + " \(fix)\(nl)" }
        for n in notes {
            out += "    note: \(Report.location(file, n.line, n.column)): \(n.message)\(nl)"
        }
        return out
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("severity", .string(severity.rawValue)), ("message", .string(message)),
            ("fix", .optional(fix)), ("path", .optional(path)),
            ("line", line.map { .int($0) } ?? .null), ("column", column.map { .int($0) } ?? .null),
        ]
        if !notes.isEmpty {
            members.append(("notes", .array(notes.map { n in
                .object([("path", .string(n.path)), ("line", n.line.map { .int($0) } ?? .null),
                         ("column", n.column.map { .int($0) } ?? .null), ("message", .string(n.message))])
            })))
        }
        return .object(members)
    }
}
