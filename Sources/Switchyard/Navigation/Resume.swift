/// A link that waits: the pending result of a dispatch whose candidate has an unmet
/// requirement (Requirements.swift), its token (ResumeToken.swift), and `Router.resume`,
/// which checks the token and dispatches its URL afresh.

/// Fingerprints of route definitions, the same in every process for the same routes: a
/// resume token records the table's and its route's, so a token made before an app restart
/// resumes on the same document, and `resume` can tell when its route changed.
enum RouteFingerprint {
    /// Not a secret: integrity comes from the token's tag, these only identify.
    private static let key = SipHashKey(k0: 0x7377_6974_6368_7961, k1: 0x7264_2072_6f75_7465)

    /// The route as matched alone (a fallback candidate loses its parent link): pattern,
    /// destination, name, priority, defaults, requirements and the pattern's dialect options.
    static func of(_ r: Route) -> UInt64 {
        var b: [UInt8] = []
        write(r, into: &b)
        return sipHash24(key, b)
    }

    /// Every route of `table`, in order, with its parent.
    static func version(of table: Table) -> UInt64 {
        var b: [UInt8] = []
        for cr in table.routes {
            write(cr.route, into: &b)
            text(cr.route.parent, &b)
        }
        return sipHash24(key, b)
    }

    private static func write(_ r: Route, into b: inout [UInt8]) {
        text(r.pattern, &b)
        switch r.destination {
        case .target(let t): b.append(1); text(t, &b)
        case .redirect(let u): b.append(2); text(u, &b); b.append(r.appendParams ? 1 : 0)
        }
        text(r.name, &b)
        text(String(r.priority), &b)
        for (k, v) in r.defaults.sorted(by: { $0.key < $1.key }) {
            text(k, &b)
            switch v {
            case .string(let s): b.append(1); text(s, &b)
            case .int(let i): b.append(2); text(String(i), &b)
            case .float(let d): b.append(3); text(formatDouble(d), &b)
            }
        }
        b.append(0xFF)
        for n in r.requires { text(n, &b) }
        for (k, v) in r.elseRoutes.sorted(by: { $0.key < $1.key }) { text(k, &b); text(v, &b) }
        b.append(0xFF)
        text(r.dialect?.rawValue, &b)
        b.append(r.ignoreCase ? 1 : 0)
        text(r.searchPattern, &b)
        text(r.hashPattern, &b)
    }

    /// Length-prefixed, so no two lists of fields give the same bytes; nil differs from "".
    private static func text(_ s: String?, _ b: inout [UInt8]) {
        guard let s else { b.append(0); return }
        b.append(1)
        let n = UInt64(s.utf8.count)
        for i in 0..<8 { b.append(UInt8(truncatingIfNeeded: n >> (UInt64(i) * 8))) }
        b.append(contentsOf: s.utf8)
    }
}

extension Router {
    /// The version of the routes: a fingerprint of every route's definition, equal in every
    /// process that has the same routes in the same order (the same document loaded). A
    /// resume token records it; any change to the routes changes it.
    public var routesVersion: UInt64 { tableVersion(currentTable()) }

    func tableVersion(_ table: Table) -> UInt64 {
        if let v = requirements.settings.withLock({ s in s.version.flatMap { $0.tableID == table.id ? $0.version : nil } }) {
            return v
        }
        let v = RouteFingerprint.version(of: table)
        requirements.settings.withLock { $0.version = (table.id, v) }
        return v
    }

