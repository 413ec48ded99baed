// Which route of a failed sy_router_add_routes() batch the error is about. The core adds a
// batch all or nothing and reports the first error without an index, so the C layer
// finds the index itself, on the error path only, and prefixes "routes[i]: ".
import CSwitchyard
import Switchyard

func locateBatchFailure(_ failure: CFailure, batch: [Route], router: Router) -> CFailure {
    if let i = firstFailingIndex(batch: batch, router: router) ?? quotedIndex(of: failure, batch: batch) {
        return failure.prefixed("routes[\(i)]: ")
    }
    return failure
}

/// Bisects for the shortest prefix of the batch that cannot be added to a scratch copy of
/// the router (same options, same routes); its last route is the culprit. Adding is
/// monotonic (a prefix that fails keeps failing when routes are appended), so O(log n)
/// scratch batches find it. Nil when the copy cannot be made, or when even the whole
/// batch succeeds on it (another thread changed the router in between).
func firstFailingIndex(batch: [Route], router: Router) -> Int? {
    let existing = router.routes
    func fails(_ count: Int) -> Bool {
        guard let scratch = try? Router(options: router.options) else { return false }
        do {
            try scratch.add(contentsOf: existing + batch[0..<count])
            return false
        } catch {
            return true
        }
    }
    // The copy must take the existing routes alone, and fail with the whole batch.
    guard !batch.isEmpty, !fails(0), fails(batch.count) else { return nil }
    var lo = 1, hi = batch.count // invariant: fails(hi), and !fails(lo - 1)
    while lo < hi {
        let mid = lo + (hi - lo) / 2
        if fails(mid) { hi = mid } else { lo = mid + 1 }
    }
    return hi - 1
}

/// Fallback: the core's messages quote patterns, so the last route of the batch whose
/// pattern is quoted is the one the message is about.
func quotedIndex(of failure: CFailure, batch: [Route]) -> Int? {
    var found: Int?
    for (i, route) in batch.enumerated() where failure.message.contains("'\(route.pattern)'") {
        found = i
    }
    return found
}
