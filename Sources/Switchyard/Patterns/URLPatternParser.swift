/// The `urlpattern` dialect's grammar: the WHATWG URLPattern standard's "tokenize" and
/// "parse a pattern string" (https://urlpattern.spec.whatwg.org/), read into a part list.
/// Errors name the problem and the 0-based byte of the pattern where it is.

/// One part of a parsed URLPattern component.
struct URLPatternPart: Equatable {
    enum Kind: Equatable {
        /// Text matched as written (after the component's encoding).
        case fixedText
        /// `(...)` or `:name(...)`: `value` is the regexp source.
        case regexp
        /// `:name` alone: anything up to the next delimiter (`/` in a pathname).
        case segmentWildcard
        /// `*` or `(.*)`: anything.
        case fullWildcard
    }
    enum Modifier: Equatable {
        case none, optional, zeroOrMore, oneOrMore
        var text: String {
            switch self {
            case .none: return ""
            case .optional: return "?"
            case .zeroOrMore: return "*"
            case .oneOrMore: return "+"
            }
        }
    }
    var kind: Kind
    var value: String
    var modifier: Modifier
    /// A name given (`:id`) or the number the standard gives an unnamed group ("0", "1", ...).
    var name: String = ""
    var prefix: String = ""
    var suffix: String = ""
    /// Where the part starts in the pattern (bytes), for error messages.
    var position: Int = 0
    /// Where a regexp part's source starts in the pattern (bytes).
    var valuePosition: Int = 0

    var hasCustomName: Bool { !name.isEmpty && !(name.utf8.first.map { $0 &- 0x30 < 10 } ?? false) }
}

/// What differs between the components: the pathname has `/` as its delimiter and prefix.
struct URLPatternComponentOptions {
    /// The segment wildcard stops at this byte (`/` for the pathname); nil: stops nowhere.
    var delimiter: UInt8?
    /// The text a group's prefix may be without grouping it (`/` for the pathname).
    var prefix: String
    /// Fixed text is encoded the way the URL standard canonicalises this component.
    var component: URLPatternComponent

    static let pathname = URLPatternComponentOptions(delimiter: 0x2F, prefix: "/", component: .pathname)
    static let search = URLPatternComponentOptions(delimiter: nil, prefix: "", component: .search)
    static let hash = URLPatternComponentOptions(delimiter: nil, prefix: "", component: .hash)
}

enum URLPatternComponent: String { case pathname, search, hash }

private struct Token {
    enum Kind { case open, close, regexp, name, char, escapedChar, otherModifier, asterisk, end }
    var kind: Kind
    /// The token's value (a name, a regexp's source, a character).
    var value: String
    /// Byte offset of the token in the pattern.
    var position: Int
}

private func patternError(_ component: URLPatternComponent, _ message: String, _ position: Int) -> SwitchyardError {
    SwitchyardError(.invalidPattern, "urlpattern \(component.rawValue): \(message) at \(position)", position: position)
}

