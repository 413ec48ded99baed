// The quick recognition of a web URL already in the form a browser reads it
// (`plainWebAuthorityEnd`, BrowserReading.swift) against the full reading: wherever the
// quick scan takes a URL, the full check must find nothing to rewrite and end the
// authority at the same byte, with no userinfo or port in it (`plainWebURLAgrees`). Run on
// the URL Standard's test data, the open-redirect corpus (the URLs given and produced),
// and random and mutated URLs from a fixed seed (SplitMix64, PropertyTests.swift).
import Testing
import Switchyard

private func agreement(_ url: [UInt8]) -> (agrees: Bool, plain: Bool) {
    url.withUnsafeBufferPointer { plainWebURLAgrees($0) }
}

private func agreement(_ url: String) -> (agrees: Bool, plain: Bool) { agreement(Array(url.utf8)) }

@Suite("Plain web URLs: the quick scan against the full reading")
struct BrowserPlainURLTests {
    static let plain = [
        "https://example.com/skill/swift", "http://a.b-c.org/x?y=1#z", "https://example.com",
        "wss://x1.example.net/a", "ftp://files.example.io/",
        "https://a/x ?q", "https://example.com/a%20b?c=d", "https://.com/", "https://a..b/",
    ]

    static let notPlain = [
        "https://Example.com/", "https://example.com:443/", "https://example.com:8443/", "https://u@example.com/",
        "https://xn--bcher-kva.example/", "https://a--b.example/", "https://127.0.0.1/", "https://example.com./",
        "https://example.1/", "https://0x7f.1/", "https:example.com/", "https:///example.com/", "https://",
        "https://example.com/a\\b", "https://example.com/a\tb", "https://example.com/ ", "https://g%6Fod.com/",
        "https://[::1]/", "https://bücher.example/", "https://example.com?q\\", "https://example.com/a?c\\d", "https://exa_mple.com/",
    ]

    @Test("ordinary web URLs take the quick scan; the others go to the full reading")
    func fixedCases() {
        for url in Self.plain {
            let a = agreement(url)
            #expect(a.plain && a.agrees, "\(url.debugDescription): \(a)")
        }
        for url in Self.notPlain {
            let a = agreement(url)
            #expect(!a.plain, "\(url.debugDescription) took the quick scan")
        }
    }

    @Test("a plain URL is read as given")
    func plainURLsAreReadAsGiven() throws {
        let r = try router(["/*", "https://example.com/*"])
        for url in Self.plain {
            let m = try r.resolveBuffer(url)
            #expect(m.url == url, "\(url.debugDescription) read as \(m.url)")
        }
    }

    @Test("urltestdata.json: the quick scan agrees with the full reading on every web entry")
    func urlStandardData() throws {
        let entries = try BrowserReadingTests.entries()
        var plain = 0
        for e in entries {
            let a = agreement(e.input)
            #expect(a.agrees, "\(e.input.debugDescription)")
            if a.plain { plain += 1 }
        }
        #expect(plain > 20, "only \(plain) entries took the quick scan")
    }

    @Test("the open-redirect corpus: every URL given and produced agrees")
    func redirectCorpus() throws {
        var checked = 0
        for row in try loadRedirectCorpus() {
            for url in [row.url, row.produced, row.refused_url].compactMap({ $0 }) {
                #expect(agreement(url).agrees, "\(row.id): \(url.debugDescription)")
                checked += 1
            }
        }
        #expect(checked > 300)
    }

    /// Bytes a URL's reading turns on: every delimiter, case, digits, `x`/`n`/`-` for
    /// punycode labels, `%`, controls, spaces, non-ASCII.
    static let alphabet: [UInt8] = Array("aAbcexnzZ019-.-_:/@%?#[]\\ \t\n\r~".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xFF]

    static let seeds = [
        "https://example.com/skill/swift", "http://a.b-c.org/x?y=1#z", "wss://xn--bcher-kva.example:443/a",
        "https://user:pw@host.example.com:8080/p?q#f", "ftp://127.0.0.1/", "https://[::1]:80/x", "https://a/",
        "HTTP://EXAMPLE.COM/A", "https://example.com./", "https://0x7f.1/x", "ws://a--b.c/d",
    ]

    @Test("random and mutated URLs (fixed seed): the quick scan always agrees")
    func randomURLs() {
        var rng = SplitMix64(state: 0x5EED_0F_B0A7)
        var plain = 0, total = 0
        let schemes = ["https://", "http://", "ws://", "wss://", "ftp://", "https:/", "https:", "HTTPS://"]
        for k in 0..<20_000 {
            var url: [UInt8]
            if k % 2 == 0 {
                url = Array(Self.seeds[rng.below(Self.seeds.count)].utf8)
                for _ in 0...rng.below(3) {
                    let at = rng.below(url.count + 1)
                    let b = Self.alphabet[rng.below(Self.alphabet.count)]
                    switch rng.below(3) {
                    case 0: url.insert(b, at: at)
                    case 1: if at < url.count { url.remove(at: at) }
                    default: if at < url.count { url[at] = b }
                    }
                }
            } else {
                url = Array(schemes[rng.below(schemes.count)].utf8)
                // Mostly host bytes, so that many random URLs reach the host's checks.
                let hostBytes = Array("abcxnz019.-".utf8)
                for _ in 0..<rng.below(12) {
                    url.append(rng.below(8) == 0 ? Self.alphabet[rng.below(Self.alphabet.count)]
                                                 : hostBytes[rng.below(hostBytes.count)])
                }
                for _ in 0..<rng.below(10) { url.append(Self.alphabet[rng.below(Self.alphabet.count)]) }
            }
            let a = agreement(url)
            #expect(a.agrees, "\(String(decoding: url, as: UTF8.self).debugDescription) (\(url))")
            if a.plain { plain += 1 }
            total += 1
        }
        // Enough of them took the quick scan for the comparison to say something.
        #expect(plain > 1_000, "\(plain) of \(total) took the quick scan")
    }
}
