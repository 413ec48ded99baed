// What the tool prints is read by a terminal or a CI log, and most of it comes from files
// and command lines someone else wrote: a target, a name, an app ID, a URL. A control
// character in it could set the window title (ESC ] 0;), write the clipboard (ESC ] 52;),
// clear the screen or reverse the text around it (U+202E). So every character that a
// terminal or a bidi-aware viewer acts on, rather than shows, is printed as an escape
// (docs/CLI.md, "Control characters"):
//   - C0 controls, and DEL: `\x1b`, `\x0a`, `\x7f` (two hex digits);
//   - C1 controls (U+0080–U+009F) and the bidi controls (U+061C, U+200E, U+200F,
//     U+202A–U+202E, U+2066–U+2069): `\u{85}`, `\u{202E}`;
//   - bytes of a command-line argument that are not UTF-8 (a file name, say): `\xff`.
// The tool's own line breaks are written as `nl`, a mark that only the tool can make, so a
// line feed inside a value cannot start a line that looks like the tool's.

/// The key of the marks the tool puts in its text (line breaks and colour): random per
/// process, so text from input cannot carry a valid mark.
let toolMarkKey: String = {
    var g = SystemRandomNumberGenerator()
    return String(g.next() as UInt64, radix: 36) + String(g.next() as UInt64, radix: 36)
}()

/// A mark: U+E000 (private use), the key, what it stands for, U+E001.
func toolMark(_ code: String) -> String { "\u{E000}" + toolMarkKey + code + "\u{E001}" }

/// The tool's own line break in the text it builds (a line feed when written).
let nl = toolMark("n")

/// Text the tool is given to print as its own lines (help and usage from the argument
/// parser, generated files): its line feeds as `nl`.
func ownLines(_ s: String) -> String {
    s.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: nl)
}

/// Bytes of a command-line argument that are not UTF-8 are kept, one per scalar, at
/// U+10FF80–U+10FFFF (private use), so the file they name still opens and prints as `\xNN`.
let undecodableByteBase: UInt32 = 0x10FF00

/// An argument's bytes as a string: its UTF-8 decoded, any other byte kept as a private-use
/// scalar (`undecodableByteBase` + the byte).
func decodeArgument(_ bytes: some Collection<UInt8>) -> String {
    let b = Array(bytes)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < b.count {
        let n = utf8SequenceLength(b, at: i)
        if n == 0 {
            out.append(Unicode.Scalar(undecodableByteBase + UInt32(b[i])) ?? "\u{FFFD}")
            i += 1
            continue
        }
        var value = n == 1 ? UInt32(b[i]) : UInt32(b[i]) & (0xFF >> (n + 1))
        for k in 1..<max(n, 1) { value = value << 6 | UInt32(b[i + k] & 0x3F) }
        out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        i += n
    }
    return String(out)
}

/// The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlong forms, no
/// surrogates, nothing past U+10FFFF), or 0.
private func utf8SequenceLength(_ b: [UInt8], at i: Int) -> Int {
    let lead = b[i]
    let n: Int, low: UInt8, high: UInt8
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: n = 2; low = 0x80; high = 0xBF
    case 0xE0: n = 3; low = 0xA0; high = 0xBF
    case 0xED: n = 3; low = 0x80; high = 0x9F
    case 0xE1...0xEF: n = 3; low = 0x80; high = 0xBF
    case 0xF0: n = 4; low = 0x90; high = 0xBF
    case 0xF4: n = 4; low = 0x80; high = 0x8F
    case 0xF1...0xF3: n = 4; low = 0x80; high = 0xBF
    default: return 0
    }
    guard i + n <= b.count, b[i + 1] >= low, b[i + 1] <= high else { return 0 }
    for k in 2..<max(n, 2) where b[i + k] & 0xC0 != 0x80 { return 0 }
    return n
}

/// The bytes an argument came from (what `decodeArgument` made of them, undone): what a
/// file name is opened with.
func argumentBytes(_ s: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    for u in s.unicodeScalars {
        if u.value >= undecodableByteBase + 0x80 && u.value <= undecodableByteBase + 0xFF {
            out.append(UInt8(u.value - undecodableByteBase))
        } else {
            out.append(contentsOf: Array(String(u).utf8))
        }
    }
    return out
}

enum TerminalText {
    /// How `u` is printed, or nil when it prints as itself.
    static func escape(_ u: Unicode.Scalar) -> String? {
        switch u.value {
        case 0x00...0x1F, 0x7F: return "\\x" + hex(u.value, digits: 2)
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + hex(u.value, digits: 2).uppercased() + "}"
        case (undecodableByteBase + 0x80)...(undecodableByteBase + 0xFF):
            return "\\x" + hex(u.value - undecodableByteBase, digits: 2)
        default: return nil
        }
    }

    /// `s` with every character a terminal would act on escaped.
    static func escaped(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { escape($0) != nil }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for u in s.unicodeScalars {
            if let e = escape(u) { out += e } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: max(0, digits - h.count)) + h
    }
}
