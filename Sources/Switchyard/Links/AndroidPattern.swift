/// Android's `<data>` patterns, matched as AOSP's `PatternMatcher` and `IntentFilter` match
/// them (docs/APP-LINKS.md, "Android"): `path` (literal), `pathPrefix`, `pathPattern` (the
/// simple glob), `pathAdvancedPattern` (the advanced glob, API 31), `pathSuffix` (API 31),
/// and `host` with its leading-`*` suffix form. Like Java's `String`, text is read as UTF-16
/// code units: `.` takes one unit.
///
/// Both globs read the pattern left to right and never backtrack: every step moves on in
/// the pattern or in the text, never back, so a match takes at most pattern length + text
/// length steps (one pass), whatever the pattern.

/// Which attribute of `<data>` a pattern comes from.
public enum AndroidPatternKind: String, Sendable, CaseIterable {
    /// `android:path`: the whole path must be equal.
    case literal
    /// `android:pathPrefix`: a plain string prefix (not segment-aware).
    case prefix
    /// `android:pathPattern`: `.` any unit, `X*` zero or more of X, `.*` up to the next pattern
    /// character, `\` escapes.
    case simpleGlob
    /// `android:pathAdvancedPattern`: sets, ranges and `*`, `+`, `{n,m}`, greedy.
    case advancedGlob
    /// `android:pathSuffix`: a plain string suffix.
    case suffix
    /// `android:host`: equal ignoring case, or with a leading `*`, a suffix ignoring case.
    case host

    /// The manifest attribute this kind comes from.
    public var attribute: String {
        switch self {
        case .literal: return "path"
        case .prefix: return "pathPrefix"
        case .simpleGlob: return "pathPattern"
        case .advancedGlob: return "pathAdvancedPattern"
        case .suffix: return "pathSuffix"
        case .host: return "host"
        }
    }
}

/// One compiled `<data>` pattern.
public struct AndroidPattern: Sendable {
    /// Which `<data>` attribute it came from.
    public let kind: AndroidPatternKind
    /// The pattern as `PatternMatcher` receives it (after the manifest's own `\` unescaping).
    public let pattern: String
    /// Read an escaped `.` not followed by `*` as a wildcard, as the framework sources up to
    /// Android 15 still do; by default it is literal, as the current CTS asserts.
    public let legacySimpleGlob: Bool
    private let units: [UInt16]
    private let tokens: [AdvancedToken]

    /// Compiles a pattern. An invalid advanced glob (an empty or unterminated set, a modifier
    /// without a token, two modifiers, a bad range, a trailing `\`, more than 2048 parsed
    /// entries) throws invalidPattern with the byte where it is.
    public init(_ kind: AndroidPatternKind, _ pattern: String, legacySimpleGlob: Bool = false) throws(SwitchyardError) {
        self.kind = kind
        self.pattern = pattern
        self.legacySimpleGlob = legacySimpleGlob
        units = Array(pattern.utf16)
        if kind == .advancedGlob {
            var parser = AdvancedParser(units, pattern)
            tokens = try parser.parse()
        } else {
            tokens = []
        }
    }

    /// Whether `text` (a decoded path, or a host for `.host`) matches.
    public func matches(_ text: String) -> Bool {
        var steps = 0
        return matches(units: Array(text.utf16), steps: &steps)
    }

    /// The same on UTF-16 units; `steps` counts unit comparisons.
    package func matches(units text: [UInt16], steps: inout Int) -> Bool {
        switch kind {
        case .literal: return text == units
        case .prefix: return text.starts(with: units)
        case .suffix: return text.count >= units.count && text.suffix(units.count).elementsEqual(units)
        case .simpleGlob: return simpleGlob(text, &steps)
        case .advancedGlob: return advancedGlob(text, &steps)
        case .host: return hostMatches(text)
        }
    }

    // MARK: simple glob

    private func simpleGlob(_ s: [UInt16], _ steps: inout Int) -> Bool {
        let p = units
        let np = p.count, ns = s.count
        if np == 0 { return ns == 0 }
        let dot: UInt16 = 0x2E, star: UInt16 = 0x2A, backslash: UInt16 = 0x5C
        @inline(__always) func at(_ i: Int) -> UInt16 { i < np ? p[i] : 0 }
        var ip = 0, im = 0
        var next = p[0]
        while ip < np && im < ns {
            var c = next
            ip += 1
            next = at(ip)
            let escaped = c == backslash
            if escaped {
                c = next
                ip += 1
                next = at(ip)
            }
            if next == star {
                if !escaped && c == dot {
                    // `.*`: at the end of the pattern, the rest of the text matches.
                    if ip >= np - 1 { return true }
                    ip += 1
                    next = p[ip]
                    if next == backslash {
                        ip += 1
                        next = at(ip)
                    }
                    // Scan to the first unit equal to the pattern's next character; no going back.
                    while im < ns && s[im] != next { steps &+= 1; im += 1 }
                    if im == ns { return false }
                    ip += 1
                    next = at(ip)
                    im += 1
                } else {
                    // `X*`: as many X as there are, none given back.
                    while im < ns && s[im] == c { steps &+= 1; im += 1 }
                    ip += 1
                    next = at(ip)
                }
            } else {
                steps &+= 1
                let wildcard = c == dot && (!escaped || legacySimpleGlob)
                if !wildcard && s[im] != c { return false }
                im += 1
            }
        }
        if ip >= np && im >= ns { return true }
        // The text ran out with only `.*` left in the pattern.
        return ip == np - 2 && p[ip] == dot && p[ip + 1] == star
    }

