// libFuzzer target over resolving (SEMANTICS.md §1-§4, §6, §7). Each input is a URL as raw
// bytes, as a C caller may pass it. Resolving must never crash, must fail only with the
// errors a URL can cause (invalidURL with a position inside the input, limit, a redirect
// limit or loop), and every accessor of the match must work afterwards.
//
// It also checks one equivalence that ties the two ways a URL is walked: inserting "/."
// where the path ends (before the first '?' or '#') adds a dot segment, which reading
// removes (§1), so when both URLs resolve they must give the same winner, parameters and
// remainder. The original is usually walked straight from its bytes; the copy, whose path
// is no longer clean, goes through the full reader. Both checks run on two routers: the
// one with every form below, and one of path patterns only, all at one priority, where
// literal-only paths are found through the static-path map instead of the walk.
// Built by CMake with SWITCHYARD_FUZZ=ON (make fuzz-smoke, make fuzz).
import Switchyard
#if canImport(Glibc)
import Glibc
#endif

private func fail(_ message: String) -> Never {
    print("fuzz-resolve: \(message)")
    abort()
}

/// Every pattern form of §2, hosts and schemes, priorities, redirects (a chain, a loop).
private let routes: [(pattern: String, target: String?, redirect: String?, priority: Int)] = [
    ("/", "Root", nil, 0), ("/a", "A", nil, 0), ("/a/b/c", "ABC", nil, 0), ("/a/:x/d", "AXD", nil, 0),
    ("/user/:id", "User", nil, 0), ("/n/<int:i>", "Int", nil, 0), ("/n/<float:f>", "Float", nil, 0),
    ("/u/<uuid:id>", "UUID", nil, 0), ("/files/*path", "Files", nil, 0), ("/p/<path:rest>", "Path", nil, 0),
    ("/s/*", "Star", nil, 0), ("/m/*/end", "MiddleStar", nil, 0), ("/the(/foo/:a)(/bar/:b)", "Groups", nil, 0),
    ("/a/:x", "AXHigh", nil, 1), ("myapp://user/<int:id>", "AppUser", nil, 0),
    ("myapp://live/room/:id", "Room", nil, 0), ("https://blog.example.com/:user/article/details/:id", "Blog", nil, 0),
    ("https://*.example.com/w/:x", "Wild", nil, 0), ("http://localhost:8080/x", "Port", nil, 0),
    ("/r/:x", nil, "myapp://user/{x}?from=r#top", 0), ("/skill/:language", nil, "myapp://app/tiny?id=1", 0),
    ("myapp://app/tiny", "Tiny", nil, 0), ("/loop", nil, "/loop2", 0), ("/loop2", nil, "/loop", 0),
]

private let router: Router = {
    var options = RouterOptions()
    options.limits.maxRedirects = 3
    guard let r = try? Router(options: options) else { fail("Router() failed") }
    for route in routes {
        do {
            if let target = route.target {
                try r.add(route.pattern, target: target, priority: route.priority, defaults: ["d": .string("x")])
            } else if let redirect = route.redirect {
                try r.add(route.pattern, redirect: redirect, priority: route.priority)
            }
        } catch {
            fail("add \(route.pattern) failed: \(error)")
        }
    }
    return r
}()

/// Path patterns only, at one priority: the tables the static-path map serves (with a
/// literal holding an escaped '/', which must never match two segments).
private let pathRouter: Router = {
    guard let r = try? Router() else { fail("Router() failed") }
    let patterns = ["/", "/a", "/a/b", "/a/b/c", "/a/:x/d", "/a/:x", "/user/:id", "/user/me", "/files/*path",
                    "/files/readme", "/x%2Fy", "/x/:y", "/n/<int:i>", "/n/1", "/the(/foo/:a)(/bar)"]
    for pattern in patterns {
        do { try r.add(pattern, target: pattern) } catch { fail("add \(pattern) failed: \(error)") }
    }
    return r
}()

/// What must not change when only the spelling of the path does.
private func answer(_ m: Match) -> String {
    guard m.matched else { return "miss" }
    let params = m.pathParameters.map { "\($0.name)=\($0.text)" }.joined(separator: ",")
    return "\(m.pattern ?? "") [\(params)] rest=\(m.remainder ?? "nil")"
}

/// Resolves and reads every accessor; nil when resolving failed as a URL may.
private func resolve(_ router: Router, _ bytes: UnsafeBufferPointer<UInt8>, _ match: Match) -> String? {
    do {
        _ = try router.resolve(bytes: bytes, into: match)
    } catch {
        switch error.code {
        case .invalidURL:
            guard let p = error.position, p >= 0, p <= bytes.count else {
                fail("invalidURL without a position inside the input: \(error.message)")
            }
        case .limit, .redirectLimit, .redirectLoop: break
        default: fail("resolve failed with \(error.code): \(error.message)")
        }
        if error.message.isEmpty { fail("an error without a message (\(error.code))") }
        return nil
    }
    _ = match.params
    _ = match.query
    _ = match.fragment
    _ = match.url
    _ = match.redirects
    _ = match.json()
    return answer(match)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    // The same URL with "/." where its path ends.
    var end = 0
    while end < size, data[end] != 0x3F, data[end] != 0x23 { end += 1 }
    var dotted = Array(input[..<end])
    dotted += [0x2F, 0x2E]
    dotted += input[end...]
    for r in [router, pathRouter] {
        let match = Match()
        guard let original = resolve(r, input, match) else { continue }
        let other = Match()
        let copy = dotted.withUnsafeBufferPointer { resolve(r, $0, other) }
        if let copy, copy != original {
            let text = String(decoding: input, as: UTF8.self)
            fail("\(text.debugDescription) gives \(original), with \"/.\" inserted \(copy)")
        }
    }
    return 0
}
