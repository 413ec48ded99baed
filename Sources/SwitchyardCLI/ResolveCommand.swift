// `switchyard resolve --rules RULES.json URL...`: what the router answers, optionally with
// every candidate and why the winner won.
import ArgumentParser
import Switchyard

struct Resolve: ToolCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve URLs against a rule document.",
        discussion: """
            Prints each URL's match (its JSON with --format json: docs/JSON.md). With --explain, \
            every route alternative that matches each URL of the redirect chain, best first, \
            and for each one that lost, the part that decided it (priority, or the first part \
            where specificity differed).

            Exit status: 0 every URL matched; 1 some URL had no match or failed (invalid URL, \
            redirect loop or limit); 2 usage error, or a document that cannot be read or loaded.
            """)

    @Option(name: .customLong("rules"), help: ArgumentHelp("The rule document.", valueName: "file"))
    var rules: String

    @Flag(help: "Show every candidate route in precedence order and why the winner won.")
    var explain = false

    @Argument(help: """
        URLs to resolve. Without any, URLs are read from standard input, one per line (blank \
        lines and lines starting with # are skipped).
        """)
    var urls: [String] = []

    @OptionGroup var output: OutputOptions

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        let file = try RulesFile.read(rules, limit: RouterOptions().limits.maxDocumentSize)
        let router = try file.router()
        let list = urls.isEmpty
            ? console.readLines().map { $0.trimmingCharacters }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            : urls
        let explainer = explain ? RouteExplainer(router) : nil
        var results: [JSONValue] = []
        var counts = (matched: 0, unmatched: 0, failed: 0)
        for url in list {
            var matchJSON: JSONValue = .null
            var errorJSON: JSONValue = .null
            var hops = [url]
            var text = console.styled(url, .bold) + "\(nl)"
            do throws(SwitchyardError) {
                let m = MatchBuffer()
                try router.resolve(url, into: m)
                let parsed = parseJSONValue(m.json())
                matchJSON = parsed ?? .null
                if !m.redirects.isEmpty { hops = m.redirects }
                text += describe(m, parsed, console)
                if m.matched { counts.matched += 1 } else { counts.unmatched += 1 }
            } catch {
                counts.failed += 1
                errorJSON = errorValue(error)
                text += "  " + console.styled("error", .red) + "      \(error.message)\(nl)"
            }
            var explained: [JSONValue] = []
            if let explainer {
                for hop in hops {
                    do throws(SwitchyardError) {
                        let x = try explainer.explain(hop)
                        explained.append(explanationJSON(x))
                        text += explanationText(x, console)
                    } catch {
                        explained.append(.object([("url", .string(hop)), ("error", errorValue(error))]))
                        text += "  candidates for \(hop): cannot explain: \(error.message)\(nl)"
                    }
                }
            }
            switch output.format {
            case .text: console.write(text)
            case .json:
                var members: [(String, JSONValue)] = [("url", .string(url)), ("match", matchJSON), ("error", errorJSON)]
                if explain { members.append(("explain", .array(explained))) }
                results.append(.object(members))
            }
        }
        let status: Int32 = counts.unmatched + counts.failed > 0 ? 1 : 0
        switch output.format {
        case .text:
            if list.count != 1 {
                console.line("\(list.count) URL\(list.count == 1 ? "" : "s"): \(counts.matched) matched, \(counts.unmatched) without a match, \(counts.failed) failed")
            }
        case .json:
            console.line(JSONValue.object([
                ("rules", .string(rules)), ("results", .array(results)),
                ("matched", .int(counts.matched)), ("unmatched", .int(counts.unmatched)), ("failed", .int(counts.failed)),
                ("exit_status", .int(Int(status))),
            ]).text)
        }
        return status
    }

    private func describe(_ m: MatchBuffer, _ parsed: JSONValue?, _ console: Console) -> String {
        var out = ""
        for (k, hop) in m.redirects.enumerated() {
            out += k == 0 ? "  redirects  \(hop)\(nl)" : "          -> \(hop)\(nl)"
        }
        guard m.matched, let pattern = m.pattern else {
            let why = m.redirects.isEmpty ? "no route matches" : "no route matches the last URL: it opens outside the app"
            return out + "  " + console.styled("no match", .yellow) + "   \(why)\(nl)"
        }
        out += "  " + console.styled("matched", .green) + "    \(pattern) -> \(m.target ?? "?")"
        out += m.name.map { " (name \($0))" } ?? ""
        out += "\(nl)"
        if case .object(let members)? = parsed, let params = members.first(where: { $0.0 == "params" })?.1,
           case .object(let items) = params, !items.isEmpty {
            out += "  params     " + items.map { "\($0.0)=\($0.1.plain)" }.joined(separator: ", ") + "\(nl)"
        }
        if let f = m.fragment { out += "  fragment   \(f)\(nl)" }
        return out
    }

    private func explanationText(_ x: Explanation, _ console: Console) -> String {
        var out = "  candidates for \(x.url)\(nl)"
        if x.candidates.isEmpty { return out + "    (none)\(nl)" }
        for (k, c) in x.candidates.enumerated() {
            var line = "    \(k + 1). \(c.entry.alternative)"
            if c.entry.alternative != c.entry.route.pattern { line += " (of \(c.entry.route.pattern))" }
            line += " " + destinationText(c.entry.route)
            if c.entry.route.priority != 0 { line += ", priority \(c.entry.route.priority)" }
            let captured = c.pathParameters.map { "\($0.name)=\($0.text)" }
            if !captured.isEmpty { line += "  {\(captured.joined(separator: ", "))}" }
            if k == 0 { line += "  " + console.styled("wins", .green) }
            out += line + "\(nl)"
            if let reason = c.reason { out += "         " + console.styled("lost: \(reason)", .dim) + "\(nl)" }
        }
        return out
    }

    private func explanationJSON(_ x: Explanation) -> JSONValue {
        .object([
            ("url", .string(x.url)),
            ("candidates", .array(x.candidates.enumerated().map { k, c in
                var params: [(String, JSONValue)] = []
                for p in c.pathParameters { params.append((p.name, parameterJSON(p.value))) }
                return .object([
                    ("rank", .int(k + 1)), ("route", .int(c.entry.routeIndex)),
                    ("pattern", .string(c.entry.route.pattern)), ("alternative", .string(c.entry.alternative)),
                    ("priority", .int(c.entry.route.priority)),
                    ("destination", destinationJSON(c.entry.route)), ("name", .optional(c.entry.route.name)),
                    ("path_params", .object(params)), ("remainder", .optional(c.remainder)),
                    ("wins", .bool(k == 0)), ("decided_by", .optional(c.decidedBy?.description)),
                    ("reason", .optional(c.reason)),
                ])
            })),
        ])
    }
}

