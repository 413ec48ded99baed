/// Following redirects (SEMANTICS.md §6): each redirect's URL is built into the Match's own
/// storage and resolved again, on the same table as the first hop, until a route with a
/// target (or no route) is reached. The chain, every URL from the one given to the last,
/// is kept in `chainBytes` / `chainRefs`; the URL being resolved is copied into `owned`,
/// so spans handed to C point into storage the Match owns.
extension Router {
    @inline(__always)
    func followRedirects(_ match: Match, firstHit: Bool) throws(SwitchyardError) -> Bool {
        guard firstHit, match.state.pointee.entry.isRedirect else { return firstHit }  // no retain on the hot path
        return try followChain(match)
    }

    private func followChain(_ match: Match) throws(SwitchyardError) -> Bool {
        let st = match.state
        guard let table = match.table else { return st.pointee.hit }
        let plus = table.read.plusInQuery
        let limit = options.limits.maxRedirects
        var hops = 0
        // The chain starts with the URL given.
        match.withURLBytes { u in appendChainURL(st, u.baseAddress, u.count) }
        while st.pointee.hit && st.pointee.entry.isRedirect, let route = match.route {
            hops += 1
            var buf = st.pointee.chainBytes
            let start = buf.count
            match.withURLBytes { u in match.buildRedirect(route, url: u, plus: plus, into: &buf) }
            st.pointee.chainBytes = buf
            let new = TextRef(start: Int32(clamping: start), count: Int32(clamping: buf.count - start), decoded: false)
            if let seen = chainIndex(st, of: new) {
                st.pointee.chainRefs.append(new)
                throw SwitchyardError(.redirectLoop,
                    "redirect loop: \(chainText(st)) (URL \(seen + 1) of the chain comes back)")
            }
            st.pointee.chainRefs.append(new)
            if hops > limit {
                throw SwitchyardError(.redirectLimit,
                    "more than \(limit) redirects (maxRedirects): \(chainText(st))")
            }
            // Resolve the new URL from a copy the Match owns (the chain buffer may move).
            st.pointee.owned.removeAll()
            st.pointee.owned.append(contentsOf: UnsafePointer(st.pointee.chainBytes.base) + start, count: Int(new.count))
            match.source = .owned
            let bytes = UnsafeBufferPointer(start: UnsafePointer(st.pointee.owned.base), count: st.pointee.owned.count)
            _ = try walk(bytes, into: match, keepTable: true)
        }
        return st.pointee.hit
    }

    private func appendChainURL(_ st: UnsafeMutablePointer<Match.State>, _ p: UnsafePointer<UInt8>?, _ n: Int) {
        let start = st.pointee.chainBytes.count
        if let p, n > 0 { st.pointee.chainBytes.append(contentsOf: p, count: n) }
        st.pointee.chainRefs.append(TextRef(start: Int32(clamping: start), count: Int32(clamping: n), decoded: false))
    }

    /// The index of an earlier chain URL equal to `t` (byte for byte), if any.
    private func chainIndex(_ st: UnsafeMutablePointer<Match.State>, of t: TextRef) -> Int? {
        let base = UnsafePointer(st.pointee.chainBytes.base)
        for k in 0..<st.pointee.chainRefs.count {
            let c = st.pointee.chainRefs[k]
            if c.count == t.count, bytesEqual(base + Int(c.start), base + Int(t.start), Int(t.count)) { return k }
        }
        return nil
    }

    /// The chain for an error message: `a -> b -> c`.
    private func chainText(_ st: UnsafeMutablePointer<Match.State>) -> String {
        let base = UnsafePointer(st.pointee.chainBytes.base)
        var parts: [String] = []
        for k in 0..<st.pointee.chainRefs.count {
            let c = st.pointee.chainRefs[k]
            parts.append(String(decoding: UnsafeBufferPointer(start: base + Int(c.start), count: Int(c.count)),
                                as: UTF8.self))
        }
        return parts.joined(separator: " -> ")
    }
}
