// The word-at-a-time reads of a whole web URL against byte-by-byte references written from
// their rules: the plain-authority scan (`plainWebAuthorityEnd`, with and without the scan
// of the rest), the web-scheme lookup by length and word, the prefix word of a short text,
// the folding comparison, and a literal key compared after its prefix word. Each is tried
// with every byte value at every place that matters, at lengths that put the place in each
// byte of a word and across word boundaries.
import Testing
@testable import Switchyard

/// The rule `plainWebAuthorityEnd` states, one byte at a time: "//" after the scheme; an
/// authority of a-z, 0-9, '-' and '.' up to the first '/', '?' or '#' (or the end), not
/// empty, not ending in '.', holding no "--", whose last label starts with a letter; then
/// no tab, LF, CR or '\' and no trailing space.
private func referencePlainEnd(_ u: [UInt8], schemeEnd sl: Int) -> Int {
    let n = u.count, a = sl + 3
    guard a < n, u[sl + 1] == 0x2F, u[sl + 2] == 0x2F else { return -1 }
    var end = a
    while end < n, u[end] != 0x2F, u[end] != 0x3F, u[end] != 0x23 { end += 1 }
    guard end > a, u[end - 1] != 0x2E else { return -1 }
    for k in a..<end {
        let b = u[k]
        guard (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) || b == 0x2D || b == 0x2E else { return -1 }
        if b == 0x2D && k > a && u[k - 1] == 0x2D { return -1 }
    }
    var label = end - 1
    while label > a && u[label - 1] != 0x2E { label -= 1 }
    guard (0x61...0x7A).contains(u[label]) else { return -1 }
    if u[end...].contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x5C }) || u[n - 1] == 0x20 {
        return -1
    }
    return end
}

/// Checks the scan on `u` against the reference, and the variant that skips the rest
/// wherever the reader would take it (the validating scan's one-test pass takes every word).
private func checkPlainEnd(_ u: [UInt8], schemeEnd sl: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    u.withUnsafeBufferPointer { b in
        guard let p = b.baseAddress else { return }
        let n = b.count
        let want = referencePlainEnd(u, schemeEnd: sl)
        let got = URLView.plainWebAuthorityEnd(p, n, schemeEnd: sl)
        #expect(got == want, "\(String(decoding: u, as: UTF8.self).debugDescription) \(u)", sourceLocation: sourceLocation)
        if n >= 8 && URLView.ordinaryWordsEnd(p, n, start: 0) == n {
            let skipped = URLView.plainWebAuthorityEnd(p, n, schemeEnd: sl, restIsPlain: true)
            #expect(skipped == want, "rest skipped: \(String(decoding: u, as: UTF8.self).debugDescription)",
                    sourceLocation: sourceLocation)
        }
        // And the quick scan agrees with the full reading.
        #expect(plainWebURLAgrees(b).agrees, "\(String(decoding: u, as: UTF8.self).debugDescription)",
                sourceLocation: sourceLocation)
    }
}

@Suite("Whole web URLs read a word at a time, against byte-by-byte references")
struct WebURLWordTests {
    static let schemes = ["ws", "ftp", "http", "https"]
    /// Host lengths that put a host byte in every place of two and three words, after
    /// schemes of 2 to 5 bytes.
    static let hostLengths = Array(1...19)
    static let ends = ["", "/p", "?q#f"]

