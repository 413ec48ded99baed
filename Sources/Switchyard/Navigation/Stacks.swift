/// Route stacks: a route may name a parent route (`Route.parent`, `"parent"` in a rule
/// document), so a match reports the screens above it, root first (a hotel's room under its
/// hotel under the hotel list), each with the URL built for it from the match's parameters.
/// Parent links are checked when routes are added or loaded, never when resolving: the
/// parent must exist under that name (one route), the child must capture (or default) every
/// parameter the parent's URL needs, and a chain of parents may not loop.

/// One screen of a match's stack.
public struct StackEntry: Sendable, Hashable {
    /// The route's name (nil only for the matched route itself, when it has none).
    public var name: String?
    /// The route's pattern.
    public var pattern: String
    /// The route's URL built from the match's parameters (`Router.url(for:)`, checked as it
    /// checks: the URL resolves back to this route with these parameters), or nil when none
    /// can be built (a wildcard host, an unnamed `*`) or the check refuses it.
    public var url: String?
}

extension Route {
    /// The name of the route above this one in a screen stack, or nil.
    public var parent: String? {
        get { navigation.parent }
        set { navigation.parent = newValue }
    }
}

extension MatchBuffer {
    /// The stack of routes from the root down to the matched one (the last entry). Empty on
    /// a miss. A parent removed since the match was made ends the stack there.
    public var stack: [StackEntry] {
        guard let route else { return [] }
        return Router.stack(of: route, table: table, stackTable: stackTable, params: params)
    }
}

extension Router {
    /// The stack of `route` matched in `table` (`stackTable` for a candidate matched alone),
    /// its URLs built from `params`: `MatchBuffer.stack` and `Match.stack`.
    static func stack(of route: CompiledRoute, table: Table?, stackTable: Table?,
                      params: [String: ParameterValue]) -> [StackEntry] {
        guard let lookupTable = stackTable ?? table else { return [] }
        return stackChain(of: route, table: table, stackTable: stackTable, params: params).map { r, own in
            StackEntry(name: r.route.name, pattern: r.route.pattern,
                       url: Router.checkedURL(r, parameters: own, table: lookupTable))
        }
    }

    /// The routes of `route`'s stack, root first, each with the parameters of `params` its
    /// pattern takes.
    static func stackChain(of route: CompiledRoute, table: Table?, stackTable: Table?,
                           params: [String: ParameterValue]) -> [(CompiledRoute, [String: ParameterValue])] {
        guard let lookupTable = stackTable ?? table else { return [] }
        let routes = lookupTable.routes
        var chain = [route]
        var name = route.route.parent
        if stackTable != nil {
            // Matched alone, without its parent link: take the link, and the route its URL
            // must resolve back to, from the router's table.
            let r = route.route
            if let same = routes.first(where: { $0.route.pattern == r.pattern && $0.route.name == r.name
                && $0.route.priority == r.priority }) {
                chain[0] = same
                name = same.route.parent
            } else {
                name = nil
            }
        }
        while let n = name, chain.count <= routes.count,
              let p = routes.first(where: { $0.route.name == n }) {
            chain.append(p)
            name = p.route.parent
        }
        return chain.reversed().map { r in
            let taken = Set(r.names)
            return (r, params.filter { taken.contains($0.key) })
        }
    }
}

/// Whether some route of `routes` names a parent (`checkParents`).
func namesAParent(_ routes: [Route]) -> Bool {
    routes.contains { $0.parent != nil }
}

extension RouterState {
    /// Checks the parent links of the routes after a change that adds `adding` (and drops the
    /// previous document's routes when `replacingDocument`). Errors name the added route
    /// (through `annotate`). `anyParent`: whether some route of `adding` names a parent
    /// (`namesAParent`, found by the caller before the routes were made: made routes are
    /// scattered in memory, their list is not); nothing is checked when none does.
    func checkParents(adding: [CompiledRoute], anyParent: Bool, replacingDocument: Bool,
                      annotate: ((Int, SwitchyardError) -> SwitchyardError)?) throws(SwitchyardError) {
        guard anyParent else { return }
        typealias Node = (route: Route, names: [String], variants: [PatternVariant])
        var all: [Node] = []
        for r in routes where !(replacingDocument && r.fromDocument) { all.append((r.route, r.names, r.variants)) }
        let firstAdded = all.count
        for r in adding { all.append((r.route, r.names, r.variants)) }
        var byName: [String: [Int]] = [:]
        for (k, n) in all.enumerated() { if let name = n.route.name { byName[name, default: []].append(k) } }

        for k in firstAdded..<all.count {
            let child = all[k]
            guard let parentName = child.route.parent else { continue }
            func fail(_ why: String) -> SwitchyardError {
                let e = SwitchyardError(.invalidArgument, "route '\(child.route.pattern)' \(why)")
                return annotate?(k - firstAdded, e) ?? e
            }
            guard let found = byName[parentName] else { throw fail("names parent '\(parentName)', but no route has that name") }
            if found.count > 1 { throw fail("names parent '\(parentName)', but \(found.count) routes have that name") }
            // Every alternative of the child must give all that some alternative of the parent needs.
            let parent = all[found[0]]
            for cv in child.variants {
                var given = Set(child.route.defaults.keys)
                for s in cv.segments { for n in s.capturedNames { given.insert(child.names[n]) } }
                if let r = cv.remainder, r.nameIndex >= 0 { given.insert(child.names[r.nameIndex]) }
                var missing: String? = nil
                let fits = parent.variants.contains { pv in
                    var needs: [String] = []
                    for s in pv.segments { for n in s.capturedNames { needs.append(parent.names[n]) } }
                    if let r = pv.remainder, r.nameIndex >= 0, r.minSegments > 0 { needs.append(parent.names[r.nameIndex]) }
                    if let m = needs.first(where: { !given.contains($0) }) {
                        if missing == nil { missing = m }
                        return false
                    }
                    return true
                }
                if !fits {
                    throw fail("does not capture parameter '\(missing ?? "")', which its parent '\(parentName)' ('\(parent.route.pattern)') needs")
                }
            }
            // Follow the chain up: it must end.
            var seen: Set<Int> = [k]
            var at = found[0]
            while true {
                if !seen.insert(at).inserted {
                    throw fail("is in a loop of parents ('\(parentName)' leads back to it)")
                }
                guard let up = all[at].route.parent, let next = byName[up], next.count == 1 else { break }
                at = next[0]
            }
        }
    }
}
