// SEMANTICS.md §2, §7, §8 and §9 on points of patterns, floats, options and file paths that
// are easy to get wrong: userinfo, authorities, groups, the empty pattern, ranges, NUL bytes.
import Testing
import Switchyard

@Suite("Pattern fixes")
struct PatternFixTests {
    @Test("userinfo in a pattern is an error for every scheme and host handling")
    func userinfo() throws {
        let rows: [(String, RouterOptions.HostHandling, Int)] = [
            ("myapp://u@x/1", .webSchemes, 9),
            ("myapp://u:pw@x/1", .webSchemes, 12),
            ("https://u@example.com/1", .webSchemes, 9),
            ("https://u@example.com/1", .alwaysSegment, 9),
            ("myapp://u@x.com/1", .hostWhenDotted, 9),
            ("myapp://u@x/1", .hostWhenDotted, 9),
        ]
        for (pattern, handling, at) in rows {
            var o = RouterOptions()
            o.hostHandling = handling
            let e = expectError(.invalidPattern, "\(pattern) (\(handling))") { _ = try router([pattern], options: o) }
            #expect(e?.position == at, "\(pattern) (\(handling)): \(e?.message ?? "")")
            #expect(e?.message.contains("userinfo") == true, "\(pattern): \(e?.message ?? "")")
        }
        // In the path, '@' is an ordinary character.
        expectWinner(try router(["/users/@me"]), "/users/@me", "/users/@me")
        expectWinner(try router(["myapp://x/@me"]), "myapp://u@x/@me", "myapp://x/@me")
    }

    @Test("'#' and '?' in a custom scheme's authority are errors, as in any literal")
    func fragmentInAuthority() throws {
        for (pattern, at) in [("myapp://a#b", 9), ("myapp://a?b", 9), ("myapp://#/x", 8), ("myapp://a/b#c", 11)] {
            let e = expectError(.invalidPattern, pattern) { _ = try router([pattern]) }
            #expect(e?.position == at, "\(pattern): \(e?.message ?? "")")
        }
    }

    @Test("a group may follow (or sit in) a custom scheme's authority, an ordinary segment")
    func groupAfterAuthority() throws {
        let p = "myapp://user(/:id)"
        let r = try router([p])
        #expect(pathPairs(try #require(expectWinner(r, "myapp://user", p))) == [])
        #expect(pathPairs(try #require(expectWinner(r, "myapp://user/7", p))) == ["id=7"])
        expectWinner(r, "other://user/7", nil)
        expectWinner(r, "myapp://users/7", nil)
        let q = "myapp://user(s)/list"
        let r2 = try router([q])
        expectWinner(r2, "myapp://user/list", q)
        expectWinner(r2, "myapp://users/list", q)
        // A web scheme's host still takes no group.
        let e = expectError(.invalidPattern, "https://a.com(/x)") { _ = try router(["https://(www.)a.com/x"]) }
        #expect(e?.position == 8)
        // An empty authority stays an empty first segment.
        var keep = RouterOptions()
        keep.keepEmptySegments = true
        expectWinner(try router(["myapp:///x(/y)"], options: keep), "myapp:///x/y", "myapp:///x(/y)")
        expectWinner(try router(["myapp:///x(/y)"]), "myapp://x", "myapp:///x(/y)")
    }