    static func host(_ n: Int) -> [UInt8] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        return (0..<n).map { letters[$0 % letters.count] }
    }

    @Test("every byte value at every place of the host")
    func everyByteInHost() {
        for scheme in Self.schemes {
            let sl = scheme.utf8.count
            for n in Self.hostLengths {
                for end in Self.ends {
                    for at in 0..<n {
                        for b in 0...255 {
                            var h = Self.host(n)
                            h[at] = UInt8(b)
                            checkPlainEnd(Array(scheme.utf8) + Array("://".utf8) + h + Array(end.utf8), schemeEnd: sl)
                        }
                    }
                }
            }
        }
    }

    @Test("pairs of the bytes that end or change a host's reading, at every two places of the host")
    func pairsInHost() {
        let bytes = Array("-.a0/?#A:@%".utf8) + [0x20, 0x09, 0x5C, 0x80, 0xC3]
        for scheme in ["ws", "https"] {
            let sl = scheme.utf8.count
            for n in [2, 3, 7, 8, 9, 12, 16, 17] {
                for i in 0..<n {
                    for j in (i + 1)..<n {
                        for x in bytes {
                            for y in bytes {
                                var h = Self.host(n)
                                h[i] = x
                                h[j] = y
                                // After the host, bytes the host's checks must not look at.
                                for end in ["/p", "/--", "?--"] {
                                    checkPlainEnd(Array(scheme.utf8) + Array("://".utf8) + h + Array(end.utf8), schemeEnd: sl)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("every byte value at every place after the host, where the reader may skip that scan")
    func everyByteAfterHost() {
        for scheme in ["ws", "https"] {
            let sl = scheme.utf8.count
            for n in [1, 5, 11] {
                for restLength in 1...17 {
                    for at in 0..<restLength {
                        for b in 0...255 {
                            var rest = Array("/abcdefghijklmnopq".utf8.prefix(restLength))
                            rest[at] = UInt8(b)
                            checkPlainEnd(Array(scheme.utf8) + Array("://".utf8) + Self.host(n) + rest, schemeEnd: sl)
                        }
                    }
                }
            }
        }
    }

    @Test("the start of a web URL: slashes, scheme end and a host at the URL's end")
    func urlStart() {
        for url in ["https:", "https:/", "https://", "https:///", "https://a", "https:/a", "https:a/", "ws://a.b",
                    "ws://a.b.", "ws://1.b", "ws://b.1", "ws://-.a", "ws://a-", "ws://x--y/", "ws://x-y-z/"] {
            checkPlainEnd(Array(url.utf8), schemeEnd: url.utf8.firstIndex(of: 0x3A).map { url.utf8.distance(from: url.utf8.startIndex, to: $0) } ?? 0)
        }
    }

    /// RFC 3986's scheme rule a byte at a time: the text before the first ':' that comes
    /// before any '/', '?' or '#' must be a letter then scheme bytes. -2: an error, -1: none.
    static func referenceSchemeLength(_ u: [UInt8]) -> Int {
        guard let i = u.firstIndex(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }), u[i] == 0x3A else {
            return -1
        }
        if i == 0 || !isSchemeStart(u[0]) || !u[1..<i].allSatisfy(isSchemeByte) { return -2 }
        return i
    }

    @Test("the scheme's end, every byte value at every place of the first 9 bytes, equals the byte rule")
    func schemeEnds() {
        for n in 1...12 {
            for colonAt in [-1] + Array(0..<min(n, 9)) {
                for at in 0..<min(n, 9) {
                    for b in 0...255 {
                        var u = Array("aB3+.-zYxwvu".utf8.prefix(n))
                        if colonAt >= 0 { u[colonAt] = 0x3A }
                        u[at] = UInt8(b)
                        let want = Self.referenceSchemeLength(u)
                        let got: Int = u.withUnsafeBufferPointer { p in
                            do { return try schemeLength(p.baseAddress!, n, what: "URL") ?? -1 } catch { return -2 }
                        }
                        #expect(got == want, "\(u)")
                    }
                }
            }
        }
    }

    /// Scheme sets with schemes of every length from 1 to 10 (words and the long list).
    static let schemeSets: [Set<String>] = [
        RouterOptions().webSchemes,
        ["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij"],
        ["h", "ht", "x-y", "a.b+c", "https", "httpx", "wss", "eightchr", "ninechars", "m1"],
        ["only-a-long-scheme"],
    ]

    @Test("the web-scheme lookup by length and word equals the list compared byte by byte")
    func schemeLookup() {
        for set in Self.schemeSets {
            let store = WebSchemeStore(set)
            let config = ReadConfig(RouterOptions(), store)
            var probes = Array(set) + ["", "httpss", "HTTPS", "Http", "x"]
            for s in set {
                // Every byte value at every place of each scheme, and one byte more or less.
                let u = Array(s.utf8)
                probes.append(String(decoding: u.dropLast(), as: UTF8.self))
                probes.append(s + "s")
                for at in u.indices {
                    for b in 0...255 {
                        var v = u
                        v[at] = UInt8(b)
                        probes.append(String(decoding: v, as: UTF8.self))
                    }
                }
            }
            for probe in probes {
                let u = Array(probe.utf8)
                let want = set.contains { Array($0.utf8) == u.map(asciiLower) }
                u.withUnsafeBufferPointer { b in
                    let p = b.baseAddress ?? emptyBytes
                    #expect(config.isWebScheme(p, b.count) == want, "\(set): \(u)")
                    #expect(config.isLongWebScheme(p, b.count) == want, "\(set): \(u)")
                    if (1...8).contains(b.count) {
                        #expect(config.isWebScheme(word: prefixWord(p, b.count, fold: true), b.count) == want, "\(set): \(u)")
                    }
                }
            }
        }
    }

    @Test("a scheme of 1 to 9 bytes and any case reaches its routes; file stays outside the browser reading")
    func schemesInResolve() throws {
        var o = RouterOptions()
        o.webSchemes = ["a", "abcdefgh", "abcdefghi", "https", "file"]
        let r = try router(["a://h.example/x", "abcdefgh://h.example/x", "abcdefghi://h.example/x",
                            "https://h.example/x", "file://h.example/x", "other://h.example/x"], options: o)
        for scheme in ["a", "A", "abcdefgh", "ABCDEFGH", "abcdefghi", "abcdEFGHI", "https", "HTTPS", "file", "FiLe", "other"] {
            let m = try r.resolveBuffer("\(scheme)://h.example/x")
            #expect(m.target == "\(scheme.lowercased())://h.example/x", "\(scheme)")
        }
        // A web scheme's host is read as a browser reads it; file's is not.
        #expect(try r.resolveBuffer("https://H.Example/x").target == "https://h.example/x")
        #expect(try r.resolveBuffer("a://H.Example/x").target == "a://h.example/x")
        #expect(try r.resolveBuffer("https://h.example\\x").target == "https://h.example/x")
    }

    @Test("the prefix word of 0 to 16 bytes, every byte value at every place, equals the byte loop")
    func prefixWords() {
        for n in 0...16 {
            for at in 0..<max(n, 1) {
                for b in 0...255 {
                    var u = Array("AbCdEfGhIjKlMnOpQ".utf8.prefix(n))
                    if at < n { u[at] = UInt8(b) }
                    var want: UInt64 = 0
                    for k in (0..<min(n, 8)).reversed() { want = want << 8 | UInt64(u[k]) }
                    u.withUnsafeBufferPointer { p in
                        let base = p.baseAddress ?? emptyBytes
                        #expect(prefixWord(base, n, fold: false) == want, "\(u)")
                        #expect(prefixWord(base, n, fold: true) == asciiLowerWord(want), "\(u)")
                    }
                }
            }
        }
    }

    @Test("the folding comparison, every byte value at every place of 0 to 40 bytes, equals the byte loop")
    func foldingComparison() {
        for n in 0...40 {
            let folded = Array(RedirectCopyTests.text(n).utf8)
            for at in 0..<max(n, 1) {
                for b in 0...255 {
                    var other = folded
                    if at < n { other[at] = UInt8(b) }
                    let want = zip(folded, other).allSatisfy { $0 == asciiLower($1) }
                    folded.withUnsafeBufferPointer { f in
                        other.withUnsafeBufferPointer { o in
                            #expect(bytesEqualFolding(f.baseAddress ?? emptyBytes, o.baseAddress ?? emptyBytes, n) == want,
                                    "\(folded) \(other)")
                        }
                    }
                }
            }
        }
    }

    @Test("literal hosts and path segments of 1 to 24 bytes match after their prefix word at every place")
    func literalKeys() throws {
        var folding = RouterOptions()
        folding.caseInsensitiveLiterals = true
        for n in 1...24 {
            let key = Array(RedirectCopyTests.text(n).utf8)
            let keyText = String(decoding: key, as: UTF8.self)
            let hosts = try router(["https://\(keyText).example/x"])
            let exact = try router(["/\(keyText)/x"])
            let folded = try router(["/\(keyText)/x"], options: folding)
            for at in 0..<n {
                for b in Array("aAzZ09-._~".utf8) {
                    var v = key
                    v[at] = b
                    let text = String(decoding: v, as: UTF8.self)
                    let sameFolded = v.map(asciiLower) == key
                    // A host a browser refuses is an error: no match either.
                    let host = (try? hosts.resolveBuffer("https://\(text).example/x"))?.target
                    #expect((host == "https://\(keyText).example/x") == sameFolded, "host \(text)")
                    #expect((try exact.resolveBuffer("/\(text)/x").target == "/\(keyText)/x") == (v == key), "path \(text)")
                    #expect((try folded.resolveBuffer("/\(text)/x").target == "/\(keyText)/x") == sameFolded,
                            "folded path \(text)")
                }
            }
        }
    }
}
