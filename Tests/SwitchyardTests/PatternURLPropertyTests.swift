// Differential property: a web-scheme pattern is read as the URL reader reads a URL with
// the same text. Random pattern texts (hosts in mixed case, with trailing dots, percent
// escapes, IPv4 in its many spellings, IPv6, wildcards; ports with leading zeros, default
// ports, ports over 65535; slashes and backslashes after the scheme; unclosed brackets)
// are either refused as patterns, or the URL written the same way resolves to the route
// and the reader's host, port and path equal the pattern's. Seeded (SplitMix64).
//   SWITCHYARD_PROPERTY_SEED=<n>  start from another seed
import Foundation
import Testing
import Switchyard

@Suite("Property: patterns read as URLs")
struct PatternURLPropertyTests {
    static let schemes = ["https", "http", "HTTPS", "wss", "ws", "ftp", "Http"]
    static let separators = ["//", "//", "//", "//", "/", "", "///", "\\\\", "/\\", "\\/"]
    static let labels = ["example", "EXAMPLE", "Ex%41mple", "ex%2Eample", "a", "b-c", "xn--nxasmq6b", "xn--a",
                         "%zz", "%2A", "0x7f", "0177", "1", "255", "256", "4294967295", "0", "09"]
    static let hosts = ["localhost", "127.0.0.1", "0x7f.1", "2130706433", "0177.0.0.1", "1.2.3.4.5",
                        "[::1]", "[0:0::1]", "[::FFFF:1.2.3.4]", "[::1", "[::g]", "[]", "", "*.example.com",
                        "*.EXAMPLE.com.", "*.1.2", "*", "*.", "a.*.com"]
    static let ports = ["", ":", ":0", ":443", ":0443", ":80", ":080", ":21", ":8080", ":08080", ":65535",
                        ":65536", ":99999", ":000000000000443", ":1x"]
    static let pathSegments = ["a", "B", "x%41", "%2e", "c.d", "a\\b"]

    static func randomHost(_ rng: inout SplitMix64) -> String {
        if rng.chance(30) { return rng.pick(hosts) }
        var parts: [String] = []
        for _ in 0..<(1 + rng.below(3)) { parts.append(rng.pick(labels)) }
        if rng.chance(50) { parts.append(rng.pick(["com", "COM", "org", "1", "0x10"])) }
        var host = parts.joined(separator: ".")
        if rng.chance(15) { host += "." }
        if rng.chance(10) { host = "*." + host }
        return host
    }

    static func randomPattern(_ rng: inout SplitMix64) -> String {
        var text = rng.pick(schemes) + ":" + rng.pick(separators) + randomHost(&rng) + rng.pick(ports)
        for _ in 0..<rng.below(3) { text += "/" + rng.pick(pathSegments) }
        if rng.chance(20) { text += "/" }
        return text
    }

    /// The host (with ":port" when there is one) and the path segments (percent-decoded)
    /// of a URL in the reader's form, `scheme://host[:port]/path`.
    static func reading(_ url: String) -> (host: String, segments: [String]) {
        guard let start = url.range(of: "://")?.upperBound else { return ("", []) }
        let rest = url[start...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let segments = rest[slash...].split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        return (String(rest[..<slash]), segments)
    }

    static func addError(_ pattern: String, to r: Router) -> SwitchyardError? {
        do throws(SwitchyardError) {
            try r.add(pattern, target: "T")
            return nil
        } catch {
            return error
        }
    }

    static func resolve(_ url: String, _ r: Router) -> (match: MatchBuffer?, error: String?) {
        do throws(SwitchyardError) {
            return (try r.resolveBuffer(url), nil)
        } catch {
            return (nil, error.message)
        }
    }

    @Test("random web-scheme patterns: refused, or matching the URL of the same text as the reader reads it")
    func samePatternAndURL() throws {
        let seed = ProcessInfo.processInfo.environment["SWITCHYARD_PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_128
        var rng = SplitMix64(state: seed)
        var accepted = 0, refused = 0
        for _ in 0..<3000 {
            let pattern = Self.randomPattern(&rng)
            let r = Router()
            if let e = Self.addError(pattern, to: r) {
                #expect(e.code == .invalidPattern || e.code == .limit, "\(pattern): \(e.code) \(e.message)")
                #expect(e.position != nil, "\(pattern): no position in \(e.message)")
                refused += 1
                continue
            }
            accepted += 1
            let resolved = Self.resolve(pattern, r)
            guard let m = resolved.match else {
                Issue.record("seed \(seed): pattern \(pattern) was accepted, but the URL of the same text is refused: \(resolved.error ?? "")")
                continue
            }
            guard m.matched else {
                Issue.record("seed \(seed): pattern \(pattern) does not match the URL of the same text (read as \(m.url))")
                continue
            }
            guard let entry = r.entriesByPrecedence().first else { continue }
            let url = Self.reading(m.url)
            var patternHost = ""
            var patternSegments: [String] = []
            for part in entry.parts {
                switch part {
                case .host(let h): patternHost = h ?? ""
                case .literal(let l): patternSegments.append(l)
                default: break
                }
            }
            #expect(patternHost == url.host, "seed \(seed): \(pattern): pattern host \(patternHost), URL host \(url.host)")
            #expect(patternSegments == url.segments,
                    "seed \(seed): \(pattern): pattern path \(patternSegments), URL path \(url.segments)")
        }
        // The generator reaches both outcomes often enough to mean something.
        #expect(accepted > 300 && refused > 300, "accepted \(accepted), refused \(refused)")
    }
}
