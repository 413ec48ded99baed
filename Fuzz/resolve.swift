// libFuzzer target over resolving (SEMANTICS.md §1-§4, §6, §7). Each input is a URL as raw
// bytes, as a C caller may pass it. Resolving must never crash, must fail only with the
// errors a URL can cause (invalidURL with a position inside the input, limit, a redirect
// limit or loop), and every accessor of the match must work afterwards.
//
// It checks that the quick recognition of a web URL already in a browser's form
// (BrowserReading.swift) agrees with the full reading on every input.
//
// It also checks one equivalence that ties the two ways a URL is walked: inserting "/."
// where the path ends (before the first '?' or '#') adds a dot segment, which reading
// removes (§1), so when both URLs resolve they must give the same winner, parameters and
// remainder. The original is usually walked straight from its bytes; the copy, whose path
// is no longer clean, goes through the full reader. Both checks run on two routers: the
// one with every form below, and one of path patterns only, all at one priority, where
// literal-only paths are found through the static-path map instead of the walk.
//
// And it checks that redirects cannot be steered off-site (docs/SECURITY.md): on routers
// holding a rule document of redirect templates that attackers like (an empty remainder
// before a host, a relative remainder, a scheme without '//') and an allowlist, every URL
// of every chain is read here, as a browser reads it (its own code, not the library's),
// and must stay on the scheme and host of the template that produced it and inside the
// allowlist. The template of each hop is found by resolving the URL before it on a mirror
// router whose routes have the same patterns and the templates as targets.
// Built by CMake with SWITCHYARD_FUZZ=ON (make fuzz-smoke, make fuzz).
import Switchyard
#if canImport(Glibc)
import Glibc
#endif

