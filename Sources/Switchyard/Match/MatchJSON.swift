/// The canonical match JSON, shared by the C export, Python's `to_dict()` and the CLI:
/// `{"matched": true, "url": "...", "pattern": "...", "target": "...", "name": null,
///   "params": {...}, "path_params": {...}, "query": {"tab": ["a"]}, "fragment": null,
///   "remainder": null, "redirects": []}` (docs/JSON.md).
extension MatchBuffer {
    /// The match as JSON (docs/JSON.md): the same text as the C library's `sy_match_to_json`.
    public func json() -> String {
        var w = JSONText()
        w.raw("{\"matched\": ")
        w.raw(matched ? "true" : "false")
        w.raw(", \"url\": "); w.string(url)
        w.raw(", \"pattern\": "); w.optional(pattern)
        w.raw(", \"target\": "); w.optional(target)
        w.raw(", \"name\": "); w.optional(name)
        w.raw(", \"params\": {")
        for (k, (n, v)) in orderedParams.enumerated() {
            if k > 0 { w.raw(", ") }
            w.string(n); w.raw(": "); w.value(v)
        }
        w.raw("}, \"path_params\": {")
        for (k, p) in pathParameters.enumerated() {
            if k > 0 { w.raw(", ") }
            w.string(p.name); w.raw(": "); w.value(p.value)
        }
        w.raw("}, \"query\": {")
        var order: [String] = []
        var values: [String: [String]] = [:]
        for item in query {
            if values[item.name] == nil { order.append(item.name) }
            values[item.name, default: []].append(item.value)
        }
        for (k, n) in order.enumerated() {
            if k > 0 { w.raw(", ") }
            w.string(n); w.raw(": [")
            for (j, v) in (values[n] ?? []).enumerated() {
                if j > 0 { w.raw(", ") }
                w.string(v)
            }
            w.raw("]")
        }
        w.raw("}, \"fragment\": "); w.optional(fragment)
        w.raw(", \"remainder\": "); w.optional(remainder)
        w.raw(", \"redirects\": [")
        for (k, r) in redirects.enumerated() {
            if k > 0 { w.raw(", ") }
            w.string(r)
        }
        w.raw("]}")
        return w.text
    }
}

/// Minimal JSON text writer (strings escaped per RFC 8259; numbers in shortest form).
struct JSONText {
    var text = ""

    mutating func raw(_ s: String) { text += s }

    mutating func optional(_ s: String?) {
        if let s { string(s) } else { text += "null" }
    }

    mutating func value(_ v: ParameterValue) {
        switch v {
        case .string(let s): string(s)
        case .int(let i): text += String(i)
        case .float(let d): text += d.isFinite ? formatDouble(d) : "null"
        }
    }

    mutating func string(_ s: String) {
        appendJSONString(s, to: &text)
    }
}
