/// URLs built from named routes (Flask's `url_for`, Rails' path helpers): links, push
/// payloads and share sheets come from the route table instead of being written by hand,
/// and resolving a built URL gives back the same route and the same parameters: each URL is
/// resolved again before it is returned, and refused when it does not (URLBuildCheck.swift).

/// What to do with parameters the route's path does not take.
public enum ExtraParameters: Sendable, Hashable {
    /// Put them in the query, sorted by name (default).
    case query
    /// Refuse them: an error naming the first one.
    case refuse
}

extension Router {
    /// The URL of the route named `name`, its path parameters filled from `parameters`.
    ///
    /// Each value is checked against its parameter's type (`<int:id>` refuses `"abc"`) and
    /// percent-encoded for its place; of a route's optional groups, the alternative that takes
    /// the most of the given parameters is chosen; parameters the path does not take go to the
    /// query (sorted by name) or are refused, as `extra` says. A remainder (`*rest`,
    /// `<path:rest>`) takes a value of segments joined by `/`.
    ///
    /// The URL is resolved again before it is returned: one that would resolve to another
    /// route (`/user/:uname` with `settings` beside `/user/settings`), to no route, or with
    /// other parameters is refused, and the error names the route that would win.
    ///
    /// `lists` gives query items several values: a list item of the route's query contract
    /// (`tag=<[string]:tags>`) or a parameter that goes to the query writes each value in
    /// order (`?tag=a&tag=b`); a path parameter or a scalar item takes a list of at most one.
    /// A declared item equal to its default, or not given, is left out (resolving gives the
    /// default back); `includingDefaults` writes every item that has a default.
    ///
    /// Throws invalidArgument naming the route or the parameter: no route or several routes
    /// have the name, a parameter is missing, has the wrong type, is empty, is `.` or `..`, is
    /// given both in `parameters` and in `lists`, the
    /// route has a wildcard host (`*.example.com`: no one host to write) or a urlpattern part
    /// matched by a regexp over the whole path, or the URL would not resolve back as built.
    public func url(for name: String, parameters: [String: ParameterValue] = [:],
                    lists: [String: [ParameterValue]] = [:],
                    extra: ExtraParameters = .query, includingDefaults: Bool = false) throws(SwitchyardError) -> String {
        // The routes of the table resolves use, so the check reads the URL as they will.
        let table = currentTable()
        let candidates = table.routes.filter { $0.route.name == name }
        guard let route = candidates.first else {
            throw SwitchyardError(.invalidArgument, "no route is named '\(name)'")
        }
        if candidates.count > 1 {
            throw SwitchyardError(.invalidArgument,
                "\(candidates.count) routes are named '\(name)' ('\(candidates[0].route.pattern)', '\(candidates[1].route.pattern)')")
        }
        let built = try Router.buildURL(route, name: name, parameters: parameters, lists: lists, extra: extra,
                                        includingDefaults: includingDefaults)
        try checkBuiltURL(built.url, route: route, name: name, written: built.written, table: table)
        return built.url
    }

    /// The URL of `route` (called `name` in errors), as `url(for:)` builds it before its
    /// check, and the text of each path parameter it wrote (what resolving it must give back).
    static func buildURL(_ route: CompiledRoute, name: String, parameters given: [String: ParameterValue],
                         lists givenLists: [String: [ParameterValue]] = [:],
                         extra: ExtraParameters, includingDefaults: Bool = false)
        throws(SwitchyardError) -> (url: String, written: [String: String]) {
        let (parameters, lists) = try oneValueEach(route, name: name, given, givenLists)
        // The alternative that uses the most given parameters and needs no other.
        var best: Int? = nil
        var bestUsed = -1
        var firstMissing: String? = nil
        for (k, v) in route.variants.enumerated() {
            var used = 0
            var missing: String? = nil
            for n in variantNames(v, route) {
                if parameters[n] != nil { used += 1 } else if missing == nil { missing = n }
            }
            if let missing {
                if firstMissing == nil { firstMissing = missing }
                continue
            }
            if used > bestUsed { best = k; bestUsed = used }
        }
        guard let best else {
            throw SwitchyardError(.invalidArgument,
                "route '\(name)' needs parameter '\(firstMissing ?? "")', which is not given")
        }
        let variant = route.variants[best]
        var out = GrowBuffer<UInt8>(capacity: 64)
        defer { out.free() }
        try appendStart(variant, route: name, into: &out)
        let pathStart = out.count
        var taken = Set<String>()
        var written: [String: String] = [:]
        if route.urlPattern != nil, variant.remainder != nil {
            try appendURLPatternPath(route, name: name, parameters: parameters, taken: &taken, written: &written, into: &out)
        } else {
            try appendPath(variant, route, name: name, parameters: parameters, taken: &taken, written: &written, into: &out)
        }
        if out.count == pathStart { out.append(0x2F) }  // the root: `/`, `https://host/`
        // The declared query items (QueryContractBuilding.swift), then the rest, sorted by name.
        var queryStarted = false
        if let contract = route.queryContract {
            queryStarted = try appendContractQuery(contract, route: name, parameters: parameters, lists: lists,
                                                   includingDefaults: includingDefaults, taken: &taken, into: &out)
        }
        let rest = Set(parameters.keys).union(lists.keys).filter { !taken.contains($0) }.sorted()
        if !rest.isEmpty {
            if extra == .refuse {
                throw SwitchyardError(.invalidArgument, "route '\(name)' has no path parameter '\(rest[0])'")
            }
            if route.queryContract?.refusesUnknown == true {
                throw SwitchyardError(.invalidArgument, "route '\(name)' refuses query items it does not declare, and '\(rest[0])' is not one")
            }
            for n in rest {
                for value in parameters[n].map({ [$0] }) ?? lists[n] ?? [] {
                    out.append(queryStarted ? 0x26 : 0x3F)
                    queryStarted = true
                    appendQueryText(n, into: &out)
                    out.append(0x3D)
                    appendQueryText(value.description, into: &out)
                }
            }
        }
        return (String(decoding: out.bytes, as: UTF8.self), written)
    }