private func fail(_ message: String) -> Never {
    // To stderr, unbuffered: a message printed to a piped stdout is lost by abort().
    let line = Array("fuzz-resolve: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
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
    let r = Router()
    let patterns = ["/", "/a", "/a/b", "/a/b/c", "/a/:x/d", "/a/:x", "/user/:id", "/user/me", "/files/*path",
                    "/files/readme", "/x%2Fy", "/x/:y", "/n/<int:i>", "/n/1", "/the(/foo/:a)(/bar)"]
    for pattern in patterns {
        do { try r.add(pattern, target: pattern) } catch { fail("add \(pattern) failed: \(error)") }
    }
    return r
}()

/// Redirect templates attackers like, in one rule document with an allowlist.
private let redirectRoutes: [(pattern: String, template: String)] = [
    ("/go/:h/*rest", "/{rest}/{h}"), ("/r/*rest", "{rest}"), ("/s/*rest", "/{rest}"),
    ("/w/:x/*rest", "https://good.example.com/{rest}?x={x}#{x}"), ("/m/*rest", "myapp:{rest}"),
    ("/n/:x", "myapp://{x}/home"), ("/q/:x", "/a?next={x}"), ("/f/:x", "{x}/tail"),
    ("/sub/:x/*rest", "https://a.example.com/{x}/{rest}"), ("/c/:x", "/go/{x}/more"),
    ("/d/:x", "/s/{x}{x}"), ("/u/*rest", "https://u@good.example.com:8443/{rest}"),
]
private let redirectAllowlist = ["https://good.example.com", "https://good.example.com:8443",
                                 "https://*.example.com", "myapp"]

/// Routers with the redirect document (`keepEmpty`: empty segments kept, so a remainder can
/// start with one), and their mirrors: the same patterns, with the templates as targets.
private func redirectRouters(keepEmpty: Bool) -> (Router, Router) {
    var options = RouterOptions()
    options.keepEmptySegments = keepEmpty
    options.limits.maxRedirects = 4
    options.limits.maxURLLength = 4096
    func quoted(_ s: String) -> String { "\"" + s + "\"" }
    let routes = redirectRoutes.map { "{\"pattern\": \(quoted($0.pattern)), \"redirect\": \(quoted($0.template))}" }
    let doc = "{\"version\": 1, \"redirect_allowlist\": [" + redirectAllowlist.map(quoted).joined(separator: ", ")
        + "], \"routes\": [" + routes.joined(separator: ", ") + "]}"
    guard let r = try? Router(options: options), let mirror = try? Router(options: options) else { fail("Router() failed") }
    do {
        try r.loadRules(json: doc)
        for route in redirectRoutes { try mirror.add(route.pattern, target: route.template) }
    } catch {
        fail("the redirect document failed to load: \(error)")
    }
    return (r, mirror)
}

private let redirectPairs = [redirectRouters(keepEmpty: false), redirectRouters(keepEmpty: true)]

/// Where a browser goes for a URL (the WHATWG URL Standard's rules for the scheme and the
/// authority, simplified to what decides the host): a relative URL on the current site, a
/// network path to another host, or a scheme with a host (nil: none) and a port.
private enum BrowserTarget: Equatable {
    case sameSite
    case networkPath([UInt8])
    case origin(scheme: [UInt8], host: [UInt8]?, port: [UInt8])
}

private func browserTarget(_ url: [UInt8]) -> BrowserTarget {
    var s = url
    while let f = s.first, f <= 0x20 { s.removeFirst() }
    while let l = s.last, l <= 0x20 { s.removeLast() }
    s.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    func isSlash(_ b: UInt8) -> Bool { b == 0x2F || b == 0x5C }
    func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
    func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x37
        case 0x61...0x66: return b - 0x57
        default: return nil
        }
    }
    func authority(from i: Int) -> [UInt8] {
        var j = i
        while j < s.count, !isSlash(s[j]), s[j] != 0x3F, s[j] != 0x23 { j += 1 }
        return Array(s[i..<j])
    }
    func hostAndPort(_ a: [UInt8], _ scheme: [UInt8]) -> ([UInt8], [UInt8]) {
        var h = a
        if let at = h.lastIndex(of: 0x40) { h = Array(h[(at + 1)...]) }
        var port: [UInt8] = []
        if let c = h.lastIndex(of: 0x3A), !h[c...].contains(0x5D) {
            port = Array(h[(c + 1)...])
            h = Array(h[..<c])
        }
        var decoded: [UInt8] = []
        var i = 0
        while i < h.count {
            if h[i] == 0x25, i + 2 < h.count, let a = hex(h[i + 1]), let b = hex(h[i + 2]) {
                decoded.append(lower(a << 4 | b)); i += 3
            } else {
                decoded.append(lower(h[i])); i += 1
            }
        }
        if decoded.last == 0x2E { decoded.removeLast() }
        while port.count > 1 && port.first == 0x30 { port.removeFirst() }
        let defaults: [String: String] = ["http": "80", "ws": "80", "https": "443", "wss": "443", "ftp": "21"]
        if let d = defaults[String(decoding: scheme, as: UTF8.self)], Array(d.utf8) == port { port = [] }
        return (decoded, port)
    }
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    var k = 0
    if let f = s.first, isLetter(f) {
        while k < s.count, isLetter(s[k]) || (s[k] >= 0x30 && s[k] <= 0x39) || s[k] == 0x2B || s[k] == 0x2D || s[k] == 0x2E {
            k += 1
        }
    }
    guard k > 0, k < s.count, s[k] == 0x3A else {
        guard s.count >= 2, isSlash(s[0]), isSlash(s[1]) else { return .sameSite }
        var i = 0
        while i < s.count, isSlash(s[i]) { i += 1 }
        return .networkPath(hostAndPort(authority(from: i), []).0)
    }
    let scheme = s[..<k].map(lower)
    var i = k + 1
    if ["http", "https", "ws", "wss", "ftp", "file"].contains(String(decoding: scheme, as: UTF8.self)) {
        while i < s.count, isSlash(s[i]) { i += 1 }
    } else {
        // Another scheme: its authority is an app's business (a placeholder may fill it,
        // SEMANTICS §8), but whether it has one is the template's.
        let hasAuthority = i + 1 < s.count && s[i] == 0x2F && s[i + 1] == 0x2F
        return .origin(scheme: scheme, host: hasAuthority ? [] : nil, port: [])
    }
    let (host, port) = hostAndPort(authority(from: i), scheme)
    return .origin(scheme: scheme, host: host, port: port)
}

