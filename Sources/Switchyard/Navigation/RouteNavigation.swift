/// What a route carries for navigation besides its destination: the route above it in a
/// screen stack, a handler, and a value of the caller's own. Kept on the `Route` value, so it
/// goes and comes with the route (removing a route drops its handler), and read only by
/// `dispatch`, `MatchBuffer.stack` and `MatchBuffer.value`: a resolve never looks at it.

/// What a handler answers.
public enum HandlerResult: Sendable {
    /// The handler took the URL; the value is handed back in `DispatchResult.value`.
    case accepted(any Sendable)
    /// Not for this handler: dispatch tries the next candidate.
    case declined
}

/// A handler: the match (with its own parameters) and the caller's context, unchanged.
/// It may run on any thread that dispatches, and may add or remove routes (no lock of the
/// router is held while it runs). A thrown error ends the dispatch and reaches its caller
/// unchanged.
public typealias RouteHandler = @Sendable (MatchBuffer, any Sendable) throws -> HandlerResult

struct RouteNavigation: Sendable, Hashable {
    var parent: String? = nil
    var payload: Payload? = nil
    /// What the route needs of the caller's context (Requirements.swift).
    var requirements = RouteRequirements()
    /// The tab and stack mode per entry kind (EntryStacks.swift); nil: `StackPolicy.standard`.
    var stackPolicy: StackPolicy? = nil

    /// Handler and value, compared by identity (closures and `any Sendable` have no equality).
    final class Payload: Sendable {
        let handler: RouteHandler?
        let value: (any Sendable)?
        init(handler: RouteHandler?, value: (any Sendable)?) {
            self.handler = handler
            self.value = value
        }
    }

    static func == (a: RouteNavigation, b: RouteNavigation) -> Bool {
        a.parent == b.parent && a.payload === b.payload && a.requirements == b.requirements
            && a.stackPolicy == b.stackPolicy
    }

    func hash(into h: inout Hasher) {
        h.combine(parent)
        h.combine(requirements)
        h.combine(stackPolicy)
        h.combine(payload.map(ObjectIdentifier.init))
    }
}

extension Route {
    /// Called by `Router.dispatch` when this route is a candidate; before the handler
    /// registered for the route's target (`Router.handle`).
    public var handler: RouteHandler? {
        get { navigation.payload?.handler }
        set { navigation.payload = .init(handler: newValue, value: navigation.payload?.value) }
    }

    /// A value of the caller's own (a view model factory, a screen descriptor...), read back
    /// from a match with `MatchBuffer.value`.
    public var value: (any Sendable)? {
        get { navigation.payload?.value }
        set { navigation.payload = .init(handler: navigation.payload?.handler, value: newValue) }
    }
}

extension MatchBuffer {
    /// The caller's value on the matched route (`Route.value`), or nil.
    public var value: (any Sendable)? { route?.route.value }

    /// The caller's value on the matched route when it is a `T`.
    public func value<T>(as type: T.Type) -> T? { route?.route.value as? T }
}
