/// One hop of a resolve (`Router.walk`): the URL read, the table walked, the result laid out.
///
/// The fast path: a clean URL is walked straight from its bytes, without the segment list
/// the full reader builds. It gives the full reader's answer, for these reasons (the one
/// place they are written down):
///
/// 1. It is taken only when the full reader would change no byte of the path's segments:
///    nothing to decode (no `%`, no `+` read as a space, `Prefix.mayDecode`), and a router
///    that drops empty segments and ignores a trailing slash. The full reader's segments are
///    then the `/`-separated pieces of the path, minus those it removes: empty, `.` and `..`
///    pieces (SEMANTICS §8). `pathMayWalk` also leaves out a path starting with `.` or `/`, and
///    one long enough to pass the segment limit, which only the full reader counts.
/// 2. The static-path map (StaticPaths.swift) holds, for a path of literal segments, the
///    route the walk would take for it; its keys leave out escaped `/`, empty, `.` and `..`
///    segments. A key found is the walk's answer, by construction.
/// 3. The byte walk (`BytesSource` in Walker.swift) reads each segment as it descends and
///    aborts on an empty, `.` or `..` one. So a route it takes was reached through segments
///    the full reader would read identically.
/// 4. A miss may have stopped before such a segment. It stands only when the path has no
///    `//` and no `/.` at all (`hasSlashPair`): then every piece is a segment of the full
///    reader's. Otherwise, and after an abort, the URL goes to the full reader.
///
/// Only a miss pays for the scan in 4; the validating scan every resolve runs does not.
extension Router {
    /// One hop: read the URL, walk the table, lay out the result.
    /// `keepTable` (redirects): the later hops of a chain stay on the first hop's
    /// table, so a whole chain sees one version of the routes.
    /// A URL that a browser reads differently is walked in the form a browser reads it
    /// (BrowserReading.swift): `walkAsGiven` leaves it to this caller, so the hot walk
    /// carries no second call.
    /// `producedHead` (redirects): the URL was produced by a template whose head is known
    /// (RedirectKnownHead.swift), so its head is not read again.
    @inline(__always)
    func walk(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer, keepTable: Bool = false,
              producedHead: UnsafePointer<KnownHead>? = nil) throws(SwitchyardError) -> Bool {
        if let producedHead {
            if try walkProduced(bytes, into: match, head: producedHead) { return true }
        } else if try walkAsGiven(bytes, into: match, keepTable: keepTable) {
            return true
        }
        if _fastPath(!match.hasPendingRewrite) { return false }
        return try walkRewritten(bytes, into: match, keepTable: keepTable)
    }

    /// `walk` for the resolve entry points (`resolveFirst`), with the walk of the URL as
    /// given inlined: the hop every resolve makes pays for no call of its own.
    @inline(__always)
    func walkFirst(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        if try walkAsGivenInline(bytes, into: match, keepTable: false) { return true }
        if _fastPath(!match.hasPendingRewrite) { return false }
        return try walkRewritten(bytes, into: match, keepTable: false)
    }

    /// Walks `bytes` as given; a URL a browser reads differently is not walked but marked
    /// for rewriting (`MatchBuffer.marksRewrite`), and reads as a miss.
    func walkAsGiven(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer, keepTable: Bool) throws(SwitchyardError) -> Bool {
        try walkAsGivenInline(bytes, into: match, keepTable: keepTable)
    }

    @inline(__always)
    func walkAsGivenInline(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer, keepTable: Bool) throws(SwitchyardError) -> Bool {
        try walkURL(bytes, into: match, keepTable: keepTable, producedHead: nil)
    }

    /// `walkAsGiven` for a later hop of a redirect chain whose URL's head is known: a
    /// function of its own, so the first hop's walk carries no test for it.
    @inline(never)
    func walkProduced(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer,
                      head: UnsafePointer<KnownHead>) throws(SwitchyardError) -> Bool {
        try walkURL(bytes, into: match, keepTable: true, producedHead: head)
    }

