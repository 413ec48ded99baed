// The app-link vectors of Tests/Data/links (see its README): vectors.json holds Apple's own
// matcher's answers for AASA files, android-vectors.json AOSP's PatternMatcher answers and
// Android's dynamic rules. Every case must pass. The files are read with a small JSON reader
// that keeps the order of object members, because the order of AASA keys can matter (the
// legacy `details` object), and each case's `aasa` is written back as JSON text in that order.
import Foundation
import Testing
import Switchyard

/// A JSON value with object members in document order.
indirect enum OrderedJSON: Equatable {
    case string(String), number(Double), bool(Bool), null
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    static func == (a: OrderedJSON, b: OrderedJSON) -> Bool { a.text == b.text }

    subscript(_ key: String) -> OrderedJSON? {
        if case .object(let m) = self { return m.first { $0.0 == key }?.1 }
        return nil
    }

    var string: String? { if case .string(let s) = self { return s }; return nil }
    var array: [OrderedJSON]? { if case .array(let a) = self { return a }; return nil }
    var bool: Bool? { if case .bool(let b) = self { return b }; return nil }

    /// Compact JSON text, members in their order.
    var text: String {
        switch self {
        case .string(let s):
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default:
                    if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
                }
            }
            return out + "\""
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let a): return "[" + a.map(\.text).joined(separator: ",") + "]"
        case .object(let m): return "{" + m.map { OrderedJSON.string($0.0).text + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    static func parse(_ text: String) throws -> OrderedJSON {
        var p = Parser(Array(text.unicodeScalars))
        let v = try p.value()
        p.skipSpace()
        guard p.i == p.s.count else { throw ParseError.trailing(p.i) }
        return v
    }

    enum ParseError: Error { case unexpected(Int), trailing(Int) }

    private struct Parser {
        let s: [Unicode.Scalar]
        var i = 0
        init(_ s: [Unicode.Scalar]) { self.s = s }

        mutating func skipSpace() { while i < s.count, " \n\r\t".unicodeScalars.contains(s[i]) { i += 1 } }

        mutating func value() throws -> OrderedJSON {
            skipSpace()
            guard i < s.count else { throw ParseError.unexpected(i) }
            switch s[i] {
            case "{":
                i += 1
                var members: [(String, OrderedJSON)] = []
                skipSpace()
                if s[i] == "}" { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard case .string(let k) = try value() else { throw ParseError.unexpected(i) }
                    skipSpace()
                    guard s[i] == ":" else { throw ParseError.unexpected(i) }
                    i += 1
                    members.append((k, try value()))
                    skipSpace()
                    if s[i] == "," { i += 1; continue }
                    guard s[i] == "}" else { throw ParseError.unexpected(i) }
                    i += 1
                    return .object(members)
                }
            case "[":
                i += 1
                var items: [OrderedJSON] = []
                skipSpace()
                if s[i] == "]" { i += 1; return .array(items) }
                while true {
                    items.append(try value())
                    skipSpace()
                    if s[i] == "," { i += 1; continue }
                    guard s[i] == "]" else { throw ParseError.unexpected(i) }
                    i += 1
                    return .array(items)
                }
            case "\"":
                i += 1
                var out = String.UnicodeScalarView()
                while s[i] != "\"" {
                    if s[i] == "\\" {
                        i += 1
                        switch s[i] {
                        case "n": out.append("\n")
                        case "t": out.append("\t")
                        case "r": out.append("\r")
                        case "b": out.append("\u{8}")
                        case "f": out.append("\u{c}")
                        case "u":
                            var code = UInt32(String(String.UnicodeScalarView(s[(i + 1)...(i + 4)])), radix: 16) ?? 0
                            i += 4
                            if code >= 0xD800 && code < 0xDC00, s[i + 1] == "\\", s[i + 2] == "u" {
                                let low = UInt32(String(String.UnicodeScalarView(s[(i + 3)...(i + 6)])), radix: 16) ?? 0
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                                i += 6
                            }
                            out.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                        default: out.append(s[i])
                        }
                    } else {
                        out.append(s[i])
                    }
                    i += 1
                }
                i += 1
                return .string(String(out))
            case "t": i += 4; return .bool(true)
            case "f": i += 5; return .bool(false)
            case "n": i += 4; return .null
            default:
                let start = i
                while i < s.count, "+-0123456789.eE".unicodeScalars.contains(s[i]) { i += 1 }
                guard let d = Double(String(String.UnicodeScalarView(s[start..<i]))) else { throw ParseError.unexpected(start) }
                return .number(d)
            }
        }
    }
}

