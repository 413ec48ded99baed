// Small helpers shared by the table-driven suites. They only wrap the public API, so a
// failing expectation always names the URL or pattern that caused it.
import Testing
import Switchyard

/// A router with the given options and routes, each route's target being its own pattern
/// (so a test can tell which route won from `target` as well as from `pattern`).
func router(_ patterns: [String], options: RouterOptions = RouterOptions()) throws -> Router {
    let r = try Router(options: options)
    for p in patterns {
        try r.add(p, target: p)
    }
    return r
}

/// Runs `body` and returns the SwitchyardError it threw, recording an issue when it threw
/// nothing or something else.
@discardableResult
func expectError(_ code: SwitchyardError.Code, _ what: String,
                 sourceLocation: SourceLocation = #_sourceLocation,
                 _ body: () throws -> Void) -> SwitchyardError? {
    do {
        try body()
        Issue.record("\(what): expected a \(code) error, got success", sourceLocation: sourceLocation)
        return nil
    } catch let e as SwitchyardError {
        #expect(e.code == code, "\(what): expected \(code), got \(e.code): \(e.message)",
                sourceLocation: sourceLocation)
        #expect(!e.message.isEmpty, "\(what): error message is empty", sourceLocation: sourceLocation)
        return e
    } catch {
        Issue.record("\(what): expected SwitchyardError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A table row: the routes, a URL and the pattern that must win it (nil: a miss).
typealias WinnerRow = (routes: [String], url: String, winner: String?)

/// Checks a `WinnerRow` on a fresh router with default options.
func expectWinner(_ row: WinnerRow, sourceLocation: SourceLocation = #_sourceLocation) throws {
    expectWinner(try router(row.routes), row.url, row.winner, sourceLocation: sourceLocation)
}

/// Resolves `url` and checks which pattern won (nil = a miss). Returns the match for more checks.
@discardableResult
func expectWinner(_ r: Router, _ url: String, _ pattern: String?,
                  sourceLocation: SourceLocation = #_sourceLocation) -> MatchBuffer? {
    do {
        let m = try r.resolveBuffer(url)
        if let pattern {
            #expect(m.matched, "\(url): expected \(pattern), got a miss", sourceLocation: sourceLocation)
            #expect(m.pattern == pattern, "\(url): expected \(pattern), got \(m.pattern ?? "nil")",
                    sourceLocation: sourceLocation)
        } else {
            #expect(!m.matched, "\(url): expected a miss, got \(m.pattern ?? "nil")",
                    sourceLocation: sourceLocation)
        }
        return m
    } catch {
        Issue.record("\(url): resolve threw \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The path parameters of a match as (name, text) pairs, for compact comparisons.
func pathPairs(_ m: MatchBuffer) -> [String] {
    m.pathParameters.map { "\($0.name)=\($0.text)" }
}

extension Router {
    /// Resolves `url` into a fresh MatchBuffer: for tests that check a miss's details (where
    /// redirects led) or the buffer's own accessors.
    func resolveBuffer(_ url: String) throws(SwitchyardError) -> MatchBuffer {
        let m = MatchBuffer()
        try resolve(url, into: m)
        return m
    }
}
