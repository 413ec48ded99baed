/// `"stack"` in a rule document's route (Navigation/EntryStacks.swift): the tab the route
/// belongs to and its stack mode per entry kind,
/// `"stack": {"tab": "account", "cold": "replace", "warm": "merge", "default": "extend"}`,
/// or one mode for every entry kind, `"stack": "merge"`. Errors name the JSON path of the
/// member at fault.

/// Reads a stack policy from any JSON value the library reads; `fail` makes the error
/// about the member at a path.
func readStackPolicy<J: RuleJSON>(_ v: J, _ path: JSONPath,
                                  fail: (JSONPath, String) -> SwitchyardError) throws(SwitchyardError) -> StackPolicy {
    func mode(_ v: J, _ path: JSONPath) throws(SwitchyardError) -> StackMode {
        guard v.kind == .string else {
            throw fail(path, "must be \"replace\", \"extend\" or \"merge\", not \(jsonTypeName(v.kind))")
        }
        let word = try v.text(path, what: "the stack mode")
        guard let m = StackMode(rawValue: word) else {
            throw fail(path, "unknown stack mode '\(word)' (the modes are \"replace\", \"extend\" and \"merge\")")
        }
        return m
    }
    switch v.kind {
    case .string:
        return StackPolicy(otherwise: try mode(v, path))
    case .object:
        var policy = StackPolicy()
        try v.forEachMember(path) { (key, value) throws(SwitchyardError) in
            let field = path.key(key)
            switch key {
            case "tab":
                guard value.kind == .string else { throw fail(field, "must be a tab name (a string), not \(jsonTypeName(value.kind))") }
                let tab = try value.text(field, what: "the tab name")
                if let why = navigationNameProblem(tab, what: "a tab name") { throw fail(field, why) }
                policy.tab = tab
            case "default":
                policy.otherwise = try mode(value, field)
            default:
                let entry: EntryKind
                do throws(SwitchyardError) {
                    entry = try EntryKind(key)
                } catch {
                    throw fail(field, "unknown member: not \"tab\", \"default\" or an entry kind (\(error.message))")
                }
                policy.modes[entry] = try mode(value, field)
            }
        }
        return policy
    default:
        throw fail(path, "must be a stack mode or an object of \"tab\", \"default\" and entry kinds, not \(jsonTypeName(v.kind))")
    }
}
