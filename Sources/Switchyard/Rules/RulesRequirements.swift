/// `"requires"` and `"else"` in a rule document's route (Navigation/Requirements.swift):
/// `"requires": ["signed-in", "onboarded"]`, and `"else": "login"` (every requirement of the
/// route sends a waiting link to the route named `login`) or `"else": {"signed-in": "login"}`
/// (per requirement). Errors name the JSON path of the member at fault.

extension RuleReader {
    func requirementNames(_ v: some RuleJSON, _ path: JSONPath) throws(SwitchyardError) -> [String] {
        guard v.kind == .array else {
            throw ruleError(path, "must be an array of requirement names, not \(jsonTypeName(v.kind))")
        }
        var names: [String] = []
        try v.forEachElement(path) { (i, item) throws(SwitchyardError) in
            guard item.kind == .string else {
                throw ruleError(path.index(i), "must be a string, not \(jsonTypeName(item.kind))")
            }
            let name = try item.text(path.index(i), what: "the requirement name")
            if let why = requirementNameProblem(name) { throw ruleError(path.index(i), why) }
            if names.contains(name) { throw ruleError(path.index(i), "'\(name)' is listed twice") }
            names.append(name)
        }
        return names
    }

    /// A string: the else route of every requirement (filled in by `checkRequirements`,
    /// stored under the key "\\0", which no requirement name can be, until then); an object: requirement name -> route name.
    func elseRoutes(_ v: some RuleJSON, _ path: JSONPath) throws(SwitchyardError) -> [String: String] {
        switch v.kind {
        case .string:
            return ["\u{0}": try v.text(path, what: "the else route's name")]
        case .object:
            var out: [String: String] = [:]
            try v.forEachMember(path) { (key, value) throws(SwitchyardError) in
                guard value.kind == .string else {
                    throw ruleError(path.key(key), "must be a route name (a string), not \(jsonTypeName(value.kind))")
                }
                out[key] = try value.text(path.key(key), what: "the else route's name")
            }
            return out
        default:
            throw ruleError(path, "must be a route name, or an object of requirement names to route names, not \(jsonTypeName(v.kind))")
        }
    }

    /// Spreads a string `else` over the route's requirements and checks the whole list.
    func checkRequirements(_ r: inout RouteRequirements, _ path: JSONPath) throws(SwitchyardError) {
        if let all = r.elseRoutes["\u{0}"], r.elseRoutes.count == 1 {
            if r.names.isEmpty { throw ruleError(path.key("else"), "a route without \"requires\" has no else route") }
            r.elseRoutes = Dictionary(uniqueKeysWithValues: r.names.map { ($0, all) })
        }
        if let problem = requirementListProblem(r) {
            let member = problem.message.hasPrefix("has an") ? "else" : "requires"
            throw ruleError(path.key(member), "the route \(problem.message)")
        }
    }
}
