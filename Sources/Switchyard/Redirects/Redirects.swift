/// Following redirects (SEMANTICS.md §6): each redirect's URL is built into the MatchBuffer's own
/// storage, checked (RedirectSafety.swift) and resolved again, on the same table as the
/// first hop, until a route with a target (or no route) is reached. The chain, every URL
/// from the one given to the last, is kept in `chainBytes` / `chainRefs`; the URL being
/// resolved is copied into `owned`, so spans handed to C point into storage the MatchBuffer owns.

/// The most bytes the URLs of one chain may produce together (the URL given not counted):
/// four URLs of the longest length allowed, and never more than 16 MiB. Each produced URL
/// is also at most `maxURLLength`. The library builds these URLs itself, so it bounds how
/// much it builds: a template that doubles its URL at each hop stops at the bound, not
/// when memory runs out, whatever the limits are set to.
func redirectChainBudget(maxURLLength: Int) -> Int {
    min(4 * max(maxURLLength, 0), 16 << 20)
}

extension Router {
    @inline(__always)
    func followRedirects(_ match: MatchBuffer, firstMatched: Bool) throws(SwitchyardError) -> Bool {
        guard firstMatched, match.entry.isRedirect else { return firstMatched }  // no retain on the hot path
        return try followChain(match)
    }

    private func followChain(_ match: MatchBuffer) throws(SwitchyardError) -> Bool {
        // The table's view, not the table: the MatchBuffer holds the table for the whole chain
        // (every hop keeps it), so nothing here retains it.
        guard let tv = match.heldTableView else { return match.matched }
        let plus = tv.pointee.read.plusInQuery
        let limit = options.limits.maxRedirects
        let maxURL = options.limits.maxURLLength
        let budget = redirectChainBudget(maxURLLength: maxURL)
        var hops = 0
        // The chain starts with the URL given.
        match.withURLBytes { u in match.appendChainURL(copying: u) }
        let producedFrom = match.chainBytes.count
        while match.matched && match.entry.isRedirect, let routeRef = match.unretainedRoute {
            hops += 1
            // The route lives in the held table; read without a retain and a release per hop.
            let step = routeRef._withUnsafeGuaranteedRef { route in
                hop(match, route, tv, plus: plus, hops: hops, limit: limit, maxURL: maxURL, budget: budget,
                    producedFrom: producedFrom)
            }
            if let error = step { throw error }
        }
        return match.matched
    }

    /// One hop of `followChain`: builds the URL `route` leads to, checks it and resolves it.
    /// Returns the error that ends the chain, or nil.
    @inline(__always)
    private func hop(_ match: MatchBuffer, _ route: CompiledRoute, _ tv: UnsafePointer<TableView>, plus: Bool,
                     hops: Int, limit: Int, maxURL: Int, budget: Int, producedFrom: Int) -> SwitchyardError? {
        do throws(SwitchyardError) {
            let start = match.chainBytes.count
            // The bound of this URL: the URL length limit, what is left of the chain's
            // budget, and what 32-bit chain offsets can address.
            let room = min(maxURL, budget - (start - producedFrom), Int(Int32.max) - start)
            let produced = match.appendChainURL { buf in
                match.withURLBytes { u in
                    do throws(RedirectTooLong) {
                        try match.buildRedirect(route, url: u, plus: plus, into: &buf, end: start + max(room, 0))
                        return true
                    } catch {
                        return false
                    }
                }
            }
            guard let new = produced else {
                throw tooLongError(match, route, overBudget: room < maxURL, budget: budget, maxURL: maxURL)
            }
            try checkRedirect(match, route, produced: new, tv)
            if let seen = match.chainIndex(of: new, before: match.chainRefs.count - 1) {
                throw loopError(match, seen: seen)
            }
            if hops > limit { throw limitError(match, limit: limit) }
            // Resolve the new URL from a copy the MatchBuffer owns (the chain buffer may move).
            let bytes = match.ownURL(match.chainURL(new))
            let mode = match.redirectCheckMode
            if let head = route.producedHead, mode != .full {
                // Its head is the template's: not read again (RedirectKnownHead.swift).
                _ = try withUnsafePointer(to: head) { h throws(SwitchyardError) in
                    if mode == .differential { match.compareProducedReadings(bytes, h, tv.pointee.read) }
                    return try walk(bytes, into: match, keepTable: true, producedHead: h)
                }
            } else {
                _ = try walk(bytes, into: match, keepTable: true)
            }
            return nil
        } catch {
            return error
        }
    }

    // The errors that end a chain, made out of line: a hop builds no message text, and
    // carries none of its constants, unless it fails.

    @inline(never)
    private func tooLongError(_ match: MatchBuffer, _ route: CompiledRoute, overBudget: Bool, budget: Int,
                              maxURL: Int) -> SwitchyardError {
        let why = overBudget
            ? "the URLs of the redirect chain would pass \(budget) bytes together"
            : "it would be over the URL length limit of \(maxURL) bytes (maxURLLength)"
        return refuseRedirect(match, .limit,
            "redirect of route '\(route.route.pattern)' not followed: \(why); chain so far: \(match.chainText(short: true))")
    }

    @inline(never)
    private func loopError(_ match: MatchBuffer, seen: Int) -> SwitchyardError {
        SwitchyardError(.redirectLoop, "redirect loop: \(match.chainText()) (URL \(seen + 1) of the chain comes back)")
    }

    @inline(never)
    private func limitError(_ match: MatchBuffer, limit: Int) -> SwitchyardError {
        SwitchyardError(.redirectLimit, "more than \(limit) redirects (maxRedirects): \(match.chainText())")
    }

    /// An error that ends a chain with nothing kept: the MatchBuffer reads as after a failed read
    /// (no result, no URL, no chain), so no part of a refused redirect can be used.
    func refuseRedirect(_ match: MatchBuffer, _ code: SwitchyardError.Code, _ message: String) -> SwitchyardError {
        match.clearResult()
        match.forgetURL()
        match.clearChain()
        return SwitchyardError(code, message)
    }
}

/// A URL for a message: as it is up to 200 bytes, else its first 200 bytes (cut at a
/// character boundary) and the length, so an error about a huge URL stays readable.
func messageText(_ u: UnsafeBufferPointer<UInt8>) -> String {
    let cap = 200
    guard u.count > cap, let base = u.baseAddress else { return String(decoding: u, as: UTF8.self) }
    var cut = cap
    while cut > 0 && base[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a UTF-8 character
    return String(decoding: UnsafeBufferPointer(start: base, count: cut), as: UTF8.self) + "... (\(u.count) bytes)"
}