    /// The dispatch's answer when candidate `m` has the unmet requirement `unmet`: the link
    /// waits with a token and, when the requirement names an else route, that route is
    /// dispatched with the token as its one parameter (its own else routes not followed).
    func waiting(_ url: String, _ m: MatchBuffer, unmet: String, context: any Sendable, now: Int64?,
                 followElse: Bool, called: Int) throws -> DispatchFound {
        guard let route = m.route?.route else { return (nil, nil, called, nil) }
        guard url.utf8.count <= RequirementLimits.maxTokenURLLength else {
            throw SwitchyardError(.limit, "the link waits for requirement '\(unmet)', but its \(url.utf8.count) bytes "
                + "are over the \(RequirementLimits.maxTokenURLLength) a resume token can carry")
        }
        let table = m.stackTable ?? m.table ?? currentTable()
        let fields = ResumeTokenFields(issued: now ?? ResumeToken.clockNow(), tableVersion: tableVersion(table),
                                       route: RouteFingerprint.of(route), requirement: unmet, url: url)
        let key = requirements.settings.withLock { $0.key }
        let token = ResumeToken.encode(fields, key: key)
        let elseName = followElse ? route.elseRoutes[unmet] : nil
        let pending = PendingLink(requirement: unmet, url: url, pattern: route.pattern, token: token, elseRoute: elseName)
        guard let elseName else { return (nil, nil, called, pending) }
        // The else route is a name in the table, never a URL from the link, and the token
        // is the only value it is given: a link cannot send itself anywhere through it.
        let elseURL: String
        do throws(SwitchyardError) {
            elseURL = try self.url(for: elseName, parameters: ["resume": .string(token)])
        } catch {
            throw SwitchyardError(.invalidArgument, "route '\(route.pattern)' sends a link waiting for '\(unmet)' "
                + "to route '\(elseName)', which cannot take it: \(error.message)")
        }
        let there = try dispatchBuffer(elseURL, context: context, now: now, followElse: false)
        if there.pending != nil { return (nil, nil, called + there.handlersCalled, pending) }
        return (there.match, there.value, called + there.handlersCalled, pending)
    }

    /// Dispatches the link a resume token holds, as a fresh `dispatch(url, context:)` of its
    /// URL would (same candidates, handlers, stack), once the token is checked: its tag and
    /// key, its age against `now` (seconds since 1970, the clock's when nil) and, when the
    /// routes changed since it was made, that its route still takes the URL. A requirement
    /// that still does not hold makes the result pending again, with a new token.
    ///
    /// Throws `ResumeError` for a refused token (`.malformed`, `.tampered`, `.otherKey`,
    /// `.expired`, `.routeGone`, `.routeChanged`), otherwise what `dispatch` throws.
    public func resume(_ token: String, context: any Sendable = (), now: Int64? = nil) throws -> DispatchResult {
        let found = try resumeBuffer(token, context: context, now: now)
        return DispatchResult(match: found.match.flatMap(Match.init), value: found.value,
                              handlersCalled: found.handlersCalled, pending: found.pending)
    }

    /// `resume`, the accepting candidate left in its MatchBuffer (C's sy_router_resume).
    package func resumeBuffer(_ token: String, context: any Sendable, now: Int64?) throws -> DispatchFound {
        let (key, maxAge) = requirements.settings.withLock { ($0.key, $0.maxAge) }
        let f = try ResumeToken.decode(token, key: key).get()
        let at = now ?? ResumeToken.clockNow()
        if f.issued > at + 60 {
            throw ResumeError(.expired, "the resume token was issued \(f.issued - at) seconds after now")
        }
        if at - f.issued > maxAge {
            throw ResumeError(.expired, "the resume token is \(at - f.issued) seconds old; this router accepts at most \(maxAge)")
        }
        if tableVersion(currentTable()) != f.tableVersion {
            var first: String? = nil
            var same = false
            for c in try candidates(for: f.url) {
                guard let r = c.route?.route else { continue }
                if first == nil { first = r.pattern }
                if RouteFingerprint.of(r) == f.route { same = true; break }
            }
            guard let first else {
                throw ResumeError(.routeGone, "the routes changed since the resume token was made, and no route takes its link now")
            }
            if !same {
                throw ResumeError(.routeChanged, "the routes changed since the resume token was made, and its link now opens route '\(first)' instead")
            }
        }
        return try dispatchBuffer(f.url, context: context, now: at)
    }
}
