/// JSON paths for rule-document errors (SEMANTICS.md §8 "Documents"): `$.routes[3].pattern`,
/// `$["https://x/:id"].class`. Also finds the path at a byte offset of JSON text, so a
/// syntax error (or a duplicate key, which jansson reports as one) can name where it is.

/// A JSON path under construction: `$`, then `.name`, `["any key"]` and `[index]` steps.
struct JSONPath: CustomStringConvertible, Equatable, Sendable {
    private(set) var description = "$"

    /// One step: a member's key or an element's index.
    enum Step: Equatable, Sendable { case key(String), index(Int) }
    /// The steps, for finding the value in the text when an error is reported (RulesPlace.swift).
    private(set) var steps: [Step] = []
    /// The path names the key of its last member rather than its value (an unknown field,
    /// or a pattern that is a key in the keyed shape). The description is the same.
    private(set) var namesKey = false

    static let root = JSONPath()

    /// The same path, naming its last member's key.
    var ofKey: JSONPath {
        var p = self
        p.namesKey = !steps.isEmpty
        return p
    }

    /// A member: `.name` when the key is an identifier, else `["key"]`.
    func key(_ k: String) -> JSONPath {
        var p = self
        if let f = k.utf8.first, isNameStart(f), k.utf8.allSatisfy(isNameByte) {
            p.description += "." + k
        } else {
            p.description += "[" + quotedJSONKey(k) + "]"
        }
        p.steps.append(.key(k))
        p.namesKey = false
        return p
    }

    /// A member always written `["key"]` (the keys of the keyed shape are patterns).
    func bracketKey(_ k: String) -> JSONPath {
        var p = self
        p.description += "[" + quotedJSONKey(k) + "]"
        p.steps.append(.key(k))
        p.namesKey = false
        return p
    }

    /// This path followed by the steps of `relative` (a path from a value inside this one).
    func appending(_ relative: JSONPath) -> JSONPath {
        var p = self
        for step in relative.steps {
            switch step {
            case .key(let k): p = p.key(k)
            case .index(let i): p = p.index(i)
            }
        }
        p.namesKey = relative.namesKey
        return p
    }

    func index(_ i: Int) -> JSONPath {
        var p = self
        p.description += "[\(i)]"
        p.steps.append(.index(i))
        p.namesKey = false
        return p
    }
}

/// A key as a JSON string literal (quotes, backslashes and control characters escaped).
func quotedJSONKey(_ k: String) -> String {
    var w = JSONText()
    w.string(k)
    return w.text
}

/// The path of the value being read at byte `position` of JSON `text` (valid up to there,
/// as jansson read it). Best effort: used only to improve a syntax error's message.
func jsonPath(in p: UnsafePointer<UInt8>, count n: Int, at position: Int) -> JSONPath {
    enum Frame { case object(key: String?), array(index: Int) }
    var stack: [Frame] = []
    let end = min(max(position, 0), n)
    var i = 0
    while i < end {
        let b = p[i]
        switch b {
        case 0x7B: stack.append(.object(key: nil))                  // {
        case 0x5B: stack.append(.array(index: 0))                   // [
        case 0x7D, 0x5D: if !stack.isEmpty { stack.removeLast() }   // } ]
        case 0x2C:                                                  // ,
            if case .array(let k)? = stack.last { stack[stack.count - 1] = .array(index: k + 1) }
            if case .object? = stack.last { stack[stack.count - 1] = .object(key: nil) }
        case 0x22:                                                  // a string
            var j = i + 1
            var bytes: [UInt8] = []
            while j < n, p[j] != 0x22 {
                if p[j] == 0x5C, j + 1 < n {                        // an escape: keep the character
                    j += 1
                    switch p[j] {
                    case 0x6E: bytes.append(0x0A)
                    case 0x74: bytes.append(0x09)
                    case 0x72: bytes.append(0x0D)
                    case 0x75: bytes += Array("\\u".utf8)           // shown as written
                    default: bytes.append(p[j])
                    }
                } else {
                    bytes.append(p[j])
                }
                j += 1
            }
            // A string read while an object waits for its key is that key.
            if case .object(nil)? = stack.last {
                stack[stack.count - 1] = .object(key: String(decoding: bytes, as: UTF8.self))
            }
            i = j
        default: break
        }
        i += 1
    }
    var path = JSONPath.root
    for f in stack {
        switch f {
        case .object(let key?): path = path.key(key)
        case .object(nil): break
        case .array(let k): path = path.index(k)
        }
    }
    return path
}
