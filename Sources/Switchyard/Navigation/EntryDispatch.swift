/// Entry-aware stacks on routes, matches and dispatch: `Route.stackPolicy`, the operations
/// of a match (`MatchBuffer.stackOperations`, `Match.stackOperations`), and `dispatch` and
/// `resume` given the entry kind and the open screens (EntryStacks.swift).

extension Route {
    /// The tab the route's screens belong to and its stack mode per entry kind; nil (the
    /// default) is `StackPolicy.standard`: replace the current tab's stack, whatever the entry.
    public var stackPolicy: StackPolicy? {
        get { navigation.stackPolicy }
        set { navigation.stackPolicy = newValue }
    }
}

/// Checks a route's stack policy when it is added: its tab is a well-formed name.
func validateStackPolicy(_ route: Route) throws(SwitchyardError) {
    guard let tab = route.stackPolicy?.tab else { return }
    if let why = navigationNameProblem(tab, what: "a tab name") {
        throw SwitchyardError(tab.utf8.count > NavigationLimits.maxNameLength ? .limit : .invalidArgument,
                              "route '\(route.pattern)' belongs to tab '\(tab)': \(why)")
    }
}

extension Router {
    /// The screens of `route`'s stack, root first: each parent with the parameters its
    /// pattern takes, the matched route last with all of the match's parameters (its query
    /// items included: they are the screen's).
    static func targetScreens(of route: CompiledRoute, table: Table?, stackTable: Table?,
                              params: [String: ParameterValue]) -> [OpenScreen] {
        let chain = stackChain(of: route, table: table, stackTable: stackTable, params: params)
        return chain.enumerated().map { k, link in
            OpenScreen(link.0.route.name ?? link.0.route.pattern, params: k == chain.count - 1 ? params : link.1)
        }
    }

    /// `dispatch(url, context:)`, with the operations that open the accepted route's stack
    /// for `entry` from `open` in `DispatchResult.operations` (empty when no handler
    /// accepted: a link that waits opens nothing, unless its else route accepted, whose
    /// operations they are then). `open` is checked before any handler runs.
    public func dispatch(_ url: String, context: any Sendable = (), entry: EntryKind, open: OpenScreens,
                         now: Int64? = nil) throws -> DispatchResult {
        try StackPlan.check(open)
        return try withOperations(try dispatchBuffer(url, context: context, now: now), entry: entry, open: open)
    }

    /// `resume(token, context:)`, with the operations as `dispatch(_:context:entry:open:)`
    /// gives them. After an app restart the entry is usually `.coldStart`.
    public func resume(_ token: String, context: any Sendable = (), entry: EntryKind, open: OpenScreens,
                       now: Int64? = nil) throws -> DispatchResult {
        try StackPlan.check(open)
        return try withOperations(try resumeBuffer(token, context: context, now: now), entry: entry, open: open)
    }

    private func withOperations(_ found: DispatchFound, entry: EntryKind, open: OpenScreens) throws -> DispatchResult {
        var result = DispatchResult(match: found.match.flatMap(Match.init), value: found.value,
                                    handlersCalled: found.handlersCalled, pending: found.pending)
        result.operations = try found.match?.stackOperations(entry: entry, open: open) ?? []
        return result
    }
}

extension MatchBuffer {
    /// The operations that open this match's stack (`stack`, as screens with their
    /// parameters) for `entry` from `open`, under the matched route's `stackPolicy`
    /// (`StackPlan.operations`). Empty on a miss.
    public func stackOperations(entry: EntryKind, open: OpenScreens) throws(SwitchyardError) -> [StackOperation] {
        guard let route else { try StackPlan.check(open); return [] }
        let target = Router.targetScreens(of: route, table: table, stackTable: stackTable, params: params)
        return try StackPlan.operations(to: target, policy: route.route.stackPolicy ?? .standard, entry: entry, open: open)
    }
}

extension Match {
    /// The operations that open this match's stack for `entry` from `open`, as
    /// `MatchBuffer.stackOperations` gives them. Empty for a match made from its parts.
    public func stackOperations(entry: EntryKind, open: OpenScreens) throws(SwitchyardError) -> [StackOperation] {
        guard let route = compiledRoute else { try StackPlan.check(open); return [] }
        let target = Router.targetScreens(of: route, table: originTable, stackTable: originStackTable, params: params)
        return try StackPlan.operations(to: target, policy: route.route.stackPolicy ?? .standard, entry: entry, open: open)
    }
}