    @inline(__always)
    private func walkURL(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer, keepTable: Bool,
                         producedHead: UnsafePointer<KnownHead>?) throws(SwitchyardError) -> Bool {
        // The fast path: the table this MatchBuffer already holds is still current (one atomic load).
        let id = currentID.loadAcquiring()
        let tv = match.heldTableView(currentID: id, keep: keepTable) ?? match.use(currentTable())
        match.clearResult()
        let prefix: URLView.Prefix
        if let head = producedHead,
           let known = try match.readProducedPrefix(bytes, head, tv.pointee.read) {
            prefix = known
        } else {
            prefix = try match.readPrefix(bytes, tv.pointee.read)
        }
        if match.marksRewrite(prefix) { return false }
        let p = bytes.baseAddress ?? emptyBytes
        let end = match.readQueryAndFragment(bytes, prefix, tv.pointee.read)
        if _slowPath(tv.pointee.usesRegexes) { match.prepareTail(p, prefix, end) }
        match.reserveCaptures(tv.pointee.maxParameters &+ 1)
        // The fast path (this file's opening comment): a clean URL answered from its bytes.
        let r = tv.pointee.read
        // A URL that may need decoding takes the full reader even with decodePath false: it
        // removes dot segments written with `%2e`, as a browser does.
        if !prefix.mayDecode && !r.strictTrailingSlash && !r.keepEmptySegments {
            let first = match.view.firstSegmentStart(p, prefix, end)
            if URLView.pathMayWalk(p, first, end, maxSegments: r.maxSegments) {
                let s = tv.pointee.staticPaths.find(p, first, end)
                if s >= 0 {
                    match.finish(tv.pointee.walk.entries + Int(s), captureCount: 0, remainderAt: -1, .bytes(end: end), url: bytes)
                    match.countPath(.staticMap)
                    return match.matched
                }
                var w = match.walker(tv.pointee.walk, url: p, source: BytesSource(p: p, start: first, end: end))
                if tv.pointee.catchAllEdges > 0 {
                    try prepareCatchAlls(&w, match, tv, span: end &- first)
                }
                run(&w, tv, &match.view)
                if _slowPath(tv.pointee.usesRegexes) { try match.checkRegexBudget() }
                if w.visited != nil { match.countCatchAllWalks() }
                if !w.aborted && (w.best >= 0 || !URLView.hasSlashPair(p, first, end)) {
                    if w.best >= 0 {
                        match.finish(w.bestEntryAt, captureCount: w.bestCaptureCount, remainderAt: w.bestRemainder,
                                     .bytes(end: end), url: bytes)
                    }
                    match.countPath(.byteWalk)
                    return match.matched
                }
            }
        }
        // The full reader: the path split, decoded and normalised into a segment list.
        try match.readSegments(p, prefix, end, tv.pointee.read)
        let list = match.segmentList(url: p)
        var w = match.walker(tv.pointee.walk, url: p, source: list)
        if tv.pointee.catchAllEdges > 0 {
            try prepareCatchAlls(&w, match, tv, span: list.count)
        }
        run(&w, tv, &match.view)
        if _slowPath(tv.pointee.usesRegexes) { try match.checkRegexBudget() }
        if w.visited != nil {
            match.countCatchAllWalks()
            if w.best >= 0 { match.joinCatchAlls(w.bestCaptureCount, url: bytes) }
        }
        if w.best >= 0 {
            match.finish(w.bestEntryAt, captureCount: w.bestCaptureCount, remainderAt: w.bestRemainder, .segments,
                         url: bytes)
        }
        match.countPath(.segmentList)
        return match.matched
    }

    /// A URL a browser reads differently: its browser form becomes the URL the MatchBuffer owns
    /// and describes, and is walked instead.
    @inline(never)
    private func walkRewritten(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer,
                               keepTable: Bool) throws(SwitchyardError) -> Bool {
        let own = try match.adoptRewrite(of: bytes, match.takeRewrite())
        let matched: Bool
        do throws(SwitchyardError) {
            matched = try walkAsGiven(own, into: match, keepTable: keepTable)
        } catch {
            // A position in the rewritten form is not one in the caller's URL.
            var e = error
            if let at = e.position, at >= bytes.count { e.position = nil }
            throw e
        }
        if match.hasPendingRewrite {
            _ = match.takeRewrite()
            match.forgetURL()
            throw SwitchyardError(.internal, "URL could not be put in the form a browser reads")
        }
        return matched
    }

    /// Gives a walk over a table with catch-alls in the middle its bitset (CatchAllWalk.swift).
    /// Out of line: plain tables never call it, and their walk keeps its registers.
    @inline(never)
    func prepareCatchAlls<S: SegmentSource>(_ w: inout Walker<S>, _ match: MatchBuffer, _ tv: UnsafePointer<TableView>,
                                            span: Int) throws(SwitchyardError) {
        w.visited = try match.catchAllMemo(edges: tv.pointee.catchAllEdges, span: span)
    }

    @inline(__always)
    func run<S: SegmentSource>(_ w: inout Walker<S>, _ tv: UnsafePointer<TableView>, _ view: inout URLView) {
        if tv.pointee.pathRoot >= 0 {
            w.walkPath(tv.pointee.pathRoot, w.source.start)
        } else if tv.pointee.routeCount > 0 {
            w.walkScheme(&view)
        }
    }
}

extension URLView {
    /// True when the path from `start` to `end` holds a `//` (an empty segment) or a `/.`
    /// (which could start a `.` or `..` segment). One pass, eight bytes at a time; a false
    /// "yes" only sends the URL down the full reader, so the test is conservative. Run after
    /// a miss of the byte walk, whose start `pathMayWalk` has checked.
    static func hasSlashPair(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        var carry: UInt64 = 0  // 0x80 when the byte before the word was '/'
        while i < end {
            let w = i &+ 8 <= end ? load8(p, i) : loadTail(p, i, end)
            let slash = byteMask(w, 0x2F)
            // A '/' or '.' right after a '/'. (A borrow can only flag a '.' after a real '/',
            // itself a hit, so the test is exact.)
            if ((slash << 8) | carry) & (slash | byteMask(w, 0x2E)) != 0 { return true }
            carry = slash >> 56
            i &+= 8
        }
        return false
    }

    /// Whether the byte walk may start on the path from `start` to `end`: no leading `.` or
    /// `/`, and fewer bytes than `maxSegments` (each segment takes a byte and a slash, so
    /// such a path cannot exceed the limit; longer ones are counted by the full reader).
    @inline(__always)
    static func pathMayWalk(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, maxSegments: Int) -> Bool {
        start >= end || (p[start] != 0x2E && p[start] != 0x2F && end &- start < maxSegments)
    }

    /// Where a clean URL's first segment starts: the authority when it is a segment,
    /// else the path after its root slash.
    func firstSegmentStart(_ p: UnsafePointer<UInt8>, _ prefix: Prefix, _ end: Int) -> Int {
        if let (a, _) = prefix.authority { return a }
        let s = prefix.pathStart
        return s < end && p[s] == 0x2F ? s + 1 : s
    }
}
