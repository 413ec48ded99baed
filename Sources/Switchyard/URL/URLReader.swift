/// Reading a URL by RFC 3986 and SEMANTICS.md §1/§8, over UTF-8 bytes, into offsets held in a
/// reusable `URLView` (no allocation once the view's buffers are warm).

/// Where a piece of text lives: in the URL bytes as given, or in the view's decode buffer.
struct TextRef: BitwiseCopyable {
    var start: Int32
    var count: Int32
    var decoded: Bool
}

struct QueryRef: BitwiseCopyable {
    var name: TextRef
    var value: TextRef
}

/// The web schemes, owned by a Router and retained by its tables, so that `ReadConfig` can be a
/// plain value the resolve path copies without reference counting. One block of words:
/// - words 0...9, `first[n]`: the schemes of `n` bytes (1...8) are the words
///   `first[n]..<first[n + 1]`, each a scheme's bytes as a little-endian word, zero above
///   (`prefixWord`); so a scheme of up to 8 bytes is found by its length and one compare
///   per web scheme of that length;
/// - from word `first[9]` on, every scheme as length-prefixed bytes, ended by a 0 length,
///   for the longer ones.
final class WebSchemeStore: @unchecked Sendable {
    let words: UnsafeMutablePointer<UInt64>

    init(_ schemes: Set<String>) {
        let sorted = schemes.sorted().map { Array($0.utf8).prefix(255) }
        let short = sorted.filter { (1...8).contains($0.count) }.sorted { $0.count < $1.count }
        let byteCount = sorted.reduce(1) { $0 + 1 + $1.count }
        let listStart = 10 + short.count
        let count = listStart + (byteCount + 7) / 8
        words = .allocate(capacity: count)
        words.initialize(repeating: 0, count: count)
        var k = 10
        for n in 0...9 {
            words[n] = UInt64(k)
            k += short.filter { $0.count == n }.count
        }
        for (i, s) in short.enumerated() { words[10 + i] = prefixWord(Array(s), fold: false) }
        let bytes = UnsafeMutableRawPointer(words + listStart).assumingMemoryBound(to: UInt8.self)
        var b = 0
        for s in sorted {
            bytes[b] = UInt8(s.count); b += 1
            for c in s { bytes[b] = c; b += 1 }
        }
        bytes[b] = 0
    }

    deinit { words.deallocate() }
}

/// The settings the reader needs, precomputed from RouterOptions (a plain value).
struct ReadConfig: @unchecked Sendable {
    var hostHandling: RouterOptions.HostHandling
    /// The web schemes, as a WebSchemeStore lays them out.
    var webSchemes: UnsafePointer<UInt64>
    var strictTrailingSlash: Bool
    var keepEmptySegments: Bool
    var plusInQuery: Bool
    var plusInPath: Bool
    var decodePath: Bool
    var maxURLLength: Int
    var maxSegments: Int

    init(_ o: RouterOptions, _ store: WebSchemeStore) {
        hostHandling = o.hostHandling
        webSchemes = UnsafePointer(store.words)
        strictTrailingSlash = o.strictTrailingSlash
        keepEmptySegments = o.keepEmptySegments
        plusInQuery = o.plusAsSpaceInQuery
        plusInPath = o.plusAsSpaceInPath
        decodePath = o.decodePath
        maxURLLength = o.limits.maxURLLength
        maxSegments = o.limits.maxSegments
    }

    /// Whether an authority `p[0..<n]` (userinfo dropped) is a host or the first path segment
    /// (`RouterOptions.HostHandling`); URLs and patterns are read by this one rule.
    func authorityIsHost(_ p: UnsafePointer<UInt8>, _ n: Int, isWeb: Bool) -> Bool {
        switch hostHandling {
        case .webSchemes: return isWeb
        case .alwaysSegment: return false
        case .alwaysHost: return true
        case .hostWhenDotted:
            var k = 0
            while k < n { if p[k] == 0x2E { return true }; k += 1 }
            let localhost: StaticString = "localhost"
            return n == 9 && bytesEqualFolding(localhost.utf8Start, p, n)
        }
    }

    func isWebScheme(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        if UInt(bitPattern: n &- 1) < 8 { return isWebScheme(word: prefixWord(p, n, fold: true), n) }
        return isLongWebScheme(p, n)
    }

    /// Whether the scheme of `n` bytes (1...8) whose folded prefix word is `word` is a web scheme.
    @inline(__always)
    func isWebScheme(word: UInt64, _ n: Int) -> Bool {
        var k = Int(webSchemes[n])
        let end = Int(webSchemes[n &+ 1])
        while k < end {
            if webSchemes[k] == word { return true }
            k &+= 1
        }
        return false
    }

