/// Route fixtures (docs/TESTING-ROUTES.md): a URL and what resolving it must give, written
/// as data so an app's routes can be tested without a device. `RouteFixtures(json:)` reads
/// a fixture document; `Router.runFixtures(_:)` (FixtureRun.swift) checks every case.

/// How a URL must be refused.
public enum FixtureRefusal: String, Sendable, Hashable, CaseIterable {
    /// No route matches the URL (`resolve` returns nil).
    case noRoute = "no-route"
    /// A redirect route matches, but its redirect is refused (unsafe, a loop, too long).
    case redirect
    /// The URL itself is refused (it cannot be read, or is over a limit).
    case url
}

/// What one case expects. Every field left nil is not checked.
public struct FixtureExpectation: Sendable, Hashable {
    /// The name of the route that must win.
    public var route: String?
    /// The pattern of the route that must win, as it was added.
    public var pattern: String?
    /// The target of the route that must win.
    public var target: String?
    /// The merged parameters (`Match.params`), typed: `.int` for an `<int:>` capture or an
    /// integer default, `.float`, `.string`. Compared whole unless `only` is given.
    public var params: [String: ParameterValue]?
    /// The parameter names to compare: a name listed here and missing from `params` must be
    /// absent from the match; parameters not listed are not compared.
    public var only: [String]?
    /// The screen stack, root first: each route's name (its pattern when it has none).
    public var stack: [String]?
    /// The last URL of the redirect chain: a redirect must have been followed to it.
    public var redirect: String?
    /// The URL must be refused this way.
    public var refused: FixtureRefusal?
    /// The operations that open the link for the case's entry kind and open screens
    /// (`MatchBuffer.stackOperations`); empty for a link that waits.
    public var operations: [StackOperation]?
    /// The requirement the link must wait for under the case's context; "" (`null` in a
    /// fixture document): none.
    public var pending: String?

    /// An expectation from its parts.
    public init(route: String? = nil, pattern: String? = nil, target: String? = nil,
                params: [String: ParameterValue]? = nil, only: [String]? = nil, stack: [String]? = nil,
                redirect: String? = nil, refused: FixtureRefusal? = nil,
                operations: [StackOperation]? = nil, pending: String? = nil) {
        self.operations = operations
        self.pending = pending
        self.route = route
        self.pattern = pattern
        self.target = target
        self.params = params
        self.only = only
        self.stack = stack
        self.redirect = redirect
        self.refused = refused
    }
}

/// One case: a URL and what resolving it must give.
public struct RouteFixture: Sendable, Hashable {
    /// The URL resolved (the document's `base` already joined to it).
    public var url: String
    /// How the app was opened (`"entry"`); `.coldStart` when nil.
    public var entry: EntryKind?
    /// The screens open when the link arrives (`"open"`); none when nil.
    public var open: OpenScreens?
    /// Which requirements hold (`"context"`): a requirement not set to true does not.
    public var context: [String: Bool]?
    /// What the case is about, for reports.
    public var description: String?
    /// What it must give.
    public var expected: FixtureExpectation
    /// The line where the case starts in its document (1-based; 0 for a case made from its parts).
    public var line: Int
    /// The column where it starts, in characters (1-based; 0 for a case made from its parts).
    public var column: Int

    /// A case from its parts.
    public init(url: String, expected: FixtureExpectation, description: String? = nil, line: Int = 0, column: Int = 0,
                entry: EntryKind? = nil, open: OpenScreens? = nil, context: [String: Bool]? = nil) {
        self.url = url
        self.entry = entry
        self.open = open
        self.context = context
        self.expected = expected
        self.description = description
        self.line = line
        self.column = column
    }
}

/// A fixture document, read.
public struct RouteFixtures: Sendable, Hashable {
    /// The cases, in document order.
    public var cases: [RouteFixture]

    /// Cases from their parts.
    public init(_ cases: [RouteFixture]) { self.cases = cases }

    /// Reads a fixture document (docs/TESTING-ROUTES.md): a JSON array of cases, or an
    /// object with `"cases"` and optional `"base"` and `"description"`. Throws
    /// `invalidArgument` naming the JSON path, line and column (and the byte as `position`)
    /// for anything that is not that shape: a syntax error, a wrong type, an unknown key,
    /// a case with nothing to check; `limit` for a text over `maxBytes` (the default
    /// `RouterOptions.Limits.maxDocumentSize`, as rule documents are bounded).
    public init(json: String, maxBytes: Int = RouterOptions.Limits().maxDocumentSize) throws(SwitchyardError) {
        var text = json
        let result: Result<RouteFixtures, SwitchyardError> = text.withUTF8 { bytes in
            do throws(SwitchyardError) {
                return .success(try RouteFixtures(bytes: UnsafeRawBufferPointer(bytes), maxBytes: maxBytes))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Reads a fixture document from UTF-8 bytes (the C entry point's form).
    package init(bytes: UnsafeRawBufferPointer, maxBytes: Int) throws(SwitchyardError) {
        if bytes.count > maxBytes {
            throw SwitchyardError(.limit, "the fixture document is \(bytes.count) bytes, over the limit of \(maxBytes) (maxDocumentSize)")
        }
        let text = bytes.assumingMemoryBound(to: UInt8.self)
        let tape: JSONTape
        do throws(SwitchyardError) {
            tape = try JSONTape(parsing: text)
        } catch {
            throw SwitchyardError(.invalidArgument, "fixtures: " + error.message, position: error.position)
        }
        cases = try FixtureReader(tape: tape).document()
    }
}
