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

/// The web schemes as length-prefixed bytes, owned by a Router and retained by its tables,
/// so that `ReadConfig` can be a plain value the resolve path copies without reference counting.
final class WebSchemeStore: @unchecked Sendable {
    let bytes: UnsafeMutableBufferPointer<UInt8>

    init(_ schemes: Set<String>) {
        let sorted = schemes.sorted().map { Array($0.utf8).prefix(255) }
        bytes = .allocate(capacity: sorted.reduce(1) { $0 + 1 + $1.count })
        var k = 0
        for s in sorted {
            bytes[k] = UInt8(s.count); k += 1
            for b in s { bytes[k] = b; k += 1 }
        }
        bytes[k] = 0
    }

    deinit { bytes.deallocate() }
}

/// The settings the reader needs, precomputed from RouterOptions (a plain value).
struct ReadConfig: @unchecked Sendable {
    var hostHandling: RouterOptions.HostHandling
    /// Length-prefixed schemes, ended by a 0 length (in a WebSchemeStore).
    var webSchemes: UnsafePointer<UInt8>
    var strictTrailingSlash: Bool
    var keepEmptySegments: Bool
    var plusInQuery: Bool
    var plusInPath: Bool
    var decodePath: Bool
    var maxURLLength: Int
    var maxSegments: Int

    init(_ o: RouterOptions, _ store: WebSchemeStore) {
        hostHandling = o.hostHandling
        webSchemes = UnsafePointer(store.bytes.baseAddress!)
        strictTrailingSlash = o.strictTrailingSlash
        keepEmptySegments = o.keepEmptySegments
        plusInQuery = o.plusAsSpaceInQuery
        plusInPath = o.plusAsSpaceInPath
        decodePath = o.decodePath
        maxURLLength = o.limits.maxURLLength
        maxSegments = o.limits.maxSegments
    }

    func isWebScheme(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var k = 0
        while true {
            let len = Int(webSchemes[k])
            if len == 0 { return false }
            if len == n, bytesEqualFolding(webSchemes + k + 1, p, n) { return true }
            k += 1 + len
        }
    }
}

/// The parts of one URL, as offsets into the URL bytes (or the decode buffer).
struct URLView {
    var hasScheme = false
    var scheme = TextRef(start: 0, count: 0, decoded: false)
    var isWeb = false
    var hasHost = false
    var host = TextRef(start: 0, count: 0, decoded: false)
    /// The port as written, after dropping a default port; count 0 = none.
    var port = TextRef(start: 0, count: 0, decoded: false)
    var hasFragment = false
    var fragment = TextRef(start: 0, count: 0, decoded: false)
    var segments = GrowBuffer<TextRef>(capacity: 16)
    var query = GrowBuffer<QueryRef>(capacity: 4)
    var decoded = GrowBuffer<UInt8>(capacity: 128)

    func free() {
        segments.free()
        query.free()
        decoded.free()
    }

