/// How the `urlpattern` dialect writes things down: the fixed text of a pattern encoded as the
/// URL standard canonicalises its component, the pattern string the standard generates back
/// from a part list, and the regular expression a part list matches with.

/// The standard's encoding callbacks for a URL with a special scheme ("canonicalize a
/// pathname", "canonicalize a search", "canonicalize a hash"): tab and newlines removed,
/// the component's percent-encode set applied, and in a pathname `\` read as `/` and dot
/// segments removed. Never fails; `at` is kept for the callers' error positions.
func encodeURLPatternText(_ text: String, _ component: URLPatternComponent, at: Int) throws(SwitchyardError) -> String {
    if text.isEmpty { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for b in text.utf8 where b != 0x09 && b != 0x0A && b != 0x0D { bytes.append(b) }
    switch component {
    case .pathname: return canonicalPathname(bytes)
    case .search: return percentEncoded(bytes) { b in b < 0x21 || b > 0x7E || b == 0x22 || b == 0x23 || b == 0x3C || b == 0x3E || b == 0x27 }
    case .hash: return percentEncoded(bytes) { b in b < 0x21 || b > 0x7E || b == 0x22 || b == 0x3C || b == 0x3E || b == 0x60 }
    }
}

private let hexDigits = Array("0123456789ABCDEF".utf8)

private func percentEncoded(_ bytes: [UInt8], _ encode: (UInt8) -> Bool) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for b in bytes {
        if encode(b) { out += [0x25, hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]] } else { out.append(b) }
    }
    return String(decoding: out, as: UTF8.self)
}

/// "Canonicalize a pathname": text without a leading `/` is read behind `/-` (so its first
/// segment is never a dot segment) and the two bytes are taken off again.
private func canonicalPathname(_ input: [UInt8]) -> String {
    let leadingSlash = input.first == 0x2F
    var text = leadingSlash ? input : [0x2F, 0x2D] + input
    for k in text.indices where text[k] == 0x5C { text[k] = 0x2F }
    var segments: [[UInt8]] = []
    let pieces = text.dropFirst().split(separator: 0x2F, omittingEmptySubsequences: false)
    for (k, piece) in pieces.enumerated() {
        let last = k == pieces.count - 1
        let lower = piece.map { $0 | (($0 &- 0x41 < 26) ? 0x20 : 0) }
        let single = lower == [0x2E] || lower == Array("%2e".utf8)
        let double = [Array("..".utf8), Array(".%2e".utf8), Array("%2e.".utf8), Array("%2e%2e".utf8)].contains(lower)
        if double {
            if !segments.isEmpty { segments.removeLast() }
            if last { segments.append([]) }
        } else if single {
            if last { segments.append([]) }
        } else {
            segments.append(Array(piece))
        }
    }
    var out: [UInt8] = []
    for s in segments {
        out.append(0x2F)
        for b in s {
            if isPathPercentEncoded(b) { out += [0x25, hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]] } else { out.append(b) }
        }
    }
    if !leadingSlash { out.removeFirst(min(2, out.count)) }
    return String(decoding: out, as: UTF8.self)
}

/// "Escape a pattern string".
private func escapePatternString(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
        if "+*?:{}()\\".unicodeScalars.contains(c) { out += "\\" }
        out.unicodeScalars.append(c)
    }
    return out
}

/// "Escape a regexp string".
func escapeRegexpString(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
        if ".+*?^${}()[]|/\\".unicodeScalars.contains(c) { out += "\\" }
        out.unicodeScalars.append(c)
    }
    return out
}

extension URLPatternComponentOptions {
    /// The regexp source of a segment wildcard: anything but the delimiter, at least one
    /// character, as few as possible.
    var segmentWildcardRegexp: String {
        if let d = delimiter { return "[^" + escapeRegexpString(String(UnicodeScalar(d))) + "]+?" }
        return "[^]+?"
    }

    /// The standard's "generate a pattern string": the canonical form of a part list, which
    /// the standard's `pathname`, `search` and `hash` getters return.
    func patternString(_ parts: [URLPatternPart]) -> String {
        var result = ""
        for (index, part) in parts.enumerated() {
            let previous = index > 0 ? parts[index - 1] : nil
            let next = index + 1 < parts.count ? parts[index + 1] : nil
            if part.kind == .fixedText {
                if part.modifier == .none { result += escapePatternString(part.value) }
                else { result += "{" + escapePatternString(part.value) + "}" + part.modifier.text }
                continue
            }
            let customName = part.hasCustomName
            var needsGrouping = !part.suffix.isEmpty || (!part.prefix.isEmpty && part.prefix != prefix)
            if !needsGrouping, customName, part.kind == .segmentWildcard, part.modifier == .none,
               let next, next.prefix.isEmpty, next.suffix.isEmpty {
                if next.kind == .fixedText {
                    needsGrouping = next.value.unicodeScalars.first.map { isNameCodePoint($0, first: false) } ?? false
                } else {
                    needsGrouping = !next.hasCustomName
                }
            }
            if !needsGrouping, part.prefix.isEmpty, let previous, previous.kind == .fixedText,
               previous.value.unicodeScalars.last.map({ String($0) == prefix }) ?? false {
                needsGrouping = true
            }
            if needsGrouping { result += "{" }
            result += escapePatternString(part.prefix)
            if customName { result += ":" + part.name }
            switch part.kind {
            case .regexp: result += "(" + part.value + ")"
            case .segmentWildcard: if !customName { result += "(" + segmentWildcardRegexp + ")" }
            case .fullWildcard:
                if !customName && (previous == nil || previous?.kind == .fixedText || previous?.modifier != URLPatternPart.Modifier.none
                                   || needsGrouping || !part.prefix.isEmpty) {
                    result += "*"
                } else {
                    result += "(.*)"
                }
            case .fixedText: break
            }
            if part.kind == .segmentWildcard, customName, let f = part.suffix.unicodeScalars.first,
               isNameCodePoint(f, first: false) {
                result += "\\"
            }
            result += escapePatternString(part.suffix)
            if needsGrouping { result += "}" }
            result += part.modifier.text
        }
        return result
    }

