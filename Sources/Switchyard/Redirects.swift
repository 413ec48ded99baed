/// Redirect following (SEMANTICS.md §6). Issue 4 builds this out.
extension Router {
    func followRedirects(_ match: Match, firstHit: Bool) throws(SwitchyardError) -> Bool {
        firstHit
    }
}