/// The standard's "tokenize" with the strict policy (every tokenizing error is an error).
private func tokenize(_ input: String, _ component: URLPatternComponent) throws(SwitchyardError) -> [Token] {
    // Code points with their byte offsets.
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    var offset = 0
    for s in input.unicodeScalars {
        scalars.append(s)
        offsets.append(offset)
        offset += UTF8.width(s)
    }
    offsets.append(offset)
    let n = scalars.count
    var tokens: [Token] = []
    var i = 0
    while i < n {
        let c = scalars[i]
        let at = offsets[i]
        switch c {
        case "*":
            tokens.append(Token(kind: .asterisk, value: "*", position: at)); i += 1
        case "+", "?":
            tokens.append(Token(kind: .otherModifier, value: String(c), position: at)); i += 1
        case "\\":
            if i == n - 1 { throw patternError(component, "'\\' at the end escapes nothing", at) }
            tokens.append(Token(kind: .escapedChar, value: String(scalars[i + 1]), position: at)); i += 2
        case "{":
            tokens.append(Token(kind: .open, value: "{", position: at)); i += 1
        case "}":
            tokens.append(Token(kind: .close, value: "}", position: at)); i += 1
        case ":":
            var j = i + 1
            while j < n, isNameCodePoint(scalars[j], first: j == i + 1) { j += 1 }
            if j == i + 1 {
                let why = j < n ? "'\(scalars[j])' cannot start a group name" : "missing group name after ':'"
                throw patternError(component, why, offsets[j])
            }
            tokens.append(Token(kind: .name, value: String(String.UnicodeScalarView(scalars[(i + 1)..<j])), position: at))
            i = j
        case "(":
            let start = i + 1
            var j = start
            var depth = 1
            while j < n {
                let r = scalars[j]
                if !r.isASCII { throw patternError(component, "a regexp group may hold only ASCII characters", offsets[j]) }
                if j == start && r == "?" {
                    throw patternError(component, "a regexp group may not start with '?'", offsets[j])
                }
                if r == "\\" {
                    if j == n - 1 { throw patternError(component, "'\\' at the end escapes nothing", offsets[j]) }
                    if !scalars[j + 1].isASCII {
                        throw patternError(component, "a regexp group may hold only ASCII characters", offsets[j + 1])
                    }
                    j += 2
                    continue
                }
                if r == ")" {
                    depth -= 1
                    if depth == 0 { j += 1; break }
                } else if r == "(" {
                    depth += 1
                    if j == n - 1 { throw patternError(component, "unclosed '('", offsets[j]) }
                    if scalars[j + 1] != "?" {
                        throw patternError(component, "a capturing group inside a regexp group is not allowed (write '(?:...)')", offsets[j])
                    }
                    j += 2
                    continue
                }
                j += 1
            }
            if depth != 0 { throw patternError(component, "unclosed '('", at) }
            let length = j - start - 1
            if length == 0 { throw patternError(component, "empty regexp group '()'", at) }
            tokens.append(Token(kind: .regexp, value: String(String.UnicodeScalarView(scalars[start..<(start + length)])),
                                position: at))
            i = j
        default:
            tokens.append(Token(kind: .char, value: String(c), position: at)); i += 1
        }
    }
    tokens.append(Token(kind: .end, value: "", position: offset))
    return tokens
}

/// ECMAScript's IdentifierStart / IdentifierPart, which the standard uses for group names.
func isNameCodePoint(_ c: Unicode.Scalar, first: Bool) -> Bool {
    if c == "$" || c == "_" { return true }
    if c.isASCII {
        let v = c.value
        if (v | 0x20) &- 0x61 < 26 { return true }
        return !first && v &- 0x30 < 10
    }
    if first { return c.properties.isIDStart }
    return c.properties.isIDContinue || c.value == 0x200C || c.value == 0x200D
}

/// The standard's "parse a pattern string": the part list of one component's pattern.
func parseURLPattern(_ input: String, _ options: URLPatternComponentOptions) throws(SwitchyardError) -> [URLPatternPart] {
    var parser = URLPatternParser(tokens: try tokenize(input, options.component), options: options)
    return try parser.parse()
}

private struct URLPatternParser {
    let tokens: [Token]
    let options: URLPatternComponentOptions
    var index = 0
    var parts: [URLPatternPart] = []
    var pendingFixed = ""
    var pendingFixedAt = 0
    var nextNumericName = 0

    init(tokens: [Token], options: URLPatternComponentOptions) {
        self.tokens = tokens
        self.options = options
    }

    func error(_ message: String, _ position: Int) -> SwitchyardError {
        patternError(options.component, message, position)
    }

    mutating func tryConsume(_ kind: Token.Kind) -> Token? {
        guard index < tokens.count, tokens[index].kind == kind else { return nil }
        index += 1
        return tokens[index - 1]
    }

    mutating func tryConsumeModifier() -> Token? {
        tryConsume(.otherModifier) ?? tryConsume(.asterisk)
    }

    mutating func tryConsumeRegexpOrWildcard(_ name: Token?) -> Token? {
        if let t = tryConsume(.regexp) { return t }
        return name == nil ? tryConsume(.asterisk) : nil
    }

    mutating func consumeText() -> String {
        var s = ""
        while let t = tryConsume(.char) ?? tryConsume(.escapedChar) { s += t.value }
        return s
    }

