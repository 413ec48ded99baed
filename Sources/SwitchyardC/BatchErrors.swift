// Which route of a failed sy_router_add_routes() batch the error is about. The core adds a
// batch all or nothing and reports the first error without an index, so the C layer
// finds the index itself, on the error path only, and prefixes "routes[i]: ".
import CSwitchyard
import Switchyard

func locateBatchFailure(_ failure: CFailure, batch: [Route], options: RouterOptions) -> CFailure {
    if let i = replayIndex(of: failure, batch: batch, options: options) ?? quotedIndex(of: failure, batch: batch) {
        return failure.prefixed("routes[\(i)]: ")
    }
    return failure
}

/// Adds the batch one route at a time to an empty scratch router with the same options.
/// Bad patterns and conflicts inside the batch fail at their own index; the index counts
/// only if the scratch error is the same error the real add reported.
func replayIndex(of failure: CFailure, batch: [Route], options: RouterOptions) -> Int? {
    guard let scratch = try? core({ try Router(options: options) }) else { return nil }
    for (i, route) in batch.enumerated() {
        do {
            try core { try scratch.add(route) }
        } catch {
            let same = error.status.rawValue == failure.status.rawValue && error.message == failure.message
            return same ? i : nil
        }
    }
    return nil
}

/// For a conflict with a route already in the router: the core's message quotes the new
/// pattern, so the last route of the batch whose pattern is quoted is the one.
func quotedIndex(of failure: CFailure, batch: [Route]) -> Int? {
    var found: Int?
    for (i, route) in batch.enumerated() where failure.message.contains("'\(route.pattern)'") {
        found = i
    }
    return found
}
