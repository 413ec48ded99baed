// JSON output: a value with ordered object members, written with two-space indentation so
// CI logs and the expected outputs in Tests/CLI stay readable and stable.

import Switchyard

indirect enum JSONValue {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    /// A number written as given (already valid JSON).
    case number(String)
    case bool(Bool)
    case null

    static func int(_ i: Int) -> JSONValue { .number(String(i)) }
    static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }

    var text: String {
        var out = ""
        write(&out, indent: 0)
        return out
    }

    private func write(_ out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\(nl)"
            for (k, (name, value)) in members.enumerated() {
                out += pad + quoted(name) + ": "
                value.write(&out, indent: indent + 1)
                out += k + 1 < members.count ? ",\(nl)" : "\(nl)"
            }
            out += close + "}"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\(nl)"
            for (k, value) in items.enumerated() {
                out += pad
                value.write(&out, indent: indent + 1)
                out += k + 1 < items.count ? ",\(nl)" : "\(nl)"
            }
            out += close + "]"
        case .string(let s): out += quoted(s)
        case .number(let n): out += n
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }
}

/// A JSON string literal (RFC 8259 escapes; non-ASCII as UTF-8, except what a terminal
/// would act on: C1 and bidi controls as `\u202e`, and an argument's bytes that are not
/// UTF-8 as the text `\xff`, as text output shows them).
func quoted(_ s: String) -> String {
    var json = ""
    appendJSONString(s, to: &json)
    guard json.unicodeScalars.contains(where: { TerminalText.escape($0) != nil }) else { return json }
    var out = ""
    for u in json.unicodeScalars {
        switch TerminalText.escape(u) {
        case nil: out.unicodeScalars.append(u)
        case let e? where e.hasPrefix("\\u{"):
            let h = String(u.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
        case let e?: out += "\\" + e
        }
    }
    return out
}
