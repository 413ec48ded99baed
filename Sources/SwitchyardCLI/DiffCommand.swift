// `switchyard diff OLD.json NEW.json`: what a rule change does before it ships.
import ArgumentParser
import Switchyard

struct Diff: ToolCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show which URLs change their answer between two rule documents.",
        discussion: """
            Lists routes added, removed and changed (routes are paired by pattern), routes \
            that stop winning any URL, and the answers that change: for each way an answer \
            changes, one sample URL with the old and the new answer. Sample URLs come from the \
            patterns of both documents: for every route alternative, a URL it wins.

            Exit status: 0 no route and no sampled answer changes; 1 something changes; 2 usage \
            error, or a document that cannot be read or loaded.
            """)

    @Argument(help: "The rule document before the change.")
    var old: String

    @Argument(help: "The rule document after the change.")
    var new: String

    @OptionGroup var output: OutputOptions

    func execute(_ console: Console) throws -> Int32 {
        output.apply(to: console)
        let limit = RouterOptions().limits.maxDocumentSize
        let before = try RulesFile.read(old, limit: limit).router()
        let after = try RulesFile.read(new, limit: limit).router()
        let d = RulesDiff.compare(old: before, new: after)
        let status: Int32 = d.isEmpty ? 0 : 1
        switch output.format {
        case .json: console.line(json(d, status).text)
        case .text: console.write(text(d, console))
        }
        return status
    }

    private func routeLine(_ r: RulesDiff.RouteRef) -> String {
        "\(r.route.pattern) \(destinationText(r.route)) [\(r.index)]"
    }

    /// What differs between two routes with the same pattern.
    static func changes(_ a: Route, _ b: Route) -> [String] {
        var out: [String] = []
        if a.destination != b.destination {
            out.append("\(destinationText(a).dropFirst(3)) becomes \(destinationText(b).dropFirst(3))")
        }
        if a.priority != b.priority { out.append("priority \(a.priority) becomes \(b.priority)") }
        if a.name != b.name { out.append("name \(a.name ?? "(none)") becomes \(b.name ?? "(none)")") }
        if a.defaults != b.defaults {
            func show(_ d: [String: ParameterValue]) -> String {
                d.isEmpty ? "(none)" : "{" + d.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "}"
            }
            out.append("defaults \(show(a.defaults)) become \(show(b.defaults))")
        }
        if a.appendParams != b.appendParams { out.append("append_params \(a.appendParams) becomes \(b.appendParams)") }
        return out
    }

    private func text(_ d: RulesDiff, _ console: Console) -> String {
        var out = ""
        func section(_ title: String, _ lines: [String]) {
            guard !lines.isEmpty else { return }
            out += console.styled("\(title) (\(lines.count))", .bold) + "\(nl)"
            for l in lines { out += "  \(l)\(nl)" }
        }
        let addedShadowed = Set(d.addedShadowed.map(\.index))
        section("routes added", d.added.map {
            console.styled("+ ", .green) + routeLine($0) + (addedShadowed.contains($0.index) ? console.styled("  never wins", .red) : "")
        })
        section("routes removed", d.removed.map { console.styled("- ", .red) + routeLine($0) })
        section("routes changed", d.changed.map {
            "~ \($0.new.route.pattern) [\($0.new.index)]: " + Diff.changes($0.old.route, $0.new.route).joined(separator: "; ")
        })
        section("routes that no longer win any URL", d.nowShadowed.map { "! " + routeLine($0) })
        section("routes that win URLs again", d.nowReachable.map { "  " + routeLine($0) })
        if !d.outcomes.isEmpty {
            out += console.styled("answers that change (\(d.outcomes.count) way\(d.outcomes.count == 1 ? "" : "s"), from \(d.sampled) sample URLs)", .bold) + "\(nl)"
            for o in d.outcomes {
                out += "  \(o.url)\(nl)"
                out += "      before: \(o.old)\(nl)"
                out += "      after:  \(o.new)\(nl)"
                if o.count > 1 { out += "      (and \(o.count - 1) more sample URL\(o.count == 2 ? "" : "s") that change the same way)\(nl)" }
            }
        }
        if d.isEmpty {
            out += "no change: same routes, and the same answer for all \(d.sampled) sample URLs\(nl)"
        } else {
            out += "\(d.added.count) added, \(d.removed.count) removed, \(d.changed.count) changed, \(d.nowShadowed.count) no longer winning; \(d.outcomes.count) changed answer\(d.outcomes.count == 1 ? "" : "s") from \(d.sampled) sample URLs\(nl)"
        }
        return out
    }

    private func json(_ d: RulesDiff, _ status: Int32) -> JSONValue {
        func ref(_ r: RulesDiff.RouteRef) -> JSONValue {
            .object([("route", .int(r.index)), ("pattern", .string(r.route.pattern)),
                     ("priority", .int(r.route.priority)), ("destination", destinationJSON(r.route)),
                     ("name", .optional(r.route.name))])
        }
        return .object([
            ("old", .string(old)), ("new", .string(new)),
            ("added", .array(d.added.map(ref))), ("removed", .array(d.removed.map(ref))),
            ("changed", .array(d.changed.map { c in
                .object([("pattern", .string(c.new.route.pattern)), ("old_route", .int(c.old.index)),
                         ("new_route", .int(c.new.index)),
                         ("changes", .array(Diff.changes(c.old.route, c.new.route).map { .string($0) }))])
            })),
            ("added_never_winning", .array(d.addedShadowed.map(ref))),
            ("now_shadowed", .array(d.nowShadowed.map(ref))), ("now_reachable", .array(d.nowReachable.map(ref))),
            ("sampled_urls", .int(d.sampled)),
            ("changed_answers", .array(d.outcomes.map { o in
                .object([("url", .string(o.url)), ("old", .string(o.old)), ("new", .string(o.new)),
                         ("urls_changed_this_way", .int(o.count))])
            })),
            ("exit_status", .int(Int(status))),
        ])
    }
}
