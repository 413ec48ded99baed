// The round-trip cases' generator (Tests/RoundTrip/README.md): random route tables of
// every form and random values, the same for a seed and an index as the C and Python
// copies of it give. Change the three and the README together.
import Switchyard

extension SplitMix64 {
    /// True with probability k/n (SplitMix64 is PropertyTests.swift's, the README's).
    mutating func chance(_ k: Int, _ n: Int) -> Bool { below(n) < k }
}

enum RoundTripType: String { case string, int, float, date, tab, one, path }

/// One piece of a segment of a generated route: literal text or a parameter.
enum RoundTripPiece {
    case literal(String)
    case parameter(String)
}

/// A generated route: its pattern, and what the test needs to write its plain URL.
struct RoundTripRoute {
    var name = ""
    var pattern = ""
    var urlPattern = false
    /// The plain URL's start: "", `https://host`, or `myapp:/` (its segments add the `/`).
    var head = ""
    /// The segments; an optional one is written when its parameters are given.
    var segments: [(pieces: [RoundTripPiece], optional: Bool)] = []
    /// Parameters in the order the pattern names them (path, then query contract).
    var parameters: [(name: String, type: RoundTripType)] = []
    /// The query contract's items: URL name and parameter name.
    var query: [(key: String, name: String)] = []
    /// The query contract's list items (by parameter name): each takes 0 to 3 values.
    var lists: Set<String> = []
    var refusesUnknownQuery = false
}

enum RoundTripValue: Equatable, CustomStringConvertible {
    case text(String)
    case int(Int64)
    var description: String {
        switch self {
        case .text(let s): return s
        case .int(let n): return String(n)
        }
    }
}

/// One case: a route of the table and the values given for it (by name, in order; a list
/// item's values are entries of its name, none for an empty list).
struct RoundTripCase {
    var route: RoundTripRoute
    var values: [(name: String, value: RoundTripValue)]

    /// The values given for list item `name`, in order.
    func list(_ name: String) -> [RoundTripValue] { values.filter { $0.name == name }.map(\.value) }
}

enum RoundTripGenerator {
    static let defaultSeed: UInt64 = 0x5EED
    static let pairsPerTable = 100
    static let literals = ["a", "b", "user", "settings", "files", "1", "x.y", "new"]
    static let types: [RoundTripType] = [.string, .int, .float, .date, .tab, .one]
    static let atoms = ["", "a", "b", "settings", "user", "1", "42", "-7", "/", "%", "+", ":", "&", "?", "#",
                        "@", "..", ".", " ", "=", "%2F", "a b", "\u{1F600}", "שלום", "\u{1D11E}", "é",
                        "2026-1-5", "x.y", "~", ";", ",", "*"]
    static let tabWords = ["reviews", "photos", "a"]
    static let oneWords = ["a", "b", "settings"]

    static func tableState(seed: UInt64, table: Int) -> UInt64 { seed &+ UInt64(table) &* (1 << 32) }

    /// The routes of table `table` (not yet added: the router may refuse some).
    static func table(seed: UInt64, table: Int) -> [RoundTripRoute] {
        var rng = SplitMix64(state: tableState(seed: seed, table: table))
        let count = 3 + rng.below(5)
        return (0..<count).map { k in route(&rng, name: "r\(k)") }
    }

    /// The values of pair `pair` of a table whose added routes are `added`.
    static func values(seed: UInt64, table: Int, pair: Int, added: [RoundTripRoute]) -> RoundTripCase {
        var rng = SplitMix64(state: tableState(seed: seed, table: table) &+ 1 &+ UInt64(pair))
        let route = added[rng.below(added.count)]
        var values: [(name: String, value: RoundTripValue)] = []
        let optional = route.segments.contains { $0.optional }
        let given = optional ? rng.below(3) : route.parameters.count
        for (k, p) in route.parameters.enumerated() {
            if k >= given { break }
            if p.name == "page" && !rng.chance(3, 4) { continue }
            if route.lists.contains(p.name) {
                for _ in 0..<rng.below(4) { values.append((p.name, value(&rng, p.type, name: p.name))) }
                continue
            }
            values.append((p.name, value(&rng, p.type, name: p.name)))
        }
        if rng.chance(1, 4) { values.append(("extra", .text(hostile(&rng)))) }
        return RoundTripCase(route: route, values: values)
    }

    static func hostile(_ rng: inout SplitMix64) -> String {
        let n = 1 + rng.below(3)
        return (0..<n).map { _ in atoms[rng.below(atoms.count)] }.joined()
    }

    static func integer(_ rng: inout SplitMix64) -> RoundTripValue { .int(Int64(rng.below(2000) - 1000)) }