    mutating func reset() {
        hasScheme = false; isWeb = false; hasHost = false; hasFragment = false
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

/// The index of the next '/', '?' or '#' at or after `i`, or `n`: eight bytes at a time.
@inline(__always)
func nextDelimiter(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    var i = start
    while i + 8 <= n {
        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        let a = w ^ (ones &* 0x2F), b = w ^ (ones &* 0x3F), c = w ^ (ones &* 0x23)
        // The lowest set bit of each term is exact (borrows only run upward).
        let m = ((a &- ones) & ~a | (b &- ones) & ~b | (c &- ones) & ~c) & highs
        if m != 0 { return i + m.trailingZeroBitCount >> 3 }
        i += 8
    }
    while i < n {
        let x = p[i]
        if x == 0x2F || x == 0x3F || x == 0x23 { return i }
        i += 1
    }
    return n
}

@inline(__always)
private func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
@inline(__always)
private func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

/// Finds the scheme: the text before the first ':' that comes before any '/', '?' or '#'.
/// Returns its length, nil when there is none, or throws when that text is not a scheme.
func schemeLength(_ p: UnsafePointer<UInt8>, _ n: Int, what: String) throws(SwitchyardError) -> Int? {
    var i = 0
    while i < n {
        let b = p[i]
        if b == colon { break }
        if b == slash || b == question || b == hash { return nil }
        i += 1
    }
    if i == n { return nil }
    if i == 0 { throw SwitchyardError(.invalidURL, "\(what) has an empty scheme before ':'", position: 0) }
    if !isAlpha(p[0]) {
        throw SwitchyardError(.invalidURL, "\(what) scheme must start with a letter", position: 0)
    }
    var k = 1
    while k < i {
        let b = p[k]
        if !(isAlpha(b) || isDigit(b) || b == 0x2B || b == 0x2D || b == dot) {
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
    mutating func read(_ u: UnsafeBufferPointer<UInt8>, _ config: ReadConfig) throws(SwitchyardError) {
        reset()
        let n = u.count
        if n > config.maxURLLength {
            throw SwitchyardError(.limit, "URL is \(n) bytes, over the limit of \(config.maxURLLength)")
        }
        guard let p = u.baseAddress else { return }  // the empty URL: no segments
        let mayDecode = try validateText(p, n)

        var i = 0
        if let sl = try schemeLength(p, n, what: "URL") {
            hasScheme = true
            scheme = TextRef(start: 0, count: Int32(sl), decoded: false)
            isWeb = config.isWebScheme(p, sl)
            i = sl + 1
        }
        // Authority: only after a scheme ("//x" without one is a bare path, SEMANTICS §1).
        var authoritySegment: (Int, Int)? = nil
        if hasScheme, i + 1 < n, p[i] == slash, p[i + 1] == slash {
            let aStart = i + 2
            var aEnd = aStart
            while aEnd < n, p[aEnd] != slash, p[aEnd] != question, p[aEnd] != hash { aEnd += 1 }
            i = aEnd
            // Userinfo is dropped before matching (kept in the URL as given).
            var hStart = aStart
            var k = aEnd
            while k > aStart { k -= 1; if p[k] == at { hStart = k + 1; break } }
            if authorityIsHost(p + hStart, aEnd - hStart, config) {
                try readHost(p, hStart, aEnd)
            } else {
                authoritySegment = (hStart, aEnd)
            }
        }
        // Path (split into segments in the same pass that finds its end), query, fragment.
        i = readSegments(p, authoritySegment, i, n, config, mayDecode: mayDecode)
        var queryRange: (Int, Int)? = nil
        if i < n, p[i] == question {
            let qs = i + 1
            i = qs
            while i < n, p[i] != hash { i += 1 }
            queryRange = (qs, i)
        }
        if i < n, p[i] == hash {
            hasFragment = true
            fragment = TextRef(start: Int32(i + 1), count: Int32(n - i - 1), decoded: false)
        }
        if segments.count > config.maxSegments {
            throw SwitchyardError(.limit, "URL has \(segments.count) path segments, over the limit of \(config.maxSegments)")
        }
        if let (qs, qe) = queryRange { readQuery(p, qs, qe, plusAsSpace: config.plusInQuery, mayDecode: mayDecode) }
    }

    /// Control characters make a URL invalid; so does invalid UTF-8 (possible from C).
    /// One pass, eight bytes at a time; also tells whether any byte may need decoding
    /// (`%`, or `+`), so clean URLs skip the per-segment decoding scan.
    private func validateText(_ p: UnsafePointer<UInt8>, _ n: Int) throws(SwitchyardError) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        @inline(__always) func hasLess(_ v: UInt64, _ c: UInt8) -> Bool { (v &- ones &* UInt64(c)) & ~v & highs != 0 }
        var flagged = false
        var i = 0
        while i + 8 <= n {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            if w & highs != 0 || hasLess(w, 0x20) || hasZero(w ^ (ones &* 0x7F))
                || hasZero(w ^ (ones &* 0x25)) || hasZero(w ^ (ones &* 0x2B)) {
                flagged = true
                break
            }
            i += 8
        }
        if !flagged {
            while i < n {
                let b = p[i]
                if b < 0x20 || b >= 0x7F || b == 0x25 || b == 0x2B { flagged = true; break }
                i += 1
            }
            if !flagged { return false }
        }
        // Slow path from the first interesting byte.
        var mayDecode = false
        var ascii = true
        while i < n {
            let b = p[i]
            if b < 0x20 || b == 0x7F {
                throw SwitchyardError(.invalidURL, "control character 0x\(String(b, radix: 16)) in URL", position: i)
            }
            if b >= 0x80 { ascii = false }
            if b == 0x25 || b == 0x2B { mayDecode = true }
            i += 1
        }
        if !ascii, let bad = firstInvalidUTF8(p, n) {
            throw SwitchyardError(.invalidURL, "URL is not valid UTF-8", position: bad)
        }
        return mayDecode
    }

    private func authorityIsHost(_ p: UnsafePointer<UInt8>, _ n: Int, _ config: ReadConfig) -> Bool {
        switch config.hostHandling {
        case .webSchemes: return isWeb
        case .alwaysSegment: return false
        case .hostWhenDotted:
            var k = 0
            while k < n { if p[k] == dot { return true }; k += 1 }
            let localhost: StaticString = "localhost"
            return n == 9 && bytesEqualFolding(localhost.utf8Start, p, n)
        }
    }

    private mutating func readHost(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(SwitchyardError) {
        hasHost = true
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

    /// Splits on raw '/' up to the first '?' or '#' (returned), decodes each piece once,
    /// removes dot segments (empty pieces still present), then drops empty segments: the
    /// order of SEMANTICS §8.
    private mutating func readSegments(_ p: UnsafePointer<UInt8>, _ authority: (Int, Int)?,
                                       _ start: Int, _ n: Int, _ config: ReadConfig, mayDecode: Bool) -> Int {
        var pendingTrailing = false
        var sawEmpty = false
        let decode = mayDecode && config.decodePath
        let pathEmpty = start >= n || p[start] == question || p[start] == hash
        if let (a, b) = authority {
            pushPiece(p, a, b, last: pathEmpty, decode, config, &pendingTrailing, &sawEmpty)
        }
        if pathEmpty {
            if pendingTrailing || sawEmpty { finishSegments(config, pendingTrailing) }
            return start
        }
        var i = start
        if p[i] == slash { i += 1 }  // the root slash is not a segment
        var j: Int
        while true {
            j = nextDelimiter(p, i, n)
            let atEnd = j >= n || p[j] != slash
            pushPiece(p, i, j, last: atEnd, decode, config, &pendingTrailing, &sawEmpty)
            if atEnd { break }
            i = j + 1
        }
        if pendingTrailing || sawEmpty { finishSegments(config, pendingTrailing) }
        return j
    }

    @inline(__always)
    private mutating func pushPiece(_ p: UnsafePointer<UInt8>, _ a: Int, _ b: Int, last: Bool, _ decode: Bool,
                                    _ config: ReadConfig, _ trailing: inout Bool, _ sawEmpty: inout Bool) {
        var ref = TextRef(start: Int32(a), count: Int32(b - a), decoded: false)
        if decode, needsDecoding(p + a, b - a, plusAsSpace: config.plusInPath) {
            let before = decoded.count
            if appendDecoded(p + a, b - a, plusAsSpace: config.plusInPath, into: &decoded) {
                ref = TextRef(start: Int32(before), count: Int32(decoded.count - before), decoded: true)
            }
        }
        let q = pointer(ref, in: p)
        let c = Int(ref.count)
        let isDot = c == 1 && q[0] == dot
        let isDotDot = c == 2 && q[0] == dot && q[1] == dot
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
        var i = start
        while i <= end {
            var j = i
            while j < end, p[j] != 0x26 { j += 1 }  // '&'
            if j > i {
                var eq = i
                while eq < j, p[eq] != 0x3D { eq += 1 }  // first '='
                let name = decodeQueryText(p, i, eq, plusAsSpace, mayDecode)
                let value = eq < j ? decodeQueryText(p, eq + 1, j, plusAsSpace, mayDecode)
                                   : TextRef(start: Int32(j), count: 0, decoded: false)
                query.append(QueryRef(name: name, value: value))
            }
            i = j + 1
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
