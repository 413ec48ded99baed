// A large table's trie is made on two threads (TreeInsertInTwo.swift): split by the first
// path segment, then joined. The table must answer every URL as the one made on one thread.
// The routers here split from `minimum` routes, so that a few hundred routes of every kind
// the split treats apart take the two-thread path: path-only routes with a literal first
// segment (either side), a parameter first (the first side), hosts and schemes, regexp
// constraints (joined by their key), optional groups whose alternatives start differently,
// catch-alls at the root and below, priorities. Run under TSan by the Makefile
// (`--filter Concurrency`).
import Testing
@testable import Switchyard

/// The answer to `url` as text, as the parallel-build tests compare them.
private func answer(_ r: Router, _ url: String) -> String { ParallelBuildConcurrencyTests.answer(r, url) }

@Suite("TreeInsertInTwoConcurrency")
struct TreeInsertInTwoConcurrencyTests {
    static let minimum = 64

    static func routes(_ count: Int) -> [Route] {
        var out: [Route] = [Route("/", target: "Root"), Route("/*all", target: "All")]
        for i in 0..<count {
            switch i % 10 {
            case 0: out.append(Route("/a\(i)/:id", target: "A\(i)"))
            case 1: out.append(Route("/:lang/b\(i)", target: "B\(i)"))
            case 2: out.append(Route("https://h\(i % 7).example.com/x\(i)/:y", target: "X\(i)"))
            case 3: out.append(Route("myapp://app/y\(i)/<re:n:[0-9]+>", target: "Y\(i)"))
            case 4: out.append(Route("/c\(i)/<re:n:[0-9]+>", target: "C\(i)"))
            case 5: out.append(Route("/d\(i)/<re:m:x\(i)[a-z]+>", target: "D\(i)"))  // a constraint of its own
            case 6: out.append(Route("/e\(i)(/opt/:x)", target: "E\(i)"))
            case 7: out.append(Route("/(f\(i)/)g\(i)/:z", target: "F\(i)"))
            case 8: out.append(Route("/h\(i)/*rest", target: "H\(i)"))
            default:
                out.append(Route("/p\(i)/:a", target: "P\(i)", priority: i % 3))
                out.append(Route("/p\(i)/<int:a>", target: "PI\(i)"))
            }
        }
        return out
    }

    static func urls(_ count: Int) -> [String] {
        var out = ["/", "/nothing/here", "https://h1.example.com/", "myapp://app/"]
        for i in 0..<count {
            out += ["/a\(i)/7", "/en/b\(i)", "/b\(i)", "https://h\(i % 7).example.com/x\(i)/v",
                    "https://h\((i + 1) % 7).example.com/x\(i)/v", "myapp://app/y\(i)/12", "myapp://app/y\(i)/ab",
                    "/c\(i)/42", "/c\(i)/x", "/d\(i)/x\(i)abc", "/d\(i)/abc", "/d\(i)/x\(i)", "/e\(i)", "/e\(i)/opt/q",
                    "/f\(i)/g\(i)/1", "/g\(i)/1", "/h\(i)", "/h\(i)/a/b", "/p\(i)/3", "/p\(i)/x", "/A\(i)/7"]
        }
        return out
    }

    static func options(_ name: String) -> RouterOptions {
        var o = RouterOptions()
        switch name {
        case "codePoint": o.precedence = .codePoint
        case "caseInsensitiveLiterals": o.caseInsensitiveLiterals = true
        case "schemeTables": o.schemeTables = true
        default: break
        }
        return o
    }

    @Test("a trie made on two threads answers as one made on one",
          arguments: ["default", "codePoint", "caseInsensitiveLiterals", "schemeTables"])
    func sameAnswers(_ optionName: String) throws {
        let count = 300
        var one = Self.options(optionName), two = one
        one.parallelBuild = false
        two.parallelBuild = true
        let a = try Router(options: one), b = try Router(options: two)
        b.parallelBuildMinimum = Self.minimum
        try a.add(contentsOf: Self.routes(count))
        try b.add(contentsOf: Self.routes(count))
        var differ = 0
        for url in Self.urls(count) {
            let x = answer(a, url), y = answer(b, url)
            if x != y {
                differ += 1
                #expect(y == x, "\(url)")
                if differ > 10 { break }
            }
        }
        #expect(differ == 0)
        // A document's load builds its table itself: the same answers.
        let json = #"{"version": 1, "routes": ["# + (0..<count).map { #"{"pattern": "/doc\#($0)/:id", "target": "D\#($0)"}"# }
            .joined(separator: ",") + "]}"
        try a.loadRules(json: json)
        try b.loadRules(json: json)
        for i in stride(from: 0, to: count, by: 7) {
            #expect(answer(b, "/doc\(i)/x") == answer(a, "/doc\(i)/x"))
            #expect(answer(b, "/a\(i - i % 10)/7") == answer(a, "/a\(i - i % 10)/7"))
        }
    }

    @Test("the split sends path-only routes with a literal first segment both ways, everything else first")
    func split() throws {
        func second(_ pattern: String) throws -> Bool {
            let compiled = try compilePattern(pattern, Router().patternConfig)
            return compiled.variants.withUnsafeBufferPointer { TreeBuilder.goesSecond($0.baseAddress!) }
        }
        let literalFirst = try (0..<64).map { try second("/a\($0)/:id") }
        #expect(literalFirst.contains(true) && literalFirst.contains(false))
        for pattern in ["/:lang/b", "/", "/*all", "https://example.com/a1/:id", "myapp://app/a1", "/<re:n:[0-9]+>/x"] {
            #expect(try !second(pattern), "\(pattern)")
        }
    }
}