    @Test("the empty pattern is an error that suggests '/'")
    func emptyPattern() throws {
        let e = expectError(.invalidPattern, "empty pattern") { _ = try router([""]) }
        #expect(e?.position == 0)
        #expect(e?.message.contains("'/'") == true, "\(e?.message ?? "")")
        expectWinner(try router(["/"]), "/", "/")
        // In a document too, with its JSON path.
        let r = Router()
        let d = expectError(.rule, "empty pattern in a document") {
            try r.loadRules(json: #"{"version": 1, "routes": [{"pattern": "", "target": "t"}]}"#)
        }
        #expect(d?.message.hasPrefix("$.routes[0].pattern: empty pattern") == true, "\(d?.message ?? "")")
    }

    @Test("web schemes longer than 255 bytes are refused by the options, not cut")
    func longWebScheme() throws {
        var o = RouterOptions()
        o.webSchemes.insert("x" + String(repeating: "y", count: 255))
        let e = expectError(.invalidArgument, "256-byte web scheme") { _ = try Router(options: o) }
        #expect(e?.message.contains("256 bytes") == true, "\(e?.message ?? "")")
        var ok = RouterOptions()
        let scheme = "x" + String(repeating: "y", count: 254)
        ok.webSchemes = [scheme]
        let r = try router(["\(scheme)://example.com/a"], options: ok)
        expectWinner(r, "\(scheme.uppercased())://EXAMPLE.com/a", "\(scheme)://example.com/a")
    }

    @Test("a file path holding a NUL byte: invalid argument, at the NUL, the message whole")
    func nulInPath() throws {
        let r = Router()
        let e = expectError(.invalidArgument, "NUL in a path") { try r.loadRules(contentsOfFile: "/tmp/a\u{0}b.json") }
        #expect(e?.position == 6)
        #expect(e?.message.contains("NUL") == true)
        #expect(e?.message.contains(#"/tmp/a\0b.json"#) == true, "\(e?.message ?? "")")
        #expect(e?.message.utf8.contains(0) == false)
    }

    @Test("every limit takes values up to its ceiling and refuses the next")
    func limitCeilings() throws {
        let c = RouterOptions.Limits.ceilings
        let limits: [(String, WritableKeyPath<RouterOptions.Limits, Int>, Int, Int)] = [
            ("maxURLLength", \.maxURLLength, 1, c.maxURLLength),
            ("maxSegments", \.maxSegments, 1, c.maxSegments),
            ("maxParameters", \.maxParameters, 1, c.maxParameters),
            ("maxPatternLength", \.maxPatternLength, 1, c.maxPatternLength),
            ("maxDocumentSize", \.maxDocumentSize, 1, c.maxDocumentSize),
            ("maxRedirects", \.maxRedirects, 0, c.maxRedirects),
            ("maxAlternatives", \.maxAlternatives, 1, c.maxAlternatives),
        ]
        #expect(c.maxURLLength == 1 << 20 && c.maxSegments == 1 << 20 && c.maxParameters == 1 << 16)
        #expect(c.maxPatternLength == 1 << 20 && c.maxDocumentSize == 1 << 28 && c.maxRedirects == 1000)
        #expect(c.maxAlternatives == 256 && RouterOptions().limits.maxAlternatives == 256)
        for (name, field, low, high) in limits {
            for value in [low, high] {
                var o = RouterOptions()
                o.limits[keyPath: field] = value
                #expect(throws: Never.self, "\(name) = \(value)") { _ = try Router(options: o) }
            }
            for value in [low - 1, high + 1, Int(Int32.max)] {
                var o = RouterOptions()
                o.limits[keyPath: field] = value
                let e = expectError(.invalidArgument, "\(name) = \(value)") { _ = try Router(options: o) }
                #expect(e?.message.contains(name) == true, "\(e?.message ?? "")")
            }
        }
    }

    @Test("many parameters: names are found by hash, so a pattern costs linear time; a second use is still an error")
    func manyParameters() throws {
        var o = RouterOptions()
        o.limits.maxParameters = 20_000
        o.limits.maxSegments = 20_000
        o.limits.maxPatternLength = 200_000
        o.limits.maxURLLength = 200_000
        let pattern = "/" + (0..<20_000).map { ":p\($0)" }.joined(separator: "/")
        let r = try router([pattern], options: o)
        let m = try r.resolveBuffer("/" + (0..<20_000).map { "v\($0)" }.joined(separator: "/"))
        #expect(m.matched && m.parameter("p19999") == .string("v19999") && m.pathParameters.count == 20_000)
        for count in [3, 40] {
            let names = (0..<count).map { ":p\($0)" } + [":p1"]
            let text = "/" + names.joined(separator: "/")
            let e = expectError(.invalidPattern, "\(count) names and a second :p1") { _ = try router([text], options: o) }
            #expect(e?.position == text.utf8.count - 2, "\(e?.message ?? "")")
        }
    }

    @Test("maxAlternatives: a pattern whose groups give more alternatives is a limit error at the '('")
    func maxAlternatives() throws {
        var o = RouterOptions()
        o.limits.maxAlternatives = 4
        expectWinner(try router(["/a(/b)(/c)"], options: o), "/a/c", "/a(/b)(/c)")
        let e = expectError(.limit, "three groups, four alternatives") { _ = try router(["/a(/b)(/c)(/d)"], options: o) }
        #expect(e?.position == 10)
        #expect(e?.message.contains("maxAlternatives") == true, "\(e?.message ?? "")")
        // The ninth group stays a pattern error whatever the limit.
        let nine = "/g(/a)(/b)(/c)(/d)(/e)(/f)(/g)(/h)(/i)"
        let e9 = expectError(.invalidPattern, "nine groups") { _ = try router([nine]) }
        #expect(e9?.position == 34)
    }
}

@Suite("Float parameters")
struct FloatParameterTests {
    static func float(_ r: Router, _ text: String) throws -> Double? {
        let m = try r.resolveBuffer("/f/" + text)
        guard m.matched, case .float(let v)? = m.parameter("x") else { return nil }
        return v
    }

