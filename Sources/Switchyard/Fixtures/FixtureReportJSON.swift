/// A fixture report as one JSON document: the C function's and the Python binding's answer
/// (docs/TESTING-ROUTES.md, "The report").

extension FixtureReport {
    /// `{"cases", "passed", "failed", "fixture_errors", "failures": [{"index", "url",
    /// "description", "line", "column", "kind": "mismatch" | "fixture-error", "message",
    /// "differences": [{"field", "expected", "got"}]}], "uncovered_routes": [{"name", "pattern"}]}`.
    public var json: String {
        var out = "{\"cases\":\(total),\"passed\":\(passed),\"failed\":\(failed),\"fixture_errors\":\(fixtureErrors),\"failures\":["
        for (k, f) in failures.enumerated() {
            if k > 0 { out += "," }
            out += "{\"index\":\(f.index),\"url\":"
            appendJSONString(f.fixture.url, to: &out)
            out += ",\"description\":"
            appendOptional(f.fixture.description, &out)
            out += ",\"line\":\(f.fixture.line),\"column\":\(f.fixture.column),\"kind\":"
            out += f.isFixtureError ? "\"fixture-error\"" : "\"mismatch\""
            out += ",\"message\":"
            appendOptional(f.message, &out)
            out += ",\"differences\":["
            for (j, d) in f.differences.enumerated() {
                if j > 0 { out += "," }
                out += "{\"field\":"
                appendJSONString(d.field, to: &out)
                out += ",\"expected\":"
                appendJSONString(d.expected, to: &out)
                out += ",\"got\":"
                appendJSONString(d.got, to: &out)
                out += "}"
            }
            out += "]}"
        }
        out += "],\"uncovered_routes\":["
        for (k, r) in uncovered.enumerated() {
            if k > 0 { out += "," }
            out += "{\"name\":"
            appendOptional(r.name, &out)
            out += ",\"pattern\":"
            appendJSONString(r.pattern, to: &out)
            out += "}"
        }
        return out + "]}"
    }
}

private func appendOptional(_ s: String?, _ out: inout String) {
    if let s { appendJSONString(s, to: &out) } else { out += "null" }
}
