/// Checking a router against an AASA file (docs/APP-LINKS.md, "Cross-checking"): the routes
/// whose links the file does not let through to the app (they open Safari), and the rules of
/// the file that open URLs no route handles. Both are found by example: each route gives
/// a few URLs (its literals, a sample value per parameter, none, one and two remainder
/// segments), each rule a few URLs (its literals, `*` as nothing and as one character,
/// each variable's first value), and every example is evaluated for real on both sides.

public struct AppLinksCrossCheck: Sendable {
    /// One example URL of a route, and what the file decided for the app.
    public struct Example: Sendable, Equatable {
        /// The example URL.
        public var url: String
        /// `block`, or nil when no rule decided for the app.
        public var verdict: AASADecision.Verdict?
        /// The `details` entry that decided, if one did.
        public var detailIndex: Int?
        /// The rule in that entry that decided, if one did.
        public var ruleIndex: Int?

        /// An example from its parts.
        public init(url: String, verdict: AASADecision.Verdict?, detailIndex: Int?, ruleIndex: Int?) {
            self.url = url
            self.verdict = verdict
            self.detailIndex = detailIndex
            self.ruleIndex = ruleIndex
        }
    }

    /// A route with examples that do not open the app.
    public struct RouteGap: Sendable, Equatable {
        /// The route's pattern.
        public var route: String
        /// The route's name, if it has one.
        public var name: String?
        /// Its examples that do not open the app.
        public var examples: [Example]
    }

    /// A rule that decides `match` for examples of its own, none of which a route handles.
    public struct RuleGap: Sendable, Equatable {
        /// The index of the rule's `details` entry.
        public var detailIndex: Int
        /// The index of the rule in that entry.
        public var ruleIndex: Int
        /// The rule as written in the file.
        public var rule: String
        /// Its example URLs that no route handles.
        public var examples: [String]
    }

    /// Routes with URLs the file does not open in the app.
    public var routesNotOpened: [RouteGap]
    /// Rules that open URLs no route handles.
    public var rulesNotHandled: [RuleGap]
    /// The same as one JSON document (the C function's answer).
    public var json: String
}

extension Router {
    /// Cross-checks the https routes that reach `host` (all, or those with one of the names
    /// or targets) with `aasa`, the file `host` serves, for the app `appID`.
    public func crossCheck(_ aasa: AASA, host: String, appID: String, routeNames: Set<String>? = nil,
                           routeTargets: Set<String>? = nil) throws(SwitchyardError) -> AppLinksCrossCheck {
        let domain = host.lowercased()
        if domain.isEmpty || domain.contains("/") {
            throw SwitchyardError(.invalidArgument, "the host must be a host name such as www.example.com, not '\(host)'")
        }
        let shapes = try linkRouteShapes(LinkRouteSelection(names: routeNames, targets: routeTargets))
        let match = MatchBuffer()
        func resolves(_ url: String) -> Bool { (try? resolve(url, into: match)) == true }

        var routeGaps: [AppLinksCrossCheck.RouteGap] = []
        for shape in shapes {
            var failing: [AppLinksCrossCheck.Example] = []
            for v in shape.variants where v.reaches(domain) {
                let authority = v.port.isEmpty ? domain : domain + ":" + v.port
                for path in examplePaths(v) {
                    let url = "https://" + authority + path
                    guard resolves(url) else { continue }
                    let decisions = (try? aasa.decisions(host: domain, url: url)) ?? []
                    let mine = decisions.first { $0.appID == appID }
                    if mine?.verdict != .match {
                        failing.append(.init(url: url, verdict: mine?.verdict, detailIndex: mine?.detailIndex,
                                             ruleIndex: mine?.ruleIndex))
                    }
                }
            }
            if !failing.isEmpty {
                routeGaps.append(.init(route: shape.route.pattern, name: shape.route.name, examples: failing))
            }
        }

        var ruleGaps: [AppLinksCrossCheck.RuleGap] = []
        if let app = aasa.appIDs.firstIndex(of: appID) {
            for rule in aasa.rules where !rule.exclude && aasa.entries[rule.entry].apps.contains(app) {
                var decided: [String] = []
                var handled = false
                for url in exampleURLs(rule, host: domain) {
                    guard let d = try? aasa.decisions(host: domain, url: url).first(where: { $0.appID == appID }),
                          d.detailIndex == aasa.entries[rule.entry].detailIndex, d.ruleIndex == rule.ruleIndex else { continue }
                    decided.append(url)
                    if resolves(url) { handled = true }
                }
                if !decided.isEmpty && !handled {
                    ruleGaps.append(.init(detailIndex: aasa.entries[rule.entry].detailIndex, ruleIndex: rule.ruleIndex,
                                          rule: rule.source, examples: decided))
                }
            }
        }

        func example(_ e: AppLinksCrossCheck.Example) -> LinkJSONValue {
            .object([("url", .string(e.url)), ("verdict", .string(e.verdict?.rawValue ?? "none")),
                     ("detail_index", e.detailIndex.map { .int($0) } ?? .null),
                     ("rule_index", e.ruleIndex.map { .int($0) } ?? .null)])
        }
        let json = LinkJSONValue.object([
            ("host", .string(domain)), ("app_id", .string(appID)),
            ("routes_not_opened", .array(routeGaps.map { g in
                .object([("route", .string(g.route)), ("name", .optional(g.name)), ("urls", .array(g.examples.map(example)))])
            })),
            ("rules_not_handled", .array(ruleGaps.map { g in
                .object([("detail_index", .int(g.detailIndex)), ("rule_index", .int(g.ruleIndex)),
                         ("rule", .string(g.rule)), ("urls", .strings(g.examples))])
            })),
        ])
        return AppLinksCrossCheck(routesNotOpened: routeGaps, rulesNotHandled: ruleGaps, json: json.text())
    }

