/// redirect-misses-query-item: a redirect whose every URL goes to one route with a query
/// contract (SEMANTICS.md §11), while the redirect never writes an item that contract requires.
/// The URL it produces is then refused by that route, unless the visited URL's own query
/// (appended by `append_params`) happens to carry the item.

extension DocumentLint {
    mutating func redirectQueryItems(_ ri: Int, _ template: String, _ targetEntry: Int, _ path: String) {
        let target = model.entries[targetEntry].routeIndex
        guard target != ri, let contract = queryContract(target) else { return }
        guard let written = templateQueryKeys(template) else { return }
        let route = model.routes[ri]
        var supplied = Set(written)
        if route.appendParams {
            // Captured parameters the template does not use go to the query under their names.
            let used = Set(redirectPlaceholders(Array(template.utf8)).map(\.name))
            for id in model.entriesOfRoute[ri] {
                for n in Self.captureNames(model.entries[id]) where !used.contains(n) { supplied.insert(n) }
            }
            for item in queryContract(ri)?.items ?? [] where !used.contains(item.name) { supplied.insert(item.name) }
        }
        for item in contract.items where item.isRequired && item.defaultValue == nil {
            let key = String(decoding: item.key, as: UTF8.self)
            guard !supplied.contains(key) else { continue }
            let unless = route.appendParams ? " unless the visited URL's own query has it" : ""
            add(.redirectMissesQueryItem,
                "redirect of \(quoted(ri)) leads to \(quoted(target)), whose query contract requires '\(key)'; the redirect never supplies it, so that route refuses the URL\(unless)",
                path: path, route: ri,
                notes: [LintNote(path: patternPath(target), message: "\(quoted(target)) requires the query item '\(key)'")])
        }
    }

    /// The compiled contract of route `ri`, or nil.
    mutating func queryContract(_ ri: Int) -> QueryContract? {
        if queryContracts == nil { queryContracts = model.compiledQueryContracts() }
        guard let all = queryContracts, ri < all.count else { return nil }
        return all[ri]
    }
}

/// The item names a redirect template's query writes, or nil when one cannot be read
/// without its values (a placeholder or a percent-escape in a name).
func templateQueryKeys(_ template: String) -> [String]? {
    let t = Array(template.utf8)
    guard let q = t.firstIndex(of: 0x3F) else { return [] }  // '?'
    let end = t[q...].firstIndex(of: 0x23) ?? t.count         // '#'
    var keys: [String] = []
    for item in t[(q + 1)..<end].split(separator: 0x26) {  // '&'
        let key = item.prefix { $0 != 0x3D }                 // '='
        if key.contains(0x7B) || key.contains(0x25) { return nil }  // '{', '%'
        keys.append(String(decoding: key, as: UTF8.self))
    }
    return keys
}