    /// `isWebScheme` for a scheme of any length, from the length-prefixed list.
    @inline(never)
    func isLongWebScheme(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let list = UnsafeRawPointer(webSchemes + Int(webSchemes[9])).assumingMemoryBound(to: UInt8.self)
        var k = 0
        while true {
            let len = Int(list[k])
            if len == 0 { return false }
            if len == n, bytesEqualFolding(list + k + 1, p, n) { return true }
            k += 1 + len
        }
    }
}

/// The parts of one URL, as offsets into the URL bytes (or the decode buffer).
struct URLView {
    var hasScheme = false
    var scheme = TextRef(start: 0, count: 0, decoded: false)
    /// The scheme's prefix word, folded (`prefixWord`), while `hasScheme`.
    var schemeWord: UInt64 = 0
    var isWeb = false
    var hasHost = false
    var host = TextRef(start: 0, count: 0, decoded: false)
    /// The host is known to hold no A-Z (a plain web host), so it needs no folding to be
    /// compared with a literal host, which is lowercase. Set with `hasHost`.
    var hostIsLowercase = false
    /// The port as written, after dropping a default port; count 0 = none.
    var port = TextRef(start: 0, count: 0, decoded: false)
    var hasFragment = false
    var fragment = TextRef(start: 0, count: 0, decoded: false)
    /// The raw query (after the `?`, before any `#`), as written; start -1 = no query.
    /// Redirects append it item by item without scanning the URL again.
    var rawQueryStart = -1, rawQueryEnd = -1
    var segments = GrowBuffer<TextRef>(capacity: 16)
    var query = GrowBuffer<QueryRef>(capacity: 4)
    var decoded = GrowBuffer<UInt8>(capacity: 128)
    /// A URL as a browser reads it, when that differs from the bytes given (BrowserReading.swift),
    /// and the scratch space of that rewriting.
    var rewritten = GrowBuffer<UInt8>(capacity: 16)
    /// Set by `readPrefix` (with `Prefix.mayDecode`) when the URL must be read in the form
    /// a browser reads it (`rewrite(_:_:)`) instead.
    var rewrite = Rewrite.none
    var rewriteScratch = GrowBuffer<UInt8>(capacity: 16)

    func free() {
        segments.free()
        query.free()
        decoded.free()
        rewritten.free()
        rewriteScratch.free()
    }

    mutating func reset() {
        hasScheme = false; isWeb = false; hasHost = false; hasFragment = false
        rewrite = .none
        rawQueryStart = -1
        port.count = 0
        segments.removeAll()
        query.removeAll()
        decoded.removeAll()
    }

    @inline(__always)
    func pointer(_ t: TextRef, in url: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        t.decoded ? UnsafePointer(decoded.base) + Int(t.start) : url + Int(t.start)
    }
}

private let slash: UInt8 = 0x2F, colon: UInt8 = 0x3A, question: UInt8 = 0x3F, hash: UInt8 = 0x23
private let at: UInt8 = 0x40, dot: UInt8 = 0x2E

/// Bytes scanned eight at a time ("SWAR"): the mask has the high bit set in each byte of
/// `w` equal to `c`, and possibly in bytes above such a byte (a borrow). So "any bit set"
/// and "the lowest set bit" are exact, which is all the scans below use.
@inline(__always)
func byteMask(_ w: UInt64, _ c: UInt8) -> UInt64 {
    let x = w ^ (0x0101_0101_0101_0101 &* UInt64(c))
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
}

