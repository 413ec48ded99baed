// The open-redirect corpus (Tests/Data/open-redirect-corpus.json, written by
// make_open_redirect_corpus.py beside it): (template x value) cases an attacker would use to
// steer a redirect off-site. Each row is loaded as a rule document and resolved; its outcome
// (refused when loaded, refused when resolved, or the exact URL produced) must be the one
// the row gives. Independently of that, every URL a redirect produces is read here as a
// browser reads it, and must stay on its template's scheme and host and in the allowlist.
// Foundation is used only to read the file.
import Foundation
import Testing
import Switchyard

struct CorpusRow: Decodable {
    var id: String
    var pattern: String
    var template: String
    var allowlist: [String]?
    var url: String
    var options: [String: Bool]?
    var dialect: String?
    var expect: String
    var position: Int?
    var produced: String?
    var refused_url: String?
}

func loadRedirectCorpus(filePath: String = #filePath) throws -> [CorpusRow] {
    let file = URL(fileURLWithPath: filePath)
        .deletingLastPathComponent().deletingLastPathComponent()   // Tests
        .appendingPathComponent("Data/open-redirect-corpus.json")
    return try JSONDecoder().decode([CorpusRow].self, from: Data(contentsOf: file))
}

/// Where a browser goes for a URL, read on its own terms (the WHATWG URL Standard's rules
/// for the scheme and the authority, simplified to what matters here): a relative URL that
/// stays on the current site, one that names another host (`//host`), or a scheme and host.
enum BrowserTarget: Equatable {
    case sameSite
    case networkPath(host: String)
    case origin(scheme: String, host: String?, port: String)
}

private let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

func browserTarget(_ url: String) -> BrowserTarget {
    var s = Array(url.utf8)
    while let f = s.first, f <= 0x20 { s.removeFirst() }
    while let l = s.last, l <= 0x20 { s.removeLast() }
    s.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    func isSlash(_ b: UInt8) -> Bool { b == 0x2F || b == 0x5C }
    func host(_ authority: [UInt8], scheme: String) -> (String, String) {
        var a = authority
        if let at = a.lastIndex(of: 0x40) { a = Array(a[(at + 1)...]) }
        var port = ""
        if let c = a.lastIndex(of: 0x3A), !a[c...].contains(0x5D) {
            port = String(decoding: a[(c + 1)...], as: UTF8.self)
            a = Array(a[..<c])
        }
        var h = (String(decoding: a, as: UTF8.self).removingPercentEncoding ?? "%invalid").lowercased()
        if h.hasSuffix(".") { h.removeLast() }
        let digits = port.drop { $0 == "0" }
        var number = digits.isEmpty && !port.isEmpty ? "0" : String(digits)
        let defaults = ["http": "80", "ws": "80", "https": "443", "wss": "443", "ftp": "21"]
        if defaults[scheme] == number { number = "" }
        return (h, number)
    }
    func authority(from i: Int) -> [UInt8] {
        var j = i
        while j < s.count, !isSlash(s[j]), s[j] != 0x3F, s[j] != 0x23 { j += 1 }
        return Array(s[i..<j])
    }
    var k = 0
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    func isSchemeByte(_ b: UInt8) -> Bool { isLetter(b) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E }
    if let f = s.first, isLetter(f) {
        while k < s.count, isSchemeByte(s[k]) { k += 1 }
    }
    guard k > 0, k < s.count, s[k] == 0x3A else {
        if s.count >= 2, isSlash(s[0]), isSlash(s[1]) {
            var i = 0
            while i < s.count, isSlash(s[i]) { i += 1 }
            return .networkPath(host: host(authority(from: i), scheme: "").0)
        }
        return .sameSite
    }
    let scheme = String(decoding: s[..<k], as: UTF8.self).lowercased()
    var i = k + 1
    if specialSchemes.contains(scheme) {
        while i < s.count, isSlash(s[i]) { i += 1 }
    } else if i + 1 < s.count, s[i] == 0x2F, s[i + 1] == 0x2F {
        i += 2
    } else {
        return .origin(scheme: scheme, host: nil, port: "")
    }
    let (h, port) = host(authority(from: i), scheme: scheme)
    return .origin(scheme: scheme, host: h, port: port)
}

