/// The check every built URL passes (docs/NAVIGATION.md "Building URLs"): it is resolved
/// again, on the table resolves use, as the first hop of a resolve (no redirect followed),
/// and must come back as the route it was built for with the path parameters it was built
/// from. Encoding each value for its place is not enough on its own: `/user/:uname` with
/// `settings` builds `/user/settings`, which a literal route `/user/settings` takes, and a
/// value can read back otherwise (a router that does not decode paths reads `a%20b`). Such a
/// URL is refused with an error naming the route that would win, or what reads back.
/// Only building pays for the resolve; stacks and `url(for:)` share it.

extension Router {
    /// Throws invalidArgument unless `url`, built for `route` (called `name`) with the path
    /// parameter texts `written`, resolves on `table` to `route` with exactly those texts
    /// (a parameter missing from `written` must come back empty or absent). `self` only
    /// walks: the table is the one given.
    func checkBuiltURL(_ url: String, route: CompiledRoute, name: String, written: [String: String],
                       table: Table) throws(SwitchyardError) {
        let m = MatchBuffer()
        m.use(table)
        let matched: Bool
        do throws(SwitchyardError) {
            matched = try walk(m.ownURL(url), into: m, keepTable: true)
        } catch {
            throw SwitchyardError(.invalidArgument,
                "route '\(name)' would build '\(url)', which cannot be read back: \(error.message)")
        }
        guard matched, let winner = m.route else {
            throw SwitchyardError(.invalidArgument,
                "route '\(name)' would build '\(url)', which no route matches when it is resolved")
        }
        guard winner === route else {
            let other = winner.route.name.map { "route '\($0)' ('\(winner.route.pattern)')" }
                ?? "route '\(winner.route.pattern)'"
            throw SwitchyardError(.invalidArgument,
                "route '\(name)' would build '\(url)', which resolves to \(other) instead")
        }
        var read: [String: String] = [:]
        for p in m.pathParameters where !p.name.isEmpty { read[p.name] = p.text }
        for n in Set(read.keys).union(written.keys).sorted() where (read[n] ?? "") != (written[n] ?? "") {
            throw SwitchyardError(.invalidArgument,
                "route '\(name)' would build '\(url)', whose parameter '\(n)' reads back as '\(read[n] ?? "")', not '\(written[n] ?? "")'")
        }
    }

    /// The URL of `route` built from `parameters` and checked against `table`, or nil when
    /// none can be built or the check refuses it (a stack entry without a URL).
    static func checkedURL(_ route: CompiledRoute, parameters: [String: ParameterValue],
                           table: Table) -> String? {
        let name = route.route.name ?? route.route.pattern
        guard let built = try? buildURL(route, name: name, parameters: parameters, extra: .refuse),
              (try? builtURLWalker.checkBuiltURL(built.url, route: route, name: name, written: built.written,
                                                table: table)) != nil else { return nil }
        return built.url
    }
}

/// A router without routes whose walk runs on the table each check gives it (a stack is
/// computed from a MatchBuffer, which holds its table but not its router).
private let builtURLWalker = Router()
