/// Writing JSON text without jansson: the one string escaper of the match JSON, the app-link
/// files and the tool's output.

/// Appends `s` as a JSON string literal (RFC 8259 escapes; `/` and non-ASCII as they are).
package func appendJSONString(_ s: String, to out: inout String) {
    out += "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 || u.value == 0x7F {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    out += "\""
}