    mutating func parse() throws(SwitchyardError) -> [URLPatternPart] {
        while index < tokens.count {
            let charToken = tryConsume(.char)
            let nameToken = tryConsume(.name)
            let regexpOrWildcard = tryConsumeRegexpOrWildcard(nameToken)
            if nameToken != nil || regexpOrWildcard != nil {
                var prefix = charToken?.value ?? ""
                if !prefix.isEmpty && prefix != options.prefix {
                    appendPending(prefix, at: charToken?.position ?? 0)
                    prefix = ""
                }
                try flushPending()
                let modifier = tryConsumeModifier()
                let at = charToken?.position ?? nameToken?.position ?? regexpOrWildcard?.position ?? 0
                try addPart(prefix: prefix, name: nameToken, regexpOrWildcard: regexpOrWildcard, suffix: "",
                            modifier: modifier, at: at)
                continue
            }
            if let fixed = charToken ?? tryConsume(.escapedChar) {
                appendPending(fixed.value, at: fixed.position)
                continue
            }
            if let open = tryConsume(.open) {
                let prefix = consumeText()
                let name = tryConsume(.name)
                let regexp = tryConsumeRegexpOrWildcard(name)
                let suffix = consumeText()
                guard tryConsume(.close) != nil else {
                    let t = tokens[min(index, tokens.count - 1)]
                    let why = t.kind == .end ? "unclosed '{'" : "'\(t.value)' is not allowed here in a '{...}' group (one name or regexp, with text around it)"
                    throw error(why, t.kind == .end ? open.position : t.position)
                }
                let modifier = tryConsumeModifier()
                try addPart(prefix: prefix, name: name, regexpOrWildcard: regexp, suffix: suffix,
                            modifier: modifier, at: open.position)
                continue
            }
            try flushPending()
            guard tryConsume(.end) != nil else {
                let t = tokens[index]
                let why: String
                switch t.kind {
                case .close: why = "unmatched '}'"
                case .otherModifier, .asterisk: why = "modifier '\(t.value)' follows nothing it could modify"
                default: why = "unexpected '\(t.value)'"
                }
                throw error(why, t.position)
            }
        }
        return parts
    }

    mutating func appendPending(_ s: String, at: Int) {
        if pendingFixed.isEmpty { pendingFixedAt = at }
        pendingFixed += s
    }

    mutating func flushPending() throws(SwitchyardError) {
        if pendingFixed.isEmpty { return }
        let encoded = try encodeURLPatternText(pendingFixed, options.component, at: pendingFixedAt)
        parts.append(URLPatternPart(kind: .fixedText, value: encoded, modifier: .none, position: pendingFixedAt))
        pendingFixed = ""
    }

    mutating func addPart(prefix: String, name: Token?, regexpOrWildcard: Token?, suffix: String,
                          modifier modifierToken: Token?, at: Int) throws(SwitchyardError) {
        var modifier = URLPatternPart.Modifier.none
        switch modifierToken?.value {
        case "?": modifier = .optional
        case "*": modifier = .zeroOrMore
        case "+": modifier = .oneOrMore
        default: break
        }
        if name == nil && regexpOrWildcard == nil && modifier == .none {
            appendPending(prefix, at: at)
            return
        }
        try flushPending()
        if name == nil && regexpOrWildcard == nil {
            if prefix.isEmpty { return }
            let encoded = try encodeURLPatternText(prefix, options.component, at: at)
            parts.append(URLPatternPart(kind: .fixedText, value: encoded, modifier: modifier, position: at))
            return
        }
        var kind = URLPatternPart.Kind.regexp
        var value = ""
        if let t = regexpOrWildcard {
            value = t.kind == .asterisk ? ".*" : t.value
        } else {
            kind = .segmentWildcard
        }
        if kind == .regexp {
            if value == ".*" { kind = .fullWildcard; value = "" }
            else if value == segmentWildcardSource { kind = .segmentWildcard; value = "" }
        }
        let partName: String
        if let name {
            partName = name.value
        } else {
            partName = String(nextNumericName)
            nextNumericName += 1
        }
        if parts.contains(where: { $0.name == partName }) {
            throw error("group name '\(partName)' is used twice", name?.position ?? at)
        }
        parts.append(URLPatternPart(kind: kind, value: value, modifier: modifier, name: partName,
                                    prefix: try encodeURLPatternText(prefix, options.component, at: at),
                                    suffix: try encodeURLPatternText(suffix, options.component, at: at),
                                    position: at, valuePosition: (regexpOrWildcard?.position ?? at) + 1))
    }

    /// The standard's segment wildcard regexp, as a user could write it: `[^/]+?` for the
    /// pathname, `[^]+?` elsewhere. A regexp group written so is a segment wildcard.
    var segmentWildcardSource: String {
        if let d = options.delimiter { return "[^\\" + String(UnicodeScalar(d)) + "]+?" }
        return "[^]+?"
    }
}