    static func value(_ rng: inout SplitMix64, _ type: RoundTripType, name: String) -> RoundTripValue {
        switch type {
        case .string: return .text(hostile(&rng))
        case .int:
            if name == "page", rng.chance(1, 2) { return .int(1) }
            return rng.chance(3, 4) ? integer(&rng) : .text(hostile(&rng))
        case .float:
            guard rng.chance(3, 4) else { return .text(hostile(&rng)) }
            let n = rng.below(400) - 200
            return .text((n < 0 ? "-" : "") + "\(abs(n) / 4)." + ["0", "25", "5", "75"][abs(n) % 4])
        case .date:
            guard rng.chance(3, 4) else { return .text(hostile(&rng)) }
            let m = 1 + rng.below(12)
            return .text("2026-\(m)-\(1 + rng.below(28))")
        case .tab: return rng.chance(3, 4) ? .text(tabWords[rng.below(3)]) : .text(hostile(&rng))
        case .one: return rng.chance(3, 4) ? .text(oneWords[rng.below(3)]) : .text(hostile(&rng))
        case .path:
            let n = 1 + rng.below(3)
            return .text((0..<n).map { _ in hostile(&rng) }.joined(separator: "/"))
        }
    }

    private static func parameterText(_ name: String, _ type: RoundTripType) -> String {
        switch type {
        case .string: return ":\(name)"
        case .one: return "<one(a,b,settings):\(name)>"
        default: return "<\(type.rawValue):\(name)>"
        }
    }

    /// A route of a random form (the README's table), drawing from `rng` left to right.
    static func route(_ rng: inout SplitMix64, name: String) -> RoundTripRoute {
        var r = RoundTripRoute()
        r.name = name
        func lit() -> String { literals[rng.below(literals.count)] }
        func segment(_ pieces: [RoundTripPiece], optional: Bool = false) { r.segments.append((pieces, optional)) }
        func parameter(_ n: String, _ t: RoundTripType) -> RoundTripPiece {
            r.parameters.append((n, t))
            return .parameter(n)
        }
        let form = rng.below(10)
        switch form {
        case 0:
            let l = lit(), t = types[rng.below(types.count)]
            segment([.literal(l)]); segment([parameter("p", t)])
            r.pattern = "/\(l)/\(parameterText("p", t))"
            if rng.chance(1, 2) {
                let l2 = lit()
                segment([.literal(l2)])
                r.pattern += "/\(l2)"
            }
        case 1:
            let l = lit()
            segment([.literal(l)])
            switch rng.below(3) {
            case 0:
                let sep = [".", "-", "~", "@"][rng.below(4)]
                segment([parameter("p", .string), .literal(sep), parameter("q", .string)])
                r.pattern = "/\(l)/:p\(sep):q"
            case 1:
                segment([.literal("file-"), parameter("p", .string), .literal(".txt")])
                r.pattern = "/\(l)/file-:p.txt"
            default:
                segment([.literal("v"), parameter("p", .string)])
                r.pattern = "/\(l)/v:p"
            }
        case 2:
            let l = lit(), t = types[rng.below(types.count)]
            segment([.literal(l)])
            segment([parameter("p", t)], optional: true)
            segment([parameter("q", .string)], optional: true)
            r.pattern = "/\(l)(/\(parameterText("p", t)))(/:q)"
        case 3:
            let l = lit()
            segment([.literal(l)])
            if rng.below(2) == 0 {
                let l2 = lit()
                segment([parameter("p", .path)]); segment([.literal(l2)]); segment([parameter("q", .string)])
                r.pattern = "/\(l)/*p/\(l2)/:q"
            } else {
                segment([parameter("p", .path), .literal("."), parameter("q", .string)])
                r.pattern = "/\(l)/*p.:q"
            }
        case 4:
            let l = lit()
            segment([.literal(l)]); segment([parameter("p", .path)])
            r.pattern = rng.below(2) == 0 ? "/\(l)/*p" : "/\(l)/<path:p>"
        case 5:
            let l = lit()
            r.urlPattern = true
            segment([.literal(l)]); segment([parameter("p", .string)])
            r.pattern = "/\(l)/:p"
            if rng.below(2) == 1 {
                segment([parameter("q", .string)])
                r.pattern += "/:q"
            }
        case 6:
            let host = ["example.com", "api.example.com", "example.com:8443"][rng.below(3)]
            let l = lit(), t = types[rng.below(types.count)]
            r.head = "https://\(host)"
            segment([.literal(l)]); segment([parameter("p", t)])
            r.pattern = "https://\(host)/\(l)/\(parameterText("p", t))"
        case 7:
            r.head = "myapp:/"
            if rng.below(2) == 0 {
                let l = lit()
                segment([parameter("p", .string)]); segment([.literal(l)])
                r.pattern = "myapp://:p/\(l)"
            } else {
                let l = lit()
                segment([.literal(l)]); segment([parameter("p", .string)])
                r.pattern = "myapp://\(l)/:p"
            }
        case 8:
            let l = lit()
            segment([.literal(l)]); segment([parameter("p", .string)])
            r.refusesUnknownQuery = rng.chance(1, 4)
            r.pattern = "/\(l)/:p" + (r.refusesUnknownQuery ? "?!" : "?") + "q=<string:q>"
            r.parameters.append(("q", .string)); r.query.append(("q", "q"))
            if rng.chance(1, 2) {
                r.pattern += "&page=<int:page=1>"
                r.parameters.append(("page", .int)); r.query.append(("page", "page"))
            }
            if rng.chance(1, 2) {
                r.pattern += "&tag=<[string]:tags?>"
                r.parameters.append(("tags", .string)); r.query.append(("tag", "tags")); r.lists.insert("tags")
            }
            if rng.chance(1, 2) {
                r.pattern += "&n=<[int]:ns?>"
                r.parameters.append(("ns", .int)); r.query.append(("n", "ns")); r.lists.insert("ns")
            }
        default:
            let l = lit()
            segment([.literal(l)])
            r.pattern = "/\(l)"
        }
        return r
    }

