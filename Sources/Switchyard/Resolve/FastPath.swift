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
    @inline(__always)
    func walk(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer, keepTable: Bool = false) throws(SwitchyardError) -> Bool {
        if try walkAsGiven(bytes, into: match, keepTable: keepTable) { return true }
        if _fastPath(match.state.pointee.pendingRewrite == .none) { return false }
        return try walkRewritten(bytes, into: match, keepTable: keepTable)
    }

    /// Walks `bytes` as given; a URL a browser reads differently is not walked but marked
    /// in `pendingRewrite`, and reads as a miss.
    func walkAsGiven(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer, keepTable: Bool) throws(SwitchyardError) -> Bool {
        let st = match.state
        // The fast path: the table this MatchBuffer already holds is still current (one atomic load).
        let id = currentID.load(ordering: .acquiring)
        if st.pointee.tableView == nil || (!keepTable && st.pointee.tableID != id) {
            match.use(currentTable())
        }
        guard let tv = st.pointee.tableView else { throw SwitchyardError(.internal, "no route table") }
        match.clearResult()
        let prefix: URLView.Prefix
        do throws(SwitchyardError) {
            prefix = try st.pointee.view.readPrefix(bytes, tv.pointee.read)
        } catch {
            match.source = .none
            throw error
        }
        // A URL to rewrite reads as one that may need decoding, so the common URL pays for
        // no test of its own here.
        if prefix.mayDecode && st.pointee.view.rewrite != .none {
            st.pointee.pendingRewrite = st.pointee.view.rewrite
            return false
        }
        let p = bytes.baseAddress ?? emptyBytes
        let end = bytes.baseAddress == nil ? 0
            : st.pointee.view.readQueryAndFragment(p, bytes.count, end: prefix.pathEnd, tv.pointee.read,
                                                  mayDecode: prefix.mayDecode)
        let needed = tv.pointee.maxParameters &+ 1
        st.pointee.captures.reserve(needed)
        st.pointee.bestCaptures.reserve(needed)
        // The fast path (this file's opening comment): a clean URL answered from its bytes.
        let r = tv.pointee.read
        if !(prefix.mayDecode && r.decodePath) && !r.strictTrailingSlash && !r.keepEmptySegments {
            let first = st.pointee.view.firstSegmentStart(p, prefix, end)
            if URLView.pathMayWalk(p, first, end, maxSegments: r.maxSegments) {
                let s = tv.pointee.staticPaths.find(p, first, end)
                if s >= 0 {
                    match.finish(tv.pointee.walk.entries[Int(s)], captureCount: 0, remainderAt: -1, url: bytes) { _, _ in }
                    st.pointee.paths.count(.staticMap)
                    return st.pointee.hit
                }
                var w = Walker(tv.pointee.walk, url: p, decoded: UnsafePointer(st.pointee.view.decoded.base),
                               source: BytesSource(p: p, start: first, end: end),
                               captures: st.pointee.captures.base, bestCaptures: st.pointee.bestCaptures.base,
                               frames: st.pointee.frames.base)
                if tv.pointee.catchAllEdges > 0 {
                    try prepareCatchAlls(&w, match, tv, span: end &- first)
                }
                run(&w, tv, &st.pointee.view)
                if w.visited != nil { st.pointee.paths.countCatchAllWalks(match.catchAllWalksOfLastWalk) }
                if !w.aborted && (w.best >= 0 || !URLView.hasSlashPair(p, first, end)) {
                    match.finish(w, url: bytes) { m, from in m.appendRemainder(bytes: p, from: from, end: end) }
                    st.pointee.paths.count(.byteWalk)
                    return st.pointee.hit
                }
            }
        }
        // The full reader: the path split, decoded and normalised into a segment list.
        do throws(SwitchyardError) {
            try st.pointee.view.readSegments(p, prefix, end, tv.pointee.read)
        } catch {
            match.source = .none
            throw error
        }
        let list = ListSource(segments: st.pointee.view.segments.base, count: st.pointee.view.segments.count,
                              url: p, decoded: UnsafePointer(st.pointee.view.decoded.base))
        var w = Walker(tv.pointee.walk, url: p, decoded: UnsafePointer(st.pointee.view.decoded.base), source: list,
                       captures: st.pointee.captures.base, bestCaptures: st.pointee.bestCaptures.base,
                       frames: st.pointee.frames.base)
        if tv.pointee.catchAllEdges > 0 {
            try prepareCatchAlls(&w, match, tv, span: list.count)
        }
        run(&w, tv, &st.pointee.view)
        if w.visited != nil {
            st.pointee.paths.countCatchAllWalks(match.catchAllWalksOfLastWalk)
            if w.best >= 0 { match.joinCatchAlls(w.bestCaptureCount, url: bytes) }
        }
        match.finish(w, url: bytes) { m, from in m.appendRemainder(segmentsFrom: from, url: bytes) }
        st.pointee.paths.count(.segmentList)
        return st.pointee.hit
    }

    /// A URL a browser reads differently: its browser form becomes the URL the MatchBuffer owns
    /// and describes, and is walked instead.
    @inline(never)
    private func walkRewritten(_ bytes: UnsafeBufferPointer<UInt8>, into match: MatchBuffer,
                               keepTable: Bool) throws(SwitchyardError) -> Bool {
        let st = match.state
        let kind = st.pointee.pendingRewrite
        st.pointee.pendingRewrite = .none
        do throws(SwitchyardError) {
            try st.pointee.view.rewrite(bytes, kind)
        } catch {
            match.source = .none
            throw error
        }
        swap(&st.pointee.owned, &st.pointee.view.rewritten)
        match.source = .owned
        let own = UnsafeBufferPointer(start: UnsafePointer(st.pointee.owned.base), count: st.pointee.owned.count)
        let hit: Bool
        do throws(SwitchyardError) {
            hit = try walkAsGiven(own, into: match, keepTable: keepTable)
        } catch {
            // A position in the rewritten form is not one in the caller's URL.
            var e = error
            if let at = e.position, at >= bytes.count { e.position = nil }
            throw e
        }
        if st.pointee.pendingRewrite != .none {
            st.pointee.pendingRewrite = .none
            match.source = .none
            throw SwitchyardError(.internal, "URL could not be put in the form a browser reads")
        }
        return hit
    }

    /// Gives a walk over a table with catch-alls in the middle its bitset (CatchAllWalk.swift).
    @inline(never)
    func prepareCatchAlls<S: SegmentSource>(_ w: inout Walker<S>, _ match: MatchBuffer, _ tv: UnsafePointer<TableView>,
                                            span: Int) throws(SwitchyardError) {
        do throws(SwitchyardError) {
            w.visited = try match.catchAllMemo(edges: tv.pointee.catchAllEdges, span: span)
        } catch {
            match.source = .none
            throw error
        }
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