    @Test("values past the doubles are not floats: overflow, and underflow to zero")
    func outOfRange() throws {
        let r = try router(["/f/<float:x>", "/f/:s"])
        for text in ["1e-400", "-1e-400", "2e-324", "0.0000" + String(repeating: "0", count: 400) + "1",
                     "1e400", "-1e309", "1.8e308", String(repeating: "9", count: 400), "1e99999999999999999999",
                     "1e-99999999999999999999"] {
            #expect(try Self.float(r, text) == nil, "\(text)")
            #expect(try r.resolveBuffer("/f/" + text).pattern == "/f/:s", "\(text): the next candidate takes it")
        }
        // Zero written any way is a float; the smallest subnormal and the largest double too.
        for (text, value) in [("0", 0.0), ("-0", -0.0), ("0.000e-999999", 0.0), ("0e400", 0.0),
                              ("5e-324", 5e-324), ("3e-324", 5e-324), ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
                              ("4.9406564584124654e-324", Double.leastNonzeroMagnitude)] {
            let v = try Self.float(r, text)
            #expect(v == value && v?.sign == value.sign, "\(text): \(String(describing: v))")
        }
    }

    @Test("long decimals give the correctly rounded double")
    func longDecimals() throws {
        let r = try router(["/f/<float:x>"])
        var texts = [
            "0.1000000000000000055511151231257827021181583404541015625",   // exactly the double 0.1
            "0.1000000000000000055511151231257827021181583404541015624",
            "0.1000000000000000055511151231257827021181583404541015626",
            // Halfway between 1 and its successor, then just above and below.
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203125" + String(repeating: "0", count: 900) + "1",
            "1.00000000000000011102230246251565404236316680908203124" + String(repeating: "9", count: 900),
            "123456789012345678901234567890", "-0.000000000000000000000000000123456789e-5",
            String(repeating: "1", count: 1200) + "e-1000", "00000000000000000000000000000000000001.5",
            "2.2250738585072011e-308", "2.2250738585072012e-308",
        ]
        var g = SplitMix64(state: 7)
        for _ in 0..<300 {
            let intDigits = Int(g.next() % 30) + 1
            let fracDigits = Int(g.next() % 900)
            var t = g.next() % 2 == 0 ? "-" : ""
            t += String((0..<intDigits).map { _ in Character(UnicodeScalar(UInt8(0x30 + g.next() % 10))) })
            if fracDigits > 0 {
                t += "." + String((0..<fracDigits).map { _ in Character(UnicodeScalar(UInt8(0x30 + g.next() % 10))) })
            }
            if g.next() % 2 == 0 { t += "e\(Int(g.next() % 600) - 300)" }
            texts.append(t)
        }
        for text in texts {
            let expected = Double(text)!
            guard expected.isFinite, expected != 0 else { continue }
            #expect(try Self.float(r, text) == expected, "\(text.prefix(80))… (\(text.utf8.count) bytes)")
        }
    }
}

/// A web-scheme pattern's scheme and authority are read as the URL reader reads a URL with
/// the same text (BrowserReading.swift), so it matches the host and port a browser reads, or
/// it is refused where it could never match or would match other hosts.
@Suite("Patterns read as URLs")
struct PatternURLReadingTests {
    @Test("patterns a browser reads otherwise are refused at their byte")
    func refused() throws {
        let rows: [(String, Int, String)] = [
            ("https:/a", 6, "'//'"),             // a browser reads host 'a': not a path pattern of any host
            ("https:a", 6, "'//'"),
            ("https:///a", 6, "'//'"),
            ("https:\\\\a/b", 6, "'//'"),
            ("HTTP:/a/:id", 5, "'//'"),
            ("https://[::1", 8, "IPv6"),         // unclosed: could never match
            ("https://[::1/a", 8, "IPv6"),
            ("https://[::g]/a", 8, "IPv6"),
            ("https://h:65536/a", 10, "65535"),  // over 65535: could never match
            ("https://h:99999999999999999999/a", 10, "65535"),
            ("http://h:070000", 9, "65535"),
            ("https://a\\b/c", 9, "'\\'"),      // a browser reads host 'a', path /b/c
            ("https://a/b\\c", 11, "'\\'"),
            ("/a\\b", 2, "'\\'"),                // a path is read with '/' for '\'
            ("https://*.1.2/x", 8, "IPv4"),      // a wildcard of an IP address
            ("https://256.0.0.1/x", 8, "IPv4"),
            ("https://ex%zzample.com/x", 10, "'%'"),
            ("https://%2A.example.com/x", 8, "'*'"),
            ("https://xn--a.com/x", 8, "punycode"),
        ]
        for (pattern, at, words) in rows {
            let e = expectError(.invalidPattern, pattern) { _ = try router([pattern]) }
            #expect(e?.position == at, "\(pattern): \(e?.message ?? "")")
            #expect(e?.message.contains(words) == true, "\(pattern): \(e?.message ?? "")")
        }
        // A custom scheme's port is a number too, when its authority is a host.
        var o = RouterOptions()
        o.hostHandling = .hostWhenDotted
        let e = expectError(.invalidPattern, "myapp://a.b:70000/x") { _ = try router(["myapp://a.b:70000/x"], options: o) }
        #expect(e?.position == 12, "\(e?.message ?? "")")
        // '\' in a constraint is the regexp's escape, and data in a custom scheme.
        expectWinner(try router(["/a/<re:n:\\d+>"]), "/a/12", "/a/<re:n:\\d+>")
        expectWinner(try router(["myapp://x/a\\b"]), "myapp://x/a\\b", "myapp://x/a\\b")
    }

