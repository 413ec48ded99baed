// `switchyard links generate` and `switchyard links check`: app-link files from a rule
// document, and a rule document against the AASA file a site serves.
import ArgumentParser
import Switchyard

struct LinksGenerate: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate the AASA file and the Android intent filters from a rule document.",
        discussion: """
            Takes the document's https routes that reach --host and prints the \
            apple-app-site-association file, the intent filters (as JSON that `links android` \
            reads, and as AndroidManifest.xml), assetlinks.json when a package and fingerprints \
            are given, and, route by route, what each rule opens beyond the route (a \
            `<int:id>` becomes `?*` for iOS, for example) and the routes left out.

            Exit status: 0 generated; 1 with --strict, some rule opens more than its route; 2 \
            usage error, or a document that cannot be read or loaded.
            """)

    @Option(name: .customLong("rules"), help: ArgumentHelp("The rule document.", valueName: "file"))
    var rules: String

    @Option(help: ArgumentHelp("The host that serves the files (www.example.com).", valueName: "host"))
    var host: String

    @Option(name: .customLong("app-id"), help: ArgumentHelp("An iOS app ID, TEAMID.bundle.id (repeatable).", valueName: "id"))
    var appIDs: [String] = []

    @Option(name: .customLong("android-package"), help: ArgumentHelp("The Android package.", valueName: "package"))
    var androidPackage: String?

    @Option(name: .customLong("fingerprint"),
            help: ArgumentHelp("A SHA-256 fingerprint of the app's signing certificate, for assetlinks.json (repeatable).",
                               valueName: "sha256"))
    var fingerprints: [String] = []

    @Flag(help: "Count a rule that opens more than its route as a finding for the exit status.")
    var strict = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if appIDs.isEmpty && androidPackage == nil { throw ValidationError("give --app-id, --android-package or both") }
        if !fingerprints.isEmpty && androidPackage == nil { throw ValidationError("--fingerprint needs --android-package") }
    }

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        let router = try RulesFile.read(rules, limit: RouterOptions().limits.maxDocumentSize).router()
        let g: GeneratedAppLinks
        do {
            g = try router.appLinks(AppLinksRequest(domain: host, appIDs: appIDs, androidPackage: androidPackage,
                                                    certificateFingerprints: fingerprints))
        } catch {
            throw ToolFailure(message: "\(rules): error: \(error.message)")
        }
        let widened = g.rules.filter { !$0.widenings.isEmpty }.count
        let status: Int32 = strict && widened > 0 ? 1 : 0
        let aasa = parseJSONValue(g.aasa) ?? .string(g.aasa)
        let android = parseJSONValue(g.androidApp) ?? .string(g.androidApp)
        let assetLinks = g.assetLinks.map { parseJSONValue($0) ?? .string($0) }
        switch output.format {
        case .json:
            console.line(JSONValue.object([
                ("file", .string(rules)), ("host", .string(host)),
                ("aasa", appIDs.isEmpty ? .null : aasa),
                ("android", androidPackage == nil ? .null : android),
                ("manifest_xml", androidPackage == nil ? .null : .string(g.manifestXML)),
                ("assetlinks", assetLinks ?? .null),
                ("rules", .array(g.rules.map(ruleJSON))),
                ("skipped", .array(g.skipped.map { .object([("route", .string($0.route)), ("reason", .string($0.reason))]) })),
                ("notes", .array(g.notes.map { .string($0) })),
                ("widened", .int(widened)), ("exit_status", .int(Int(status))),
            ]).text)
        case .text:
            var text = ""
            func section(_ title: String, _ body: String) {
                text += console.styled("== \(title)", .bold) + "\(nl)" + body + (body.hasSuffix("\(nl)") ? "" : "\(nl)") + "\(nl)"
            }
            if !appIDs.isEmpty { section("apple-app-site-association (serve at https://\(host)/.well-known/apple-app-site-association)", aasa.text) }
            if androidPackage != nil {
                section("Android intent filters (AndroidManifest.xml)", ownLines(g.manifestXML))
                section("Android intent filters (JSON, as `switchyard links android` reads them)", android.text)
            }
            if let assetLinks { section("assetlinks.json (serve at https://\(host)/.well-known/assetlinks.json)", assetLinks.text) }
            var report = ""
            for r in g.rules {
                report += "  \(r.route)\(r.name.map { " [\($0)]" } ?? ""): "
                if !appIDs.isEmpty { report += "components[\(r.componentIndex)] \"\(r.aasaPath)\"" }
                if androidPackage != nil {
                    report += (appIDs.isEmpty ? "" : "; ") + "filter \(r.androidFilterIndex) "
                        + r.androidPaths.map { "\"\($0)\"" }.joined(separator: ", ")
                }
                report += "\(nl)"
                if r.widenings.isEmpty { report += "    " + console.styled("exact", .green) + "\(nl)" }
                for w in r.widenings {
                    report += "    " + console.styled("\(w.platform.rawValue) \(w.kind)", .yellow) + ": \(w.message)\(nl)"
                }
            }
            for s in g.skipped { report += "  skipped \(s.route): \(s.reason)\(nl)" }
            for n in g.notes { report += "  note: \(n)\(nl)" }
            report += "  \(plural(g.rules.count, "rule")), \(widened) opening more than the route"
                + ", \(plural(g.skipped.count, "route")) left out\(nl)"
            section("report", report)
            console.write(text)
        }
        return status
    }

    private func ruleJSON(_ r: AppLinksRule) -> JSONValue {
        .object([
            ("route", .string(r.route)), ("name", .optional(r.name)),
            ("component_index", appIDs.isEmpty ? .null : .int(r.componentIndex)),
            ("aasa_path", appIDs.isEmpty ? .null : .string(r.aasaPath)),
            ("android_filter_index", androidPackage == nil ? .null : .int(r.androidFilterIndex)),
            ("android_paths", androidPackage == nil ? .null : .array(r.androidPaths.map { .string($0) })),
            ("widenings", .array(r.widenings.map { w in
                .object([("platform", .string(w.platform.rawValue)), ("kind", .string(w.kind)),
                         ("message", .string(w.message))])
            })),
        ])
    }
}