    /// `parameters` and `lists` with every list that must be one value (a path parameter's, a
    /// scalar query item's) moved into `parameters`; what stays in `lists` is a contract's
    /// list item or a parameter that goes to the query.
    private static func oneValueEach(_ route: CompiledRoute, name: String, _ parameters: [String: ParameterValue],
                                     _ lists: [String: [ParameterValue]]) throws(SwitchyardError)
        -> ([String: ParameterValue], [String: [ParameterValue]]) {
        guard !lists.isEmpty else { return (parameters, lists) }
        var parameters = parameters
        var lists = lists
        for (k, list) in lists.sorted(by: { $0.key < $1.key }) {
            if parameters[k] != nil {
                throw SwitchyardError(.invalidArgument,
                    "parameter '\(k)' of route '\(name)' is given both as one value and as a list")
            }
            let item = route.queryContract?.items.first { $0.name == k }
            guard item != nil || route.names.contains(k) else { continue }
            if item?.isList == true { continue }
            guard list.count <= 1 else {
                throw SwitchyardError(.invalidArgument,
                    "\(item != nil ? "query item" : "parameter") '\(k)' of route '\(name)' takes one value, and \(list.count) are given")
            }
            lists[k] = nil
            if let v = list.first { parameters[k] = v }
        }
        return (parameters, lists)
    }

    /// The path of `variant` (its segments and remainder), after the start `out` holds.
    private static func appendPath(_ variant: PatternVariant, _ route: CompiledRoute, name: String,
                                   parameters: [String: ParameterValue], taken: inout Set<String>,
                                   written: inout [String: String], into out: inout GrowBuffer<UInt8>) throws(SwitchyardError) {
        // A custom scheme's authority is the first segment (`myapp://user/42`): there `:` and
        // `@` are encoded too, as a redirect encodes them, so a value cannot add userinfo or
        // a port (`myapp://x@settings/home` would be the route of `settings`).
        var place: TemplatePlace = variant.scheme != nil && variant.host == .any ? .authority : .path
        for s in variant.segments {
            out.append(0x2F)
            defer { place = .path }
            switch s.kind {
            case .literal:
                s.literal.withUnsafeBufferPointer { b in
                    if let p = b.baseAddress { out.appendEncodedUnbounded(p, b.count, for: place) }
                }
            case .star:
                throw SwitchyardError(.invalidArgument,
                    "route '\(name)' has an unnamed '*' segment: no URL can be built for it")
            case .regex where s.nameIndex < 0:
                throw SwitchyardError(.invalidArgument,
                    "route '\(name)' has an unnamed constraint segment: no URL can be built for it")
            case .inline, .catchAll:
                try appendPieces(s, route: route, name: name, parameters: parameters, place: place,
                                 taken: &taken, written: &written, into: &out)
            default:
                let n = route.names[s.nameIndex]
                taken.insert(n)
                var text = try checkedText(parameters[n] ?? .string(""), kind: s.kind, parameter: n, route: name)
                if let type = s.regex?.parameterType {
                    text = try typedText(text, type, parameter: n, route: name)
                } else if let regex = s.regex, !Array(text.utf8).withUnsafeBufferPointer({ regex.matches($0) }) {
                    throw SwitchyardError(.invalidArgument,
                        "parameter '\(n)' of route '\(name)' does not match its constraint: '\(text)'")
                }
                written[n] = text
                appendSegment(text, place: place, into: &out)
            }
        }
        if let r = variant.remainder {
            if r.nameIndex >= 0 {
                let n = route.names[r.nameIndex]
                taken.insert(n)
                let text = parameters[n]?.description ?? ""
                let parts = text.isEmpty ? [] : text.split(separator: "/", omittingEmptySubsequences: false)
                if !text.isEmpty, parts.contains(where: \.isEmpty) {
                    // Resolving reads no empty segment back: `a//b` would come back as `a/b`.
                    throw SwitchyardError(.invalidArgument,
                        "parameter '\(n)' of route '\(name)' may not hold an empty segment (a '/' at either end or two in a row): '\(text)'")
                }
                if parts.count < r.minSegments {
                    throw SwitchyardError(.invalidArgument,
                        "parameter '\(n)' of route '\(name)' must hold at least \(r.minSegments) segment(s)")
                }
                for part in parts {
                    if part == "." || part == ".." {
                        throw SwitchyardError(.invalidArgument, "parameter '\(n)' of route '\(name)' may not hold a '\(part)' segment")
                    }
                    out.append(0x2F)
                    appendSegment(String(part), place: place, into: &out)
                    place = .path
                }
                written[n] = parts.joined(separator: "/")
            } else if r.minSegments > 0 {
                throw SwitchyardError(.invalidArgument,
                    "route '\(name)' ends in a '*' that needs a segment: no URL can be built for it")
            }
        }
    }

