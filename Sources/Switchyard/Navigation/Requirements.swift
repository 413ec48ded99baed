/// Requirements on routes: a route may list named requirements (`Route.requires`,
/// `"requires"` in a rule document), and the app registers a check per name
/// (`Router.require`). A dispatch that reaches a candidate whose requirement does not hold
/// against the caller's context does not drop the link: it ends pending, with the unmet
/// requirement and a resume token (ResumeToken.swift) that `Router.resume` dispatches later.
/// A requirement may name a route of the table to send the waiting link to (`else`, a
/// login screen), with the token as its only parameter.

/// What a route needs of the caller's context, and where each unmet requirement sends the link.
struct RouteRequirements: Sendable, Hashable {
    var names: [String] = []
    /// Requirement name -> the name of the route that takes the link while it waits.
    var elseRoutes: [String: String] = [:]
}

/// Bounds on requirements and resume tokens (docs/SECURITY.md, Limits).
public enum RequirementLimits {
    /// Bytes in a requirement name (ASCII letters, digits, `-`, `_`, `.`).
    public static let maxNameLength = 64
    /// Requirements on one route.
    public static let maxPerRoute = 8
    /// Bytes of a URL a resume token can carry; a longer link that meets an unmet
    /// requirement is a `.limit` error.
    public static let maxTokenURLLength = 2048
    /// Characters in a resume token's text; a longer text is refused unread.
    public static let maxTokenLength = 4096
}

/// A requirement's check: whether it holds for the context a dispatch was given. An error
/// it throws ends the dispatch and reaches the caller unchanged.
public typealias RequirementCheck = @Sendable (any Sendable) throws -> Bool

extension Route {
    /// The names of the requirements the route has (checked in this order); empty: none.
    public var requires: [String] {
        get { navigation.requirements.names }
        set { navigation.requirements.names = newValue }
    }

    /// For a requirement of `requires`, the name of the route a waiting link is sent to
    /// (with the resume token as its `resume` parameter) when that requirement does not hold.
    public var elseRoutes: [String: String] {
        get { navigation.requirements.elseRoutes }
        set { navigation.requirements.elseRoutes = newValue }
    }
}

/// Checks a route's requirement list when it is added: names well formed, bounded, listed
/// once, and every `else` about a listed requirement. Costs nothing for a route without any.
func validateRequirements(_ route: Route) throws(SwitchyardError) {
    let r = route.navigation.requirements
    if r.names.isEmpty && r.elseRoutes.isEmpty { return }
    if let problem = requirementListProblem(r) {
        throw SwitchyardError(problem.limit ? .limit : .invalidArgument, "route '\(route.pattern)' \(problem.message)")
    }
}

/// What is wrong with a requirement list, in words, or nil (shared with the rule reader).
func requirementListProblem(_ r: RouteRequirements) -> (message: String, limit: Bool)? {
    if r.names.count > RequirementLimits.maxPerRoute {
        return ("has \(r.names.count) requirements; at most \(RequirementLimits.maxPerRoute)", true)
    }
    var seen: Set<String> = []
    for n in r.names {
        if let why = requirementNameProblem(n) { return ("requires '\(n)': \(why)", n.utf8.count > RequirementLimits.maxNameLength) }
        if !seen.insert(n).inserted { return ("requires '\(n)' twice", false) }
    }
    for (requirement, target) in r.elseRoutes.sorted(by: { $0.key < $1.key }) {
        if !seen.contains(requirement) {
            return ("has an else route for '\(requirement)', which it does not require", false)
        }
        if target.isEmpty { return ("has an empty else route name for '\(requirement)'", false) }
    }
    return nil
}

/// Why `name` is not a requirement name, or nil.
func requirementNameProblem(_ name: String) -> String? {
    symbolNameProblem(name, what: "a requirement name", maxLength: RequirementLimits.maxNameLength)
}