@inline(__always)
func load8(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt64 {
    UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
}

/// Bytes `i..<end` (fewer than 8 left) as the low bytes of a word, the rest 0x80 (a byte
/// no scan looks for, and one that cannot cause a borrow). When the buffer holds 8 bytes
/// before `end`, one load of the last 8 bytes, shifted, replaces a byte-by-byte loop.
@inline(__always)
func loadTail(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> UInt64 {
    let have = end &- i
    if end >= 8 {
        let shift = UInt64((8 &- have) &* 8)
        // Masking shifts: callers have 1...7 bytes left, so both counts are in 8...56 and
        // the overshift checks of `>>` and `<<` would only cost instructions.
        return (load8(p, end &- 8) &>> shift) | (0x8080_8080_8080_8080 &<< (64 &- shift))
    }
    var w: UInt64 = 0x8080_8080_8080_8080
    var k = end &- 1
    while k >= i {
        w = (w << 8) | UInt64(p[k])
        k &-= 1
    }
    return w
}

/// The eight bytes at `i`, or when fewer than eight are left before `end`, those bytes with
/// the rest of the word made `fill` (a byte chosen for what the caller's tests do with it).
@inline(__always)
func loadPadded(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, fill: UInt8) -> UInt64 {
    if i &+ 8 <= end { return load8(p, i) }
    let pad = ~UInt64(0) &<< UInt64((end &- i) &* 8)  // 1...7 bytes left
    return (loadTail(p, i, end) & ~pad) | (0x0101_0101_0101_0101 &* UInt64(fill) & pad)
}

/// The index of the first byte in `start..<end` whose `mask` bit is set, or `end`.
@inline(__always)
func firstByte(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ mask: (UInt64) -> UInt64) -> Int {
    var i = start
    while i &+ 8 <= end {
        let m = mask(load8(p, i))
        if m != 0 { return i &+ m.trailingZeroBitCount >> 3 }
        i &+= 8
    }
    if i >= end { return end }
    let m = mask(loadTail(p, i, end))
    let k = m.trailingZeroBitCount >> 3
    return m != 0 && i &+ k < end ? i &+ k : end
}

/// The index of the next '/', '?' or '#' at or after `start`, or `n`.
@inline(__always)
func nextDelimiter(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int {
    firstByte(p, start, n) { byteMask($0, 0x2F) | byteMask($0, 0x3F) | byteMask($0, 0x23) }
}

/// The index of the next '?' or '#' at or after `start`, or `n`.
@inline(__always)
func nextQueryOrFragment(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int {
    firstByte(p, start, n) { byteMask($0, 0x3F) | byteMask($0, 0x23) }
}

/// The index of the next '/' at or after `start`, or `end`.
@inline(__always)
func nextSlash(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    firstByte(p, start, end) { byteMask($0, 0x2F) }
}

@inline(__always)
private func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

/// Whether `b` may start a scheme name: a letter (RFC 3986 §3.1).
@inline(__always)
func isSchemeStart(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

/// Whether `b` may stand in a scheme name after its first byte: a letter, a digit, `+`, `-`
/// or `.`.
@inline(__always)
func isSchemeByte(_ b: UInt8) -> Bool { isSchemeStart(b) || isDigit(b) || b == 0x2B || b == 0x2D || b == 0x2E }

/// Whether `s` is a scheme name (without its `:`): the one rule for URLs, patterns,
/// templates, options and rule documents.
func isSchemeName<C: Collection<UInt8>>(_ s: C) -> Bool {
    guard let first = s.first, isSchemeStart(first) else { return false }
    return s.dropFirst().allSatisfy(isSchemeByte)
}

/// Where a scheme would end: the first ':' that comes before any '/', '?' or '#', or nil.
/// The text before it is not checked (`schemeLength` does).
func schemeColon(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
    var i = 0
    while i < n {
        let b = p[i]
        if b == colon { return i }
        if b == slash || b == question || b == hash { return nil }
        i += 1
    }
    return nil
}

/// Finds the scheme: the text before the first ':' that comes before any '/', '?' or '#'.
/// Returns its length, nil when there is none, or throws when that text is not a scheme.
@inline(__always)
func schemeLength(_ p: UnsafePointer<UInt8>, _ n: Int, what: String) throws(SwitchyardError) -> Int? {
    // The common case, inline: a letter, scheme bytes, then the ':' (none of '/', '?', '#'
    // is a scheme byte, so that ':' is the one `schemeColon` finds). In one word when the
    // text has 8 bytes and the ':' is among them, else a byte at a time.
    if n >= 8 {
        let w = load8(p, 0)
        let k = firstNonSchemeByte(w)
        if UInt(bitPattern: k &- 1) < 7 && UInt8(truncatingIfNeeded: w &>> UInt64(k &* 8)) == colon
            && isSchemeStart(p[0]) { return k }
    } else if n > 0 && isSchemeStart(p[0]) {
        var k = 1
        while k < n && isSchemeByte(p[k]) { k &+= 1 }
        if k < n && p[k] == colon { return k }
    }
    return try schemeLengthInFull(p, n, what: what)
}

/// The index of the first byte of `w` that `isSchemeByte` refuses, or 8. Exact: the range
/// tests are exact for the ASCII bytes below the first non-ASCII one, which is refused; a
/// borrow of `byteMask` can only refuse a byte above a ',' or '/', which is refused first.
@inline(__always)
func firstNonSchemeByte(_ w: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func inRange(_ x: UInt64, _ lo: UInt8, _ hi: UInt8) -> UInt64 {
        (x &+ ones &* UInt64(0x80 &- lo)) & ~(x &+ ones &* UInt64(0x7F &- hi))
    }
    // Letters of either case; '+' to '9' but ',' and '/': '+', '-', '.' and the digits.
    let letter = inRange(w | 0x2020_2020_2020_2020, 0x61, 0x7A)
    let other = inRange(w, 0x2B, 0x39) & ~(byteMask(w, 0x2C) | byteMask(w, 0x2F))
    let refused = (~(letter | other) | w) & high
    return refused.trailingZeroBitCount &>> 3
}

@inline(never)
private func schemeLengthInFull(_ p: UnsafePointer<UInt8>, _ n: Int, what: String) throws(SwitchyardError) -> Int? {
    guard let i = schemeColon(p, n) else { return nil }
    if i == 0 { throw SwitchyardError(.invalidURL, "\(what) has an empty scheme before ':'", position: 0) }
    if !isSchemeStart(p[0]) {
        throw SwitchyardError(.invalidURL, "\(what) scheme must start with a letter", position: 0)
    }
    var k = 1
    while k < i {
        if !isSchemeByte(p[k]) {
            throw SwitchyardError(.invalidURL, "invalid character in \(what) scheme", position: k)
        }
        k += 1
    }
    return i
}

/// The default port of a web scheme, as ASCII digits, or nil.
func defaultPort(scheme p: UnsafePointer<UInt8>, _ n: Int) -> [UInt8]? {
    func eq(_ s: StaticString) -> Bool {
        s.utf8CodeUnitCount == n && bytesEqualFolding(s.utf8Start, p, n)
    }
    if eq("http") || eq("ws") { return [0x38, 0x30] }
    if eq("https") || eq("wss") { return [0x34, 0x34, 0x33] }
    if eq("ftp") { return [0x32, 0x31] }
    return nil
}

extension URLView {
    /// Reads `u` into this view. Throws invalidURL (with the byte position) or limit.
    /// (The three phases below, in order; `Router.walk` runs them separately so that clean
    /// URLs can skip building the segment list.)
    /// A URL that a browser reads differently is rewritten first (into `rewritten`) and that
    /// form is read: the view's offsets then refer to the bytes returned, not to `u`.
    @discardableResult
    mutating func read(_ u: UnsafeBufferPointer<UInt8>, _ config: ReadConfig) throws(SwitchyardError)
        -> UnsafeBufferPointer<UInt8> {
        var bytes = u
        var prefix = try readPrefix(u, config)
        if rewrite != .none {
            try self.rewrite(u, rewrite)
            bytes = UnsafeBufferPointer(start: UnsafePointer(rewritten.base), count: rewritten.count)
            prefix = try readPrefix(bytes, config)
            if rewrite != .none { throw SwitchyardError(.internal, "URL could not be put in the form a browser reads") }
        }
        guard let p = bytes.baseAddress else { return bytes }
        let end = readQueryAndFragment(p, bytes.count, end: prefix.pathEnd, config, mayDecode: prefix.mayDecode)
        try readSegments(p, prefix, end, config)
        return bytes
    }

    /// Writes the form a browser reads `u` as into `rewritten` (see BrowserReading.swift).
    mutating func rewrite(_ u: UnsafeBufferPointer<UInt8>, _ kind: Rewrite) throws(SwitchyardError) {
        guard let p = u.baseAddress else { return }
        switch kind {
        case .none: return
        case .barePath: URLView.rewriteBarePath(p, u.count, into: &rewritten)
        case .webURL:
            try URLView.rewriteWebURL(p, u.count, schemeEnd: Int(scheme.count), cleaned: &rewriteScratch,
                                      into: &rewritten)
        }
    }

    /// What `readPrefix` found: where the path starts, whether any byte may need decoding,
    /// and the authority when it is the first path segment.
    struct Prefix {
        var pathStart = 0
        /// The first '?' or '#' (or the end): the path ends there.
        var pathEnd = 0
        var mayDecode = false
        var authority: (Int, Int)? = nil
    }

    /// Phase 1: limits, validation, scheme and authority.
    /// Inline for the common URL, a path ('/' first) within the length limit; the others
    /// take `readPrefixInFull`.
    @inline(__always)
    mutating func readPrefix(_ u: UnsafeBufferPointer<UInt8>, _ config: ReadConfig) throws(SwitchyardError) -> Prefix {
        if let p = u.baseAddress, u.count > 0, u.count <= config.maxURLLength, p[0] == slash {
            reset()
            let scan = try validateText(p, u.count)
            var prefix = Prefix()
            prefix.mayDecode = scan.mayDecode
            prefix.pathEnd = scan.queryOrFragment
            return prefix
        }
        return try readPrefixInFull(u, config)
    }

    @inline(never)
    private mutating func readPrefixInFull(_ u: UnsafeBufferPointer<UInt8>, _ config: ReadConfig)
        throws(SwitchyardError) -> Prefix {
        reset()
        let n = u.count
        if n > config.maxURLLength {
            throw SwitchyardError(.limit, "URL is \(n) bytes, over the limit of \(config.maxURLLength)")
        }
        var prefix = Prefix()
        guard let p = u.baseAddress else { return prefix }  // the empty URL: no segments
        // The scheme first: a web URL a browser reads differently is rewritten before the
        // validating scan, which would refuse the tabs and newlines a browser removes.
        // (A URL that starts with '/', which has no scheme, took readPrefix's inline path.)
        let schemeEnd = n > 0 ? try schemeLength(p, n, what: "URL") : nil
        var i = 0
        // Where the validating scan's one-test pass stops (`n`: it passes the whole URL,
        // which then holds no tab, LF, CR, '\\' or trailing space either).
        let ordinaryEnd = n >= 8 ? URLView.ordinaryWordsEnd(p, n, start: 0) : 0
        // The authority's end when the web URL is plain (`plainWebAuthorityEnd`), else -1.
        var plainEnd = -1
        if let sl = schemeEnd {
            hasScheme = true
            scheme = TextRef(start: 0, count: Int32(truncatingIfNeeded: sl), decoded: false)
            var browser = true
            if UInt(bitPattern: sl &- 1) < 8 {
                // The scheme as one folded word: the web-scheme lookup, the `file` test and
                // the walk's scheme edge all compare it whole.
                let w = asciiLowerWord(n >= 8 ? lowBytes(load8(p, 0), sl) : prefixWord(p, sl, fold: false))
                schemeWord = w
                isWeb = config.isWebScheme(word: w, sl)
                browser = !(sl == 4 && w == URLView.fileSchemeWord)
            } else {
                schemeWord = prefixWord(p, sl, fold: true)
                isWeb = config.isLongWebScheme(p, sl)
            }
            i = sl + 1
            if isWeb && browser {
                plainEnd = URLView.plainWebAuthorityEnd(p, n, schemeEnd: sl, restIsPlain: ordinaryEnd == n)
                if plainEnd < 0 && URLView.webURLNeedsRewrite(p, n, schemeEnd: sl, scratch: &rewriteScratch) {
                    rewrite = .webURL
                    prefix.mayDecode = true
                    return prefix
                }
            }
        }
        let scan = ordinaryEnd == n ? (mayDecode: false, queryOrFragment: n) : try validateText(p, n, from: ordinaryEnd)
        prefix.mayDecode = scan.mayDecode
        prefix.pathEnd = scan.queryOrFragment
        if rewrite == .barePath && schemeEnd != nil { rewrite = .none }  // '\\' is data in a custom scheme
        // Authority: only after a scheme ("//x" without one is a bare path, SEMANTICS §1).
        if plainEnd >= 0 {
            // A plain web authority: all host, no userinfo, no port (what readHost would find).
            let aStart = i &+ 2
            i = plainEnd
            if config.hostHandling == .webSchemes || config.authorityIsHost(p + aStart, plainEnd &- aStart, isWeb: true) {
                hasHost = true
                hostIsLowercase = true
                // Offsets fit in Int32: URLs are at most maxURLLength (<= Int32.max) bytes.
                host = TextRef(start: Int32(truncatingIfNeeded: aStart), count: Int32(truncatingIfNeeded: plainEnd &- aStart),
                               decoded: false)
                port = TextRef(start: Int32(truncatingIfNeeded: plainEnd), count: 0, decoded: false)
            } else {
                prefix.authority = (aStart, plainEnd)
            }
        } else if hasScheme, i + 1 < n, p[i] == slash, p[i + 1] == slash {
            let aStart = i + 2
            let aEnd = nextDelimiter(p, aStart, n)
            i = aEnd
            // Userinfo is dropped before matching (kept in the URL as given).
            var hStart = aStart
            var k = aEnd
            while k > aStart { k -= 1; if p[k] == at { hStart = k + 1; break } }
            if config.authorityIsHost(p + hStart, aEnd - hStart, isWeb: isWeb) {
                try readHost(p, hStart, aEnd)
            } else {
                prefix.authority = (hStart, aEnd)
            }
        }
        prefix.pathStart = i
        prefix.pathEnd = max(prefix.pathEnd, i)
        return prefix
    }

    /// Phase 1 for a URL a redirect produced from a template whose head is known
    /// (RedirectKnownHead.swift): what `readPrefixInFull` finds, with the scheme and authority
    /// taken from `head` once the URL's head is seen to be the template's, byte for byte.
    /// Nil, having read nothing, when that does not hold (the URL is then read in full).
    @inline(__always)
    mutating func readProducedPrefix(_ u: UnsafeBufferPointer<UInt8>, _ head: UnsafePointer<KnownHead>,
                                     _ config: ReadConfig) throws(SwitchyardError) -> Prefix? {
        let n = u.count, h = head.pointee.pathStart
        guard let p = u.baseAddress, let tp = head.pointee.template, n <= config.maxURLLength, n >= h,
              n == h || p[h] == slash || p[h] == question || p[h] == hash, bytesEqual(p, tp, h) else { return nil }
        // A web head in a browser's form stays so unless the rest holds what
        // `plainWebAuthorityEnd` refuses after the authority.
        if head.pointee.plainWeb && !URLView.plainWebRest(p, from: h, n) { return nil }
        reset()
        // The head passed this scan when the route was added, and holds no '?' or '#'.
        let scan = try validateText(p, n, start: h)
        if rewrite == .barePath { rewrite = .none }  // '\\' is data in a URL with a scheme
        hasScheme = true
        scheme = TextRef(start: 0, count: Int32(truncatingIfNeeded: head.pointee.schemeEnd), decoded: false)
        schemeWord = prefixWord(p, head.pointee.schemeEnd, fold: true)
        isWeb = head.pointee.isWeb
        hasHost = head.pointee.hasHost
        hostIsLowercase = false
        host = head.pointee.host
        port = head.pointee.port
        var prefix = Prefix()
        prefix.mayDecode = scan.mayDecode || head.pointee.mayDecode
        prefix.authority = head.pointee.authority
        prefix.pathStart = h
        prefix.pathEnd = max(scan.queryOrFragment, h)
        return prefix
    }

    /// Phase 2: finds the end of the path (the first '?' or '#') and reads the query and
    /// fragment after it. Returns the end of the path.
    mutating func readQueryAndFragment(_ p: UnsafePointer<UInt8>, _ n: Int, end: Int,
                                       _ config: ReadConfig, mayDecode: Bool) -> Int {
        var i = end
        if i < n, p[i] == question {
            let qs = i + 1
            i = qs
            while i < n, p[i] != hash { i += 1 }
            rawQueryStart = qs
            rawQueryEnd = i
            readQuery(p, qs, i, plusAsSpace: config.plusInQuery, mayDecode: mayDecode)
        }
        if i < n, p[i] == hash {
            hasFragment = true
            fragment = TextRef(start: Int32(truncatingIfNeeded: i + 1), count: Int32(truncatingIfNeeded: n - i - 1),
                               decoded: false)
        }
        return end
    }

    /// Phase 3: the path's segments, normalised, and the segment limit.
    mutating func readSegments(_ p: UnsafePointer<UInt8>, _ prefix: Prefix, _ end: Int,
                               _ config: ReadConfig) throws(SwitchyardError) {
        segments.removeAll()
        readSegments(p, prefix.authority, prefix.pathStart, end, config, mayDecode: prefix.mayDecode)
        if segments.count > config.maxSegments {
            throw SwitchyardError(.limit, "URL has \(segments.count) path segments, over the limit of \(config.maxSegments)")
        }
    }

    /// In the path, most words hold only letters, digits, '-', '.', '/', '_' and '~'. One
    /// cheap test passes those and sends the others (any byte below '-', a '?', a '\\', DEL
    /// or a non-ASCII byte) to the exact tests: what it passes has no '?', '#', '%', '+',
    /// '\\', control, DEL or non-ASCII byte, so no other test applies. (Presence is exact: a
    /// borrow or carry starts only at a byte that is itself flagged.)
    @inline(__always)
    private static func isOrdinaryPathWord(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let below = (w &- 0x2D2D_2D2D_2D2D_2D2D) & ~w
        let above = (w &+ ones) | w
        return (below | above | byteMask(w, 0x3F) | byteMask(w, 0x5C)) & 0x8080_8080_8080_8080 == 0
    }

    /// Any byte outside 0x20...0x7E (control, DEL, non-ASCII) or a '%', '+' or '\\': one test
    /// (presence is exact; the slow path of `validateText` finds where and what).
    @inline(__always)
    private func unusual(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let u = ((w &- ones &* 0x20) & ~w) | ((w &+ ones) | w) | byteMask(w, 0x25) | byteMask(w, 0x2B)
            | byteMask(w, 0x5C)
        return u & 0x8080_8080_8080_8080 != 0
    }

    /// Control characters make a URL invalid; so does invalid UTF-8 (possible from C).
    /// One pass, eight bytes at a time, that also finds the first '?' or '#' (the end of
    /// the path), and tells whether any byte may need decoding (`%`, or `+`), so clean URLs
    /// skip the per-segment decoding scan.
    ///
    /// The common URL, a path of letters, digits, '-', '.', '/', '_' and '~', passes here,
    /// inline, with one test per word: a word with any byte below '-', a '?', DEL or a
    /// non-ASCII byte goes to `validateText(_:_:from:)` for a closer look. The last bytes
    /// are read as the word that ends the URL: the bytes it shares with the word before
    /// have passed already, so what it finds is in its new bytes.
    @inline(__always)
    /// `start`: the bytes before it are known to pass (a redirect template's head), so the
    /// scan may begin there; what it then finds is in the bytes from `start` on.
    private mutating func validateText(_ p: UnsafePointer<UInt8>, _ n: Int, start: Int = 0) throws(SwitchyardError)
        -> (mayDecode: Bool, queryOrFragment: Int) {
        if n < 8 { return try validateText(p, n, from: 0) }
        let at = URLView.ordinaryWordsEnd(p, n, start: start)
        if at == n { return (false, n) }
        return try validateText(p, n, from: at)
    }

    /// The one-test pass of `validateText(_:_:)` over `p[start..<n]` (`n >= 8`): where the
    /// first word that fails it starts (a word boundary, or `n - 8` for the last word), or
    /// `n` when every word passes.
    @inline(__always)
    static func ordinaryWordsEnd(_ p: UnsafePointer<UInt8>, _ n: Int, start: Int) -> Int {
        var i = start
        while true {
            let at = i &+ 8 <= n ? i : n &- 8
            if !isOrdinaryPathWord(load8(p, at)) { return at }
            i = at &+ 8
            if i >= n { return n }
        }
    }

    /// The rest of `validateText(_:_:)` from byte `from`, a word boundary or the last
    /// word's start; the bytes before it passed the one-test scan.
    @inline(never)
    private mutating func validateText(_ p: UnsafePointer<UInt8>, _ n: Int, from: Int) throws(SwitchyardError)
        -> (mayDecode: Bool, queryOrFragment: Int) {
        var queryOrFragment = n
        var flagged = false
        var i = from
        while i < n {
            // The last bytes as one more word, its padding made 'A': a byte none of the
            // tests below looks for, so every test applies unchanged.
            let w = loadPadded(p, i, n, fill: 0x41)
            if queryOrFragment == n {
                if !URLView.isOrdinaryPathWord(w) {
                    let m = byteMask(w, 0x3F) | byteMask(w, 0x23)
                    if m != 0 {
                        // The high bit of the first '?' or '#'.
                        queryOrFragment = i &+ m.trailingZeroBitCount >> 3
                    }
                    if unusual(w) {
                        flagged = true
                        break
                    }
                }
            } else if unusual(w) {
                flagged = true
                break
            }
            i &+= 8
        }
        if !flagged { return (false, queryOrFragment) }
        // Slow path from the first interesting byte.
        var mayDecode = false
        var ascii = true
        var backslash = false
        while i < n {
            let b = p[i]
            if b < 0x20 || b == 0x7F {
                throw SwitchyardError(.invalidURL, "control character 0x\(String(b, radix: 16)) in URL", position: i)
            }
            if b >= 0x80 { ascii = false }
            if b == 0x25 || b == 0x2B { mayDecode = true }
            if queryOrFragment == n && (b == 0x3F || b == 0x23) { queryOrFragment = i }
            if b == 0x5C && i < queryOrFragment { backslash = true }
            i &+= 1
        }
        if !ascii, let bad = firstInvalidUTF8(p, n) {
            throw SwitchyardError(.invalidURL, "URL is not valid UTF-8", position: bad)
        }
        // A '\\' in the path: a URL without a scheme is read with '/' for it (BrowserReading.swift);
        // the caller drops the mark for a custom scheme. It reads as a URL that may need decoding.
        if backslash {
            rewrite = .barePath
            return (true, queryOrFragment)
        }
        return (mayDecode, queryOrFragment)
    }

    private mutating func readHost(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(SwitchyardError) {
        hasHost = true
        hostIsLowercase = false
        var hostEnd = end
        var portStart = end
        // The port follows the last ':' that is not inside an IPv6 literal.
        var k = end
        while k > start {
            k -= 1
            let b = p[k]
            if b == 0x5D { break }  // ']'
            if b == colon { hostEnd = k; portStart = k + 1; break }
        }
        var d = portStart
        while d < end {
            if !isDigit(p[d]) { throw SwitchyardError(.invalidURL, "port must be decimal digits", position: d) }
            d += 1
        }
        host = TextRef(start: Int32(start), count: Int32(hostEnd - start), decoded: false)
        var portCount = end - portStart
        if portCount > 0, let def = defaultPort(scheme: p + Int(scheme.start), Int(scheme.count)),
           def.count == portCount, def.withUnsafeBufferPointer({ bytesEqual($0.baseAddress!, p + portStart, portCount) }) {
            portCount = 0
        }
        port = TextRef(start: Int32(portStart), count: Int32(portCount), decoded: false)
    }

    /// Splits on raw '/' up to `end`, decodes each piece once, removes dot segments (empty
    /// pieces still present), then drops empty segments: the order of SEMANTICS §8.
    private mutating func readSegments(_ p: UnsafePointer<UInt8>, _ authority: (Int, Int)?,
                                       _ start: Int, _ end: Int, _ config: ReadConfig, mayDecode: Bool) {
        var pendingTrailing = false
        var sawEmpty = false
        let decode = mayDecode && config.decodePath
        let pathEmpty = start >= end
        if let (a, b) = authority {
            pushPiece(p, a, b, last: pathEmpty, decode, config, &pendingTrailing, &sawEmpty)
        }
        if !pathEmpty {
            var i = start
            if p[i] == slash { i += 1 }  // the root slash is not a segment
            segments.reserve(segments.count + 16)
            while true {
                let j = nextSlash(p, i, end)
                let atEnd = j >= end
                pushPiece(p, i, j, last: atEnd, decode, config, &pendingTrailing, &sawEmpty)
                if atEnd { break }
                i = j + 1
            }
        }
        if pendingTrailing || sawEmpty { finishSegments(config, pendingTrailing) }
    }

    @inline(__always)
    private mutating func pushPiece(_ p: UnsafePointer<UInt8>, _ a: Int, _ b: Int, last: Bool, _ decode: Bool,
                                    _ config: ReadConfig, _ trailing: inout Bool, _ sawEmpty: inout Bool) {
        // Offsets fit in Int32: URLs are at most maxURLLength (<= Int32.max) bytes.
        var ref = TextRef(start: Int32(truncatingIfNeeded: a), count: Int32(truncatingIfNeeded: b &- a), decoded: false)
        if decode, needsDecoding(p + a, b - a, plusAsSpace: config.plusInPath) {
            let before = decoded.count
            if appendDecoded(p + a, b - a, plusAsSpace: config.plusInPath, into: &decoded) {
                ref = TextRef(start: Int32(before), count: Int32(decoded.count - before), decoded: true)
            }
        }
        let q = pointer(ref, in: p)
        let c = Int(ref.count)
        var isDot = c == 1 && q[0] == dot
        var isDotDot = c == 2 && q[0] == dot && q[1] == dot
        // Not decoded (decodePath false): a browser still removes `%2e`, `.%2E`, `%2e%2e`...
        // as dot segments before it sends the URL, so they are removed here too.
        if _slowPath(!ref.decoded && c >= 3 && c <= 6 && (q[0] == 0x25 || q[1] == 0x25)) {
            isDot = c == 3 && isDotSegment(q, c)
            isDotDot = c > 3 && isDotSegment(q, c)
        }
        if isDot || isDotDot {
            if isDotDot, segments.count > 0 { segments.removeLast() }
            trailing = last  // "/a/b/.." reads as "/a/"
            return
        }
        trailing = false
        if c == 0 { sawEmpty = true }
        segments.append(ref)
    }

    private mutating func finishSegments(_ config: ReadConfig, _ trailingFromDots: Bool) {
        if trailingFromDots { segments.append(TextRef(start: 0, count: 0, decoded: false)) }
        if config.keepEmptySegments { return }
        // Drop empty segments, keeping a final one only when the trailing slash is significant.
        let n = segments.count
        var out = 0
        for k in 0..<n {
            let s = segments[k]
            if s.count == 0 && !(config.strictTrailingSlash && k == n - 1) { continue }
            segments[out] = s
            out += 1
        }
        segments.truncate(to: out)
    }

    private mutating func readQuery(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, plusAsSpace: Bool, mayDecode: Bool) {
        _ = anyQueryItem(p, start, end) { i, nameLength, j in
            let eq = i + nameLength
            let name = decodeQueryText(p, i, eq, plusAsSpace, mayDecode)
            let value = eq < j ? decodeQueryText(p, eq + 1, j, plusAsSpace, mayDecode)
                               : TextRef(start: Int32(j), count: 0, decoded: false)
            query.append(QueryRef(name: name, value: value))
            return false
        }
    }

    private mutating func decodeQueryText(_ p: UnsafePointer<UInt8>, _ a: Int, _ b: Int, _ plus: Bool,
                                          _ mayDecode: Bool) -> TextRef {
        if mayDecode, needsDecoding(p + a, b - a, plusAsSpace: plus) {
            let before = decoded.count
            if appendDecoded(p + a, b - a, plusAsSpace: plus, into: &decoded) {
                return TextRef(start: Int32(before), count: Int32(decoded.count - before), decoded: true)
            }
        }
        return TextRef(start: Int32(a), count: Int32(b - a), decoded: false)
    }
}

/// The one query splitter (the reader's query items, a redirect's appended items): calls
/// `body(nameStart, nameLength, itemEnd)` for each non-empty `&`-separated item of
/// `p[start..<end]`; stops early when `body` returns true, and returns whether it did.
@inline(__always)
func anyQueryItem(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
                  _ body: (Int, Int, Int) -> Bool) -> Bool {
    var i = start
    while i < end {
        var j = i
        while j < end, p[j] != 0x26 { j += 1 }
        if j > i {
            var eq = i
            while eq < j, p[eq] != 0x3D { eq += 1 }
            if body(i, eq - i, j) { return true }
        }
        i = j + 1
    }
    return false
}
