/// Every router-wide choice, in one value. The defaults are SEMANTICS.md's "default profile";
/// each field is one axis of the semantics matrix in `Tests/Data/conformance/README.md`, so the
/// behaviour of other routers can be reproduced as presets of this value.
public struct RouterOptions: Sendable, Equatable {
    /// How the authority (`//...`) of a URL or pattern is read.
    public enum HostHandling: String, Sendable, Equatable, Codable {
        /// Web schemes (`webSchemes`) have a real host; for every other scheme the authority
        /// is the first path segment (`myapp://user/42` has segments `user`, `42`). Default.
        case webSchemes
        /// The authority is always the first path segment, whatever the scheme (URLNavigator).
        case alwaysSegment
        /// The authority is a host when it contains a `.` or is `localhost`, else the first
        /// path segment (JLRoutes).
        case hostWhenDotted
        /// The authority is always a host, whatever the scheme (Kickstarter: `ksr://www...`
        /// reads as `https://www...`).
        case alwaysHost
    }

    /// How winners are chosen among routes that match (after priority, which always comes first).
    public enum Precedence: String, Sendable, Equatable, Codable {
        /// SEMANTICS.md §3: specificity part by part from the left. Default.
        case specificity
        /// The route added first wins (JLRoutes, DeepLinkKit).
        case registrationOrder
        /// The route with the most literal path segments wins, then the one added first
        /// (URLNavigator).
        case mostLiterals
        /// Segment by segment from the left, the route whose text sorts first by code point
        /// wins, a parameter sorting as `:` and a wildcard last: `2x` before `:id` before
        /// `profile` (MGJRouter's sorted trie).
        case codePoint
    }

    /// Which wins in `params` when a path parameter and a query item share a name.
    public enum ParameterPrecedence: String, Sendable, Equatable, Codable {
        /// Path parameters win (a query cannot override `:id`). Default.
        case pathOverQuery
        /// Query items win (MGJRouter, Kickstarter).
        case queryOverPath
    }

    /// Ceilings on input size. Past one, the call fails with `SwitchyardError.Code.limit`.
    /// Each has a ceiling of its own (`Limits.ceilings`, checked when a Router is made): the
    /// largest value this implementation honours with memory, time and stack bounded by the
    /// input (docs/SECURITY.md, "Limits").
    public struct Limits: Sendable, Equatable {
        /// Longest URL accepted, in bytes. At most 1 MiB (1,048,576): a redirect chain keeps
        /// every URL it meets, up to `maxRedirects` + 1 of them, with 32-bit offsets.
        public var maxURLLength = 32 * 1024
        /// Most path segments in a URL or pattern (after normalisation). At most 1,048,576
        /// (a segment takes at least one byte, so more could never be reached).
        public var maxSegments = 256
        /// Most parameters in one pattern. At most 65,536.
        public var maxParameters = 64
        /// Longest pattern accepted, in bytes. At most 1 MiB (1,048,576).
        public var maxPatternLength = 4 * 1024
        /// Largest rule document accepted, in bytes. At most 256 MiB (268,435,456).
        public var maxDocumentSize = 16 * 1024 * 1024
        /// Most redirects followed for one resolve (the 9th is an error with the default 8).
        /// At most 1,000.
        public var maxRedirects = 8
        /// Most alternatives the optional groups of one pattern may give (a pattern with g
        /// groups gives 2^g; past this it is a limit error). At most 256, the alternatives of
        /// the 8 groups a pattern may have. Whatever this says, all routes together may hold
        /// alternatives of at most 1.5 bytes per byte of their patterns, plus 1 MiB (SEMANTICS §7).
        public var maxAlternatives = 256
        /// Most candidates `Router.candidates(for:)` yields for one URL, and so the most
        /// handlers one `dispatch` tries (the best candidate counts as one). At most 1,000.
        public var maxCandidates = 16
        /// The default limits.
        public init() {}

        /// The largest value each limit accepts (the smallest is 1; 0 for `maxRedirects`).
        public static let ceilings = Limits(
            maxURLLength: 1 << 20, maxSegments: 1 << 20, maxParameters: 1 << 16, maxPatternLength: 1 << 20,
            maxDocumentSize: 1 << 28, maxRedirects: 1000, maxAlternatives: 256, maxCandidates: 1000)

