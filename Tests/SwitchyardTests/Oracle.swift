// A brute-force model of SEMANTICS.md §2–§3 for path patterns, written independently of the
// core: it tries every route on a URL's segments and sorts the matches by priority, then by
// specificity part by part. The property test compares the router with it. Routes in the
// urlpattern dialect (§10) are matched with Foundation's regular expressions on the pathname.
import Foundation

/// One fixed (non-remainder) segment of a generated pattern.
enum OraclePart: Equatable {
    case literal(String)
    case uuid(String)
    case int(String)
    case float(String)
    case param(String)
    case star                      // `*` in the middle: exactly one segment, not captured
    /// `<re:name:regexp>` (name nil: `<re::regexp>`), the regexp one of `OracleRegex.pool`.
    case regex(String?, Int)

    /// §3: literal > uuid > int > float > constraint > :name > middle `*` (> remainder forms, rank 0).
    var rank: Int {
        switch self {
        case .literal: return 7
        case .uuid: return 6
        case .int: return 5
        case .float: return 4
        case .regex: return 3
        case .param: return 2
        case .star: return 1
        }
    }

    /// Whether two parts lead to the same place of a route table: the same literal, the
    /// same constraint (and both named or both not), or the same other rank.
    func samePlace(_ other: OraclePart) -> Bool {
        switch (self, other) {
        case (.literal(let x), .literal(let y)): return x == y
        case (.regex(let a, let x), .regex(let b, let y)): return x == y && (a == nil) == (b == nil)
        default: return rank == other.rank && rank != 7 && rank != 3
        }
    }

    var text: String {
        switch self {
        case .literal(let s): return s
        case .uuid(let n): return "<uuid:\(n)>"
        case .int(let n): return "<int:\(n)>"
        case .float(let n): return "<float:\(n)>"
        case .param(let n): return ":\(n)"
        case .star: return "*"
        case .regex(let n, let k): return "<re:\(n ?? ""):\(OracleRegex.pool[k].source)>"
        }
    }
}

