/// Writing JSON text without jansson: the one string escaper of the match JSON, the app-link
/// files and the tool's output.

/// Appends `s` as a JSON string literal (RFC 8259 escapes; `/` and non-ASCII as they are).
/// Runs of bytes that need no escape are appended whole: the text of an explanation or a
/// match can be megabytes, and a character at a time costs tens of nanoseconds a byte.
package func appendJSONString(_ s: String, to out: inout String) {
    out += "\""
    var s = s
    s.withUTF8 { u in
        var run = 0
        for i in 0..<u.count {
            let b = u[i]
            // Every byte to escape is ASCII, so a run never ends inside a UTF-8 sequence.
            guard b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F else { continue }
            if run < i { out += String(decoding: UnsafeBufferPointer(rebasing: u[run..<i]), as: UTF8.self) }
            switch b {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            default:
                let hex = String(b, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            run = i + 1
        }
        if run < u.count { out += String(decoding: UnsafeBufferPointer(rebasing: u[run...]), as: UTF8.self) }
    }
    out += "\""
}
