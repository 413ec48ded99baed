/// What a resolve writes into a MatchBuffer. The Router (Router.swift, Resolve/FastPath.swift,
/// Redirects/) and Navigation/Candidates.swift change a buffer only through these, so the
/// rules of its state live in one place: the URL described and where its bytes are; a
/// result that is there whole or not at all; the redirect chain. Each is a few loads and
/// stores over the buffer's one state pointer, inlined into the resolve.
extension MatchBuffer {
    // MARK: the table

    /// The view of the table this buffer holds, when a resolve may use it: the table is
    /// still the router's current one (`currentID`), or `keep` (a redirect's later hops stay
    /// on the first hop's table). Nil: the caller passes the current table to `use(_:)`.
    @inline(__always)
    func heldTableView(currentID: UInt64, keep: Bool) -> UnsafePointer<TableView>? {
        let st = state
        guard let tv = st.pointee.tableView, keep || st.pointee.tableID == currentID else { return nil }
        return tv
    }

    /// The view of the table this buffer holds, whichever it is (a redirect chain's hops
    /// keep the first hop's table).
    @inline(__always)
    var heldTableView: UnsafePointer<TableView>? { state.pointee.tableView }

    /// The winner's route, not retained: the table this buffer holds keeps it alive, until
    /// a resolve moves the buffer to another table (which no hop of a chain does).
    @inline(__always)
    var unretainedRoute: Unmanaged<CompiledRoute>? {
        let st = state
        guard st.pointee.matched, let table = st.pointee.table else { return nil }
        return Unmanaged.passUnretained(table.routes[Int(st.pointee.entry.route)])
    }

    /// Makes `table` the one this buffer reads from (keeps it alive and caches its view);
    /// returns the view.
    @discardableResult
    func use(_ table: Table) -> UnsafePointer<TableView> {
        let st = state
        st.pointee.frames.reserve(table.walkDepth)
        if _slowPath(table.view.usesRegexes) { reserveTails(table) }
        st.pointee.table = table
        st.pointee.tableID = table.id
        let view = UnsafePointer(table.viewPointer)
        st.pointee.tableView = view
        return view
    }

    // MARK: the URL

    /// Copies `bytes` into the buffer's own storage and describes that copy (a Swift
    /// String's bytes, a redirect's URL): the result never depends on storage the caller
    /// keeps. Returns the copy.
    @inline(__always)
    func ownURL(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let st = state
        // The browser's form of a URL swaps this buffer with the reader's (adoptRewrite), so
        // both grow together: after warm-up neither has to grow, whichever one is here.
        if _slowPath(bytes.count > st.pointee.view.rewritten.capacity) {
            st.pointee.view.rewritten.reserve(bytes.count)
        }
        if let src = bytes.baseAddress, bytes.count <= 64, bytes.count <= st.pointee.owned.capacity {
            // A URL as apps write them: copied a word at a time, inline. A call to memmove
            // costs more than the copy at this size, and mispredicts on its size dispatch.
            copyShortBytes(st.pointee.owned.base, src, bytes.count)
            st.pointee.owned.truncate(to: bytes.count)
        } else {
            st.pointee.owned.replaceAll(with: bytes.baseAddress, count: bytes.count)
        }
        st.pointee.source = .owned
        return UnsafeBufferPointer(start: UnsafePointer(st.pointee.owned.base), count: st.pointee.owned.count)
    }