/// Why `name` is not a name of the app's vocabulary (a requirement, a tab, an entry kind):
/// 1 to `maxLength` bytes of ASCII letters, digits, `-`, `_` and `.`; or nil.
func symbolNameProblem(_ name: String, what: String, maxLength: Int) -> String? {
    let bytes = name.utf8
    if bytes.isEmpty { return "\(what) is not empty" }
    if bytes.count > maxLength {
        return "\(what) has at most \(maxLength) bytes, not \(bytes.count)"
    }
    for (i, b) in bytes.enumerated() {
        let ok = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == 0x2D || b == 0x5F || b == 0x2E
        if !ok { return "byte \(i) is not an ASCII letter, digit, '-', '_' or '.'" }
    }
    return nil
}

/// The router's requirement checks and resume-token settings, behind their own lock (never
/// held while a check runs).
final class RequirementRegistry: Sendable {
    struct Settings {
        var checks: [String: RequirementCheck] = [:] {
            didSet { byRoute.removeAll() }
        }
        /// `checks(of:)`'s lists, per compiled route.
        var byRoute: [ObjectIdentifier: (route: CompiledRoute, checks: [RequirementCheck?])] = [:]
        /// Random per router until the app gives one (tokens then die with the router).
        var key = SipHashKey.random()
        var maxAge: Int64 = 86_400
        /// The version of the table with this id (`tableVersion`), worked out once per table.
        var version: (tableID: UInt64, version: UInt64)? = nil
    }
    let settings = PThreadLocked(Settings())

    /// The first of `names` whose check does not hold for `context`, or nil when all hold.
    /// A name with no check registered is an `.invalidArgument` error: it never passes.
    func firstUnmet(_ cr: CompiledRoute, context: any Sendable) throws -> String? {
        let names = cr.route.navigation.requirements.names
        let checks = settings.withLock { s in s.checks(of: cr) }
        for (n, check) in zip(names, checks) {
            guard let check else {
                throw SwitchyardError(.invalidArgument,
                    "route '\(cr.route.pattern)' requires '\(n)', but no check is registered for it (Router.require)")
            }
            if try !check(context) { return n }
        }
        return nil
    }
}

extension RequirementRegistry.Settings {
    /// The checks of a route's requirements, in order (nil: none registered), looked up by
    /// name once per route and kept until a check is registered or removed: a dispatch then
    /// hashes a pointer, not every name. The route is held, so its identifier is not reused.
    mutating func checks(of cr: CompiledRoute) -> [RequirementCheck?] {
        let id = ObjectIdentifier(cr)
        if let hit = byRoute[id], hit.route === cr { return hit.checks }
        let list = cr.route.navigation.requirements.names.map { checks[$0] }
        if byRoute.count >= 4096 { byRoute.removeAll() }
        byRoute[id] = (cr, list)
        return list
    }
}

extension Router {
    /// Registers the check of the requirement `name` (replacing the previous one); nil
    /// removes it. A route requiring a name with no check does not dispatch: its dispatch
    /// is an `.invalidArgument` error naming the route and the requirement.
    public func require(_ name: String, _ check: RequirementCheck?) {
        requirements.settings.withLock { $0.checks[name] = check }
    }

    /// Registers a check typed by the caller's context: a dispatch whose context is not a
    /// `Context` does not meet the requirement.
    @_disfavoredOverload
    public func require<Context: Sendable>(_ name: String, _ check: @escaping @Sendable (Context) throws -> Bool) {
        require(name) { (context: any Sendable) throws -> Bool in
            guard let context = context as? Context else { return false }
            return try check(context)
        }
    }

    /// Sets the key of this router's resume tokens and how long they live. A key of your
    /// own (16 random bytes kept by the app, e.g. in the keychain) makes tokens survive an
    /// app restart: a new router with the same key and the same routes resumes them. Without
    /// one, each router has a random key and its tokens are refused by any other router.
    /// `maxAge` (seconds, 1 to 10 years; default one day) is the oldest token `resume` accepts.
    public func setResumeTokens(key: SipHashKey?, maxAge: Int64 = 86_400) throws(SwitchyardError) {
        guard maxAge > 0, maxAge <= 10 * 366 * 86_400 else {
            throw SwitchyardError(.invalidArgument, "a resume token's maximum age is 1 second to 10 years, not \(maxAge) seconds")
        }
        requirements.settings.withLock { s in
            s.key = key ?? SipHashKey.random()
            s.maxAge = maxAge
        }
    }
}