/// How many path segments of `url` (after its scheme's `:`, up to its query or fragment) a
/// browser removes as `.` or `..`, in any of the URL Standard's spellings (`%2e` for a dot);
/// `skippingPlaceholders`: a template's, not counting segments that hold a placeholder.
func browserDotSegments(_ url: String, skippingPlaceholders: Bool) -> Int {
    var text = Substring(url)
    if let colon = text.firstIndex(where: { ":/?#".contains($0) }), text[colon] == ":" {
        text = text[text.index(after: colon)...]
    }
    if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<end] }
    let dots: Set<String> = [".", "%2e", "..", ".%2e", "%2e.", "%2e%2e"]
    return text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        .filter { dots.contains($0.lowercased()) && !(skippingPlaceholders && $0.contains("{")) }.count
}

/// Whether a browser target is inside an allowlist as the document writes it.
func allowlistCovers(_ list: [String], _ target: BrowserTarget) -> Bool {
    guard case .origin(let scheme, let host, let port) = target else { return target == .sameSite }
    for entry in list {
        guard entry.contains("://") else {
            if entry.lowercased() == scheme { return true }
            continue
        }
        guard case .origin(let es, let eh?, let ep) = browserTarget(entry.replacingOccurrences(of: "*.", with: "")),
              es == scheme, ep == port, let host else { continue }
        if entry.contains("*.") ? host.hasSuffix("." + eh) : host == eh { return true }
    }
    return false
}

