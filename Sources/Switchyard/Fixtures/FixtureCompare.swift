/// Comparing a case's expectation with what resolving its URL gave, field by field. Each
/// expectation field of FixtureReader's table has its comparison here.

typealias FixtureDifference = FixtureReport.Difference

/// The fields of `e` that `outcome` (and, when it matched, `match`) does not give.
func compareFixture(_ e: FixtureExpectation, _ outcome: FixtureOutcome, _ match: MatchBuffer,
                    work: inout Int) -> [FixtureDifference] {
    var out: [FixtureDifference] = []
    func differ(_ field: String, _ expected: String, _ got: String) {
        out.append(FixtureDifference(field: field, expected: expected, got: got))
    }
    switch outcome {
    case .refused(let kind, let message):
        if let want = e.refused {
            if want != kind { differ("refused", want.rawValue, refusalText(kind, message)) }
        } else {
            differ("outcome", "a match", refusalText(kind, message))
        }
        return out
    case .matched:
        if let want = e.refused {
            differ("refused", want.rawValue, "a match of " + routeText(match.name, match.pattern ?? ""))
            return out
        }
    }
    if let want = e.route, want != match.name { differ("route", quotedFixtureText(want), optionalText(match.name)) }
    if let want = e.pattern, want != match.pattern { differ("pattern", quotedFixtureText(want), optionalText(match.pattern)) }
    if let want = e.target, want != match.target { differ("target", quotedFixtureText(want), optionalText(match.target)) }
    if let want = e.params {
        let got = match.params
        let compared = e.only ?? Array(Set(want.keys).union(got.keys))
        for name in compared.sorted() {
            work += 1
            let w = want[name], g = got[name]
            if w != g { differ("params." + name, parameterText(w), parameterText(g)) }
        }
    }
    if let want = e.stack {
        let got = match.stack.map { $0.name ?? $0.pattern }
        work += got.count
        if want != got { differ("stack", listText(want), listText(got)) }
    }
    if let want = e.redirect {
        let chain = match.redirects
        if chain.isEmpty {
            differ("redirect", quotedFixtureText(want), "(no redirect)")
        } else if chain.last != want {
            differ("redirect", quotedFixtureText(want), quotedFixtureText(chain.last ?? ""))
        }
    }
    return out
}

/// The navigation fields of a case whose URL matched: the requirement that waits under the
/// case's context, and the operations for its entry kind and open screens.
func compareNavigation(_ f: RouteFixture, _ match: MatchBuffer, work: inout Int) -> [FixtureDifference] {
    let e = f.expected
    guard e.operations != nil || e.pending != nil else { return [] }
    let held = f.context ?? [:]
    let waiting = match.route?.route.requires.first { held[$0] != true }
    var out: [FixtureDifference] = []
    if let want = e.pending, want != (waiting ?? "") {
        out.append(.init(field: "pending", expected: want.isEmpty ? "(none)" : quotedFixtureText(want),
                         got: waiting.map(quotedFixtureText) ?? "(none)"))
    }
    if let want = e.operations {
        let got: String
        if waiting != nil {
            got = [StackOperation]().json
        } else {
            do throws(SwitchyardError) {
                let ops = try match.stackOperations(entry: f.entry ?? .coldStart, open: f.open ?? OpenScreens())
                work += ops.count
                got = ops.json
            } catch {
                got = "error: " + error.message
            }
        }
        if got != want.json { out.append(.init(field: "operations", expected: want.json, got: got)) }
    }
    return out
}

/// A text as a JSON string literal.
func quotedFixtureText(_ s: String) -> String {
    var out = ""
    appendJSONString(s, to: &out)
    return out
}

private func optionalText(_ s: String?) -> String { s.map(quotedFixtureText) ?? "(none)" }

/// A parameter as a fixture writes it: numbers bare, text quoted.
func parameterText(_ v: ParameterValue?) -> String {
    switch v {
    case nil: return "(absent)"
    case .string(let s)?: return quotedFixtureText(s)
    case .int(let i)?: return String(i)
    case .float(let d)?: return d.isFinite ? "\(d)" : "\(d) (not finite)"
    }
}

private func listText(_ items: [String]) -> String {
    "[" + items.map(quotedFixtureText).joined(separator: ", ") + "]"
}

private func routeText(_ name: String?, _ pattern: String) -> String {
    name.map { "route " + quotedFixtureText($0) } ?? "pattern " + quotedFixtureText(pattern)
}

private func refusalText(_ kind: FixtureRefusal, _ message: String?) -> String {
    "refused (\(kind.rawValue))" + (message.map { ": " + $0 } ?? "")
}
