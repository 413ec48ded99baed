/// Explaining a URL, and ordering a dispatch's fallbacks, try every route alternative on the
/// URL alone, each in a router of its own (Explain.swift). The URL is the same for all of
/// them, and so are the options those routers read it with, so it is read once: checked,
/// split, decoded and normalised into one MatchBuffer's segment list, over which each
/// probe's table is then walked. A probe costs its walk and what its match lays out, not
/// another reading of the URL: the work is the routes' walks plus one reading.

/// A URL read by `Router.readForProbes`, for `Router.walkRead`: valid while the MatchBuffer
/// it was read into reads no other URL.
struct ProbeReading {
    /// The bytes read (the MatchBuffer's own copy; for a web URL a browser reads otherwise,
    /// the form a browser reads).
    let bytes: UnsafeBufferPointer<UInt8>
    let prefix: URLView.Prefix
    let pathEnd: Int
    /// What the reader decoded; a walk that joins catch-all captures appends after it.
    let decodedCount: Int
}

extension Router {
    /// Reads `url` into `match` as this router's full reader does (the segment list, never
    /// the byte walk), for walks by routers of the same options. Throws what reading the
    /// URL throws.
    func readForProbes(_ url: String, into match: MatchBuffer) throws(SwitchyardError) -> ProbeReading {
        let read = match.use(currentTable()).pointee.read
        match.clearChain()
        match.clearResult()
        var bytes = match.ownURL(url)
        var prefix = try match.readPrefix(bytes, read)
        if match.marksRewrite(prefix) {
            bytes = try match.adoptRewrite(of: bytes, match.takeRewrite())
            prefix = try match.readPrefix(bytes, read)
            if match.marksRewrite(prefix) {
                _ = match.takeRewrite()
                match.forgetURL()
                throw SwitchyardError(.internal, "URL could not be put in the form a browser reads")
            }
        }
        let end = match.readQueryAndFragment(bytes, prefix, read)
        try match.readSegments(bytes.baseAddress ?? emptyBytes, prefix, end, read)
        return ProbeReading(bytes: bytes, prefix: prefix, pathEnd: end, decodedCount: match.decodedCount)
    }

    /// Walks this router's table over the URL `reading` left in `match` (read by a router of
    /// the same options) and lays out the winner without the merged parameter map
    /// (`MatchBuffer.finish`). Returns whether a route matched. After a throw, `match`
    /// describes no URL: read it again.
    func walkRead(_ reading: ProbeReading, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        let tv = match.use(currentTable())
        match.clearResult()
        match.truncateDecoded(to: reading.decodedCount)
        let p = reading.bytes.baseAddress ?? emptyBytes
        if tv.pointee.tails != nil { match.prepareTail(p, reading.prefix, reading.pathEnd) }
        match.reserveCaptures(tv.pointee.maxParameters &+ 1)
        let list = match.segmentList(url: p)
        var w = match.walker(tv.pointee.walk, url: p, source: list)
        if tv.pointee.catchAllEdges > 0 {
            try prepareCatchAlls(&w, match, tv, span: list.count)
        }
        run(&w, tv, &match.view)
        guard w.best >= 0 else { return false }
        if w.visited != nil { match.joinCatchAlls(w.bestCaptureCount, url: reading.bytes) }
        match.finish(w.bestEntryAt, captureCount: w.bestCaptureCount, remainderAt: w.bestRemainder, .segments,
                     url: reading.bytes, mergedMap: false)
        return true
    }
}
