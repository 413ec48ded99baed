/// An error from Switchyard: a code, a message in plain words and, where one applies,
/// the 0-based byte offset in the input (pattern, URL or document) that caused it.
public struct SwitchyardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. Each code has a fixed C status (`sy_status`), see `cStatus`.
    public enum Code: Sendable, Equatable, Hashable, CaseIterable {
        /// An option or argument is out of range.
        case invalidArgument
        /// A pattern is malformed; `position` points at the offending byte.
        case invalidPattern
        /// A route has the same shape and priority as one already in the router.
        case conflict
        /// A URL cannot be read (no valid scheme, control character, invalid UTF-8, bad port).
        case invalidURL
        /// An input is over one of `RouterOptions.Limits`.
        case limit
        /// A rule document is invalid (JSON syntax, shape, types, patterns, conflicts).
        case rule
        /// A redirect chain is longer than `RouterOptions.Limits.maxRedirects`.
        case redirectLimit
        /// A redirect chain meets the same URL twice.
        case redirectLoop
        /// A redirect produced a URL that leaves the scheme or host its template wrote, the
        /// document's redirect allowlist, or (for a relative template) the current host.
        case redirectUnsafe
        /// A file could not be read.
        case io
        /// A bug in Switchyard: please report it.
        case `internal`

        /// The `sy_status` value of this code (negative, never renumbered).
        public var cStatus: Int32 {
            switch self {
            case .internal: return -2
            case .invalidArgument: return -4
            case .invalidPattern: return -5
            case .conflict: return -6
            case .invalidURL: return -7
            case .limit: return -8
            case .rule: return -9
            case .redirectLimit: return -10
            case .redirectLoop: return -11
            case .io: return -12
            case .redirectUnsafe: return -14
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong, in plain words (it ends with "at N" when `position` is set).
    public var message: String
    /// 0-based byte offset into the input that caused the error, or nil.
    public var position: Int?
    /// For `Router.add(contentsOf:)`: the 0-based index, in the batch, of the route the
    /// error is about; nil otherwise.
    public var routeIndex: Int?
    /// For an error in a rule document read from text or a file (`rule`): where in the
    /// document, for the value the message's JSON path names (inside a pattern or redirect,
    /// the offending byte itself); nil otherwise, and for a document given as a jansson value.
    public var place: Place?
    /// The JSON path of a rule error, kept to find its place in the text (RulesPlace.swift).
    var documentPath: JSONPath?

    /// A place in a document: `offset` the 0-based byte in the document's text, `line` from 1,
    /// `column` from 1 counted in characters (Unicode scalars: a multi-byte UTF-8 character
    /// is one column, a tab one, a CR before a line feed one). For a JSON syntax error, the
    /// last byte the parser read (one before `position`), which the message's line and
    /// column name too.
    public struct Place: Equatable, Sendable, CustomStringConvertible {
        /// The line, from 1 (lines end at each line feed).
        public var line: Int
        /// The column, from 1, in characters.
        public var column: Int
        /// The 0-based byte in the document.
        public var offset: Int

        /// A place from its three numbers.
        public init(line: Int, column: Int, offset: Int) {
            self.line = line
            self.column = column
            self.offset = offset
        }

        /// "line 3, column 21, byte 83".
        public var description: String { "line \(line), column \(column), byte \(offset)" }
    }

    /// Messages that concern a byte end with "at N" (N = `position`); it is added when missing.
    public init(_ code: Code, _ message: String, position: Int? = nil) {
        self.code = code
        if let position, !message.hasSuffix(" at \(position)") {
            self.message = "\(message) at \(position)"
        } else {
            self.message = message
        }
        self.position = position
    }

    public var description: String { message }
}