    /// FNV-1a (64 bits) over tables 0 to 9 and their 100 pairs each, every route taken as
    /// added (the README's "Fingerprint"): equal in the three languages.
    static func fingerprint(seed: UInt64 = defaultSeed) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        func fold(_ text: String) {
            for b in Array(text.utf8) + [0] { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        }
        for t in 0..<10 {
            let routes = table(seed: seed, table: t)
            for r in routes { fold(r.pattern) }
            for j in 0..<pairsPerTable {
                let c = values(seed: seed, table: t, pair: j, added: routes)
                fold(c.route.name)
                for (n, v) in c.values { fold("\(n)=\(v)") }
            }
        }
        return h
    }

    // MARK: the test's own view of a value

    /// `YYYY-MM-DD` for a text `date` accepts (`YYYY-M-D`), else nil.
    static func canonicalDate(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0].utf8.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              (1...2).contains(parts[1].utf8.count), (1...2).contains(parts[2].utf8.count),
              let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), (1...31).contains(d) else { return nil }
        return parts[0] + "-" + (m < 10 ? "0" : "") + "\(m)-" + (d < 10 ? "0" : "") + "\(d)"
    }

    /// Every byte but `A-Z a-z 0-9 - . _ ~` as `%XX`.
    static func encode(_ text: String) -> String {
        var out = ""
        for b in text.utf8 {
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: out.unicodeScalars.append(UnicodeScalar(b))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
            }
        }
        return out
    }

    /// The URL the test writes itself for case `c` (the README's "plain URL").
    static func plainURL(_ c: RoundTripCase) -> String {
        var given: [String: String] = [:]
        for (n, v) in c.values { given[n] = v.description }
        let types = Dictionary(c.route.parameters.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
        var url = c.route.head
        var wroteSegment = false
        for (pieces, optional) in c.route.segments {
            if optional, pieces.contains(where: { if case .parameter(let n) = $0 { return given[n] == nil }; return false }) { continue }
            url += "/"
            wroteSegment = true
            for piece in pieces {
                switch piece {
                case .literal(let l): url += l
                case .parameter(let n):
                    let v = given[n] ?? ""
                    switch types[n] {
                    case .path?: url += v.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
                    case .date?: url += encode(canonicalDate(v) ?? v)
                    default: url += encode(v)
                    }
                }
            }
        }
        if !wroteSegment { url += "/" }
        var items: [String] = []
        for (key, n) in c.route.query {
            if c.route.lists.contains(n) {
                items += c.list(n).map { "\(key)=\(encode($0.description))" }
            } else if let v = given[n] {
                items.append("\(key)=\(encode(v))")
            }
        }
        if let v = given["extra"] { items.append("extra=\(encode(v))") }
        if !items.isEmpty { url += "?" + items.joined(separator: "&") }
        return url
    }

    /// What parameter `name` of type `type`, given `value`, must read back as; nil when the
    /// value is not one of the type (then no URL may carry it).
    static func expected(_ type: RoundTripType?, _ value: RoundTripValue) -> ParameterValue? {
        let text = value.description
        switch type {
        case .int?:
            if case .int(let n) = value { return .int(n) }
            return Int64(text).map { .int($0) }
        case .float?: return Double(text).map { .float($0) }
        case .date?: return canonicalDate(text).map { .string($0) }
        default: return .string(text)
        }
    }
}

/// The parameter type `date` of the generated tables.
struct RoundTripDay: ParameterType, Equatable {
    var text: String
    init?(parameterText text: String) {
        guard let c = RoundTripGenerator.canonicalDate(text) else { return nil }
        self.text = c
    }
    var parameterText: String { text }
}
