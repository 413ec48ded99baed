/// URL building for a urlpattern route matched by regexps over its whole path (SEMANTICS
/// §10): `/books/:id` (whose `:id` could match `..`), `/files/:name.json`. Its pathname
/// parts are written in order: fixed text as the pattern has it, each named part's value
/// percent-encoded between its prefix and suffix. Such a route's values are read as written
/// in the URL (escapes kept), so the check every built URL passes (URLBuildCheck.swift)
/// refuses a value that needed encoding: it would read back otherwise.

extension Router {
    static func appendURLPatternPath(_ route: CompiledRoute, name: String, parameters: [String: ParameterValue],
                                     taken: inout Set<String>, written: inout [String: String],
                                     into out: inout GrowBuffer<UInt8>) throws(SwitchyardError) {
        let r = route.route
        guard r.searchPattern == nil, r.hashPattern == nil,
              let parts = try? parseURLPattern(r.pattern, .pathname),
              parts.allSatisfy({ $0.modifier == .none && ($0.kind == .fixedText || !$0.name.isEmpty) }) else {
            throw SwitchyardError(.invalidArgument,
                "route '\(name)' is a urlpattern with optional or repeated parts, or a search or hash pattern: no URL can be built for it")
        }
        func appendText(_ text: String) {
            // Fixed text, prefixes and suffixes as written; bytes a URL cannot hold encoded.
            for (k, piece) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                if k > 0 { out.append(0x2F) }
                var t = String(piece)
                t.withUTF8 { b in if let p = b.baseAddress { appendPathText(p, b.count, for: .path, into: &out) } }
            }
        }
        for part in parts {
            if part.kind == .fixedText {
                appendText(part.value)
                continue
            }
            taken.insert(part.name)
            guard let value = parameters[part.name] else {
                throw SwitchyardError(.invalidArgument, "route '\(name)' needs parameter '\(part.name)', which is not given")
            }
            let text = value.description
            if text.isEmpty {
                throw SwitchyardError(.invalidArgument, "parameter '\(part.name)' of route '\(name)' is empty")
            }
            appendText(part.prefix)
            var t = text
            t.withUTF8 { b in if let p = b.baseAddress { appendPathText(p, b.count, for: .path, into: &out) } }
            appendText(part.suffix)
            written[part.name] = text
        }
    }
}
