/// An explanation as JSON text, for the C export (sy_router_explain) and Python's
/// `Router.explain`: the shape `switchyard resolve --explain --format json` prints.
///
///     {"url": "...", "candidates": [{"rank": 1, "route": 0, "pattern": "...",
///       "alternative": "...", "priority": 0, "destination": {"target": "..."},
///       "name": null, "parent": null, "path_params": {...}, "remainder": null,
///       "wins": true, "decided_by": null, "reason": null}, ...]}
extension Explanation {
    /// The explanation as one JSON object, in the form above.
    public func json() -> String {
        var w = JSONText()
        w.raw("{\"url\": "); w.string(url)
        w.raw(", \"candidates\": [")
        for (k, c) in candidates.enumerated() {
            let r = c.entry.route
            if k > 0 { w.raw(", ") }
            w.raw("{\"rank\": \(k + 1), \"route\": \(c.entry.routeIndex), \"pattern\": "); w.string(r.pattern)
            w.raw(", \"alternative\": "); w.string(c.entry.alternative)
            w.raw(", \"priority\": \(r.priority), \"destination\": {")
            switch r.destination {
            case .target(let t): w.raw("\"target\": "); w.string(t)
            case .redirect(let u): w.raw("\"redirect\": "); w.string(u)
            }
            w.raw("}, \"name\": "); w.optional(r.name)
            w.raw(", \"parent\": "); w.optional(r.parent)
            w.raw(", \"path_params\": {")
            for (j, p) in c.pathParameters.enumerated() {
                if j > 0 { w.raw(", ") }
                w.string(p.name); w.raw(": "); w.value(p.value)
            }
            w.raw("}, \"remainder\": "); w.optional(c.remainder)
            w.raw(", \"wins\": "); w.raw(k == 0 ? "true" : "false")
            w.raw(", \"decided_by\": "); w.optional(c.decidedBy?.description)
            w.raw(", \"reason\": "); w.optional(c.reason)
            w.raw("}")
        }
        w.raw("]}")
        return w.text
    }
}