/// The constraints random routes use, each with a predicate written without any regexp
/// engine: what the segment must be for the regexp to match all of it.
enum OracleRegex {
    static let pool: [(source: String, accepts: @Sendable (String) -> Bool)] = [
        ("[a-c]", { $0.count == 1 && "abc".contains($0) }),
        ("\\d+", { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
        ("-?\\d+(\\.\\d+)?", { s in
            var t = Substring(s)
            if t.first == "-" { t = t.dropFirst() }
            let halves = t.split(separator: ".", omittingEmptySubsequences: false)
            return (halves.count == 1 || halves.count == 2)
                && halves.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        }),
        ("a|zz", { $0 == "a" || $0 == "zz" }),
        (".+", { !$0.isEmpty }),
        ("[^7]*", { !$0.contains("7") }),
        ("(?:a|b|c)+", { !$0.isEmpty && $0.allSatisfy { "abc".contains($0) } }),
    ]
}

/// The end of a generated pattern.
enum OracleTail: Equatable {
    case none
    case star                      // `*`: zero or more, remainder only
    case starName(String)          // `*name`: zero or more, captured
    case path(String)              // `<path:name>`: one or more, captured

    var text: String {
        switch self {
        case .none: return ""
        case .star: return "/*"
        case .starName(let n): return "/*\(n)"
        case .path(let n): return "/<path:\(n)>"
        }
    }
}

/// The rest of a urlpattern route after its literal segments: its text in the dialect, and
/// the oracle's own regexp for it (ICU syntax) with the names of its groups in order.
struct OracleURLTail: Equatable {
    var pattern: String
    var regex: String
    var names: [String]
    /// A tail that is one segment of exactly one regexp group: the route is then the default
    /// dialect's route with this constraint as its last segment (§10), not a tail.
    var segment: OraclePart? = nil

    static let all = [
        OracleURLTail(pattern: "/:u(\\d+)", regex: "/([0-9]+)", names: ["u"], segment: .regex("u", 1)),
        OracleURLTail(pattern: "/:u", regex: "/([^/]+)", names: ["u"]),
        OracleURLTail(pattern: "/*", regex: "/(.*)", names: ["0"]),
        OracleURLTail(pattern: "{/:u}?", regex: "(?:/([^/]+))?", names: ["u"]),
        OracleURLTail(pattern: "/:u+", regex: "/([^/]+(?:/[^/]+)*)", names: ["u"]),
        OracleURLTail(pattern: "/:u(-?\\d+)/:v", regex: "/(-?[0-9]+)/([^/]+)", names: ["u", "v"]),
    ]
}

struct OracleRoute {
    var parts: [OraclePart]
    var tail: OracleTail
    var priority: Int
    var target: String
    /// A custom scheme (its authority is the first segment), or nil for a path pattern.
    var scheme: String? = nil
    /// A route in the urlpattern dialect: `parts` are its literal segments, this the rest.
    var urlTail: OracleURLTail? = nil

    /// The route as the router places it: a urlpattern route whose tail is one constrained
    /// segment is the default dialect's route with that segment last.
    var placed: OracleRoute {
        guard let segment = urlTail?.segment else { return self }
        return OracleRoute(parts: parts + [segment], tail: .none, priority: priority, target: target)
    }

    var pattern: String {
        if let urlTail {
            return (parts.isEmpty ? "" : "/" + parts.map(\.text).joined(separator: "/")) + urlTail.pattern
        }
        let body = "/" + parts.map(\.text).joined(separator: "/")
        let path = tail == .none ? body : (parts.isEmpty ? "" : body) + tail.text
        guard let scheme else { return path }
        return scheme + ":/" + path   // "myapp:/" + "/a/b": the first segment is the authority
    }

    /// Same shape: same ranks, same literal texts, same kind of end (names ignored; `*`,
    /// `*name` and `<path:>` share one rank, §8).
    func sameShape(as other: OracleRoute) -> Bool {
        if urlTail?.segment != nil || other.urlTail?.segment != nil { return placed.sameShape(as: other.placed) }
        guard scheme == other.scheme, parts.count == other.parts.count,
              (tail == .none) == (other.tail == .none), urlTail?.pattern == other.urlTail?.pattern else { return false }
        return zip(parts, other.parts).allSatisfy { a, b in a.samePlace(b) }
    }

    /// The specificity key for a URL this route matches, in `table` (the routes in the order
    /// they were added): ranks of the fixed parts, then 800 when the pattern ends where the
    /// URL ends, or 0 for a remainder form (§8: end beats remainder). A pattern with a scheme
    /// beats one without, before any segment is compared (§3). Constraints at one place rank
    /// in the order they first appear there in the table. A urlpattern tail is 50: below
    /// every segment form, above the remainder forms (§10).
    func key(in table: [OracleRoute]) -> [Int] {
        if urlTail?.segment != nil || table.contains(where: { $0.urlTail?.segment != nil }) {
            return placed.key(in: table.map(\.placed))
        }
        var key = [scheme == nil ? 0 : 1]
        for (i, part) in parts.enumerated() {
            guard case .regex = part else { key.append(part.rank * 100); continue }
            let first = table.firstIndex { q in
                q.scheme == scheme && q.parts.count > i && q.parts[i].samePlace(part)
                    && zip(q.parts[..<i], parts[..<i]).allSatisfy { $0.samePlace($1) }
            } ?? 0
            key.append(part.rank * 100 - 1 - first)
        }
        return key + [urlTail != nil ? 50 : tail == .none ? 800 : 0]
    }

    /// The captures when the route matches `segments`, or nil: (name, text, value) in order,
    /// and the remainder.
    func match(_ segments: [String], scheme urlScheme: String?, pathname: String = "") -> (params: [(String, String, OracleValue)], remainder: String?)? {
        if let scheme, scheme != urlScheme { return nil }
        if urlTail?.segment != nil { return placed.match(segments, scheme: urlScheme) }
        if let urlTail { return matchURLPattern(urlTail, segments, pathname) }
        switch tail {
        case .none: guard segments.count == parts.count else { return nil }
        case .star, .starName: guard segments.count >= parts.count else { return nil }
        case .path: guard segments.count >= parts.count + 1 else { return nil }
        }
        var params: [(String, String, OracleValue)] = []
        for (part, seg) in zip(parts, segments) {
            switch part {
            case .literal(let s): guard s == seg else { return nil }
            case .uuid(let n): guard Oracle.isUUID(seg) else { return nil }; params.append((n, seg, .string))
            case .int(let n): guard let i = Int64(seg) else { return nil }; params.append((n, seg, .int(i)))
            case .float(let n): guard let d = Oracle.float(seg) else { return nil }; params.append((n, seg, .float(d)))
            case .param(let n): params.append((n, seg, .string))
            case .star: break
            case .regex(let n, let k):
                guard OracleRegex.pool[k].accepts(seg) else { return nil }
                if let n { params.append((n, seg, .string)) }
            }
        }
        let rest = segments.dropFirst(parts.count).joined(separator: "/")
        switch tail {
        case .none: return (params, nil)
        case .star: return (params, rest)
        case .starName(let n), .path(let n):
            params.append((n, rest, .string))
            return (params, rest)
        }
    }
}

extension OracleRoute {
    /// A urlpattern route: its literal segments must lead the (normalised) segments, where the
    /// route sits in the table, and its whole pathname pattern must match the pathname as written.
    func matchURLPattern(_ t: OracleURLTail, _ segments: [String], _ pathname: String) -> (params: [(String, String, OracleValue)], remainder: String?)? {
        guard segments.count >= parts.count else { return nil }
        var literal = ""
        for (part, seg) in zip(parts, segments) {
            guard case .literal(let s) = part, s == seg else { return nil }
            literal += "/" + s
        }
        let source = "^" + NSRegularExpression.escapedPattern(for: literal) + t.regex + "$"
        guard let re = try? NSRegularExpression(pattern: source),
              let m = re.firstMatch(in: pathname, range: NSRange(pathname.startIndex..., in: pathname)) else { return nil }
        var params: [(String, String, OracleValue)] = []
        for (k, name) in t.names.enumerated() {
            let r = m.range(at: k + 1)
            guard r.location != NSNotFound, let range = Range(r, in: pathname) else { continue }
            params.append((name, String(pathname[range]), .string))
        }
        return (params, segments.dropFirst(parts.count).joined(separator: "/"))
    }
}

enum OracleValue: Equatable {
    case string
    case int(Int64)
    case float(Double)
}

enum Oracle {
    /// The winning route for `segments`: highest priority, then the greatest key.
    static func winner(_ routes: [OracleRoute], _ segments: [String], scheme: String?, pathname: String = "") -> OracleRoute? {
        var best: OracleRoute?
        for r in routes where r.match(segments, scheme: scheme, pathname: pathname) != nil {
            guard let b = best else { best = r; continue }
            // Same priority and key cannot both match (that is a conflict), so this is total;
            // except for urlpattern tails at one node, where the first added wins.
            if r.priority > b.priority
                || (r.priority == b.priority && b.key(in: routes).lexicographicallyPrecedes(r.key(in: routes))) {
                best = r
            }
        }
        return best
    }

    /// 8-4-4-4-12 hex digits, any case.
    static func isUUID(_ s: String) -> Bool {
        let groups = s.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// §8: optional sign, at least one digit, optional fraction (digits after '.'), optional
    /// exponent; finite.
    static func float(_ s: String) -> Double? {
        var bytes = Array(s.utf8)[...]
        if let f = bytes.first, f == UInt8(ascii: "+") || f == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            var n = 0
            while let b = bytes.first, b >= 0x30 && b <= 0x39 { bytes = bytes.dropFirst(); n += 1 }
            return n
        }
        guard digits() > 0 else { return nil }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return nil }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard bytes.isEmpty, let d = Double(s), d.isFinite else { return nil }
        return d
    }
}
