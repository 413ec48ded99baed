// Where the tool writes and reads: the process's standard streams, or strings (tests run
// the commands in-process). Colour is ANSI, and only when asked for or on a terminal.
// Everything written goes through `render`, the one place where text reaches a stream: it
// escapes every control character (TerminalText.swift), so a value read from a document,
// a file or the command line cannot act on the terminal. The console's own colour
// and its own line breaks survive because it marks them (`styled`, `nl`) with a key no input
// can know; a line feed from input is shown as `\x0a`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

final class Console {
    private let captures: Bool
    private(set) var output = ""
    private(set) var errors = ""
    /// Lines given to standard input in tests; nil reads the real standard input.
    private var input: [String]?
    /// Whether text output may use colour (decided per command from `--color`).
    var color = false

    private init(captures: Bool, input: [String]?) {
        self.captures = captures
        self.input = input
    }

    static func standard() -> Console { Console(captures: false, input: nil) }

    /// A console that keeps what is written, with `input` as standard input.
    static func capturing(input: [String] = []) -> Console { Console(captures: true, input: input) }

    fileprivate func styleMark(_ code: String) -> String { toolMark(code) }

    func write(_ s: String) {
        let text = render(s)
        if captures { output += text; return }
        writeAll(1, text)
    }

    func line(_ s: String = "") { write(s + nl) }

    func error(_ s: String) {
        let text = render(s + nl)
        if captures { errors += text; return }
        writeAll(2, text)
    }

    /// `s` as it may reach a terminal: control characters escaped (line feeds too), the
    /// tool's marks turned into line feeds (`nl`) and ANSI colour (`styled`).
    func render(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard scalars.contains(where: { $0 == "\u{E000}" || TerminalText.escape($0) != nil }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        var i = scalars.startIndex
        let key = toolMarkKey.unicodeScalars
        while i < scalars.endIndex {
            let u = scalars[i]
            if u == "\u{E000}", let (code, after) = markCode(scalars, after: scalars.index(after: i), key: key) {
                out += code == "n" ? "\n" : "\u{1B}[\(code)m"
                i = after
                continue
            }
            if let e = TerminalText.escape(u) { out += e } else { out.unicodeScalars.append(u) }
            i = scalars.index(after: i)
        }
        return out
    }

    /// What the mark whose key starts at `start` stands for ("n", or an SGR code), and
    /// where the mark ends.
    private func markCode(_ scalars: String.UnicodeScalarView, after start: String.Index,
                           key: String.UnicodeScalarView) -> (String, String.Index)? {
        var i = start
        for k in key {
            guard i < scalars.endIndex, scalars[i] == k else { return nil }
            i = scalars.index(after: i)
        }
        var code = ""
        while i < scalars.endIndex, scalars[i] != "\u{E001}" {
            guard scalars[i] == ";" || scalars[i] == "n" || ("0"..."9").contains(scalars[i]), code.count < 8 else { return nil }
            code.unicodeScalars.append(scalars[i])
            i = scalars.index(after: i)
        }
        guard i < scalars.endIndex, !code.isEmpty else { return nil }
        return (code, scalars.index(after: i))
    }

    /// Standard input, line by line.
    func readLines() -> [String] {
        if let input { return input }
        var lines: [String] = []
        while let l = Swift.readLine(strippingNewline: true) { lines.append(l) }
        return lines
    }

    /// Whether standard output is a terminal that takes colour.
    static var stdoutIsColourTerminal: Bool {
        if getenv("NO_COLOR") != nil { return false }
        if let t = getenv("TERM"), String(cString: t) == "dumb" { return false }
        return isatty(1) == 1
    }

    private func writeAll(_ fd: Int32, _ s: String) {
        var text = s
        text.withUTF8 { b in
            var off = 0
            while off < b.count {
                let n = Glibc.write(fd, b.baseAddress! + off, b.count - off)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                off += n
            }
        }
    }
}

/// Text styles for people.
enum Style: String {
    case bold = "1", red = "1;31", yellow = "1;33", green = "32", dim = "2", cyan = "36"
}

extension Console {
    func styled(_ s: String, _ style: Style) -> String {
        color ? styleMark(style.rawValue) + s + styleMark("0") : s
    }
}
