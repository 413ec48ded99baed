// The `urlpattern` dialect's grammar (docs/SEMANTICS.md, "The urlpattern dialect"): the part
// lists and pattern strings of the standard, and its errors with their bytes.
import Testing
@testable import Switchyard

@Suite struct URLPatternGrammarTests {
    /// Every case of the data that checks the pattern string the standard generates.
    @Test func wptPatternStrings() throws {
        var checked = 0
        for c in try loadURLPatternWPTCases() {
            guard let expected = c.expectedPattern, !c.expectedError else { continue }
            for (component, options) in [("pathname", URLPatternComponentOptions.pathname),
                                         ("search", .search), ("hash", .hash)] {
                guard let want = expected[component] else { continue }
                let source = c.pattern[component] ?? "*"
                do {
                    let parts = try parseURLPattern(source, options)
                    #expect(options.patternString(parts) == want, "\(c.id) \(component) '\(source)'")
                    checked += 1
                } catch {
                    Issue.record("\(c.id) \(component) '\(source)': \(error)")
                }
            }
        }
        #expect(checked > 400)
    }

    /// Errors found by the grammar itself, with the byte they point at.
    @Test(arguments: [
        ("(café)", 4), (":", 1), (":\u{FFFD} \u{FFFD}", 1), (":🚲", 1), ("/:id/:id", 5),
        ("/foo\\", 4), ("/(", 1), ("/()", 1), ("/(?x)", 2), ("/((a))", 2), ("/{a", 1),
        ("/a}", 2), ("?", 0), ("/{:a:b}", 4),
    ] as [(String, Int)])
    func grammarErrors(_ pattern: String, _ at: Int) {
        do {
            _ = try parseURLPattern(pattern, .pathname)
            Issue.record("'\(pattern)': expected an error")
        } catch {
            #expect(error.code == .invalidPattern, "'\(pattern)'")
            #expect(error.position == at, "'\(pattern)': \(error.message)")
        }
    }

    /// `ignoreCase` without a case-insensitive engine: the source is rewritten so ASCII
    /// letters match either case; escapes, group names and non-letters stay as written.
    @Test(arguments: [
        ("abc", "[aA][bB][cC]"), ("[a-c]", "[a-cA-C]"), ("[Z-b]", "[Z-bA-Bz]"), ("\\d+\\/x", "\\d+\\/[xX]"),
        ("(?<na>x)", "(?<na>[xX])"), ("[^\\/q]", "[^\\/qQ]"), ("[\\w_]", "[\\w_]"), ("\\x41", "\\x41"),
        ("(?:a|1)", "(?:[aA]|1)"),
    ] as [(String, String)])
    func asciiCaseFolding(_ source: String, _ folded: String) throws {
        #expect(asciiCaseFolded(source) == folded)
        let re = try LinearRegex(asciiCaseFolded("^/[a-c]+x(?:yz)?$"))
        for (input, want) in [("/AbCx", true), ("/abcXYz", true), ("/abd", false), ("/ABCXY", false)] {
            let bytes = Array(input.utf8)
            #expect(bytes.withUnsafeBufferPointer { re.matches($0) } == want, "\(input)")
        }
    }
}
