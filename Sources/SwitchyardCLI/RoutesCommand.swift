// `switchyard routes RULES.json`: the table as the router sees it, best first.
import ArgumentParser
import Switchyard

struct Routes: ToolCommand {
    static let configuration = CommandConfiguration(
        abstract: "List a rule document's routes in the order the router prefers them.",
        discussion: """
            One line per route alternative (optional groups give several), sorted by \
            precedence: priority, then specificity part by part (docs/SEMANTICS.md §3). Each \
            line names the route's index in the document and says whether it can win at all; a route \
            with a query contract gets a `query:` line listing its items.

            Exit status: 0 listed; 2 usage error, or a document that cannot be read or loaded.
            """)

    @Argument(help: "The rule document.")
    var file: String

    @OptionGroup var output: OutputOptions

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        let rules = try RulesFile.read(file, limit: RouterOptions().limits.maxDocumentSize)
        let router = try rules.router()
        let analysis = RouteAnalysis(router)
        let entries = analysis.entriesByPrecedence()
        let reach = analysis.reachability()
        switch output.format {
        case .json:
            let list: [JSONValue] = entries.enumerated().map { k, e in
                var members: [(String, JSONValue)] = [
                    ("rank", .int(k + 1)), ("route", .int(e.routeIndex)), ("pattern", .string(e.route.pattern)),
                    ("alternative", .string(e.alternative)), ("alternative_index", .int(e.alternativeIndex)),
                    ("alternatives", .int(e.alternativeCount)), ("priority", .int(e.route.priority)),
                    ("destination", destinationJSON(e.route)), ("name", .optional(e.route.name)),
                    ("parts", .array(e.parts.map { .string($0.description) })),
                ]
                if let q = e.queryContract { members.append(("query", queryContractJSON(q))) }
                members += reachabilityJSON(reach[e.routeIndex])
                return .object(members)
            }
            console.line(JSONValue.object([
                ("file", .string(file)), ("routes", .int(router.routes.count)), ("entries", .array(list)),
            ]).text)
        case .text:
            let n = router.routes.count
            console.line(console.styled(file, .bold)
                + ": \(n) route\(n == 1 ? "" : "s"), \(entries.count) alternative\(entries.count == 1 ? "" : "s"), best first ([i]: the route's index in the document)")
            let width = min(60, entries.map { $0.alternative.count }.max() ?? 0)
            let rankWidth = String(entries.count).count
            for (k, e) in entries.enumerated() {
                let rank = String(repeating: " ", count: rankWidth - String(k + 1).count) + "\(k + 1)."
                let pad = String(repeating: " ", count: max(0, width - e.alternative.count))
                var line = "  \(rank) \(e.alternative)\(pad)  \(destinationText(e.route))  [\(e.routeIndex)]"
                if e.route.priority != 0 { line += " priority \(e.route.priority)" }
                if let name = e.route.name { line += " name \(name)" }
                if e.alternativeCount > 1 {
                    line += " (alternative \(e.alternativeIndex + 1) of \(e.alternativeCount) of \(e.route.pattern))"
                }
                if case .shadowed(let by) = reach[e.routeIndex] {
                    line += " " + console.styled("never wins (shadowed by \(by.map { "[\($0)]" }.joined(separator: ", ")))", .red)
                }
                console.line(line)
                if let q = e.queryContract { console.line("      query: \(q)") }
            }
        }
        return 0
    }
}

func reachabilityJSON(_ r: RouteReachability) -> [(String, JSONValue)] {
    switch r {
    case .reachable(let url): return [("reachable", .bool(true)), ("example_url", .string(url))]
    case .shadowed(let by): return [("reachable", .bool(false)), ("shadowed_by", .array(by.map { .int($0) }))]
    case .undecided: return [("reachable", .null)]
    }
}

func queryContractJSON(_ q: QueryContractListing) -> JSONValue {
    .object([
        ("items", .array(q.items.map { i in
            .object([("name", .string(i.name)), ("key", .string(i.key)), ("type", .string(i.type)),
                     ("list", .bool(i.isList)), ("required", .bool(i.isRequired)), ("default", .optional(i.defaultText))])
        })),
        ("unknown_items", .string(q.refusesUnknown ? "refuse" : "allow")),
    ])
}