/// Whether the allowlist, as the document writes it, covers a browser target.
private func allowlistCovers(_ target: BrowserTarget) -> Bool {
    guard case .origin(let scheme, let host, let port) = target else { return target == .sameSite }
    for entry in redirectAllowlist {
        guard entry.contains("://") else {
            if Array(entry.utf8) == scheme { return true }
            continue
        }
        let wildcard = entry.contains("*.")
        let plain = wildcard ? entry.split(separator: "*.", omittingEmptySubsequences: false).joined() : entry
        guard case .origin(let es, let eh?, let ep) = browserTarget(Array(plain.utf8)), es == scheme, ep == port,
              let host else { continue }
        if wildcard ? host.count > eh.count + 1 && host.suffix(eh.count + 1).elementsEqual([0x2E] + eh) : host == eh {
            return true
        }
    }
    return false
}

/// Every URL of the chain `match` followed stays where the template that made it leads.
private func checkChain(_ match: MatchBuffer, mirror: Router, input: UnsafeBufferPointer<UInt8>) {
    let chain = match.redirects
    guard chain.count >= 2 else { return }
    for k in 1..<chain.count {
        guard let step = try? mirror.resolve(chain[k - 1]), let template = step.target else {
            fail("\(chain[k - 1].debugDescription) (chain \(chain)) led to a redirect the mirror router does not find")
        }
        let filled = template.utf8.map { $0 == 0x7B ? 0x78 : $0 }.filter { $0 != 0x7D }
        let want = browserTarget(filled)
        let got = browserTarget(Array(chain[k].utf8))
        let sameSite = want == .sameSite ? got == .sameSite : got == want
        if !sameSite || !allowlistCovers(got) {
            fail("input \(String(decoding: input, as: UTF8.self).debugDescription): template \(template) made "
                 + "\(chain[k].debugDescription), which a browser opens at \(got), not \(want) (chain \(chain))")
        }
    }
}

/// What must not change when only the spelling of the path does.
private func answer(_ m: MatchBuffer) -> String {
    guard m.matched else { return "miss" }
    let params = m.pathParameters.map { "\($0.name)=\($0.text)" }.joined(separator: ",")
    return "\(m.pattern ?? "") [\(params)] rest=\(m.remainder ?? "nil")"
}

/// Resolves and reads every accessor; nil when resolving failed as a URL may.
private func resolve(_ router: Router, _ bytes: UnsafeBufferPointer<UInt8>, _ match: MatchBuffer) -> String? {
    do {
        _ = try router.resolve(bytes: bytes, into: match)
    } catch {
        switch error.code {
        case .invalidURL:
            guard let p = error.position, p >= 0, p <= bytes.count else {
                fail("invalidURL without a position inside the input: \(error.message)")
            }
        case .limit, .redirectLimit, .redirectLoop, .redirectUnsafe: break
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

/// Whether `input` starts with a web scheme that is read as a browser reads it.
private func isWebURL(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let colon = input.prefix(6).firstIndex(of: 0x3A) else { return false }
    let scheme = String(decoding: input[..<colon], as: UTF8.self).lowercased()
    return ["http", "https", "ws", "wss", "ftp"].contains(scheme)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    // The quick recognition of a plain web URL must agree with the full reading.
    if !plainWebURLAgrees(input).agrees {
        fail("\(String(decoding: input, as: UTF8.self).debugDescription): the plain web URL scan disagrees with the full reading")
    }
    // The same URL with "/." where its path ends. In a web URL, spaces and C0 controls that
    // end the input are not part of the URL (a browser strips them), so the path ends
    // before them.
    var last = size
    if isWebURL(input) { while last > 0, data[last - 1] <= 0x20 { last -= 1 } }
    var end = 0
    while end < last, data[end] != 0x3F, data[end] != 0x23 { end += 1 }
    var dotted = Array(input[..<end])
    dotted += [0x2F, 0x2E]
    dotted += input[end...]
    for (r, mirror) in redirectPairs {
        let match = MatchBuffer()
        if resolve(r, input, match) != nil { checkChain(match, mirror: mirror, input: input) }
    }
    for r in [router, pathRouter] {
        let match = MatchBuffer()
        guard let original = resolve(r, input, match) else { continue }
        let other = MatchBuffer()
        let copy = dotted.withUnsafeBufferPointer { resolve(r, $0, other) }
        if let copy, copy != original {
            let text = String(decoding: input, as: UTF8.self)
            fail("\(text.debugDescription) gives \(original), with \"/.\" inserted \(copy)")
        }
    }
    return 0
}