    /// Example paths of a route alternative, written as a URL carries them.
    fileprivate func examplePaths(_ v: LinkVariant) -> [String] {
        var base = ""
        for seg in v.segments {
            base += "/"
            switch seg {
            case .literal(let bytes):
                base += options.decodePath ? linkPercentEncoded(Array(bytes), keep: linkPathSafe)
                                           : String(decoding: bytes, as: UTF8.self)
            case .param: base += "p1"
            case .int: base += "42"
            case .float: base += "1.5"
            case .uuid: base += "123e4567-e89b-12d3-a456-426614174000"
            case .star: base += "x"
            }
        }
        switch v.remainderMin {
        case nil: return [base.isEmpty ? "/" : base]
        case 0?: return [base.isEmpty ? "/" : base, base + "/r1", base + "/r1/r2"]
        case _?: return [base + "/r1", base + "/r1/r2"]
        }
    }
}

/// Example URLs of a compiled rule: `?` as `x` with `*` as nothing, then `?` and `*` as
/// `x`, then as `1` (so a rule made for numbers finds a route that takes only numbers).
private func exampleURLs(_ rule: CompiledRule, host: String) -> [String] {
    let decoded = rule.mode & 2 != 0
    func text(_ scalars: [UInt32], keep: (UInt8) -> Bool) -> String {
        let s = linkString(scalars: scalars)
        return decoded ? linkPercentEncoded(Array(s.utf8), keep: keep) : s
    }
    var out: [String] = []
    for (filled, fill) in [(false, UInt32(0x78)), (true, 0x78), (true, 0x31)] {
        var url = "https://" + host
        if let path = rule.path {
            guard let p = example(path.glob, filled: filled, fill: fill) else { return [] }
            url += text(p, keep: { linkPathSafe($0) || $0 == 0x2F })
        } else {
            url += filled ? "/" + linkString(scalars: [fill]) : "/"
        }
        switch rule.query {
        case .any: break
        case .whole(let g):
            guard let q = example(g, filled: filled, fill: fill) else { return [] }
            url += "?" + text(q, keep: { linkPathSafe($0) || $0 == 0x2F || $0 == 0x3F })
        case .items(let items):
            var pieces: [String] = []
            for item in items {
                guard let value = example(item.pattern, filled: filled, fill: fill) else { return [] }
                let itemSafe = { (b: UInt8) in linkPathSafe(b) && b != 0x26 && b != 0x3D && b != 0x2B }
                pieces.append(text(item.name, keep: itemSafe) + "=" + text(value, keep: itemSafe))
            }
            if !pieces.isEmpty { url += "?" + pieces.joined(separator: "&") }
        }
        if let fragment = rule.fragment {
            guard let f = example(fragment, filled: filled, fill: fill) else { return [] }
            url += "#" + text(f, keep: { linkPathSafe($0) || $0 == 0x2F || $0 == 0x3F })
        }
        if !out.contains(url) { out.append(url) }
    }
    return out
}

/// Text a pattern matches: literals as they are, `?` as `fill`, `*` as nothing or `fill`, a
/// class or a variable by a value of its own; nil when nothing matches it (an undefined variable).
private func example(_ g: AASAGlob, filled: Bool, fill x: UInt32) -> [UInt32]? {
    var out: [UInt32] = []
    for t in g.tokens {
        switch t {
        case .scalar(let u): out.append(u)
        case .any: out.append(x)
        case .star: if filled { out.append(x) }
        case .charClass(let c):
            switch c {
            case .digit: out.append(0x37)
            case .upper: out.append(g.folded ? 0x71 : 0x51)
            default: out.append(0x61)
            }
        case .oneOf(let i):
            let alt = g.alternatives[i]
            if let first = alt.literalGroups.first?.values.first {
                out += first
            } else if let sub = alt.globValues.first, let e = example(sub, filled: filled, fill: x) {
                out += e
            } else {
                return nil
            }
        case .never: return nil
        }
    }
    return out
}

/// Bytes a path segment carries unencoded: unreserved, sub-delims, `:` and `@` (RFC 3986).
func linkPathSafe(_ b: UInt8) -> Bool {
    (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || "-._~!$&'()*+,;=:@".utf8.contains(b)
}

/// Bytes percent-encoded (uppercase hex) except those `keep` accepts.
func linkPercentEncoded(_ bytes: [UInt8], keep: (UInt8) -> Bool) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for b in bytes {
        if keep(b) {
            out.append(b)
        } else {
            out += [0x25, digits[Int(b >> 4)], digits[Int(b & 0x0F)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}
