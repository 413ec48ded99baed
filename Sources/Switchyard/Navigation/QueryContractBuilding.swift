/// `url(for:)` for a route with a query contract (SEMANTICS.md "Query contracts"): its
/// declared items are written in declaration order under their URL names, each checked
/// against its type; an item equal to its default is left out (resolving gives the default
/// back) unless defaults are asked for, a list item writes each of its values in order, and
/// a required item not given (or given an empty list) is an error naming it.

extension Router {
    /// Appends the contract's items given in `parameters` to `out` (whose path is written),
    /// marking them `taken`; with `includingDefaults`, an item with a default is written
    /// whether given or not. Returns whether a query was started.
    static func appendContractQuery(_ contract: QueryContract, route name: String, parameters: [String: ParameterValue],
                                    lists: [String: [ParameterValue]], includingDefaults: Bool,
                                    taken: inout Set<String>, into out: inout GrowBuffer<UInt8>) throws(SwitchyardError) -> Bool {
        var started = false
        for item in contract.items {
            taken.insert(item.name)
            // Only a list item has several (Router.oneValueEach).
            var values = parameters[item.name].map { [$0] } ?? lists[item.name] ?? []
            if values.isEmpty, includingDefaults, let d = item.defaultValue { values = [d] }
            if values.isEmpty {
                if item.isRequired {
                    throw SwitchyardError(.invalidArgument, "route '\(name)' needs query item '\(item.name)', which is not given")
                }
                continue
            }
            for value in values {
                var text = value.description
                if item.kind == .regex, let type = item.regex?.parameterType {
                    text = try typedText(text, type, parameter: item.name, route: name, what: "query item")
                }
                var bytes = Array(text.utf8)
                let parsed = bytes.withUnsafeMutableBufferPointer { b in
                    queryValue(item.kind, item.regex, UnsafePointer(b.baseAddress ?? UnsafeMutablePointer(mutating: emptyBytes)), b.count, nil)
                }
                guard let parsed else {
                    throw SwitchyardError(.invalidArgument,
                        "query item '\(item.name)' of route '\(name)' must be \(typeWords(item.kind, item.typeText)), not '\(text)'")
                }
                // A list has no default; a scalar equal to its default is left out.
                if !includingDefaults, let d = item.defaultValue {
                    let same: Bool
                    switch parsed {
                    case .int, .float: same = parsed == d
                    case .string: same = .string(text) == d
                    }
                    if same { continue }
                }
                out.append(started ? 0x26 : 0x3F)
                started = true
                appendQueryText(String(decoding: item.key, as: UTF8.self), into: &out)
                out.append(0x3D)
                appendQueryText(text, into: &out)
            }
        }
        return started
    }
}
