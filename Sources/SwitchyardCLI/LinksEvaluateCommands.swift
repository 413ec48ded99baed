// `switchyard links aasa` and `switchyard links android`: which app opens each URL.
import ArgumentParser
import Switchyard

struct LinksAASA: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Which apps an apple-app-site-association file opens URLs in.",
        discussion: """
            The file is read as iOS reads it (docs/APP-LINKS.md). For each URL: every app \
            decided, in the order the decisions were made (match or block, with the details \
            entry and the rule that decided); the app that opens the URL is the first match. \
            The file's findings (rules never reached, unknown keys, ...) are printed first.

            Exit status: 0 every URL opens an app; 1 some URL opens none (or is invalid), or \
            the file has a finding of severity error; 2 usage error, or a file that cannot be \
            read or is not an AASA file.
            """)

    @Argument(help: ArgumentHelp("The apple-app-site-association file (JSON).", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The host that serves the file (www.example.com).", valueName: "host"))
    var host: String

    @Flag(name: .customLong("allow-http"), help: "Take http URLs as well as https.")
    var allowHTTP = false

    @Argument(help: "URLs to evaluate. Without any, URLs are read from standard input, one per line.")
    var urls: [String] = []

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if host.isEmpty { throw ValidationError("--host must name the host that serves the file") }
    }

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        var options = AASA.Options()
        options.allowHTTP = allowHTTP
        let aasa = try loadLinksFile(file) { (t: String) throws(SwitchyardError) in try AASA(json: t, options: options) }
        var status: Int32 = aasa.findings.contains { $0.severity == .error } ? 1 : 0
        var results: [JSONValue] = []
        var text = linkFindingsText(file, aasa.findings, console)
        for url in urlList(urls, console) {
            text += console.styled(url, .bold) + "\(nl)"
            do throws(SwitchyardError) {
                let e = try aasa.evaluate(host: host, url: url)
                if e.primaryApp == nil { status = 1 }
                text += "  " + describe(e) + "\(nl)"
                for d in e.decisions {
                    let verdict = d.verdict == .match ? console.styled("match", .green) : console.styled("block", .red)
                    text += "    \(d.appID): \(verdict) (details[\(d.detailIndex)], rule \(d.ruleIndex))\(nl)"
                }
                results.append(.object([
                    ("url", .string(url)), ("outcome", .string(e.outcome.jsonName)), ("opens", .optional(e.primaryApp)),
                    ("decisions", .array(e.decisions.map { d in
                        .object([("app_id", .string(d.appID)), ("verdict", .string(d.verdict.rawValue)),
                                 ("detail_index", .int(d.detailIndex)), ("rule_index", .int(d.ruleIndex))])
                    })),
                    ("error", .null),
                ]))
            } catch {
                status = 1
                text += "  " + console.styled("error", .red) + " \(error.message)\(nl)"
                results.append(.object([("url", .string(url)), ("outcome", .null), ("opens", .null),
                                        ("decisions", .array([])), ("error", errorValue(error))]))
            }
        }
        switch output.format {
        case .text: console.write(text)
        case .json:
            console.line(JSONValue.object([
                ("file", .string(file)), ("host", .string(host)), ("app_ids", .array(aasa.appIDs.map { .string($0) })),
                ("findings", linkFindingsJSON(aasa.findings)), ("urls", .array(results)),
                ("exit_status", .int(Int(status))),
            ]).text)
        }
        return status
    }

    private func describe(_ e: AASAEvaluation) -> String {
        switch e.outcome {
        case .otherHost: return "no app: the URL's host is not \(host), the host that serves the file"
        case .notHTTPS: return "no app: the URL is not https"
        case .evaluated:
            if let app = e.primaryApp { return "opens \(app)" }
            return e.decisions.isEmpty ? "no app: no rule decides (Safari opens it)" : "no app: every app decided is blocked"
        }
    }
}

extension AASAEvaluation.Outcome {
    var jsonName: String {
        switch self {
        case .evaluated: return "evaluated"
        case .otherHost: return "other-host"
        case .notHTTPS: return "not-https"
        }
    }
}

struct LinksAndroid: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "android",
        abstract: "Whether an Android app's intent filters open URLs as verified App Links.",
        discussion: """
            The app is described in JSON: its package, certificate fingerprints and intent \
            filters, one object per <data> element (docs/APP-LINKS.md, "The app and its \
            filters"). With --assetlinks, the site's assetlinks.json must also delegate to the \
            app (and its dynamic rules, if any, must not exclude the URL). For each URL: \
            whether the app opens it, the filter that takes it, and why, step by step.

            Exit status: 0 the app opens every URL; 1 some URL it does not open (or is \
            invalid), or a file has a finding of severity error; 2 usage error, or a file that \
            cannot be read or loaded.
            """)

    @Argument(help: ArgumentHelp("The app's intent filters (JSON).", valueName: "filters"))
    var file: String

    @Option(name: .customLong("assetlinks"),
            help: ArgumentHelp("The site's assetlinks.json, to check the app is verified for it.", valueName: "file"))
    var assetLinksFile: String?

    @Argument(help: "URLs to evaluate. Without any, URLs are read from standard input, one per line.")
    var urls: [String] = []

    @OptionGroup var output: OutputOptions

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        let app = try loadLinksFile(file) { (t: String) throws(SwitchyardError) in try AndroidApp(json: t) }
        let assetLinks = try assetLinksFile.map { (path: String) throws(ToolFailure) in
            try loadLinksFile(path) { (t: String) throws(SwitchyardError) in try AssetLinks(json: t) }
        }
        var status: Int32 = (app.findings + (assetLinks?.findings ?? [])).contains { $0.severity == .error } ? 1 : 0
        var text = linkFindingsText(file, app.findings, console)
        if let assetLinks, let path = assetLinksFile { text += linkFindingsText(path, assetLinks.findings, console) }
        var results: [JSONValue] = []
        for url in urlList(urls, console) {
            text += console.styled(url, .bold) + "\(nl)"
            do throws(SwitchyardError) {
                let v = try app.evaluate(url: url, assetLinks: assetLinks)
                if !v.opens { status = 1 }
                text += "  " + (v.opens ? console.styled("opens", .green) : console.styled("does not open", .red))
                    + " \(app.package ?? "the app")\(nl)"
                for r in v.reasons { text += "    \(r)\(nl)" }
                results.append(.object([
                    ("url", .string(url)), ("opens", .bool(v.opens)),
                    ("filter_index", v.filterIndex.map { .int($0) } ?? .null),
                    ("verified", v.verified.map { .bool($0) } ?? .null),
                    ("dynamic", .optional(v.dynamic?.rawValue)),
                    ("reasons", .array(v.reasons.map { .string($0) })), ("error", .null),
                ]))
            } catch {
                status = 1
                text += "  " + console.styled("error", .red) + " \(error.message)\(nl)"
                results.append(.object([("url", .string(url)), ("opens", .bool(false)), ("filter_index", .null),
                                        ("verified", .null), ("dynamic", .null), ("reasons", .array([])),
                                        ("error", errorValue(error))]))
            }
        }
        switch output.format {
        case .text: console.write(text)
        case .json:
            console.line(JSONValue.object([
                ("file", .string(file)), ("package", .optional(app.package)), ("assetlinks", .optional(assetLinksFile)),
                ("findings", linkFindingsJSON(app.findings)),
                ("assetlinks_findings", linkFindingsJSON(assetLinks?.findings ?? [])),
                ("urls", .array(results)), ("exit_status", .int(Int(status))),
            ]).text)
        }
        return status
    }
}
