/// A parameter's value: text, or a number when the pattern typed it (`<int:id>`, `<float:x>`)
/// or a route default was a number.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// Text: a `:name` or `<string:name>` capture, a query value, or a text default.
    case string(String)
    /// A whole number: an `<int:name>` capture or an integer default.
    case int(Int64)
    /// A floating-point number: a `<float:name>` capture or a number default.
    case float(Double)

    /// The value as text: the string itself, or the number written in decimal.
    public var description: String {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .float(let d): return formatDouble(d)
        }
    }
}

extension ParameterValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
}

/// Where a route leads.
public enum Destination: Sendable, Hashable {
    /// A string the host understands: a class, a screen, a handler name.
    case target(String)
    /// A URL template (SEMANTICS.md §6); `{name}` placeholders take captured values.
    case redirect(String)
}

/// A pattern and what it leads to.
public struct Route: Sendable, Hashable {
    /// The pattern (docs/SEMANTICS.md), as given.
    public var pattern: String
    /// Where the route leads: a target or a redirect.
    public var destination: Destination
    /// A name to build URLs with (`Router.url(for:)`) and to name a parent; unique among routes that have one.
    public var name: String?
    /// Higher wins over any specificity (SEMANTICS.md §3). Default 0.
    public var priority: Int
    /// Values for names that neither the path nor the query supplies.
    public var defaults: [String: ParameterValue]
    /// For redirects: append unused captured parameters and the original query (§6).
    public var appendParams: Bool
    /// For a redirect from a rule document: the document's `redirect_allowlist`, checked
    /// when the route is added and on every URL the redirect produces.
    var redirectAllowlist: RedirectAllowlist? {
        get { rare.box?.fields.redirectAllowlist }
        set { rare.update(setsDefault: newValue == nil) { $0.redirectAllowlist = newValue } }
    }
    /// Parent, handler and the caller's value (Navigation/RouteNavigation.swift); never read
    /// by a resolve.
    var navigation: RouteNavigation {
        get { rare.box?.fields.navigation ?? RouteNavigation() }
        set { rare.update(setsDefault: newValue == RouteNavigation()) { $0.navigation = newValue } }
    }
    /// The language `pattern` is written in; nil: the router's (`RouterOptions.dialect`).
    public var dialect: PatternDialect? = nil
    /// `urlpattern` dialect: compare ASCII letters ignoring case (the standard's `ignoreCase`).
    public var ignoreCase = false
    /// `urlpattern` dialect: the pattern for the URL's query (without `?`); nil matches any.
    public var searchPattern: String? {
        get { rare.box?.fields.searchPattern }
        set { rare.update(setsDefault: newValue == nil) { $0.searchPattern = newValue } }
    }
    /// `urlpattern` dialect: the pattern for the URL's fragment (without `#`); nil matches any.
    public var hashPattern: String? {
        get { rare.box?.fields.hashPattern }
        set { rare.update(setsDefault: newValue == nil) { $0.hashPattern = newValue } }
    }
    /// Whether the route came from the router's rule document (`loadRules`), as `Router.routes`
    /// reports it; false for a route added (`add`) and for a route you make. Set by the router
    /// only: a route given to `add` is an added route whatever it says. Not compared by `==`:
    /// the same route is equal wherever it came from.
    public var fromDocument: Bool { origin.fromDocument }
    /// Query items declared outside the pattern (a rule document's `"query"`), or nil.
    var queryContract: QueryContractDeclaration? {
        get { rare.box?.fields.queryContract }
        set { rare.update(setsDefault: newValue == nil) { $0.queryContract = newValue } }
    }
    var origin = RouteOrigin()
    /// Whether any field held out of line (`RareRouteFields`) is set: when not, the
    /// navigation fields, the allowlist, the search and hash patterns and the query contract
    /// are all at their defaults.
    var hasRareFields: Bool { rare.box != nil }
    /// The fields most routes leave unset, held out of line (`RareRouteFields`).
    private var rare = RareRouteFields()

    /// A route to `destination`; the other initialisers are shorthands for it.
    public init(_ pattern: String, destination: Destination, name: String? = nil, priority: Int = 0,
                defaults: [String: ParameterValue] = [:], appendParams: Bool = true) {
        self.pattern = pattern
        self.destination = destination
        self.name = name
        self.priority = priority
        self.defaults = defaults
        self.appendParams = appendParams
    }

    /// A route to the target `target` (a screen, a class, a handler name).
    public init(_ pattern: String, target: String, name: String? = nil, priority: Int = 0,
                defaults: [String: ParameterValue] = [:]) {
        self.init(pattern, destination: .target(target), name: name, priority: priority, defaults: defaults)
    }

    /// A redirect route: a match resolves again at the URL `redirect` builds (`{name}` takes a parameter).
    public init(_ pattern: String, redirect: String, name: String? = nil, priority: Int = 0,
                defaults: [String: ParameterValue] = [:], appendParams: Bool = true) {
        self.init(pattern, destination: .redirect(redirect), name: name, priority: priority,
                  defaults: defaults, appendParams: appendParams)
    }
}

/// The fields of a Route that most routes leave unset, in one shared box that is made only
/// when one of them is set: a route is copied several times on its way into a table (and
/// kept by it), and each field held inline would be one more reference count per copy and
/// more bytes per route. Compared and hashed by value, as if the fields were inline.
struct RareRouteFields: Sendable, Hashable {
    struct Fields: Sendable, Hashable {
        var redirectAllowlist: RedirectAllowlist? = nil
        var navigation = RouteNavigation()
        var searchPattern: String? = nil
        var hashPattern: String? = nil
        var queryContract: QueryContractDeclaration? = nil
    }

    final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// nil: every field at its default. Readers take one field through it
    /// (`box?.fields.searchPattern`), never a copy of all of them.
    private(set) var box: Box? = nil

    var fields: Fields { box?.fields ?? Fields() }

    /// Changes the fields; nothing is made when a field is set to its default on a route
    /// that has none (the common case: a document sets every field it reads).
    mutating func update(setsDefault: Bool, _ body: (inout Fields) -> Void) {
        if setsDefault && box == nil { return }
        var f = fields
        body(&f)
        box = Box(f)
    }

    static func == (a: RareRouteFields, b: RareRouteFields) -> Bool {
        a.box === b.box || a.fields == b.fields
    }

    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

/// Where a route came from, kept on the route so `Router.routes` can report it; equal and
/// hashed alike whatever it holds, so that it never tells two routes apart.
struct RouteOrigin: Sendable, Hashable {
    var fromDocument = false
    static func == (_: RouteOrigin, _: RouteOrigin) -> Bool { true }
    func hash(into _: inout Hasher) {}
}

/// Shortest decimal text that reads back as the same Double ("2.5", "1e-07", "300000000.0"):
/// a parameter's text, and valid JSON for a finite value.
func formatDouble(_ d: Double) -> String {
    d.description
}