func destinationText(_ r: Route) -> String {
    switch r.destination {
    case .target(let t): return "-> \(t)"
    case .redirect(let t): return "-> redirect \(t)"
    }
}

func destinationJSON(_ r: Route) -> JSONValue {
    switch r.destination {
    case .target(let t): return .object([("target", .string(t))])
    case .redirect(let t): return .object([("redirect", .string(t))])
    }
}

func parameterJSON(_ v: ParameterValue) -> JSONValue {
    switch v {
    case .string(let s): return .string(s)
    case .int(let i): return .number(String(i))
    case .float(let d): return .number(d.description)
    }
}

func errorValue(_ e: SwitchyardError) -> JSONValue {
    .object([("code", .string("\(e.code)")), ("message", .string(e.message)),
             ("position", e.position.map { .int($0) } ?? .null)])
}

extension JSONValue {
    /// A value as plain text (a string without quotes).
    var plain: String {
        if case .string(let s) = self { return s }
        return text
    }
}

/// JSON text (valid, as the library writes it) as a value.
func parseJSONValue(_ text: String) -> JSONValue? {
    let source = JSONSource(Array(text.utf8))
    guard let root = source.root else { return nil }
    func convert(_ n: JSONNode) -> JSONValue {
        switch n.kind {
        case .object: return .object(n.members.map { ($0.key, convert($0.value)) })
        case .array: return .array(n.items.map(convert))
        case .string: return .string(n.string)
        case .number: return .number(String(decoding: source.bytes[n.start..<n.end], as: UTF8.self))
        case .literal:
            switch source.bytes[n.start] {
            case 0x74: return .bool(true)
            case 0x66: return .bool(false)
            default: return .null
            }
        }
    }
    return convert(root)
}

extension String {
    var trimmingCharacters: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
