// libFuzzer target over the apple-app-site-association reader (docs/APP-LINKS.md). Each input
// is an AASA file as raw bytes, as a C caller may pass it. Reading must never crash and must
// fail only with a rule error that has a message; every finding names a JSON path. A file
// that reads is evaluated on fixed URLs that touch every part of a rule (path, query items,
// fragment, percent-encoding, case, substitution variables, other hosts and schemes), twice:
// through the index of first segments and by reading every rule in file order, which must
// decide alike (and alike again when the patterns are all matched in one scan of the URL,
// AASAGlobScan); and each app must be decided at most once per URL.
// Built by CMake with SWITCHYARD_FUZZ=ON (make fuzz-smoke, make fuzz).
import Switchyard
#if canImport(Glibc)
import Glibc
#endif

private func fail(_ message: String) -> Never {
    print("fuzz-aasa: \(message)")
    abort()
}

private let urls = [
    "https://example.com", "https://example.com/", "https://example.com/buy/42", "https://example.com/buy",
    "https://example.com/a/b/c/?x=1&y=&x=2#frag", "https://example.com/caf%C3%A9/%2F?q=a%20b+c",
    "https://EXAMPLE.com/Help/1?articleNumber=1234&articleName", "https://example.com/en_GB/pizza/",
    "https://example.com/%zz/%FF/%e9", "https://example.com/wwdc/news/", "https://example.com/$(lang)/x#",
    "https://u@example.com:8443//a//b/./../c?#", "http://example.com/x", "https://other.test/x",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let aasa: AASA
    do {
        aasa = try AASA(bytes: bytes)
    } catch {
        if error.code != .rule || error.message.isEmpty { fail("read failed with \(error.code): \(error.message)") }
        return 0
    }
    for f in aasa.findings where !f.path.hasPrefix("$") || f.message.isEmpty {
        fail("a finding without a path or a message: \(f)")
    }
    for url in urls {
        var indexedSteps = 0, plainSteps = 0, scanSteps = 0
        do {
            let indexed = try aasa.evaluate(host: "example.com", url: url, steps: &indexedSteps)
            let plain = try aasa.evaluate(host: "example.com", url: url, steps: &plainSteps, everyRule: true)
            if indexed != plain { fail("the index decides \(indexed) and every rule \(plain) for \(url)") }
            let scanned = try aasa.evaluate(host: "example.com", url: url, steps: &scanSteps, everyRule: true, scanAfter: 0)
            if scanned != plain { fail("one scan decides \(scanned) and rule by rule \(plain) for \(url)") }
            let apps = indexed.decisions.map(\.appID)
            if Set(apps).count != apps.count { fail("an app decided twice for \(url): \(apps)") }
        } catch {
            // The one refusal allowed: a decision that passed its step limit.
            if error.code == .limit && max(indexedSteps, plainSteps, scanSteps) > linkDecisionStepLimit { continue }
            fail("evaluating \(url) failed with \(error.code): \(error.message)")
        }
    }
    return 0
}