func linksDataText(_ name: String) throws -> String {
    try String(contentsOf: testDataFile("links/" + name), encoding: .utf8)
}

/// One case of vectors.json (AASA.md §8).
struct AASAVector: CustomStringConvertible {
    var id: String
    var domain: String
    var aasa: String
    var url: String
    var matched: [String]
    var blocked: [String]
    var description: String { id }

    static func all() throws -> [AASAVector] {
        guard let cases = try OrderedJSON.parse(try linksDataText("vectors.json")).array else { return [] }
        return cases.map { c in
            let expect = c["expect"]
            return AASAVector(id: c["id"]?.string ?? "?", domain: c["domain"]?.string ?? "", aasa: c["aasa"]?.text ?? "{}",
                              url: c["url"]?.string ?? "",
                              matched: expect?["appIDs"]?.array?.compactMap(\.string) ?? [],
                              blocked: expect?["blocked"]?.array?.compactMap(\.string) ?? [])
        }
    }
}

/// One case of android-vectors.json (ANDROID.md §6).
struct AndroidVector: CustomStringConvertible {
    var type: String
    var pattern: String?
    var rules: String?
    var input: String
    var expect: OrderedJSON
    var description: String { "\(type) \(pattern ?? rules ?? "") on \(input)" }

    static func all() throws -> [AndroidVector] {
        guard let cases = try OrderedJSON.parse(try linksDataText("android-vectors.json")).array else { return [] }
        return cases.map { c in
            AndroidVector(type: c["type"]?.string ?? "", pattern: c["pattern"]?.string, rules: c["rules"]?.text,
                          input: c["input"]?.string ?? "", expect: c["expect"] ?? .null)
        }
    }
}

@Suite struct LinksVectorTests {
    @Test func everyAASAVectorPasses() throws {
        let vectors = try AASAVector.all()
        #expect(vectors.count >= 138)
        for v in vectors {
            let aasa = try AASA(json: v.aasa)
            let decisions = try aasa.decisions(host: v.domain, url: v.url)
            let matched = decisions.filter { $0.verdict == .match }.map(\.appID)
            let blocked = decisions.filter { $0.verdict == .block }.map(\.appID)
            #expect(matched == v.matched, "\(v.id): matched \(matched), expected \(v.matched)")
            #expect(Set(blocked) == Set(v.blocked), "\(v.id): blocked \(blocked), expected \(v.blocked)")
        }
    }

    @Test func everyAndroidVectorPasses() throws {
        let vectors = try AndroidVector.all()
        #expect(vectors.count >= 118)
        for v in vectors {
            switch v.type {
            case "dynamic":
                let rules = try AndroidDynamicRules(json: v.rules ?? "[]")
                let got = try rules.evaluate(v.input)
                #expect(got.rawValue == v.expect.string, "\(v): got \(got.rawValue), expected \(v.expect.text)")
            default:
                guard let kind = AndroidPatternKind(rawValue: v.type) else {
                    Issue.record("unknown vector type \(v.type)")
                    continue
                }
                if v.expect.string == "invalid" {
                    #expect(throws: SwitchyardError.self, "\(v) should be rejected") {
                        _ = try AndroidPattern(kind, v.pattern ?? "")
                    }
                    continue
                }
                let p = try AndroidPattern(kind, v.pattern ?? "")
                #expect(p.matches(v.input) == v.expect.bool, "\(v): expected \(v.expect.text)")
            }
        }
    }
}
