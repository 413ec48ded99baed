/// Dispatch: a URL goes to native code through the route table. Each candidate (best first)
/// is offered to its route's handler, else to the handler registered for its target; the
/// first that accepts ends the dispatch. So a rule document loaded from a server decides
/// which screen a link or a notification opens, and the app registers one handler per
/// screen instead of a switch statement.

/// What a dispatch did: a value, `Sendable`, so a dispatch made off the main actor can hand
/// its result to it.
public struct DispatchResult: Sendable {
    /// The candidate whose handler accepted, as a ``Match`` value (its `stack` and `value`
    /// included), or nil when none did.
    public let match: Match?
    /// What the accepting handler returned in `.accepted`, or nil.
    public let value: (any Sendable)?
    /// How many handlers were called (declined ones included).
    public let handlersCalled: Int
    /// When a candidate's requirement did not hold: the link that waits, with its resume
    /// token (Requirements.swift). `match` is then nil, or the requirement's else route.
    public var pending: PendingLink? = nil
    /// The operations that open the accepted route's stack, when the dispatch was given the
    /// entry kind and the open screens (`dispatch(_:context:entry:open:)`); else empty.
    public var operations: [StackOperation] = []

    /// Whether a handler accepted.
    public var accepted: Bool { match != nil }

    /// What the accepting handler returned when it is a `T` (the `Value` of a typed
    /// handler), or nil.
    public func value<T>(as type: T.Type) -> T? { value as? T }
}

/// Handlers per target, behind their own lock (never held while a handler runs).
final class HandlerRegistry: Sendable {
    private let byTarget = PThreadLocked<[String: RouteHandler]>([:])

    func set(_ target: String, _ handler: RouteHandler?) {
        byTarget.withLock { $0[target] = handler }
    }

    func get(_ target: String) -> RouteHandler? {
        byTarget.withLock { $0[target] }
    }
}

/// What a dispatch found: the accepting candidate in its MatchBuffer, the handler's value,
/// the handlers called, and the link that waits when a requirement did not hold.
package typealias DispatchFound = (match: MatchBuffer?, value: (any Sendable)?, handlersCalled: Int,
                                   pending: PendingLink?)

extension MatchBuffer {
    static let heldByDispatchError = SwitchyardError(.invalidArgument,
        "this MatchBuffer is the one a dispatch gave its handler, and the dispatch is still running: "
        + "resolve into a MatchBuffer of your own (a handler that resolves or dispatches needs one)")
}

extension Router {
    /// Registers `handler` for every route whose target is `target` (replacing the previous
    /// one); nil removes it. A route's own `Route.handler` is asked first.
    public func handle(_ target: String, _ handler: RouteHandler?) {
        handlers.set(target, handler)
    }

    /// Registers a handler typed by the caller's context and result for every route whose
    /// target is `target` (replacing the previous one):
    /// `router.handle("User") { (match: Match, context: AppContext) -> Screen? in ... }`.
    /// It is given the candidate as a ``Match`` value and the dispatch's context as a
    /// `Context`; returning a value accepts (`DispatchResult.value(as: Screen.self)` reads
    /// it back), nil declines. A dispatch whose context is not a `Context` passes it over,
    /// as a decline, so a handler never sees a context of the wrong type. Errors it throws
    /// end the dispatch as the untyped handler's do.
    @_disfavoredOverload
    public func handle<Context: Sendable, Value: Sendable>(
        _ target: String, _ handler: @escaping @Sendable (Match, Context) throws -> Value?) {
        handlers.set(target, typedHandler(handler))
    }

    /// Adds a route whose handler is `handler`; its target is `target`, or its pattern.
    public func add(_ pattern: String, target: String? = nil, name: String? = nil, priority: Int = 0,
                    defaults: [String: ParameterValue] = [:], value: (any Sendable)? = nil,
                    handler: @escaping RouteHandler) throws(SwitchyardError) {
        var r = Route(pattern, target: target ?? pattern, name: name, priority: priority, defaults: defaults)
        r.handler = handler
        r.value = value
        try add(r)
    }