struct LinksCheck: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Cross-check a rule document against the AASA file its site serves.",
        discussion: """
            Each https route that reaches --host gives a few example URLs; those the AASA file \
            does not let through to the app (no rule, or a block) are listed with the rule that \
            decided. Each rule of the file gives a few example URLs; a rule that opens the app \
            for URLs no route handles is listed. --app-id may be left out when the file names \
            one app.

            Exit status: 0 the file and the routes agree; 1 a route the file does not open, or \
            a rule no route handles; 2 usage error, or a file that cannot be read or loaded.
            """)

    @Option(name: .customLong("rules"), help: ArgumentHelp("The rule document.", valueName: "file"))
    var rules: String

    @Option(name: .customLong("aasa"), help: ArgumentHelp("The apple-app-site-association file.", valueName: "file"))
    var aasaFile: String

    @Option(help: ArgumentHelp("The host that serves the AASA file (www.example.com).", valueName: "host"))
    var host: String

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The app to check for, TEAMID.bundle.id.", valueName: "id"))
    var appID: String?

    @OptionGroup var output: OutputOptions

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        let router = try RulesFile.read(rules, limit: RouterOptions().limits.maxDocumentSize).router()
        let aasa = try loadLinksFile(aasaFile) { (t: String) throws(SwitchyardError) in try AASA(json: t) }
        let apps = aasa.appIDs.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard let app = appID ?? (apps.count == 1 ? apps[0] : nil) else {
            throw ToolFailure(message: "\(aasaFile): the file names \(plural(apps.count, "app")); choose one with --app-id")
        }
        let check: AppLinksCrossCheck
        do {
            check = try router.crossCheck(aasa, host: host, appID: app)
        } catch {
            throw ToolFailure(message: "error: \(error.message)")
        }
        let status: Int32 = check.routesNotOpened.isEmpty && check.rulesNotHandled.isEmpty ? 0 : 1
        switch output.format {
        case .json:
            console.line(JSONValue.object([
                ("rules", .string(rules)), ("aasa", .string(aasaFile)), ("host", .string(host)), ("app_id", .string(app)),
                ("routes_not_opened", .array(check.routesNotOpened.map { gap in
                    .object([("route", .string(gap.route)), ("name", .optional(gap.name)),
                             ("examples", .array(gap.examples.map { e in
                                 .object([("url", .string(e.url)), ("verdict", .string(e.verdict?.rawValue ?? "none")),
                                          ("detail_index", e.detailIndex.map { .int($0) } ?? .null),
                                          ("rule_index", e.ruleIndex.map { .int($0) } ?? .null)])
                             }))])
                })),
                ("rules_not_handled", .array(check.rulesNotHandled.map { gap in
                    .object([("detail_index", .int(gap.detailIndex)), ("rule_index", .int(gap.ruleIndex)),
                             ("rule", .string(gap.rule)), ("examples", .array(gap.examples.map { .string($0) }))])
                })),
                ("exit_status", .int(Int(status))),
            ]).text)
        case .text:
            var text = console.styled(rules, .bold) + " against " + console.styled(aasaFile, .bold) + " (host \(host), app \(app))\(nl)"
            for gap in check.routesNotOpened {
                text += console.styled("route not opened", .red) + ": \(gap.route)\(gap.name.map { " [\($0)]" } ?? "")\(nl)"
                for e in gap.examples {
                    let why: String
                    switch (e.verdict, e.detailIndex, e.ruleIndex) {
                    case (.block?, let d?, let r?): why = "blocked by details[\(d)] rule \(r)"
                    default: why = "no rule decides (Safari opens it)"
                    }
                    text += "    \(e.url): \(why)\(nl)"
                }
            }
            for gap in check.rulesNotHandled {
                text += console.styled("rule not handled", .yellow) + ": details[\(gap.detailIndex)] rule \(gap.ruleIndex) \(gap.rule)\(nl)"
                for url in gap.examples { text += "    \(url): opens the app, and no route handles it\(nl)" }
            }
            if status == 0 {
                text += console.styled("the file and the routes agree", .green) + "\(nl)"
            } else {
                text += "\(plural(check.routesNotOpened.count, "route")) not opened, "
                    + "\(plural(check.rulesNotHandled.count, "rule")) not handled\(nl)"
            }
            console.write(text)
        }
        return status
    }
}
