// libFuzzer target over the rule-document loader (SEMANTICS.md §5, §6). Each input is a
// document as JSON text. The loader must never crash, must fail only with a rule error
// and a message, and must leave the router untouched when it fails; when a document
// loads, every route's own pattern (read as a URL) and a few fixed URLs are resolved, so
// redirect templates, chains, limits and loops run on whatever the document says.
// Built by CMake with SWITCHYARD_FUZZ=ON (make fuzz-smoke, make fuzz).
import Switchyard

#if canImport(Glibc)
import Glibc
#endif

private let fixedURLs = [
    "/", "/a", "/a/b/c", "myapp://user/42?tab=a&tab=b#frag", "https://example.com/skill/go?x=1",
    "https://blog.example.com/u/article/details/7", "myapp://app/tiny", "/x/%2F/%zz/..", "a:b",
]

/// What a resolve reached: the route, its parameters, the chain.
private func outcome(_ m: MatchBuffer) -> String {
    "\(m.matched) \(m.redirects) \(m.target ?? "-") \(m.pathParameters.map(\.text)) \(m.query.map(\.value)) \(m.fragment ?? "-")"
}

private func fail(_ message: String) -> Never {
    print("fuzz-rules: \(message)")
    abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = RouterOptions()
    options.limits.maxRedirects = 4
    guard let router = try? Router(options: options) else { fail("Router() failed") }
    do {
        try router.add("/manual/:id", target: "Manual")
    } catch {
        fail("add failed: \(error)")
    }
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    do {
        try router.loadRules(bytes: bytes)
    } catch {
        if error.code != .rule || error.message.isEmpty { fail("load failed with \(error.code): \(error.message)") }
        // All or nothing: only the route added by hand is there.
        if router.routes.map(\.pattern) != ["/manual/:id"] { fail("a failed load changed the router") }
        return 0
    }
    // Every URL a redirect produces is checked both ways, and read both from its template's
    // known head and in full (RedirectKnownHead.swift); a second buffer takes the full way
    // only, and must reach the same outcome.
    let match = MatchBuffer()
    match.redirectCheckMode = .differential
    let full = MatchBuffer()
    full.redirectCheckMode = .full
    func agree(_ url: String, _ first: String) {
        if let d = match.redirectCheckDisagreement { fail("\(url.debugDescription): \(d)") }
        let second: String
        do {
            _ = try router.resolve(url, into: full)
            second = outcome(full)
        } catch {
            second = "\(error.code)"
        }
        if first != second { fail("\(url.debugDescription): \(first) with both checks, \(second) with the full one") }
    }
    for route in router.routes {
        let first: String
        do {
            _ = try router.resolve(route.pattern, into: match)
            first = outcome(match)
        } catch {
            first = "\(error.code)"
        }
        _ = match.json()
        agree(route.pattern, first)
    }
    for url in fixedURLs {
        let first: String
        do {
            _ = try router.resolve(url, into: match)
            first = outcome(match)
        } catch {
            switch error.code {
            case .redirectLimit, .redirectLoop, .redirectUnsafe, .invalidURL, .limit: break
            default: fail("resolve \(url) failed with \(error.code): \(error.message)")
            }
            first = "\(error.code)"
        }
        agree(url, first)
    }
    // A second load of the same bytes succeeds too (a document never conflicts with itself
    // as the previous document).
    do {
        try router.loadRules(bytes: bytes)
    } catch {
        fail("reloading a document that loaded failed: \(error.message)")
    }
    return 0
}