    // MARK: advanced glob

    private func advancedGlob(_ s: [UInt16], _ steps: inout Int) -> Bool {
        var im = 0
        for t in tokens {
            // Greedy: as many units as the token takes, up to its maximum; never given back.
            var taken = 0
            while taken < t.max && im + taken < s.count && t.accepts(s[im + taken]) {
                steps &+= 1
                taken += 1
            }
            if taken < t.min { return false }
            im += taken
        }
        return im >= s.count
    }

    // MARK: host

    private func hostMatches(_ host: [UInt16]) -> Bool {
        var want = units[...]
        var have = host[...]
        if units.first == 0x2A {  // `*`: the rest is a suffix
            want = units.dropFirst()
            if host.count < want.count { return false }
            have = host.suffix(want.count)
        }
        return have.count == want.count && zip(have, want).allSatisfy(unitsEqualIgnoringCase)
    }
}

/// Java's `String.compareToIgnoreCase` per unit: equal, or equal in upper case, or in lower case.
private func unitsEqualIgnoringCase(_ a: UInt16, _ b: UInt16) -> Bool {
    if a == b { return true }
    if a < 0x80 && b < 0x80 { return a | 0x20 == b | 0x20 && (a | 0x20) &- 0x61 < 26 }
    func mapped(_ u: UInt16, upper: Bool) -> UInt32 {
        guard let s = Unicode.Scalar(UInt32(u)) else { return UInt32(u) }
        let m = upper ? s.properties.uppercaseMapping.unicodeScalars : s.properties.lowercaseMapping.unicodeScalars
        return m.count == 1 ? (m.first?.value ?? UInt32(u)) : UInt32(u)
    }
    return mapped(a, upper: true) == mapped(b, upper: true) || mapped(a, upper: false) == mapped(b, upper: false)
}

/// One token of an advanced glob, with its repetition.
struct AdvancedToken: Sendable {
    enum Kind: Sendable {
        case unit(UInt16)
        case any
        /// Ranges `lo...hi` (a reversed range holds nothing); `inverted` for `[^...]`.
        case set(ranges: [(UInt16, UInt16)], inverted: Bool)
    }

    var kind: Kind
    var min = 1
    var max = 1

    @inline(__always)
    func accepts(_ u: UInt16) -> Bool {
        switch kind {
        case .unit(let c): return u == c
        case .any: return true
        case .set(let ranges, let inverted):
            let inside = ranges.contains { u >= $0.0 && u <= $0.1 }
            return inside != inverted
        }
    }
}

/// Parses an advanced glob as `PatternMatcher.parseAndVerifyAdvancedPattern` accepts it,
/// counting the entries AOSP would store, so a pattern too large there is too large here.
private struct AdvancedParser {
    let p: [UInt16]
    let text: String
    var tokens: [AdvancedToken] = []
    /// Entries AOSP's parser would have stored so far (its limit is 2048, checked per step).
    var stored = 0
    /// Whether the last stored entry was a modifier (then no modifier may follow).
    var lastIsModifier = false

    init(_ p: [UInt16], _ text: String) {
        self.p = p
        self.text = text
    }

    /// The byte offset in the pattern text of UTF-16 offset `i`.
    func byte(_ i: Int) -> Int {
        let view = text.utf16
        guard let idx = view.index(view.startIndex, offsetBy: min(i, view.count), limitedBy: view.endIndex) else {
            return text.utf8.count
        }
        return text.utf8.distance(from: text.utf8.startIndex, to: idx.samePosition(in: text.utf8) ?? text.utf8.endIndex)
    }

    func bad(_ message: String, _ i: Int) -> SwitchyardError {
        let at = byte(i)
        return SwitchyardError(.invalidPattern, "\(message) at \(at)", position: at)
    }

