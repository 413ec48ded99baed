/// Running route fixtures against a router: every case resolved once, compared field by
/// field (FixtureCompare.swift), and the routes no case reached.

/// What running fixtures found.
public struct FixtureReport: Sendable, Hashable {
    /// One field whose value differs, both sides written as in a fixture (`42`, `"42"`,
    /// `["hotels","hotel"]`, `(none)` for what is absent).
    public struct Difference: Sendable, Hashable {
        /// `route`, `pattern`, `target`, `params.<name>`, `stack`, `redirect`, `operations`,
        /// `pending`, `refused`, or
        /// `outcome` (a match was expected and the URL was refused, or the reverse).
        public var field: String
        /// What the case states.
        public var expected: String
        /// What resolving the URL gave.
        public var got: String
    }

    /// A case that did not pass.
    public struct Failure: Sendable, Hashable {
        /// The case's index in the document (0-based).
        public var index: Int
        /// The case as read.
        public var fixture: RouteFixture
        /// The case itself is wrong (it names a route the router does not have), so it was
        /// not run: `message` says why.
        public var isFixtureError: Bool
        /// Why a fixture error cannot pass (nil for a case that ran).
        public var message: String?
        /// The fields that differ (empty for a fixture error).
        public var differences: [Difference]
    }

    /// A route no case resolved to (redirect routes count when a case's chain passes them).
    public struct UncoveredRoute: Sendable, Hashable {
        /// Its name, if it has one.
        public var name: String?
        /// Its pattern, as added.
        public var pattern: String
    }

    /// The number of cases.
    public var total = 0
    /// The cases that passed.
    public var passed = 0
    /// The cases that failed and the fixture errors, in document order.
    public var failures: [Failure] = []
    /// The routes no case reached, in the order they were added.
    public var uncovered: [UncoveredRoute] = []
    /// The work done: table walks plus values compared (what the cost test bounds).
    package var work = 0

    /// Cases run that did not give what they expect.
    public var failed: Int { failures.count - fixtureErrors }
    /// Cases that could not be run as written.
    public var fixtureErrors: Int { failures.reduce(0) { $0 + ($1.isFixtureError ? 1 : 0) } }
    /// Whether every case passed.
    public var succeeded: Bool { failures.isEmpty }
}

extension Router {
    /// Runs every case of `fixtures` against the router's current routes. A case that does
    /// not pass is a `Failure` of the report, never an error: an app's test asserts
    /// `report.succeeded` and prints `report.json` or the failures' differences.
    public func runFixtures(_ fixtures: RouteFixtures) -> FixtureReport {
        let table = currentTable()
        let routes = table.routes
        var names: Set<String> = [], patterns: Set<String> = []
        for r in routes {
            if let n = r.route.name { names.insert(n) }
            patterns.insert(r.route.pattern)
        }
        var reached = Set<Int>()
        var report = FixtureReport()
        report.total = fixtures.cases.count
        let match = MatchBuffer(), scratch = MatchBuffer()

        /// Marks the route `url` meets first (no redirect followed) as reached.
        func reachFirst(_ url: String) -> Bool {
            report.work += 1
            guard (try? resolveFirst(scratch.ownURL(url), into: scratch)) == true, let r = scratch.route else { return false }
            reached.insert(r.seq)
            return true
        }

        for (index, fixture) in fixtures.cases.enumerated() {
            if let why = fixtureError(fixture.expected, names: names, patterns: patterns) {
                report.failures.append(.init(index: index, fixture: fixture, isFixtureError: true, message: why, differences: []))
                continue
            }
            var outcome = FixtureOutcome.matched
            report.work += 1
            do throws(SwitchyardError) {
                if try !resolve(fixture.url, into: match) { outcome = .refused(.noRoute, nil) }
            } catch {
                // A URL whose first walk is refused is itself refused; otherwise a redirect was.
                outcome = .refused(reachFirst(fixture.url) ? .redirect : .url, error.message)
            }
            if case .matched = outcome {
                if let r = match.route { reached.insert(r.seq) }
                for hop in match.redirects.dropLast() { _ = reachFirst(hop) }
            }
            var differences = compareFixture(fixture.expected, outcome, match, work: &report.work)
            if case .matched = outcome { differences += compareNavigation(fixture, match, work: &report.work) }
            if differences.isEmpty {
                report.passed += 1
            } else {
                report.failures.append(.init(index: index, fixture: fixture, isFixtureError: false, message: nil,
                                             differences: differences))
            }
        }
        for r in routes.sorted(by: { $0.seq < $1.seq }) where !reached.contains(r.seq) {
            report.uncovered.append(.init(name: r.route.name, pattern: r.route.pattern))
        }
        return report
    }

    /// Reads a fixture document (`RouteFixtures(json:)`) and runs it.
    public func runFixtures(json: String) throws(SwitchyardError) -> FixtureReport {
        runFixtures(try RouteFixtures(json: json, maxBytes: options.limits.maxDocumentSize))
    }

    /// Why a case can never pass on these routes: it names a route none of them is.
    private func fixtureError(_ e: FixtureExpectation, names: Set<String>, patterns: Set<String>) -> String? {
        if let n = e.route, !names.contains(n) { return "names route '\(n)', but no route has that name" }
        if let p = e.pattern, !patterns.contains(p) { return "names pattern '\(p)', but no route has that pattern" }
        for s in e.stack ?? [] where !names.contains(s) && !patterns.contains(s) {
            return "its stack names '\(s)', but no route has that name or pattern"
        }
        return nil
    }
}

/// How a case's URL resolved.
enum FixtureOutcome {
    /// Into the MatchBuffer.
    case matched
    /// Refused, with the error's message (nil for no route).
    case refused(FixtureRefusal, String?)
}