@Suite("Open-redirect corpus")
struct RedirectCorpusTests {
    @Test("every row has the outcome it states, and no produced URL leaves its template's site or the allowlist")
    func corpus() throws {
        let rows = try loadRedirectCorpus()
        #expect(rows.count >= 100)
        var outcomes: [String: Int] = [:]
        for row in rows {
            outcomes[row.expect, default: 0] += 1
            try check(row)
        }
        #expect(outcomes["url", default: 0] > 0 && outcomes["refused", default: 0] > 0
                && outcomes["load_error", default: 0] > 0, "\(outcomes)")
    }

    private func document(_ row: CorpusRow) throws -> String {
        var doc: [String: Any] = ["version": 1, "routes": [["pattern": row.pattern, "redirect": row.template]]]
        if let dialect = row.dialect { doc["dialect"] = dialect }
        if let list = row.allowlist { doc["redirect_allowlist"] = list }
        return String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self)
    }

    private func check(_ row: CorpusRow) throws {
        var options = RouterOptions()
        options.keepEmptySegments = row.options?["keep_empty_segments"] ?? false
        options.decodePath = row.options?["decode_path"] ?? true
        let r = try Router(options: options)
        let what = "\(row.id): \(row.template) with \(row.url)"
        if row.expect == "load_error" {
            let e = expectError(.rule, what) { try r.loadRules(json: try document(row)) }
            if let p = row.position { #expect(e?.position == p, "\(what): \(e?.message ?? "")") }
            #expect(r.routes.isEmpty, "\(what)")
            return
        }
        do {
            try r.loadRules(json: try document(row))
        } catch {
            Issue.record("\(what): the document did not load: \(error)")
            return
        }
        let m = MatchBuffer()
        let failure: SwitchyardError?
        do throws(SwitchyardError) {
            try r.resolve(row.url, into: m)
            failure = nil
        } catch {
            failure = error
        }
        if let e = failure {
            #expect(row.expect == "refused", "\(what): refused (\(e.message)), expected \(row.produced ?? "")")
            #expect(e.code == .redirectUnsafe, "\(what): \(e.code): \(e.message)")
            if let u = row.refused_url { #expect(e.message.contains("'\(u)'"), "\(what): \(e.message)") }
            #expect(m.redirects.isEmpty && !m.matched, "\(what): a refused redirect left a result")
            return
        }
        #expect(row.expect == "url", "\(what): produced \(m.redirects), expected a refusal")
        #expect(m.redirects.count >= 2 && m.redirects[1] == row.produced,
                "\(what): produced \(m.redirects), expected \(row.produced ?? "")")
        // The property, whatever the row expects: each produced URL stays where its template leads.
        let templateTarget = browserTarget(row.template.replacingOccurrences(of: "{", with: "x")
                                                       .replacingOccurrences(of: "}", with: ""))
        for produced in m.redirects.dropFirst() {
            let target = browserTarget(produced)
            if case .sameSite = templateTarget {
                #expect(target == .sameSite, "\(what): \(produced) leaves the site (\(target))")
            } else {
                #expect(target == templateTarget, "\(what): \(produced) goes to \(target), not \(templateTarget)")
            }
            if let list = row.allowlist {
                #expect(allowlistCovers(list, target), "\(what): \(produced) is outside \(list)")
            }
            #expect(browserDotSegments(produced, skippingPlaceholders: false) <= browserDotSegments(row.template, skippingPlaceholders: true),
                    "\(what): \(produced) has a '.' or '..' segment its template does not write")
        }
    }
    @Test("the check without reading again agrees with the full reading on every URL the corpus produces")
    func fastCheckAgreesWithFullReading() throws {
        var compared = 0, headsCompared = 0
        for row in try loadRedirectCorpus() where row.expect != "load_error" {
            var counts = try compareChecks(row, template: row.template)
            compared += counts.checks
            headsCompared += counts.heads
            // The same hostile values through templates whose head no value can change.
            let names = placeholderNames(row.template)
            guard let name = names.first else { continue }
            for form in fixedHeadForms {
                counts = try compareChecks(row, template: form.replacingOccurrences(of: "NAME", with: name))
                compared += counts.checks
                headsCompared += counts.heads
            }
        }
        // Both checks ran on thousands of URLs, so the comparison says something.
        #expect(compared > 1_000, "both checks ran on \(compared) URLs")
        #expect(headsCompared > 1_000, "both readings ran on \(headsCompared) URLs")
    }

    @Test("the two checks agree on every URL the rules fuzz corpus produces")
    func fastCheckAgreesOnTheFuzzCorpus() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/rules")
        let urls = ["/", "/a", "/a/b/c", "myapp://user/42?tab=a&tab=b#frag", "https://example.com/skill/go?x=1",
                    "https://blog.example.com/u/article/details/7", "myapp://app/tiny", "/x/%2F/%zz/..", "a:b"]
        var compared = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            var options = RouterOptions()
            options.limits.maxRedirects = 4
            let r = try Router(options: options)
            guard (try? r.loadRules(json: text)) != nil else { continue }
            let m = MatchBuffer()
            m.redirectCheckMode = .differential
            for url in r.routes.map(\.pattern) + urls { _ = try? r.resolve(url, into: m) }
            #expect(m.redirectCheckDisagreement == nil, "\(file): \(m.redirectCheckDisagreement ?? "")")
            compared += m.redirectChecksCompared + m.producedHeadsCompared
        }
        #expect(compared > 0)
    }

    @Test("a produced URL read from its template's known head reads as the full reader reads it, on random and mutated URLs")
    func knownHeadReadingAgreesOnRandomURLs() throws {
        let templates = [
            "myapp://app/{x}", "myapp://app", "https://good.example.com/{x}", "https://good.example.com",
            "https://good.example.com:8443/{x}", "http://example.com:80/{x}", "myapp://user@app/{x}",
            "myapp://app:12/{x}", "myapp://a.b/{x}", "myapp://localhost/{x}", "file://host/{x}", "ws://x.y/{x}",
            "https://Good.Example.com/{x}", "https://xn--bcher-kva.example/{x}", "myapp://%41pp/{x}", "myapp://a+b/{x}",
            "myapp://[::1]/{x}", "https://1.2.3.4/{x}",
        ]
        // Bytes that change how a URL is read: delimiters, escapes, what a browser removes or
        // reads as '/', controls, non-ASCII and invalid UTF-8.
        let alphabet: [[UInt8]] = [
            [0x2F], [0x3F], [0x23], [0x25], [0x32], [0x65], [0x2E], [0x5C], [0x09], [0x0A], [0x0D], [0x20],
            [0x40], [0x3A], [0x2B], [0x61], [0x5A], [0xC3, 0xA9], [0xFF], [0x00], [0x7F], Array("%2e".utf8),
            Array("%2F".utf8), [0x26], [0x3D],
        ]
        var rng = SplitMix64(state: 0x5EED_4E4D)
        var applied = 0
        for hostHandling in [RouterOptions.HostHandling.webSchemes, .hostWhenDotted, .alwaysHost, .alwaysSegment] {
            var options = RouterOptions()
            options.hostHandling = hostHandling
            let r = try Router(options: options)
            for template in templates {
                let head = Array(template.prefix(while: { $0 != "{" }).utf8)
                for k in 0..<300 {
                    var url = head
                    if k % 3 == 0, !url.isEmpty {
                        // A mutated head: one byte changed, so the URL may no longer start with it.
                        url[rng.below(url.count)] = rng.pick(alphabet)[0]
                    }
                    for _ in 0..<rng.below(13) { url += rng.pick(alphabet) }
                    let result = r.compareProducedReading(template: template, url: url)
                    #expect(result.difference == nil, "\(template) with \(Array(url)): \(result.difference ?? "")")
                    if result.applies { applied += 1 }
                }
            }
        }
        // Most templates have a known head, and most URLs start with it.
        #expect(applied > 5_000, "the known head applied to \(applied) URLs")
    }

    /// Templates whose every URL starts with their own scheme and host (or a relative path
    /// that cannot become one), where the fast check applies.
    private let fixedHeadForms = [
        "https://good.example.com/{NAME}", "https://good.example.com/p/{NAME}/q", "https://good.example.com/a{NAME}",
        "https://good.example.com/?v={NAME}", "https://good.example.com/#{NAME}", "https://good.example.com:8443/{NAME}",
        "myapp://app/{NAME}", "myapp://app/x/{NAME}/..", "/docs/{NAME}", "/d{NAME}", "/?next={NAME}", "/d/./{NAME}",
        "myapp://#{NAME}", "myapp://app#{NAME}", "/d#{NAME}",
    ]

    private func placeholderNames(_ template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Resolves the row's URL through `template` with the fast check (and the produced URL
    /// read from its known head), the full check (and the URL read in full), and both
    /// compared; the outcomes (the route reached, its parameters, the chain, or the error)
    /// must be the same. Returns how many URLs both checks, and both readings, saw.
    private func compareChecks(_ row: CorpusRow, template: String) throws -> (checks: Int, heads: Int) {
        var options = RouterOptions()
        options.keepEmptySegments = row.options?["keep_empty_segments"] ?? false
        options.decodePath = row.options?["decode_path"] ?? true
        var variant = row
        variant.template = template
        let r = try Router(options: options)
        guard (try? r.loadRules(json: try document(variant))) != nil else { return (0, 0) }
        var outcomes: [String] = []
        var compared = (checks: 0, heads: 0)
        for mode in [RedirectCheckMode.fast, .full, .differential] {
            let m = MatchBuffer()
            m.redirectCheckMode = mode
            do throws(SwitchyardError) {
                try r.resolve(row.url, into: m)
                outcomes.append(outcome(m))
            } catch {
                outcomes.append("\(error.code)")
            }
            if mode == .differential {
                #expect(m.redirectCheckDisagreement == nil, "\(row.id) via \(template): \(m.redirectCheckDisagreement ?? "")")
                compared = (m.redirectChecksCompared, m.producedHeadsCompared)
            }
        }
        #expect(Set(outcomes).count == 1, "\(row.id) via \(template) with \(row.url): \(outcomes)")
        return compared
    }

    private func outcome(_ m: MatchBuffer) -> String {
        let params = m.pathParameters.map { "\($0.name)=\($0.text)" } + m.query.map { "\($0.name)=\($0.value)" }
        return "\(m.matched) \(m.redirects) \(m.target ?? "-") \(params) \(m.fragment ?? "-") \(m.remainder ?? "-")"
    }
}