        private init(maxURLLength: Int, maxSegments: Int, maxParameters: Int, maxPatternLength: Int,
                     maxDocumentSize: Int, maxRedirects: Int, maxAlternatives: Int, maxCandidates: Int) {
            self.maxURLLength = maxURLLength
            self.maxSegments = maxSegments
            self.maxParameters = maxParameters
            self.maxPatternLength = maxPatternLength
            self.maxDocumentSize = maxDocumentSize
            self.maxRedirects = maxRedirects
            self.maxCandidates = maxCandidates
            self.maxAlternatives = maxAlternatives
        }
    }

    /// Schemes that have a real host (compared case-insensitively). Lowercase, at most 255
    /// bytes each.
    public var webSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]
    /// How the authority of a URL or pattern is read. Default `.webSchemes`.
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
    /// How winners are chosen after priority. Default `.specificity`.
    public var precedence: Precedence = .specificity
    /// Which wins in `params` when a path parameter and a query item share a name. Default `.pathOverQuery`.
    public var parameterPrecedence: ParameterPrecedence = .pathOverQuery
    /// A query item beats a path parameter of the same name in `params`: the same switch
    /// as C's `SY_OPT_QUERY_OVER_PATH` and Python's `query_over_path` (`parameterPrecedence`
    /// seen as one Bool). Default false.
    public var queryOverPath: Bool {
        get { parameterPrecedence == .queryOverPath }
        set { parameterPrecedence = newValue ? .queryOverPath : .pathOverQuery }
    }
    /// Ceilings on input size, together; each is also an option of its own below.
    public var limits = Limits()
    /// `limits.maxURLLength`, beside the other options as C and Python keep it.
    public var maxURLLength: Int {
        get { limits.maxURLLength }
        set { limits.maxURLLength = newValue }
    }
    /// `limits.maxSegments`, beside the other options as C and Python keep it.
    public var maxSegments: Int {
        get { limits.maxSegments }
        set { limits.maxSegments = newValue }
    }
    /// `limits.maxParameters`, beside the other options as C and Python keep it.
    public var maxParameters: Int {
        get { limits.maxParameters }
        set { limits.maxParameters = newValue }
    }
    /// `limits.maxPatternLength`, beside the other options as C and Python keep it.
    public var maxPatternLength: Int {
        get { limits.maxPatternLength }
        set { limits.maxPatternLength = newValue }
    }
    /// `limits.maxDocumentSize`, beside the other options as C and Python keep it.
    public var maxDocumentSize: Int {
        get { limits.maxDocumentSize }
        set { limits.maxDocumentSize = newValue }
    }
    /// `limits.maxRedirects`, beside the other options as C and Python keep it.
    public var maxRedirects: Int {
        get { limits.maxRedirects }
        set { limits.maxRedirects = newValue }
    }
    /// `limits.maxAlternatives`, beside the other options as C and Python keep it.
    public var maxAlternatives: Int {
        get { limits.maxAlternatives }
        set { limits.maxAlternatives = newValue }
    }
    /// `limits.maxCandidates`, beside the other options as C and Python keep it.
    public var maxCandidates: Int {
        get { limits.maxCandidates }
        set { limits.maxCandidates = newValue }
    }
    /// The pattern language of routes that do not name one (`Route.dialect`).
    public var dialect: PatternDialect = .switchyard
    /// How patterns of the default dialect are read: as Switchyard writes them, or in the
    /// syntax of the router a preset is named after (docs/CONFORMANCE.md). Default `.switchyard`.
    public var patternReading: Preset = .switchyard
    /// JLRoutes' fragment routes: a fragment starting with `/` continues the path (the last
    /// segment before it ends with `#`, so `/user#/view/:id` matches `app://user#/view/42`)
    /// and its own query joins the URL's; any other fragment (`#k=v&...`) is read as more
    /// query items. Default false (the fragment is kept apart, never matched).
    public var fragmentAsPath = false
    /// `%2B` is a space wherever `+` is read as one (`plusAsSpaceInPath`, `plusAsSpaceInQuery`):
    /// JLRoutes decodes before it turns `+` into spaces. Default false (`%2B` is a `+`).
    public var encodedPlusAsSpace = false
    /// A URL whose scheme is not written in lowercase matches nothing (URLNavigator compares
    /// schemes case-sensitively, and patterns' schemes are lowercase). Default false.
    public var caseSensitiveScheme = false
    /// When not empty, a URL matches only when its host is one of these or, for an entry
    /// ending with `.` (`www.`), starts with it (lowercase, compared ignoring case):
    /// Kickstarter's router recognises its hosts by prefix. A whole host is not a text prefix
    /// (`www.kickstarter.com.evil.example` is refused). Default empty (any host, or none).
    public var hostPrefixes: [String] = []
    /// JLRoutes' per-scheme route tables: routes whose pattern names a scheme come before
    /// routes without one, and a URL whose scheme some route names matches a route without a
    /// scheme only when that scheme is in `globalFallbackSchemes` (JLRoutes'
    /// `shouldFallbackToGlobalRoutes`). Default false (a path pattern matches every scheme).
    public var schemeTables = false
    /// With `schemeTables`: the schemes (lowercase) whose URLs fall back to routes without a
    /// scheme when their own routes do not match. Default empty.
    public var globalFallbackSchemes: [String] = []
    /// A load or batch add of 5,000 routes or more compiles its patterns on two threads it
    /// starts and joins before it returns, while the caller's thread waits (on a machine with
    /// more than one processor, and never while the router has a parameter type with a parse
    /// function, which runs on the caller's thread); its table (built by the load, or by the
    /// first resolve after the add) is built on two such threads too. The routes, the answers
    /// and the errors are the same either way. Default true; false keeps every build on the
    /// caller's thread.
    public var parallelBuild = true

    /// The default options (docs/SEMANTICS.md's default profile), always valid.
    public init() {}

    /// Checks that every limit is between its floor and its ceiling (`Limits.ceilings`) and
    /// every web scheme is a valid lowercase scheme of at most 255 bytes.
    func validate() throws(SwitchyardError) {
        let l = limits, c = Limits.ceilings
        let named: [(String, Int, Int, Int)] = [
            ("maxURLLength", l.maxURLLength, 1, c.maxURLLength), ("maxSegments", l.maxSegments, 1, c.maxSegments),
            ("maxParameters", l.maxParameters, 1, c.maxParameters),
            ("maxPatternLength", l.maxPatternLength, 1, c.maxPatternLength),
            ("maxDocumentSize", l.maxDocumentSize, 1, c.maxDocumentSize),
            ("maxRedirects", l.maxRedirects, 0, c.maxRedirects),
            ("maxAlternatives", l.maxAlternatives, 1, c.maxAlternatives),
            ("maxCandidates", l.maxCandidates, 1, c.maxCandidates),
        ]
        for (name, value, low, high) in named where value < low || value > high {
            throw SwitchyardError(.invalidArgument, "limit \(name) must be between \(low) and \(high), not \(value)")
        }
        for prefix in hostPrefixes where prefix.isEmpty || prefix.utf8.count > maxWebSchemeLength
            || prefix.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == 0x2F || $0 &- 0x41 < 26 }) {
            throw SwitchyardError(.invalidArgument,
                "host prefix '\(String(decoding: prefix.utf8.prefix(32), as: UTF8.self))' must be 1 to \(maxWebSchemeLength) bytes of lowercase ASCII without '/' or spaces")
        }
        for scheme in globalFallbackSchemes where !isValidLowercaseScheme(scheme) || scheme.utf8.count > maxWebSchemeLength {
            throw SwitchyardError(.invalidArgument, "fallback scheme '\(String(decoding: scheme.utf8.prefix(32), as: UTF8.self))' is not a lowercase URL scheme of at most \(maxWebSchemeLength) bytes")
        }
        for scheme in webSchemes {
            let n = scheme.utf8.count
            if n > maxWebSchemeLength {
                throw SwitchyardError(.invalidArgument,
                    "web scheme '\(String(decoding: scheme.utf8.prefix(32), as: UTF8.self))...' is \(n) bytes; at most \(maxWebSchemeLength) are allowed")
            }
            if !isValidLowercaseScheme(scheme) {
                throw SwitchyardError(.invalidArgument, "web scheme '\(scheme)' is not a lowercase URL scheme")
            }
        }
    }
}

/// The longest web scheme name: the reader stores each with a one-byte length.
let maxWebSchemeLength = 255

func isValidLowercaseScheme(_ s: String) -> Bool {
    isSchemeName(s.utf8) && !s.utf8.contains { $0 &- 0x41 < 26 }  // no A-Z
}
