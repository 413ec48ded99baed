// Web URLs read as a browser reads them (docs/SEMANTICS.md §8 "URL reading", docs/SECURITY.md):
// the URL Standard's own test data, and the reproducers of URLs once read differently.
// A match's `url` is the form the URL was read in, so the host and port are taken from it;
// the segments come from the catch-all route's remainder.
import Foundation
import Testing
import Switchyard

/// Tests/Data/<relative>, from this file's place in the repository.
func testDataFile(_ relative: String, filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath)
        .deletingLastPathComponent()   // Tests/SwitchyardTests
        .deletingLastPathComponent()   // Tests
        .appendingPathComponent("Data/" + relative)
}

/// Host and port of a URL in the form Switchyard reads it in: `scheme://[userinfo@]host[:port]...`.
private func hostAndPort(_ url: String) -> (host: String, port: String)? {
    guard let r = url.range(of: "://") else { return nil }
    let rest = url[r.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostPort = authority.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    if hostPort.hasPrefix("[") {
        guard let close = hostPort.firstIndex(of: "]") else { return nil }
        let host = String(hostPort[...close])
        let after = hostPort[hostPort.index(after: close)...]
        return (host, after.hasPrefix(":") ? String(after.dropFirst()) : "")
    }
    if let c = hostPort.firstIndex(of: ":") {
        return (String(hostPort[..<c]), String(hostPort[hostPort.index(after: c)...]))
    }
    return (hostPort, "")
}

/// Text with every `%XX` escape decoded, as bytes: a segment that Switchyard keeps as
/// written (its decoding is not UTF-8) and the browser's encoding of the same bytes compare equal.
private func fullyDecoded(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    let b = Array(text.utf8)
    var i = 0
    while i < b.count {
        if b[i] == 0x25, i + 2 < b.count, let v = UInt8(String(decoding: b[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
            out.append(v); i += 3
        } else {
            out.append(b[i]); i += 1
        }
    }
    return out
}

/// A browser's pathname as Switchyard's segments: split on `/`, empty segments dropped.
private func segmentsText(_ pathname: String) -> String {
    pathname.split(separator: "/").joined(separator: "/")
}

@Suite("Browser reading of web URLs")
struct BrowserReadingTests {
    struct Entry {
        var input: String
        var failure: Bool
        var hostname: String, port: String, pathname: String
    }

    /// The absolute web-scheme entries of urltestdata.json (its README says which).
    static func entries() throws -> [Entry] {
        // A Swift String cannot hold a lone surrogate; the data's few lone `\\uD800`-style
        // escapes stand for what a browser reads them as, U+FFFD.
        var text = try String(contentsOf: testDataFile("url-wpt/urltestdata.json"), encoding: .utf8)
        let lone = try NSRegularExpression(pattern: #"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"#)
        text = lone.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: #"\\uFFFD"#)
        let all = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] ?? []
        let web: Set<String> = ["http", "https", "ws", "wss", "ftp"]
        var out: [Entry] = []
        for case let o as [String: Any] in all {
            guard let input = o["input"] as? String else { continue }
            let trimmed = input.drop { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } }
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            let scheme = trimmed[..<colon].lowercased()
            guard web.contains(scheme) else { continue }
            let rest = trimmed[trimmed.index(after: colon)...].filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
            let base = o["base"] as? String
            let namesAuthority = rest.hasPrefix("//") || rest.hasPrefix("\\\\") || rest.hasPrefix("/\\") || rest.hasPrefix("\\/")
            guard base == nil || base == "about:blank" || namesAuthority else { continue }
            out.append(Entry(input: input, failure: o["failure"] as? Bool ?? false,
                             hostname: o["hostname"] as? String ?? "", port: o["port"] as? String ?? "",
                             pathname: o["pathname"] as? String ?? ""))
        }
        return out
    }

    @Test("urltestdata.json: every entry read as a browser reads it, or refused; failures refused")
    func urlStandardData() throws {
        let entries = try Self.entries()
        #expect(entries.count > 300, "the data's absolute web-scheme entries were not found")
        let r = Router()
        try r.add("/*", target: "any")
        var valid = 0, read = 0
        for e in entries {
            let m: MatchBuffer
            do {
                m = try r.resolveBuffer(e.input)
            } catch {
                #expect(error.code == .invalidURL || error.code == .limit, "\(e.input.debugDescription): \(error)")
                if !e.failure { valid += 1 }
                continue
            }
            #expect(!e.failure, "\(e.input.debugDescription) is refused by browsers but was read as \(m.url)")
            if e.failure { continue }
            valid += 1
            read += 1
            let hp = hostAndPort(m.url)
            #expect(hp?.host == e.hostname, "\(e.input.debugDescription): host \(hp?.host ?? "-") != \(e.hostname)")
            #expect(hp?.port == e.port, "\(e.input.debugDescription): port \(hp?.port ?? "-") != \(e.port)")
            #expect(fullyDecoded(m.remainder ?? "") == fullyDecoded(segmentsText(e.pathname)),
                    "\(e.input.debugDescription): segments \(m.remainder ?? "-") != \(segmentsText(e.pathname))")
        }
        #expect(read * 4 >= valid * 3, "only \(read) of \(valid) valid entries were read")
    }

    /// URLs once read differently from a browser: (URL, the URL read, or nil when refused).
    static let rewrites: [(url: String, readAs: String?)] = [
        ("https://evil.com\\@good.example.com/x", "https://evil.com/@good.example.com/x"),
        ("https://evil.com\\.example.com/x", "https://evil.com/.example.com/x"),
        ("https://g%6Fod.example.com/x", "https://good.example.com/x"),
        ("https://GOOD.Example.COM/x", "https://good.example.com/x"),
        ("https://good.example.com:65536/x", nil),
        ("https://good.example.com:8443:443/x", nil),
        ("https://good.example.com:0443/x", "https://good.example.com/x"),
        ("https://good.example.com:08443/x", "https://good.example.com:8443/x"),
        ("https://[::1", nil),
        ("https://[::1/x", nil),
        ("https:/a/x", "https://a/x"),
        ("https:a/x", "https://a/x"),
        ("https:///a/x", "https://a/x"),
        ("https:\\\\a\\x", "https://a/x"),
        ("https://a/x\ty\n", "https://a/xy"),
        ("https://a/x ", "https://a/x"),
        ("https://0x7f.1/", "https://127.0.0.1/"),
        ("https://2130706433/", "https://127.0.0.1/"),
        ("https://[0:0::1]:443/", "https://[::1]/"),
        ("https://a<b/", nil),
        ("https://%00/", nil),
        ("https://bücher.example/", nil),
        ("https://xn--bcher-kva.example/", "https://xn--bcher-kva.example/"),
        ("https://a.b.c.xn--pokxncvks/", nil),
        ("https:", nil),
        ("https://user@/x", nil),
        ("/public/..\\admin", "/public/../admin"),
        ("/a\\b?c\\d", "/a/b?c\\d"),
        ("myapp://a\\b", "myapp://a\\b"),
    ]

    @Test("URLs a browser reads differently are read in the browser's form", arguments: rewrites)
    func rewritten(_ row: (url: String, readAs: String?)) throws {
        let r = Router()
        try r.add("/*", target: "any")
        if let want = row.readAs {
            let m = try r.resolveBuffer(row.url)
            #expect(m.url == want, "\(row.url.debugDescription)")
        } else {
            expectError(.invalidURL, row.url.debugDescription) { _ = try r.resolveBuffer(row.url) }
        }
    }

    /// Routes that a URL once matched although a browser goes elsewhere.
    static let wrongRoutes: [(routes: [String], url: String, winner: String?)] = [
        (["https://good.example.com/*"], "https://evil.com\\@good.example.com/x", nil),
        (["https://*.example.com/*"], "https://evil.com\\.example.com/x", nil),
        (["/public/*", "/admin"], "/public/..\\admin", "/admin"),
        (["https://good.example.com/*"], "https://g%6Fod.example.com/x", "https://good.example.com/*"),
        (["https://good.example.com/*"], "https://good.example.com:0443/x", "https://good.example.com/*"),
        (["https://a/*", "/b"], "https:/b", nil),
        (["https://x.com/a/*", "/b"], "https:/b", nil),
    ]

    @Test("a URL matches only routes of the host and path a browser reads", arguments: wrongRoutes)
    func routes(_ row: (routes: [String], url: String, winner: String?)) throws {
        let r = try router(row.routes)
        let m = try r.resolveBuffer(row.url)
        #expect(m.matched == (row.winner != nil), "\(row.url.debugDescription)")
        #expect(m.pattern == row.winner, "\(row.url.debugDescription)")
    }

    @Test("an error in a URL that is rewritten points into the URL as given")
    func positionsInTheURLGiven() throws {
        let r = try router(["/*"])
        let m = MatchBuffer()
        // Host "1" is read as 0.0.0.1 (six bytes longer); the bad byte is at 24 as given.
        let url: [UInt8] = Array("https://1//s/m/d/il/s/m/".utf8) + [0xA7] + Array("il./".utf8)
        let result: Result<Bool, SwitchyardError> = url.withUnsafeBufferPointer { b in
            Result { () throws(SwitchyardError) -> Bool in try r.resolve(bytes: b, into: m) }
        }
        guard case .failure(let e) = result else { Issue.record("accepted"); return }
        #expect(e.code == .invalidURL)
        #expect(e.position == 24)
    }

    @Test("the byte walk and the full reader agree on URLs that need rewriting")
    func staticMapAndWalk() throws {
        let r = try router(["/a/b", "/a/:x/c", "https://h.example/p/*"])
        #expect(try r.resolveBuffer("/a\\b").pattern == "/a/b")
        #expect(try r.resolveBuffer("\\a\\b").pattern == "/a/b")
        #expect(try r.resolveBuffer("/a\\q\\c").pattern == "/a/:x/c")
        #expect(try r.resolveBuffer("HTTPS://H.EXAMPLE\\p\\z").remainder == "z")
        // A MatchBuffer reused after a rewritten URL reads the next URL as given.
        let m = MatchBuffer()
        #expect(try r.resolve("/a\\b", into: m))
        #expect(try r.resolve("/a/zz/c", into: m))
        #expect(m.url == "/a/zz/c")
    }
}