    mutating func parse() throws(SwitchyardError) -> [AdvancedToken] {
        var i = 0
        while i < p.count {
            if stored > 2048 - 3 { throw bad("pattern is too large (more than 2048 parsed entries)", i) }
            let c = p[i]
            switch c {
            case 0x5B:  // `[`
                i = try set(from: i)
            case 0x7B:  // `{`
                try modifierAllowed(i)
                i = try range(from: i)
            case 0x7D:  // `}` outside a range: dropped
                i += 1
            case 0x2A, 0x2B:  // `*`, `+`
                try modifierAllowed(i)
                tokens[tokens.count - 1].min = c == 0x2A ? 0 : 1
                tokens[tokens.count - 1].max = Int.max
                stored += 1
                lastIsModifier = true
                i += 1
            case 0x2E:  // `.`
                add(AdvancedToken(kind: .any))
                i += 1
            case 0x5C:  // `\`
                guard i + 1 < p.count else { throw bad("'\\' at the end of the pattern", i) }
                add(AdvancedToken(kind: .unit(p[i + 1])))
                i += 2
            default:  // a literal, `]` outside a set included
                add(AdvancedToken(kind: .unit(c)))
                i += 1
            }
        }
        return tokens
    }

    private mutating func add(_ t: AdvancedToken) {
        tokens.append(t)
        stored += 1
        lastIsModifier = false
    }

    private func modifierAllowed(_ i: Int) throws(SwitchyardError) {
        if tokens.isEmpty || lastIsModifier { throw bad("a modifier must follow a token", i) }
    }

    /// `[...]` or `[^...]` from `i` (at `[`); returns the index after `]`.
    private mutating func set(from start: Int) throws(SwitchyardError) -> Int {
        guard start + 1 < p.count else { throw bad("unterminated set", start) }
        var i = start + 1
        var inverted = false
        if p[i] == 0x5E { inverted = true; i += 1 }  // `^`
        stored += 1
        var ranges: [(UInt16, UInt16)] = []
        var low: UInt16? = nil  // the low end of a range whose high end comes next
        while i < p.count {
            if stored > 2048 - 3 { throw bad("pattern is too large (more than 2048 parsed entries)", i) }
            var c = p[i]
            if c == 0x5D {  // `]`
                if ranges.isEmpty && low == nil { throw bad("a set must hold at least one character", i) }
                stored += 1
                tokens.append(AdvancedToken(kind: .set(ranges: ranges, inverted: inverted)))
                lastIsModifier = false
                return i + 1
            }
            if c == 0x5C {  // `\` escapes one character
                guard i + 1 < p.count else { throw bad("'\\' at the end of the pattern", i) }
                i += 1
                c = p[i]
            }
            if let lo = low {
                ranges.append((lo, c))
                stored += 1
                low = nil
            } else if i + 2 < p.count && p[i + 1] == 0x2D && p[i + 2] != 0x5D {  // `c-x`, not `c-]`
                low = c
                stored += 1
                i += 1  // past the `-`
            } else {
                ranges.append((c, c))
                stored += 2
            }
            i += 1
        }
        throw bad("unterminated set", start)
    }

    /// `{n}`, `{n,m}` or `{n,}` from `i` (at `{`); returns the index after `}`.
    private mutating func range(from start: Int) throws(SwitchyardError) -> Int {
        guard let close = p[(start + 1)...].firstIndex(of: 0x7D) else { throw bad("range not ended with '}'", start) }
        let inner = Array(p[(start + 1)..<close])
        let minValue: Int, maxValue: Int
        if let comma = inner.firstIndex(of: 0x2C) {
            guard let lo = javaInt(inner[..<comma]) else { throw bad("malformed range", start) }
            if comma == inner.count - 1 {
                maxValue = Int(Int32.max)
            } else {
                guard let hi = javaInt(inner[(comma + 1)...]) else { throw bad("malformed range", start) }
                maxValue = hi
            }
            minValue = lo
        } else {
            guard let n = javaInt(inner[...]) else { throw bad("malformed range", start) }
            minValue = n
            maxValue = n
        }
        if minValue > maxValue { throw bad("range minimum is greater than its maximum", start) }
        tokens[tokens.count - 1].min = minValue
        tokens[tokens.count - 1].max = maxValue
        stored += 4
        lastIsModifier = true
        return close + 1
    }

    /// `Integer.parseInt`: an optional sign, then ASCII digits, within 32 bits.
    private func javaInt(_ s: ArraySlice<UInt16>) -> Int? {
        var i = s.startIndex
        var negative = false
        if i < s.endIndex && (s[i] == 0x2D || s[i] == 0x2B) {
            negative = s[i] == 0x2D
            i += 1
        }
        guard i < s.endIndex else { return nil }
        var value = 0
        while i < s.endIndex {
            let d = Int(s[i]) - 0x30
            guard d >= 0 && d < 10 else { return nil }
            value = value * 10 + d
            if value > Int(Int32.max) + 1 { return nil }
            i += 1
        }
        value = negative ? -value : value
        return value < Int(Int32.min) || value > Int(Int32.max) ? nil : value
    }
}
