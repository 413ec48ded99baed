/// Every router-wide choice, in one value. The defaults are SEMANTICS.md's "default profile";
/// each field is one axis of the semantics matrix in `shared/conformance/README.md`, so the
/// behaviour of other routers can be reproduced as presets of this value.
public struct RouterOptions: Sendable, Equatable {
    /// How the authority (`//...`) of a URL or pattern is read.
    public enum HostHandling: Sendable, Equatable {
        /// Web schemes (`webSchemes`) have a real host; for every other scheme the authority
        /// is the first path segment (`myapp://user/42` has segments `user`, `42`). Default.
        case webSchemes
        /// The authority is always the first path segment, whatever the scheme (URLNavigator).
        case alwaysSegment
        /// The authority is a host when it contains a `.` or is `localhost`, else the first
        /// path segment (JLRoutes).
        case hostWhenDotted
    }

    /// How winners are chosen among routes that match (after priority, which always comes first).
    public enum Precedence: Sendable, Equatable {
        /// SEMANTICS.md §3: specificity part by part from the left. Default.
        case specificity
        /// The route added first wins (JLRoutes, DeepLinkKit).
        case registrationOrder
        /// The route with the most literal path segments wins, then the one added first
        /// (URLNavigator).
        case mostLiterals
    }

    /// Which wins in `params` when a path parameter and a query item share a name.
    public enum ParameterPrecedence: Sendable, Equatable {
        /// Path parameters win (a query cannot override `:id`). Default.
        case pathOverQuery
        /// Query items win (MGJRouter, Kickstarter).
        case queryOverPath
    }

    /// Ceilings on input size. Past one, the call fails with `SwitchyardError.Code.limit`.
    public struct Limits: Sendable, Equatable {
        /// Longest URL accepted, in bytes.
        public var maxURLLength = 32 * 1024
        /// Most path segments in a URL or pattern (after normalisation).
        public var maxSegments = 256
        /// Most parameters in one pattern.
        public var maxParameters = 64
        /// Longest pattern accepted, in bytes.
        public var maxPatternLength = 4 * 1024
        /// Largest rule document accepted, in bytes.
        public var maxDocumentSize = 16 * 1024 * 1024
        /// Most redirects followed for one resolve (the 9th is an error with the default 8).
        public var maxRedirects = 8
        /// Most candidates `Router.candidates(for:)` yields for one URL, and so the most
        /// handlers one `dispatch` tries (the best candidate counts as one).
        public var maxCandidates = 16
        public init() {}
    }

    /// Schemes that have a real host (compared case-insensitively). Lowercase.
    public var webSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]
    public var hostHandling: HostHandling = .webSchemes
    /// Keep a trailing `/` significant (`/a/` differs from `/a`).
    public var strictTrailingSlash = false
    /// Keep empty segments (`//`) instead of dropping them.
    public var keepEmptySegments = false
    /// Decode `+` as a space in query names and values (form encoding). Default true.
    public var plusAsSpaceInQuery = true
    /// Decode `+` as a space in path segments too (JLRoutes' `shouldDecodePlusSymbols`).
    public var plusAsSpaceInPath = false
    /// Percent-decode path segments before matching (default). When false, segments and
    /// literals are compared as written and parameter values stay encoded (URLNavigator).
    public var decodePath = true
    /// Compare literal path segments ignoring ASCII case. Parameter values keep their case.
    public var caseInsensitiveLiterals = false
    /// A trailing `*` or `*name` matches zero or more segments (default); when true it needs
    /// at least one (WAAppRouting, RoutingKit `**`).
    public var trailingWildcardNeedsSegment = false
    public var precedence: Precedence = .specificity
    public var parameterPrecedence: ParameterPrecedence = .pathOverQuery
    public var limits = Limits()

    public init() {}

    /// Checks that every limit is positive and every web scheme is a valid lowercase scheme.
    func validate() throws(SwitchyardError) {
        let l = limits
        let named: [(String, Int)] = [
            ("maxURLLength", l.maxURLLength), ("maxSegments", l.maxSegments),
            ("maxParameters", l.maxParameters), ("maxPatternLength", l.maxPatternLength),
            ("maxDocumentSize", l.maxDocumentSize), ("maxCandidates", l.maxCandidates),
        ]
        for (name, value) in named where value <= 0 || value > Int(Int32.max) {
            throw SwitchyardError(.invalidArgument, "limit \(name) must be between 1 and \(Int32.max), not \(value)")
        }
        if l.maxRedirects < 0 || l.maxRedirects > 1000 {
            throw SwitchyardError(.invalidArgument, "limit maxRedirects must be between 0 and 1000, not \(l.maxRedirects)")
        }
        for scheme in webSchemes where !isValidLowercaseScheme(scheme) {
            throw SwitchyardError(.invalidArgument, "web scheme '\(scheme)' is not a lowercase URL scheme")
        }
    }
}

func isValidLowercaseScheme(_ s: String) -> Bool {
    var first = true
    for b in s.utf8 {
        let ok = (b >= 0x61 && b <= 0x7A) || (!first && ((b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E))
        if !ok { return false }
        first = false
    }
    return !first
}