    /// The names an alternative captures (path parameters and a named remainder).
    private static func variantNames(_ v: PatternVariant, _ route: CompiledRoute) -> [String] {
        var names: [String] = []
        for s in v.segments { for n in s.capturedNames { names.append(route.names[n]) } }
        if let r = v.remainder, r.nameIndex >= 0, r.minSegments > 0 { names.append(route.names[r.nameIndex]) }
        return names
    }

    /// `scheme://host[:port]` of the alternative, or nothing for a path pattern.
    private static func appendStart(_ v: PatternVariant, route: String, into out: inout GrowBuffer<UInt8>)
        throws(SwitchyardError) {
        guard let scheme = v.scheme else { return }
        scheme.withUnsafeBufferPointer { b in if let p = b.baseAddress { out.append(contentsOf: p, count: b.count) } }
        out.append(0x3A)
        switch v.host {
        case .any:
            // A custom scheme's authority is the first segment: `myapp://user/42`.
            out.append(0x2F)
        case .literal(let host, let port):
            out.append(0x2F); out.append(0x2F)
            host.withUnsafeBufferPointer { b in if let p = b.baseAddress { out.append(contentsOf: p, count: b.count) } }
            if !port.isEmpty {
                out.append(0x3A)
                port.withUnsafeBufferPointer { b in if let p = b.baseAddress { out.append(contentsOf: p, count: b.count) } }
            }
        case .wildcard:
            throw SwitchyardError(.invalidArgument,
                "route '\(route)' has a wildcard host: no URL can be built for it")
        }
    }

    /// A path parameter's text, checked against its type as the walk would check it.
    private static func checkedText(_ value: ParameterValue, kind: SegmentKind, parameter: String, route: String)
        throws(SwitchyardError) -> String {
        let text = value.description
        func bad(_ why: String) -> SwitchyardError {
            SwitchyardError(.invalidArgument, "parameter '\(parameter)' of route '\(route)' \(why)")
        }
        if text.isEmpty { throw bad("is empty") }
        if text == "." || text == ".." { throw bad("may not be '\(text)'") }
        let bytes = Array(text.utf8)
        let ok: Bool = bytes.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return false }
            switch kind {
            case .int: return parseInt64(p, b.count) != nil
            case .float: return parseDecimal(p, b.count) != nil
            case .uuid: return isUUID(p, b.count)
            default: return true
            }
        }
        if !ok {
            let type = kind == .int ? "an integer" : kind == .float ? "a decimal number" : "a UUID"
            throw bad("must be \(type), not '\(text)'")
        }
        return text
    }

    /// The text a value of a word set or a type of the app's own is written as (its
    /// canonical text, when the type formats), or an error naming the parameter.
    static func typedText(_ text: String, _ type: ParameterMatcher, parameter: String, route: String,
                          what: String = "parameter") throws(SwitchyardError) -> String {
        let canonical: String?
        do throws(SwitchyardError) {
            canonical = try type.canonicalText(text)
        } catch {
            throw SwitchyardError(.invalidArgument, "\(what) '\(parameter)' of route '\(route)': \(error.message)")
        }
        guard let canonical else {
            throw SwitchyardError(.invalidArgument,
                "\(what) '\(parameter)' of route '\(route)' is not a value of type '\(type.name)': '\(text)'")
        }
        return canonical
    }

    private static func appendSegment(_ text: String, place: TemplatePlace, into out: inout GrowBuffer<UInt8>) {
        var t = text
        t.withUTF8 { b in if let p = b.baseAddress { out.appendEncodedUnbounded(p, b.count, for: place) } }
    }

    static func appendQueryText(_ text: String, into out: inout GrowBuffer<UInt8>) {
        var t = text
        t.withUTF8 { b in if let p = b.baseAddress { out.appendEncodedUnbounded(p, b.count, for: .query) } }
    }
}

extension GrowBuffer where Element == UInt8 {
    /// `appendEncoded` with no end to pass: a built URL has no redirect's length bound.
    fileprivate mutating func appendEncodedUnbounded(_ p: UnsafePointer<UInt8>, _ n: Int, for place: TemplatePlace) {
        do { try appendEncoded(p, n, for: place, end: .max) } catch {}
    }
}
