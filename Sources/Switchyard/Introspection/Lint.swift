/// Lints for rule documents: problems a document can have although it loads. Each has a
/// stable id, a severity and a one-line fix. `RulesLinter.lint(json:)` loads the document
/// the way an app does, then looks at the resulting table (Reachability.swift, the
/// redirect sets of RedirectShapes.swift) and at the document itself.

/// How serious a finding is. Errors are mistakes; warnings may be intended.
public enum LintSeverity: String, Sendable, Hashable, Comparable {
    /// A mistake: the document does something its author cannot have meant.
    case error
    /// Possibly intended: worth a look.
    case warning
    public static func < (a: LintSeverity, b: LintSeverity) -> Bool { a == .error && b == .warning }
}

/// Every lint, by its stable id.
public enum LintRule: String, Sendable, Hashable, CaseIterable {
    /// A route that wins no URL: others above it take them all.
    case shadowedRoute = "shadowed-route"
    /// Two routes that differ only in a parameter's name.
    case parameterNameOnly = "parameter-name-only"
    /// A redirect that can lead back to a URL it already met.
    case redirectLoop = "redirect-loop"
    /// A redirect chain longer than `maxRedirects`.
    case redirectLimit = "redirect-limit"
    /// A redirect that can leave the app's hosts.
    case redirectOffsite = "redirect-offsite"
    /// A redirect to URLs no route handles: they open outside the app.
    case redirectUnhandled = "redirect-unhandled"
    /// A redirect placeholder left empty when its remainder matches no segment.
    case emptyPlaceholder = "empty-placeholder"
    /// A default that never applies (the path always captures its name, or the route is a redirect).
    case unusedDefault = "unused-default"
    /// A redirect to a route whose query contract requires an item the redirect never supplies.
    case redirectMissesQueryItem = "redirect-misses-query-item"
    /// A document over the size set in the lint settings.
    case documentSize = "document-size"

    /// The stable id (`shadowed-route`), as documents' lint settings name it.
    public var id: String { rawValue }

    /// How serious a finding of this lint is.
    public var severity: LintSeverity {
        switch self {
        case .shadowedRoute, .redirectLoop, .redirectLimit, .documentSize: return .error
        case .parameterNameOnly, .redirectOffsite, .redirectUnhandled, .emptyPlaceholder, .unusedDefault,
             .redirectMissesQueryItem: return .warning
        }
    }

    /// What the lint finds, in one line.
    public var summary: String {
        switch self {
        case .shadowedRoute: return "a route that can never win: every URL it matches goes to routes that beat it"
        case .parameterNameOnly: return "two routes that differ only in a parameter's name"
        case .redirectLoop: return "a redirect whose chain always comes back to a URL it met"
        case .redirectLimit: return "a redirect whose chain always takes more redirects than the limit"
        case .redirectOffsite: return "a redirect that leaves its route's scheme and host, with no redirect_allowlist"
        case .redirectUnhandled: return "a redirect to URLs no route handles: they open outside the app"
        case .emptyPlaceholder: return "a redirect placeholder whose value can be empty"
        case .unusedDefault: return "a default that never applies"
        case .redirectMissesQueryItem: return "a redirect to a route whose query contract requires an item the redirect never supplies"
        case .documentSize: return "a document over the size the caller set"
        }
    }

    /// The usual fix, in one line.
    public var fix: String {
        switch self {
        case .shadowedRoute: return "remove the route, or give it a higher priority than the routes that shadow it"
        case .parameterNameOnly: return "keep one of the two routes (they match the same URLs), with the parameter name the app expects"
        case .redirectLoop: return "point one redirect of the chain at a route with a target"
        case .redirectLimit: return "shorten the chain: redirect straight to its last URL"
        case .redirectOffsite: return "add a \"redirect_allowlist\" (versioned documents) naming where redirects may lead"
        case .redirectUnhandled: return "add a route for the redirect's URL, or disable this lint if it is meant to open in a browser"
        case .emptyPlaceholder: return "use <path:name> (one or more segments) instead of *name, or add a route for the URL without it"
        case .unusedDefault: return "remove the default"
        case .redirectMissesQueryItem: return "add the item to the redirect's query (a value or a {placeholder}), or give the item a default"
        case .documentSize: return "split the document, or raise the size limit"
        }
    }
}

/// A place in the document a finding also concerns (another route, for instance).
public struct LintNote: Sendable, Hashable {
    /// JSON path (`$.routes[3].pattern`).
    public var path: String
    /// What the place has to do with the finding, in words.
    public var message: String
}

/// One problem a lint found in a rule document.
public struct LintFinding: Sendable, Hashable {
    /// The lint that found it.
    public var rule: LintRule
    /// The lint's severity.
    public var severity: LintSeverity { rule.severity }
    /// What is wrong, in plain words.
    public var message: String
    /// The fix for this finding (the rule's usual fix unless the finding knows better).
    public var fix: String
    /// JSON path of what the finding is about (`$.routes[3].pattern`, `$["/a/:id"]`, `$`).
    public var path: String
    /// 0-based byte inside the string at `path`, when the finding concerns one spot of it.
    public var position: Int?
    /// The route's index in the document (`Router.routes` order), when about one route.
    public var routeIndex: Int?
    /// Other places the finding concerns.
    public var notes: [LintNote]
}

/// Which lints run, and their settings.
public struct LintConfiguration: Sendable {
    /// Lints not to run.
    public var disabled: Set<LintRule> = []
    /// `document-size`: the most bytes a document may have (nil: no check).
    public var maxDocumentBytes: Int? = nil
    /// Settings that run every lint but `disabled`.
    public init(disabled: Set<LintRule> = [], maxDocumentBytes: Int? = nil) {
        self.disabled = disabled
        self.maxDocumentBytes = maxDocumentBytes
    }
}

/// What linting one document found.
public struct LintReport: Sendable {
    /// How many routes the document has.
    public var routeCount: Int
    /// Findings in document order (by route), then by lint id.
    public var findings: [LintFinding]
}

/// Lints rule documents (`switchyard check`).
public enum RulesLinter {
    /// Loads `json` as an app would (throwing the loader's rule error, with its JSON path
    /// and position, when it does not load) and returns the lints' findings.
    public static func lint(json: String, options: RouterOptions = RouterOptions(),
                            configuration: LintConfiguration = LintConfiguration()) throws(SwitchyardError) -> LintReport {
        let router = try Router(options: options)
        try router.loadRules(json: json)
        return try lint(loaded: router, json: json, configuration: configuration)
    }

    /// As `lint(json:)`, for a router that was made with no routes and then loaded `json`.
    package static func lint(loaded router: Router, json: String,
                             configuration: LintConfiguration = LintConfiguration()) throws(SwitchyardError) -> LintReport {
        let doc = try readRuleDocument(json, router.patternConfig.read)
        var lint = DocumentLint(router: router, doc: doc, configuration: configuration)
        if let max = configuration.maxDocumentBytes, json.utf8.count > max {
            lint.add(.documentSize, "the document is \(json.utf8.count) bytes, over the limit of \(max)", path: "$")
        }
        lint.run()
        return LintReport(routeCount: router.routes.count, findings: lint.sortedFindings)
    }
}
