// Where the tool writes and reads: the process's standard streams, or strings (tests run
// the commands in-process). Colour is ANSI, and only when asked for or on a terminal.
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

    func write(_ s: String) {
        if captures { output += s; return }
        writeAll(1, s)
    }

    func line(_ s: String = "") { write(s + "\n") }

    func error(_ s: String) {
        if captures { errors += s + "\n"; return }
        writeAll(2, s + "\n")
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
        color ? "\u{1B}[\(style.rawValue)m\(s)\u{1B}[0m" : s
    }
}