    /// Adds a target route carrying `value` (read back with `MatchBuffer.value`).
    public func add(_ pattern: String, target: String, name: String? = nil, priority: Int = 0,
                    defaults: [String: ParameterValue] = [:], value: any Sendable) throws(SwitchyardError) {
        var r = Route(pattern, target: target, name: name, priority: priority, defaults: defaults)
        r.value = value
        try add(r)
    }

    /// Offers `url` to the handlers of its candidates, best first, until one accepts.
    /// `context` reaches every handler unchanged (it never mixes with the URL's parameters).
    /// A candidate with no handler is passed over. Throws what `resolve` throws for the URL,
    /// and any error a handler throws, unchanged (no later handler is then called).
    /// Dispatches nest (a handler may dispatch) at most 32 deep on one thread; deeper is a
    /// `.limit` error, so a link that opens itself cannot exhaust the thread's stack. The
    /// MatchBuffer a handler is given is the dispatch's while the handler runs: resolving
    /// into it is an `.invalidArgument` error (a handler that resolves or dispatches uses
    /// buffers of its own), so the result describes this URL whatever the handler did.
    /// A candidate whose route has requirements (`Route.requires`) is offered to its
    /// handler only when each holds for `context`; at the first that does not, the dispatch
    /// ends pending (`DispatchResult.pending`), its token issued at `now` (seconds since
    /// 1970, the clock's when nil).
    public func dispatch(_ url: String, context: any Sendable = (), now: Int64? = nil) throws -> DispatchResult {
        let found = try dispatchBuffer(url, context: context, now: now)
        return DispatchResult(match: found.match.flatMap(Match.init), value: found.value,
                              handlersCalled: found.handlersCalled, pending: found.pending)
    }

    /// `dispatch`, the accepting candidate left in its MatchBuffer (C's sy_router_dispatch
    /// moves it into the caller's sy_match).
    package func dispatchBuffer(_ url: String, context: any Sendable, now: Int64? = nil,
                                followElse: Bool = true) throws -> DispatchFound {
        try DispatchDepth.enter { try dispatchCandidates(url, context: context, now: now, followElse: followElse) }
    }

    private func dispatchCandidates(_ url: String, context: any Sendable, now: Int64?,
                                    followElse: Bool) throws -> DispatchFound {
        var called = 0
        for m in try candidates(for: url) {
            guard let handler = handler(for: m) else { continue }
            if let cr = m.route, !cr.route.navigation.requirements.names.isEmpty,
               let unmet = try requirements.firstUnmet(cr, context: context) {
                return try waiting(url, m, unmet: unmet, context: context, now: now, followElse: followElse,
                                   called: called)
            }
            called += 1
            // The candidate is the dispatch's until the handler returns: resolving into it
            // is refused (MatchBuffer.heldByDispatch), so the result stays this URL's.
            m.heldByDispatch = true
            let answer: HandlerResult
            do {
                defer { m.heldByDispatch = false }
                answer = try handler(m, context)
            }
            switch answer {
            case .accepted(let value):
                return (m, value, called, nil)
            case .declined:
                continue
            }
        }
        return (nil, nil, called, nil)
    }

    /// `handler` as a `RouteHandler`: the context cast to `Context` (any other declines),
    /// the candidate made a `Match`, a nil result a decline.
    func typedHandler<Context: Sendable, Value: Sendable>(
        _ handler: @escaping @Sendable (Match, Context) throws -> Value?) -> RouteHandler {
        { buffer, context in
            guard let context = context as? Context, let match = buffer.match,
                  let value = try handler(match, context) else { return .declined }
            return .accepted(value)
        }
    }

    /// The route's own handler, else the one registered for its target.
    func handler(for m: MatchBuffer) -> RouteHandler? {
        guard let route = m.route?.route else { return nil }
        if let h = route.handler { return h }
        if case .target(let t) = route.destination { return handlers.get(t) }
        return nil
    }
}