    @Test("patterns match the host and port a browser reads from the same text")
    func sameReading() throws {
        let rows: [(pattern: String, urls: [String], host: String)] = [
            ("https://h:0443/a", ["https://h:0443/a", "https://h/a", "https://h:443/a"], "h"),
            ("https://h:08080/a", ["https://h:08080/a", "https://h:8080/a"], "h:8080"),
            ("http://h:80/a", ["http://h/a", "http://h:0080/a"], "h"),
            ("https://EX%41mple.COM/a", ["https://EX%41mple.COM/a", "https://example.com/a"], "example.com"),
            ("https://0x7f.1/a", ["https://0x7f.1/a", "https://127.0.0.1/a", "https://2130706433/a"], "127.0.0.1"),
            ("https://[0:0::1]:0443/a", ["https://[0:0::1]/a", "https://[::1]/a"], "[::1]"),
            ("https://example.com./a", ["https://example.com./a", "https://EXAMPLE.com./a"], "example.com."),
            ("https://*.Example.com:0443/a", ["https://x.example.com/a", "https://A.B.EXAMPLE.COM:443/a"], "*.example.com"),
            ("https://h:/a", ["https://h:/a", "https://h/a"], "h"),
        ]
        for row in rows {
            let r = try router([row.pattern])
            for url in row.urls { expectWinner(r, url, row.pattern) }
            let host = r.entriesByPrecedence().first?.parts.dropFirst().first
            #expect(host == .host(row.host), "\(row.pattern): \(String(describing: host))")
        }
        // Other hosts and ports stay misses.
        let r = try router(["https://h:0443/a", "https://0x7f.1/b"])
        expectWinner(r, "https://h:8443/a", nil)
        expectWinner(r, "https://g/a", nil)
        expectWinner(r, "https://127.0.0.2/b", nil)
    }
}