    /// The standard's "generate a regular expression and name list", written for the
    /// linear-time engine: the same groups in the same order (group k + 1 is name k).
    /// `[^]` (the segment wildcard outside the pathname) is written `[\s\S]`.
    func regexpAndNames(_ parts: [URLPatternPart]) -> (source: String, names: [String]) {
        var result = "^"
        var names: [String] = []
        let segment = delimiter == nil ? "[\\s\\S]+?" : segmentWildcardRegexp
        for part in parts {
            if part.kind == .fixedText {
                if part.modifier == .none { result += escapeRegexpString(part.value) }
                else { result += "(?:" + escapeRegexpString(part.value) + ")" + part.modifier.text }
                continue
            }
            names.append(part.name)
            var value = part.value
            if part.kind == .segmentWildcard { value = segment }
            else if part.kind == .fullWildcard { value = "[\\s\\S]*" }
            if part.prefix.isEmpty && part.suffix.isEmpty {
                if part.modifier == .none || part.modifier == .optional {
                    result += "(" + value + ")" + part.modifier.text
                } else {
                    result += "((?:" + value + ")" + part.modifier.text + ")"
                }
                continue
            }
            let p = escapeRegexpString(part.prefix), s = escapeRegexpString(part.suffix)
            if part.modifier == .none || part.modifier == .optional {
                result += "(?:" + p + "(" + value + ")" + s + ")" + part.modifier.text
                continue
            }
            result += "(?:" + p + "((?:" + value + ")(?:" + s + p + "(?:" + value + "))*)" + s + ")"
            if part.modifier == .zeroOrMore { result += "?" }
        }
        return (result + "$", names)
    }
}

/// The regexp source that matches what `source` matches with ASCII letters compared
/// ignoring case (the standard's `ignoreCase`): each letter outside a class becomes a
/// class of both cases, and each class also gets the other case of the letters it holds.
/// The source is ASCII (the tokenizer refuses anything else in a regexp group); escapes and
/// group names are kept as written.
func asciiCaseFolded(_ source: String) -> String {
    let b = Array(source.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(b.count * 2)
    func isLetter(_ c: UInt8) -> Bool { (c | 0x20) &- 0x61 < 26 }
    var i = 0
    while i < b.count {
        let c = b[i]
        if c == 0x5C, i + 1 < b.count {  // an escape: kept whole (`\d`, `\/`, `\x41`)
            let n = b[i + 1] == 0x78 ? min(4, b.count - i) : 2
            out += b[i..<(i + n)]
            i += n
        } else if c == 0x28, i + 2 < b.count, b[i + 1] == 0x3F, b[i + 2] == 0x3C,
                  i + 3 < b.count, b[i + 3] != 0x3D, b[i + 3] != 0x21 {  // `(?<name>`: the name as written
            var j = i + 3
            while j < b.count, b[j] != 0x3E { j += 1 }
            let end = min(j + 1, b.count)
            out += b[i..<end]
            i = end
        } else if c == 0x5B {  // a class: its items, then the other case of its letters
            var j = i + 1
            out.append(0x5B)
            if j < b.count, b[j] == 0x5E { out.append(0x5E); j += 1 }
            var extra: [UInt8] = []
            while j < b.count, b[j] != 0x5D {
                if b[j] == 0x5C, j + 1 < b.count {
                    let n = b[j + 1] == 0x78 ? min(4, b.count - j) : 2
                    out += b[j..<(j + n)]
                    j += n
                    continue
                }
                var lo = b[j], hi = b[j]
                var n = 1
                if j + 2 < b.count, b[j + 1] == 0x2D, b[j + 2] != 0x5D, b[j + 2] != 0x5C {
                    hi = b[j + 2]
                    n = 3
                }
                out += b[j..<(j + n)]
                j += n
                if lo > hi { swap(&lo, &hi) }
                // The other case of the letters in lo...hi, as ranges.
                for (from, to, delta) in [(UInt8(0x61), UInt8(0x7A), -32), (UInt8(0x41), UInt8(0x5A), 32)] {
                    let l = max(lo, from), h = min(hi, to)
                    if l <= h {
                        extra.append(UInt8(Int(l) + delta))
                        if h > l { extra.append(0x2D); extra.append(UInt8(Int(h) + delta)) }
                    }
                }
            }
            out += extra
            if j < b.count { out.append(0x5D); j += 1 }
            i = j
        } else if isLetter(c) {
            out += [0x5B, c | 0x20, c & ~0x20, 0x5D]
            i += 1
        } else {
            out.append(c)
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}
