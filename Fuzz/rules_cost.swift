// libFuzzer target for the cost of rule documents (SEMANTICS.md §7, docs/SECURITY.md
// "Limits"). The first byte picks options; the rest is a list of patterns, one per line,
// made into a versioned document, so nearly every input is a document that loads or fails
// on its patterns alone. When it loads, what the table costs must stay linear in what was
// given: its alternatives within the budget of optional groups (1.5 bytes per byte of
// pattern, plus 1 MiB, so within 1.5 times the document's size plus 1 MiB), and its memory
// within a fixed number of bytes per byte of alternatives. A failed load must be a rule
// error. libFuzzer's -rss_limit_mb and -timeout catch whatever escapes these counts.
// Built by CMake with SWITCHYARD_FUZZ=ON (make fuzz-smoke, make fuzz).
import Switchyard

#if canImport(Glibc)
import Glibc
#endif

private func fail(_ message: String) -> Never {
    print("fuzz-rules_cost: \(message)")
    abort()
}

/// A JSON string literal of `bytes` (invalid UTF-8 becomes U+FFFD, like any String).
private func jsonString(_ bytes: some Collection<UInt8>) -> String {
    var out = "\""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let flags = input[0]
    var options = RouterOptions()
    options.keepEmptySegments = flags & 1 != 0
    options.caseInsensitiveLiterals = flags & 2 != 0
    options.strictTrailingSlash = flags & 4 != 0
    options.hostHandling = flags & 8 != 0 ? .alwaysSegment : (flags & 16 != 0 ? .hostWhenDotted : .webSchemes)
    if flags & 32 != 0 { options.limits.maxAlternatives = 16 }
    if flags & 64 != 0 {
        options.limits.maxSegments = 4096
        options.limits.maxPatternLength = 16 * 1024
    }
    guard let router = try? Router(options: options) else { fail("Router() failed") }
    let lines = input.dropFirst().split(separator: 0x0A, omittingEmptySubsequences: true)
    let routes = lines.enumerated().map { i, line in
        #"{"pattern": \#(jsonString(line)), "target": "t\#(i)"}"#
    }
    let document = #"{"version": 1, "routes": ["# + routes.joined(separator: ", ") + "]}"
    do throws(SwitchyardError) {
        try router.loadRules(json: document)
    } catch {
        if error.code != .rule || error.message.isEmpty { fail("load failed with \(error.code): \(error.message)") }
        if !router.routes.isEmpty { fail("a failed load changed the router") }
        return 0
    }
    let f = router.footprint
    let documentSize = document.utf8.count
    if f.patternBytes > documentSize { fail("patterns of \(f.patternBytes) bytes in a document of \(documentSize)") }
    if f.expandedBytes > f.patternBytes * 3 / 2 + (1 << 20) { fail("alternatives over the budget: \(f)") }
    if f.expandedBytes > documentSize * 3 / 2 + (1 << 20) { fail("alternatives not linear in the document: \(f)") }
    if f.alternatives > f.expandedBytes { fail("more alternatives than bytes of them: \(f)") }
    if f.tableBytes > 96 * f.expandedBytes + 4096 { fail("table memory not linear in its alternatives: \(f)") }
    // Walk the table: every pattern read as a URL, then one with each line's segments doubled.
    let match = MatchBuffer()
    for route in router.routes {
        _ = try? router.resolve(route.pattern, into: match)
        _ = try? router.resolve(route.pattern + route.pattern, into: match)
    }
    return 0
}
