// `switchyard test RULES.json FIXTURES.json...`: run route fixtures (docs/TESTING-ROUTES.md)
// against a rule document, report each failing case field by field, and the routes no case
// reaches; with --links, the URLs an app-link file sends to the app that no route resolves.
import ArgumentParser
import Switchyard

struct TestFixtures: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run route fixtures against a rule document.",
        discussion: """
            Each fixture file lists URLs and what resolving each must give: the route, its \
            parameters (typed), its screen stack, a redirect, or a refusal \
            (docs/TESTING-ROUTES.md). Every case is run; a failing case is listed with each \
            field that differs, expected and got. Then the routes no case of any file reaches. \
            With --links, the patterns of an apple-app-site-association file (with --host) or \
            of an Android app's intent filters that send the app URLs no route resolves \
            (each pattern sampled: docs/TESTING-ROUTES.md).

            Exit status: 0 every case passes; 1 a case fails, a fixture names a route that \
            does not exist, a fixture file is malformed, or (with --strict) a route is not \
            reached or a links pattern is not resolved; 2 usage error, or a file that cannot be \
            read, or a rule document that does not load.
            """)

    @Argument(help: ArgumentHelp("The rule document.", valueName: "rules"))
    var rules: String

    @Argument(help: ArgumentHelp("Fixture files (JSON).", valueName: "fixtures"))
    var fixtures: [String] = []

    @Option(name: .customLong("links"),
            help: ArgumentHelp("An apple-app-site-association file, or an Android app's intent filters (as `links android` reads them): report the URLs they send to the app that no route resolves.", valueName: "file"))
    var links: String?

    @Option(help: ArgumentHelp("With --links and an AASA file: the host that serves it.", valueName: "host"))
    var host: String?

    @Option(name: .customLong("app-id"),
            help: ArgumentHelp("With --links: the app, TEAMID.bundle.id (needed when the file names several).", valueName: "id"))
    var appID: String?

    @Flag(help: "Count routes no case reaches, and links patterns no route resolves, as failures.")
    var strict = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if fixtures.isEmpty { throw ValidationError("give at least one fixture file after the rule document") }
        if host?.isEmpty == true { throw ValidationError("--host must name the host that serves the AASA file") }
        if links == nil, host != nil || appID != nil { throw ValidationError("--host and --app-id go with --links") }
    }

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        let limit = RouterOptions().limits.maxDocumentSize
        let router = try RulesFile.read(rules, limit: limit).router()
        var status: Int32 = 0
        var files: [JSONValue] = []
        var text = ""
        var uncovered: [FixtureReport.UncoveredRoute]?
        for path in fixtures {
            let bytes: [UInt8]
            do {
                bytes = try readFile(path, limit: limit)
            } catch let failure {
                status = 2
                if output.format == .text { console.error(failure.message) }
                files.append(.object([("file", .string(path)), ("readable", .bool(false)), ("error", .string(failure.message))]))
                continue
            }
            let result: Result<RouteFixtures, SwitchyardError> = bytes.withUnsafeBytes { raw in
                do throws(SwitchyardError) { return .success(try RouteFixtures(bytes: raw, maxBytes: limit)) } catch { return .failure(error) }
            }
            let read: RouteFixtures
            switch result {
            case .success(let r): read = r
            case .failure(let error):
                if status == 0 { status = 1 }
                let place = error.position.map { JSONSource(bytes).lineColumn($0) }
                let at = Report.location(path, place?.line, place?.column)
                text += console.styled(at, .bold) + ": " + console.styled("error", .red) + ": \(error.message)\(nl)"
                files.append(.object([
                    ("file", .string(path)), ("readable", .bool(true)), ("loaded", .bool(false)),
                    ("error", .object([("message", .string(error.message)), ("line", place.map { .int($0.line) } ?? .null),
                                       ("column", place.map { .int($0.column) } ?? .null)])),
                ]))
                continue
            }
            let report = router.runFixtures(read)
            if !report.succeeded && status == 0 { status = 1 }
            let kept = Set((uncovered ?? report.uncovered).map(\.pattern))
            uncovered = report.uncovered.filter { kept.contains($0.pattern) }
            text += failuresText(path, report, console)
            var members: [(String, JSONValue)] = [("file", .string(path)), ("readable", .bool(true)), ("loaded", .bool(true))]
            if case .object(let parsed)? = parseJSONValue(report.json) {
                members += parsed.filter { $0.0 != "uncovered_routes" }
            }
            files.append(.object(members))
        }
        let notReached = uncovered ?? []
        let routeCount = router.routes.count
        if uncovered != nil {
            text += coverageText(notReached, of: routeCount, console)
        }
        if strict && !notReached.isEmpty && status == 0 { status = 1 }
        var linksJSON: JSONValue = .null
        if let links {
            let (app, gaps) = try linkGaps(router, file: links, host: host, appID: appID)
            if strict && !gaps.isEmpty && status == 0 { status = 1 }
            linksJSON = .object([("file", .string(links)), ("host", .optional(host)), ("app", .string(app)),
                                 ("not_resolved", .array(gaps.map(\.json)))])
            text += console.styled(links, .bold) + ": "
            if gaps.isEmpty {
                text += "every pattern for \(app) opens URLs a route resolves\(nl)"
            } else {
                text += "\(plural(gaps.count, "pattern")) for \(app) \(gaps.count == 1 ? "opens" : "open") URLs no route resolves:\(nl)"
                for gap in gaps {
                    text += "    \(gap.place) \(gap.pattern): \(gap.examples.joined(separator: ", "))\(nl)"
                }
            }
        }
        switch output.format {
        case .text: console.write(text)
        case .json:
            console.line(JSONValue.object([
                ("rules", .string(rules)), ("files", .array(files)),
                ("routes", .int(routeCount)),
                ("uncovered_routes", .array(notReached.map { .object([("name", .optional($0.name)), ("pattern", .string($0.pattern))]) })),
                ("links", linksJSON),
                ("exit_status", .int(Int(status))),
            ]).text)
        }
        return status
    }

    /// Each failure with its differences, then the file's counts.
    private func failuresText(_ path: String, _ report: FixtureReport, _ console: Console) -> String {
        var text = ""
        for f in report.failures {
            let at = console.styled(Report.location(path, f.fixture.line, f.fixture.column), .bold)
            let about = f.fixture.url + (f.fixture.description.map { " (\($0))" } ?? "")
            if f.isFixtureError {
                text += at + ": " + console.styled("error", .red) + ": \(about): \(f.message ?? "") "
                    + console.styled("[fixture-error]", .dim) + "\(nl)"
                continue
            }
            text += at + ": " + console.styled("fail", .red) + ": \(about)\(nl)"
            for d in f.differences {
                text += "    \(d.field): expected " + console.styled(d.expected, .green) + ", got "
                    + console.styled(d.got, .red) + "\(nl)"
            }
        }
        var counts = ["\(report.passed) passed"]
        if report.failed > 0 { counts.append("\(report.failed) failed") }
        if report.fixtureErrors > 0 { counts.append(plural(report.fixtureErrors, "fixture error")) }
        let summary = "\(plural(report.total, "case")): " + counts.joined(separator: ", ")
        return text + console.styled(path, .bold) + ": "
            + (report.succeeded ? console.styled(summary, .green) : summary) + "\(nl)"
    }

    private func coverageText(_ routes: [FixtureReport.UncoveredRoute], of count: Int, _ console: Console) -> String {
        if routes.isEmpty { return "every route is reached by a case (\(plural(count, "route")))\(nl)" }
        var text = "\(routes.count) of \(plural(count, "route")) reached by no case:\(nl)"
        for r in routes { text += "    \(r.pattern)\(r.name.map { " [\($0)]" } ?? "")\(nl)" }
        return text
    }
}