    /// The same for a String's UTF-8 bytes. Copying a URL costs less than keeping the String
    /// alive (a retain and a release per resolve), and a short String may hold its bytes
    /// inline, where no pointer to them outlives the call anyway.
    @inline(__always)
    func ownURL(_ url: String) -> UnsafeBufferPointer<UInt8> {
        if let own = url.utf8.withContiguousStorageIfAvailable({ ownURL($0) }) { return own }
        var copy = url
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable({ ownURL($0) })
            ?? ownURL(UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Describes no URL: after a read that failed, nothing of the URL can be read.
    @inline(__always)
    func forgetURL() {
        state.pointee.source = .none
    }

    /// Reads the URL's length, bytes, scheme and authority (`URLView.readPrefix`). A URL that
    /// cannot be read leaves no URL described.
    @inline(__always)
    func readPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ read: ReadConfig) throws(SwitchyardError) -> URLView.Prefix {
        do throws(SwitchyardError) {
            return try state.pointee.view.readPrefix(bytes, read)
        } catch {
            state.pointee.source = .none
            throw error
        }
    }

    /// Reads the query and the fragment; returns where the path ends.
    @inline(__always)
    func readQueryAndFragment(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: URLView.Prefix,
                              _ read: ReadConfig) -> Int {
        guard let p = bytes.baseAddress else { return 0 }
        return state.pointee.view.readQueryAndFragment(p, bytes.count, end: prefix.pathEnd, read,
                                                      mayDecode: prefix.mayDecode)
    }

    /// Splits, decodes and normalises the path into the segment list (the full reader). A
    /// path that cannot be read leaves no URL described.
    @inline(__always)
    func readSegments(_ p: UnsafePointer<UInt8>, _ prefix: URLView.Prefix, _ end: Int,
                      _ read: ReadConfig) throws(SwitchyardError) {
        do throws(SwitchyardError) {
            try state.pointee.view.readSegments(p, prefix, end, read)
        } catch {
            state.pointee.source = .none
            throw error
        }
    }

    /// Whether the URL just read must be walked in the form a browser reads it instead; if
    /// so, it is marked for `takeRewrite()`. A URL to rewrite reads as one that may need
    /// decoding, so the common URL pays for no test of its own.
    @inline(__always)
    func marksRewrite(_ prefix: URLView.Prefix) -> Bool {
        let st = state
        guard prefix.mayDecode && st.pointee.view.rewrite != .none else { return false }
        st.pointee.pendingRewrite = st.pointee.view.rewrite
        return true
    }

    /// Whether a walk marked its URL for rewriting.
    @inline(__always)
    var hasPendingRewrite: Bool { state.pointee.pendingRewrite != .none }

    /// The rewriting a walk marked, cleared.
    func takeRewrite() -> URLView.Rewrite {
        let kind = state.pointee.pendingRewrite
        state.pointee.pendingRewrite = .none
        return kind
    }

    /// Puts the form a browser reads of `bytes` in place of the URL: the buffer owns it and
    /// describes it. Returns it. A URL that cannot be rewritten leaves no URL described.
    func adoptRewrite(of bytes: UnsafeBufferPointer<UInt8>, _ kind: URLView.Rewrite)
        throws(SwitchyardError) -> UnsafeBufferPointer<UInt8> {
        let st = state
        do throws(SwitchyardError) {
            try st.pointee.view.rewrite(bytes, kind)
        } catch {
            st.pointee.source = .none
            throw error
        }
        swap(&st.pointee.owned, &st.pointee.view.rewritten)
        st.pointee.source = .owned
        return UnsafeBufferPointer(start: UnsafePointer(st.pointee.owned.base), count: st.pointee.owned.count)
    }

    // MARK: the walk

    /// Room for `count` captures in both capture buffers.
    @inline(__always)
    func reserveCaptures(_ count: Int) {
        state.pointee.captures.reserve(count)
        state.pointee.bestCaptures.reserve(count)
    }

    /// A walk over `table` that writes its captures, its winner's captures and its frames
    /// into this buffer's storage.
    @inline(__always)
    func walker<S: SegmentSource>(_ table: WalkTable, url: UnsafePointer<UInt8>, source: S) -> Walker<S> {
        let st = state
        return Walker(table, url: url, decoded: UnsafePointer(st.pointee.view.decoded.base), source: source,
                      captures: st.pointee.captures.base, bestCaptures: st.pointee.bestCaptures.base,
                      buffer: st)
    }

    /// The segment list the full reader made, for a walk.
    @inline(__always)
    func segmentList(url: UnsafePointer<UInt8>) -> ListSource {
        let st = state
        return ListSource(segments: st.pointee.view.segments.base, count: st.pointee.view.segments.count,
                          url: url, decoded: UnsafePointer(st.pointee.view.decoded.base))
    }

    /// Counts the way a walk went (debug builds only).
    @inline(__always)
    func countPath(_ path: ResolvePathCounts.Path) {
        state.pointee.paths.count(path)
    }

    // MARK: catch-alls in the middle (Resolve/CatchAllWalk.swift)

    /// The bitset of a walk through catch-alls (`Walker.seenBefore`), cleared, for a table
    /// with `edges` catch-all edges and a URL whose cursors span `span` values; nil when
    /// the table has none. Past `maxCatchAllMemoWords` it is a limit error: such a URL and
    /// table could only be walked at a cost the limits exist to refuse (no URL is described then).
    func catchAllMemo(edges: Int, span: Int) throws(SwitchyardError) -> UnsafeMutablePointer<UInt64>? {
        if edges == 0 { return nil }
        let stride = span &+ 1
        let (bits, over) = edges.multipliedReportingOverflow(by: stride)
        let words = (bits &+ 63) >> 6
        if over || words > maxCatchAllMemoWords {
            state.pointee.source = .none
            throw SwitchyardError(.limit, "URL has too many segments for the catch-alls of this table (\(edges) catch-alls followed by more of a pattern)")
        }
        state.pointee.visited.reserve(CatchAllMemo.header + words)
        let base = state.pointee.visited.base
        base.update(repeating: 0, count: CatchAllMemo.header + words)
        base[0] = UInt64(stride)
        return base
    }

    /// Counts the subtrees the last walk went through below catch-alls (debug builds only).
    @inline(__always)
    func countCatchAllWalks() {
        state.pointee.paths.countCatchAllWalks(Int(truncatingIfNeeded: state.pointee.visited.base[1]))
    }

    /// How many bytes the decode buffer holds: what the reader decoded, then the catch-all
    /// captures joined after a walk. A URL read once and walked by several tables
    /// (Introspection/ExplainProbe.swift) goes back to what the reader left before each walk.
    var decodedCount: Int { state.pointee.view.decoded.count }

    func truncateDecoded(to count: Int) {
        state.pointee.view.decoded.truncate(to: count)
    }

    /// Lays out the catch-all captures of a walk over the segment list: their segments,
    /// decoded, joined by `/` into the decoded text, where the capture then points.
    func joinCatchAlls(_ count: Int, url: UnsafeBufferPointer<UInt8>) {
        let st = state
        for k in 0..<count where st.pointee.bestCaptures[k].kind == .catchAll {
            let c = st.pointee.bestCaptures[k]
            let firstSegment = Int(c.text.start), lastSegment = Int(c.text.count), taken = Int(c.intValue)
            var total = 0
            for s in firstSegment...lastSegment {
                total += s == lastSegment ? taken : Int(st.pointee.view.segments[s].count) + 1
            }
            st.pointee.view.decoded.reserve(st.pointee.view.decoded.count + total)
            let start = st.pointee.view.decoded.count
            for s in firstSegment...lastSegment {
                let seg = st.pointee.view.segments[s]
                st.pointee.view.decoded.append(contentsOf: textPointer(seg, url), count: s == lastSegment ? taken : Int(seg.count))
                if s != lastSegment { st.pointee.view.decoded.append(0x2F) }
            }
            st.pointee.bestCaptures[k] = Capture(text: TextRef(start: Int32(truncatingIfNeeded: start),
                                                               count: Int32(truncatingIfNeeded: total), decoded: true),
                                                 kind: .param)
        }
    }

    // MARK: the result

    /// No result: what every hop starts from.
    @inline(__always)
    func clearResult() {
        let st = state
        st.pointee.matched = false
        st.pointee.remainderStart = -1
        st.pointee.mergedIsPath = true
        st.pointee.contractRoute = -1
        st.pointee.bestCaptures.removeAll()
        st.pointee.remainderText.removeAll()
        st.pointee.merged.removeAll()
    }

    /// Where a winner's remainder is read: the URL's bytes up to `end` (a clean URL walked
    /// from its bytes), or the reader's segment list.
    enum RemainderText {
        case bytes(end: Int)
        case segments
    }

    /// Records the winner `entry`: its first `captureCount` captures (the walk wrote them
    /// into `bestCaptures`), its remainder (from cursor `remainderAt`, -1 for none; read as
    /// `remainder` says) and, when a query or defaults exist, the merged parameters.
    /// `mergedMap` false: a probe of introspection (Introspection/ExplainProbe.swift), whose
    /// reader asks only for the path parameters and the remainder, skips the merged map (it
    /// would cost the query's size again for every route probed); its parameter map then
    /// holds the path parameters only.
    /// `entry` points into the table: it is copied from there as a whole, in two 16-byte
    /// moves. (Passed as a value, it was copied field by field through the stack and read
    /// back in wider moves than it was written, which stalls the store buffer on every hit.)
    @inline(__always)
    func finish(_ entryAt: UnsafePointer<TableEntry>, captureCount: Int, remainderAt: Int, _ remainder: RemainderText,
                url: UnsafeBufferPointer<UInt8>, mergedMap: Bool = true) {
        let st = state
        st.pointee.matched = true
        withUnsafeMutablePointer(to: &st.pointee.entry) { $0.update(from: entryAt, count: 1) }
        let entry = st.pointee.entry
        st.pointee.remainderStart = remainderAt
        st.pointee.bestCaptures.truncate(to: captureCount)
        if remainderAt >= 0 {
            switch remainder {
            case .bytes(let end): appendRemainder(bytes: url.baseAddress ?? emptyBytes, from: remainderAt, end: end)
            case .segments: appendRemainder(segmentsFrom: remainderAt, url: url)
            }
        }
        // The common case (no query, no defaults) needs no merged map: it is the path.
        if mergedMap && (st.pointee.view.query.count > 0 || entry.defaultCount > 0 || entry.hasQueryContract) {
            st.pointee.mergedIsPath = false
            buildMerged(url)
        }
    }

    /// The remainder from segment `from` of the segment list: decoded segments joined by '/'.
    private func appendRemainder(segmentsFrom from: Int, url: UnsafeBufferPointer<UInt8>) {
        let st = state
        for k in from..<st.pointee.view.segments.count {
            if k > from { st.pointee.remainderText.append(0x2F) }
            let t = st.pointee.view.segments[k]
            st.pointee.remainderText.append(contentsOf: textPointer(t, url), count: Int(t.count))
        }
    }

    /// The remainder of a clean URL from byte `from` to `end`: the bytes as they are, less
    /// the trailing slash the reader ignores.
    private func appendRemainder(bytes p: UnsafePointer<UInt8>, from: Int, end: Int) {
        var e = end
        if e > from && p[e - 1] == 0x2F { e -= 1 }
        if e > from { state.pointee.remainderText.append(contentsOf: p + from, count: e - from) }
    }

    // MARK: the redirect chain

    /// No chain: what every resolve starts from.
    @inline(__always)
    func clearChain() {
        state.pointee.chainRefs.removeAll()
        state.pointee.chainBytes.removeAll()
    }

    /// Appends a copy of `url` to the chain (the URL a chain starts from).
    @inline(__always)
    func appendChainURL(copying url: UnsafeBufferPointer<UInt8>) {
        let st = state
        let start = st.pointee.chainBytes.count
        if let p = url.baseAddress, url.count > 0 { st.pointee.chainBytes.append(contentsOf: p, count: url.count) }
        st.pointee.chainRefs.append(TextRef(start: Int32(clamping: start), count: Int32(clamping: url.count),
                                            decoded: false))
    }

    /// Appends the URL `build` writes onto the chain's bytes (it returns false when it could
    /// not finish: nothing is kept then). `build` may read the buffer's result and URL, not
    /// its chain. Returns the new URL's place in the chain, or nil.
    func appendChainURL(_ build: (inout GrowBuffer<UInt8>) -> Bool) -> TextRef? {
        let st = state
        var buf = st.pointee.chainBytes
        let start = buf.count
        let built = build(&buf)
        buf.truncate(to: built ? buf.count : start)
        st.pointee.chainBytes = buf
        guard built else { return nil }
        let new = TextRef(start: Int32(clamping: start), count: Int32(clamping: buf.count - start), decoded: false)
        st.pointee.chainRefs.append(new)
        return new
    }

    /// The bytes of a URL of the chain (valid until the chain grows).
    func chainURL(_ t: TextRef) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafePointer(state.pointee.chainBytes.base) + Int(t.start), count: Int(t.count))
    }

    /// The index of a chain URL before `limit` equal to `t` (byte for byte), if any.
    @inline(__always)
    func chainIndex(of t: TextRef, before limit: Int) -> Int? {
        let base = UnsafePointer(state.pointee.chainBytes.base)
        for k in 0..<limit {
            let c = chainRefs[k]
            if c.count == t.count, bytesEqual(base + Int(c.start), base + Int(t.start), Int(t.count)) { return k }
        }
        return nil
    }

    /// The chain for an error message: `a -> b -> c`; with `short`, each URL cut to its start.
    func chainText(short: Bool = false) -> String {
        var parts: [String] = []
        for k in 0..<chainRefs.count {
            let text = chainURL(chainRefs[k])
            parts.append(short ? messageText(text) : String(decoding: text, as: UTF8.self))
        }
        return parts.joined(separator: " -> ")
    }

    // MARK: back to the start

    /// The state before any resolve, as the C header promises after a failed resolve: no
    /// result, no URL, no chain, nothing read. The table stays held (it is a cache, not
    /// part of a result).
    package func reset() {
        let st = state
        clearResult()
        clearChain()
        st.pointee.source = .none
        st.pointee.view.reset()
        st.pointee.pendingRewrite = .none
    }
}

/// Copies `n` bytes (at most 64) from `src` to `dst`, which do not overlap: whole words, the
/// last one overlapping the one before it, so no byte loop runs for 8 bytes or more.
@inline(__always)
func copyShortBytes(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, _ n: Int) {
    let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
    if n >= 8 {
        var i = 0
        while i &+ 8 < n {
            d.storeBytes(of: s.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        d.storeBytes(of: s.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self), toByteOffset: n &- 8, as: UInt64.self)
    } else if n >= 4 {
        d.storeBytes(of: s.loadUnaligned(as: UInt32.self), as: UInt32.self)
        d.storeBytes(of: s.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self), toByteOffset: n &- 4, as: UInt32.self)
    } else {
        var i = 0
        while i < n {
            dst[i] = src[i]
            i &+= 1
        }
    }
}
