// libFuzzer target for the cost of regexps (docs/SECURITY.md, "Regular expressions"). The
// input is a regexp, a NUL byte, then a text. When the regexp compiles, what it costs must
// stay linear in what was given: its automaton's construction within its budget (128 units
// per byte of the regexp plus 8, checked before each unit), its Pike VM
// steps within 2 × instructions × (text length + 1), plus one step per 8 capture slots
// (or fewer) copied, and the automaton deciding as the VM does. Then, as the constraint of a route, a
// resolve of the text as a segment spends no more steps than two such runs (the slotless
// pass and the capturing one). Work is counted, never timed; libFuzzer's -timeout and
// -rss_limit_mb catch whatever escapes these counts.
// Built by CMake with SWITCHYARD_FUZZ=ON (make fuzz-smoke, make fuzz).
import Switchyard

#if canImport(Glibc)
import Glibc
#endif

private func fail(_ message: String) -> Never {
    print("fuzz-regex_cost: \(message)")
    fflush(nil)  // every stream: abort() flushes none
    abort()
}

/// `bytes` percent-encoded but for ASCII letters and digits, so the URL's segment decodes
/// to exactly these bytes.
private func encodedSegment(_ bytes: some Collection<UInt8>) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for b in bytes {
        if (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 { out.append(b) } else { out += [0x25, hex[Int(b >> 4)], hex[Int(b & 15)]] }
    }
    return String(decoding: out, as: UTF8.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let split = input.firstIndex(of: 0) ?? size
    let regexp = input[..<split]
    let text = Array(input[min(split + 1, size)...])
    guard let cost = RegexCost.measure(regexp, on: text) else { return 0 }
    let m = cost.instructions, n = text.count
    if m > 1024 { fail("\(m) instructions, over the limit of 1024") }
    if cost.automatonWork > cost.automatonBudget {
        fail("automaton work \(cost.automatonWork) over its budget \(cost.automatonBudget) for \(cost.length) bytes")
    }
    if cost.automatonBudget > 128 * (cost.length + 8) { fail("automaton budget not linear in the regexp: \(cost)") }
    let linear = 2 * m * (n + 1)
    if cost.steps > linear { fail("\(cost.steps) steps for \(n) bytes and \(m) instructions") }
    let slotSteps = (2 * (cost.groups + 1) + 7) >> 3
    if cost.capturingSteps > linear * (1 + slotSteps) { fail("\(cost.capturingSteps) capturing steps: \(cost)") }
    if cost.automatonDisagrees { fail("the automaton decides otherwise than the VM") }

    // As a route's constraint. A regexp the route syntax cannot hold (its `>`, a `/`) is
    // skipped: that is the pattern parser's business, not the cost's.
    let router = Router()
    guard !text.isEmpty, !regexp.contains(0x3E), !regexp.contains(0x2F),
          (try? router.add("/r/<re:x:" + String(decoding: regexp, as: UTF8.self) + ">", target: "t")) != nil
    else { return 0 }
    let match = MatchBuffer()
    do throws(SwitchyardError) {
        _ = try router.resolve("/r/" + encodedSegment(text), into: match)
    } catch {
        if error.code != .limit && error.code != .invalidURL { fail("resolve failed with \(error.code): \(error.message)") }
        return 0
    }
    // The route's regexp as compiled there (a String round trip may have replaced invalid
    // UTF-8): bound by its own instruction count.
    let routeCost = RegexCost.measure(Array(String(decoding: regexp, as: UTF8.self).utf8), on: text)
    let rm = routeCost?.instructions ?? m
    if match.regexStepsSpent > 2 * 2 * rm * (n + 1) * (1 + slotSteps) {
        fail("a resolve spent \(match.regexStepsSpent) steps on one constraint of \(rm) instructions and \(n) bytes")
    }
    return 0
}
