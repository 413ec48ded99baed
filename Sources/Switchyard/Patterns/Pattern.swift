/// The pattern compiler: every form of SEMANTICS.md §2 and §8 ("Patterns"), with errors that
/// name the problem and the 0-based byte where it is.

/// Segment kinds in specificity order: a lower raw value is more specific (§3). A
/// regular-expression constraint (`<re:name:...>`) ranks with the typed parameters, after them.
enum SegmentKind: UInt8, Hashable, Comparable {
    case literal = 0, uuid = 1, int = 2, float = 3, regex = 4, param = 5, star = 6
    /// A segment of several pieces (`:id.:format`): ranks right after literals (§3); its
    /// program is in `literal` (InlineSegment.swift), its names in `names`.
    case inline = 7
    /// A catch-all in the middle (`*name`, `<path:name>` followed by more of the pattern):
    /// one or more segments, ranked below a middle `*`. `literal` holds the program the last
    /// of its segments must match when text follows the name in its segment (`*id.:format`).
    case catchAll = 8
    static func < (a: SegmentKind, b: SegmentKind) -> Bool { a.rawValue < b.rawValue }
    var captures: Bool { self != .literal && self != .star }
    /// Whether the segment's `literal` is part of its shape (`PatternVariant.hasShape(of:)`).
    var hasShapeText: Bool { self == .literal || self == .regex || self == .inline || self == .catchAll }
}

/// Writes a variant's shape into a block sized for it.
private struct ShapeWriter {
    var at: UnsafeMutablePointer<UInt8>

    mutating func put(_ b: UInt8) {
        at.initialize(to: b)
        at += 1
    }

    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return }
            at.update(from: p, count: b.count)
            at += b.count
        }
    }
}

struct PatternSegment: Hashable {
    var kind: SegmentKind
    /// `nameIndex`, in the 32 bits beside `kind`: a route keeps one segment per segment of
    /// each alternative, 32 bytes each this way (40 with a whole word for the index). A
    /// pattern has fewer names than bytes, and at most `maxPatternLength` bytes.
    private var storedNameIndex: Int32 = -1
    /// For literals: the text to compare (decoded, and lowercased when literals fold case).
    var literal: [UInt8] = []
    /// Index into the route's parameter names, or -1.
    var nameIndex: Int {
        get { Int(storedNameIndex) }
        set { storedNameIndex = Int32(clamping: newValue) }
    }
    /// For `.regex`: the compiled constraint. Its `literal` is then the edge key: 1 for a
    /// named constraint or 0 for an unnamed one (`<re::...>`, not captured), then the source.
    var regex: LinearRegex? {
        get { regexBox?.regex }
        set { regexBox = newValue.map(RegexBox.init) }
    }
    /// Out of line: few segments have a constraint, and held inline it would make every
    /// segment of a table (one per segment of every alternative) about 70 bytes larger.
    private var regexBox: RegexBox?
    /// Whether the segment has a constraint, without copying it out.
    var hasRegex: Bool { regexBox != nil }
    /// For `inline` and `catchAll`: every name the segment captures, in pattern order.
    var names: [Int] = []

    init(kind: SegmentKind, literal: [UInt8] = [], nameIndex: Int = -1, regex: LinearRegex? = nil, names: [Int] = []) {
        self.kind = kind
        self.literal = literal
        self.nameIndex = nameIndex
        self.names = names
        self.regex = regex
    }

    /// Whether the segment is a path parameter (an unnamed constraint is not).
    var captures: Bool { kind.captures && nameIndex >= 0 }

    /// The names this segment captures, in pattern order.
    var capturedNames: [Int] {
        switch kind {
        case .inline, .catchAll: return names
        case .literal, .star: return []
        default: return nameIndex >= 0 ? [nameIndex] : []
        }
    }
}

/// A segment's constraint, compared and hashed by value.
final class RegexBox: Hashable, Sendable {
    let regex: LinearRegex
    init(_ regex: LinearRegex) { self.regex = regex }
    static func == (a: RegexBox, b: RegexBox) -> Bool { a.regex == b.regex }
    func hash(into hasher: inout Hasher) { hasher.combine(regex) }
}

enum HostPattern: Hashable {
    /// No host in the pattern: any host, or none.
    case any
    /// A literal host (lowercase) and port (after dropping the default; empty = no port).
    case literal(host: [UInt8], port: [UInt8])
    /// `*.example.com`: `suffix` is ".example.com" (lowercase), `labels` its label count.
    case wildcard(suffix: [UInt8], labels: Int, port: [UInt8])
}

struct RemainderPattern: Hashable {
    // 32 bits each (counts and indexes within one pattern), so that a variant holding an
    // optional remainder packs into 72 bytes (`PatternVariant`).
    private var storedMinSegments: Int32, storedNameIndex: Int32
    var minSegments: Int {
        get { Int(storedMinSegments) }
        set { storedMinSegments = Int32(clamping: newValue) }
    }
    var nameIndex: Int {
        get { Int(storedNameIndex) }
        set { storedNameIndex = Int32(clamping: newValue) }
    }

    init(minSegments: Int, nameIndex: Int) {
        storedMinSegments = Int32(clamping: minSegments)
        storedNameIndex = Int32(clamping: nameIndex)
    }
}

/// One alternative of a pattern (optional groups expand into several).
struct PatternVariant: Hashable {
    // In this order, the optional remainder last, a variant is 72 bytes: a route keeps an
    // array of them. Every field is set once: the digest is of the shape they make.
    let scheme: [UInt8]?  // lowercase; nil = any scheme
    let segments: [PatternSegment]
    /// A `urlpattern` route's tail (URLPatternRoute.swift), part of its shape; empty for
    /// the other dialects.
    let tailKey: [UInt8]
    /// The variant's shape hashed with keys drawn per process (`SeededByteHash`, so shapes
    /// that collide cannot be chosen), computed once when the variant is made: the conflict
    /// index finds equal shapes by it and only then writes both shapes out to compare them.
    /// No shape is kept: a large table would hold one per alternative.
    let shapeDigest: Int
    let host: HostPattern
    let remainder: RemainderPattern?

    init(scheme: [UInt8]?, host: HostPattern, segments: [PatternSegment], remainder: RemainderPattern?,
         tailKey: [UInt8] = []) {
        // The digest first, from the arguments, which are then moved into place.
        shapeDigest = Self.withShape(scheme, host, segments, remainder != nil, tailKey) { bytes in
            Int(truncatingIfNeeded: Self.shapeHash.hash(bytes.baseAddress ?? emptyBytes, bytes.count))
        }
        self.scheme = scheme
        self.host = host
        self.segments = segments
        self.remainder = remainder
        self.tailKey = tailKey
    }

    private static let shapeHash = SeededByteHash()

    /// Whether `self` and `other` have the same shape (by their digests first): equal shapes
    /// match exactly the same URLs (§3, conflicts). Parameter names do not count; the three
    /// remainder forms share one rank.
    func hasShape(of other: PatternVariant) -> Bool {
        guard shapeDigest == other.shapeDigest else { return false }
        return Self.withShape(scheme, host, segments, remainder != nil, tailKey) { mine in
            Self.withShape(other.scheme, other.host, other.segments, other.remainder != nil, other.tailKey) { theirs in
                mine.elementsEqual(theirs)
            }
        }
    }

    /// Calls `body` with the shape written out in scratch memory (compared whole only when
    /// two digests are equal: no shape is kept).
    private static func withShape<R>(_ scheme: [UInt8]?, _ host: HostPattern, _ segments: [PatternSegment],
                                     _ hasRemainder: Bool, _ tailKey: [UInt8],
                                     _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // The exact size first: the key is written in scratch memory.
        var size = (scheme.map { $0.count + 2 } ?? 1) + 1 + tailKey.count
        switch host {
        case .any: size += 1
        case .literal(let h, let p): size += 3 + h.count + p.count
        case .wildcard(let s, _, let p): size += 3 + s.count + p.count
        }
        // Through a pointer to each segment: a segment bound to a loop variable, or read
        // through a subscript, would be a copy (three references).
        return segments.withUnsafeBufferPointer { segs in
            for k in segs.indices {
                let s = segs.baseAddress.unsafelyUnwrapped + k
                size += s.pointee.kind.hasShapeText ? 5 + s.pointee.literal.count : 1
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { buffer in
                guard let base = buffer.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
                var w = ShapeWriter(at: base)
                if let scheme { w.put(1); w.put(scheme); w.put(0) } else { w.put(0) }
                switch host {
                case .any: w.put(0)
                case .literal(let h, let p): w.put(1); w.put(h); w.put(0); w.put(p); w.put(0)
                case .wildcard(let s, _, let p): w.put(2); w.put(s); w.put(0); w.put(p); w.put(0)
                }
                for k in segs.indices {
                    let s = segs.baseAddress.unsafelyUnwrapped + k
                    let kind = s.pointee.kind
                    w.put(10 + kind.rawValue)
                    if kind.hasShapeText {
                        // Length-prefixed so literal bytes can never imitate a kind marker
                        // (32 bits, least significant byte first).
                        let length = UInt32(truncatingIfNeeded: s.pointee.literal.count)
                        w.put(UInt8(truncatingIfNeeded: length))
                        w.put(UInt8(truncatingIfNeeded: length >> 8))
                        w.put(UInt8(truncatingIfNeeded: length >> 16))
                        w.put(UInt8(truncatingIfNeeded: length >> 24))
                        w.put(s.pointee.literal)
                    }
                }
                w.put(hasRemainder ? 1 : 0)
                w.put(tailKey)
                return body(UnsafeBufferPointer(start: base, count: w.at - base))
            }
        }
    }

    var literalCount: Int { segments.reduce(0) { $0 + ($1.kind == .literal ? 1 : 0) } }
}

/// A variant as a set or dictionary key by its shape alone: hashed by its seeded digest,
/// equal to another when their shapes are (`PatternVariant.hasShape(of:)`).
struct VariantShape: Hashable {
    let variant: PatternVariant
    init(_ variant: PatternVariant) { self.variant = variant }
    static func == (a: VariantShape, b: VariantShape) -> Bool { a.variant.hasShape(of: b.variant) }
    func hash(into hasher: inout Hasher) { hasher.combine(variant.shapeDigest) }
}

/// The result of compiling one pattern.
struct CompiledPattern {
    var names: [String]
    var variants: [PatternVariant]
    /// The pattern's cost in a route table: its alternatives written out in full, each
    /// counted as its length plus one byte (`/a(/:b)` gives `/a` and `/a/:b`: 3 + 6 = 9).
    /// A pattern without groups costs its length plus one. See `ExpansionBudget`.
    var expandedSize: Int
    /// For a route in the `urlpattern` dialect: its compiled regexps (URLPatternRoute.swift).
    var urlPattern: URLPatternMatcher? = nil
    /// For a redirect with an absolute template: its head as read when the route was added
    /// (RedirectSafety.swift).
    var redirectHead: TemplateHead? {
        get { redirectHeadBox?.head }
        set { redirectHeadBox = newValue.map(TemplateHeadBox.init) }
    }
    /// The query items the route declares (QueryContract.swift), or nil.
    var queryContract: QueryContract? = nil
    /// The head out of line: most patterns have none, and a batch's patterns are moved
    /// through arrays of as many routes (a head in place would be 136 of 176 bytes).
    var redirectHeadBox: TemplateHeadBox? = nil
}

/// A redirect template's head, held by reference (`CompiledPattern.redirectHead`).
final class TemplateHeadBox {
    let head: TemplateHead
    init(_ head: TemplateHead) { self.head = head }
}

/// Settings the compiler needs, from RouterOptions.
struct PatternConfig {
    var read: ReadConfig
    var caseInsensitiveLiterals: Bool
    var trailingWildcardMin: Int
    var maxParameters: Int
    var maxPatternLength: Int
    var maxAlternatives: Int
    /// The dialect of routes that do not name one.
    var dialect: PatternDialect
    /// The parameter types and word sets registered on the router (ParameterTypes.swift).
    var types = ParameterTypeRegistry()
    /// The syntax routes of the default dialect are written in (PatternReading.swift).
    var reading: RouterOptions.Preset
    var readingRules: PatternReadingRules

    init(_ o: RouterOptions, _ store: WebSchemeStore) {
        dialect = o.dialect
        reading = o.patternReading
        readingRules = PatternReadingRules(o.patternReading)
        read = ReadConfig(o, store)
        caseInsensitiveLiterals = o.caseInsensitiveLiterals
        trailingWildcardMin = o.trailingWildcardNeedsSegment ? 1 : 0
        maxParameters = o.limits.maxParameters
        maxPatternLength = o.limits.maxPatternLength
        maxAlternatives = o.limits.maxAlternatives
    }
}

private func bad(_ message: String, _ position: Int) -> SwitchyardError {
    SwitchyardError(.invalidPattern, "\(message) at \(position)", position: position)
}

private let maxGroups = 8
/// Catch-alls in the middle of one pattern: each may come back once per URL segment, so
/// their number bounds how deep such a walk nests (SEMANTICS §7).
let maxCatchAlls = 8

/// Compiles `pattern`. `expansionRoom`: how many bytes of alternatives (see
/// `CompiledPattern.expandedSize`) the route table can still take; a pattern whose groups
/// would expand past it is a limit error, found before any alternative is made.
/// `pool`: where the routes of one batch share their literal segments and name lists.
func compilePattern(_ pattern: String, _ config: PatternConfig,
                    expansionRoom: Int = .max, sizeOnly: Bool = false,
                    pool: LiteralPool? = nil) throws(SwitchyardError) -> CompiledPattern {
    if _slowPath(config.reading != .switchyard) {
        let read = try readPattern(pattern, as: config.reading)
        if read != pattern {
            var plain = config
            plain.reading = .switchyard
            do throws(SwitchyardError) {
                return try compilePattern(read, plain, expansionRoom: expansionRoom, sizeOnly: sizeOnly, pool: pool)
            } catch {
                // Positions are in the text as read: say what that text is.
                var e = error
                e.message += " (the pattern as read by the \(config.reading.rawValue) preset: '\(read)')"
                throw e
            }
        }
    }
    let bytes = pool?.patternBytes(pattern) ?? Array(pattern.utf8)
    if bytes.count > config.maxPatternLength {
        throw SwitchyardError(.limit, "pattern is \(bytes.count) bytes, over the limit of \(config.maxPatternLength)")
    }
    // A query contract after '?' (QueryContract.swift) is compiled apart from the path.
    let present = PatternByteSet(bytes)
    let queryAt = present.contains(0x3F) ? patternQueryStart(bytes) : nil
    // `present` describes the whole text: a byte it lacks is absent from the path too.
    var compiler = PatternCompiler(bytes: queryAt.map { Array(bytes[..<$0]) } ?? bytes, config: config, pool: pool,
                                   present: present)
    let compiled = try compiler.compile(expansionRoom: expansionRoom, sizeOnly: sizeOnly)
    guard let queryAt else { return compiled }
    return try withQueryContract(compiled, bytes, queryAt, types: config.types, expansionRoom: expansionRoom, sizeOnly: sizeOnly)
}

/// What `pattern`'s alternatives cost (`CompiledPattern.expandedSize`), worked out without
/// making any of them: its groups are found, nothing else is built.
func patternExpandedSize(_ pattern: String, _ config: PatternConfig) throws(SwitchyardError) -> Int {
    try compilePattern(pattern, config, expansionRoom: .max, sizeOnly: true).expandedSize
}

private struct PatternCompiler {
    let bytes: [UInt8]
    let config: PatternConfig
    var names: [String] = []
    var namePositions = NamePositions()
    /// Index of each name in `names`, once there are more than `scannedNames` (a pattern may
    /// have up to `Limits.ceilings.maxParameters` of them: looking each up by a scan would
    /// cost their square; for a few, a scan costs less than hashing).
    var nameIndices: [String: Int] = [:]
    static let scannedNames = 16
    /// True while the full variant (every group) is parsed: it is the one that registers names.
    var registering = true
    /// Regular-expression constraints compiled so far, by the pattern offset of their source.
    var constraints: [Int: LinearRegex] = [:]

    let pool: LiteralPool?
    /// The bytes `bytes` may hold (a superset): scans for a byte it lacks are skipped.
    let present: PatternByteSet

    init(bytes: [UInt8], config: PatternConfig, pool: LiteralPool?, present: PatternByteSet) {
        self.bytes = bytes
        self.config = config
        self.pool = pool
        self.present = present
    }

    mutating func compile(expansionRoom: Int, sizeOnly: Bool) throws(SwitchyardError) -> CompiledPattern {
        if bytes.isEmpty { throw bad("empty pattern (write '/' for the root path)", 0) }
        if present.hasControl {
            for (i, b) in bytes.enumerated() where b < 0x20 || b == 0x7F {
                throw bad("control character in pattern", i)
            }
        }
        var i = 0
        var scheme: [UInt8]? = nil
        var isWeb = false
        // Whether a URL of this pattern is read as a browser reads it (BrowserReading.swift):
        // a web scheme other than `file`, or no scheme at all (then only its '\\' matters).
        var readsAsBrowser = true
        if let sl = patternSchemeLength() {
            let lower = bytes[0..<sl].map(asciiLower)
            scheme = lower
            isWeb = lower.withUnsafeBufferPointer { config.read.isWebScheme($0.baseAddress!, $0.count) }
            readsAsBrowser = isWeb && lower.withUnsafeBufferPointer { URLView.readsAsBrowser(scheme: $0.baseAddress!, $0.count) }
            i = sl + 1
            if readsAsBrowser { try checkWebAuthorityStart(i) }
        }
        if present.contains(0x28) { try checkNoParameterRegexp(from: i) }
        if readsAsBrowser, present.contains(0x5C), let at = backslashOutsideConstraints(from: i) {
            throw bad("'\\' is read as '/' in a \(scheme == nil ? "path" : "web URL") (write '/', or '%5C' for the character)", at)
        }
        var host = HostPattern.any
        // Whether the path text starts with the authority as its first segment (a non-web
        // scheme's `myapp://user/...`): then no leading '/' is dropped from it.
        var startsWithAuthority = false
        if scheme != nil, i + 1 < bytes.count, bytes[i] == 0x2F, bytes[i + 1] == 0x2F {
            let aStart = i + 2
            var aEnd = aStart
            while aEnd < bytes.count, bytes[aEnd] != 0x2F {
                if bytes[aEnd] == 0x3C, let close = constraintEnd(bytes[...], aEnd) { aEnd = close }
                aEnd += 1
            }
            if authorityIsHost(aStart, aEnd, isWeb: isWeb, readsAsBrowser: readsAsBrowser) {
                host = try parseHost(aStart, aEnd, scheme: scheme ?? [], readsAsBrowser: readsAsBrowser)
                i = aEnd
            } else {
                // An ordinary first segment, read with the path, so a group may follow it or
                // hold part of it (`myapp://user(/:id)`). URLs drop userinfo before matching,
                // so a pattern with one could never match.
                if let at = bytes[aStart..<aEnd].firstIndex(of: 0x40) {
                    throw bad("userinfo ('@') is not allowed in a pattern", at)
                }
                i = aStart
                startsWithAuthority = true
            }
        }
        // Without a byte that may open a group, the path is the rest of the pattern as it
        // stands, and its one alternative costs the pattern's length plus one.
        let grouped = present.mayHoldGroups
        let pieces = grouped ? try groupPieces(from: i) : []
        let groupCount = pieces.reduce(-1) { max($0, $1.group) } + 1
        let expandedSize = grouped ? Self.expandedSize(prefix: i, pieces: pieces, groupCount: groupCount) : bytes.count + 1
        if expandedSize > expansionRoom {
            throw SwitchyardError(.limit, ExpansionBudget.overMessage(expandedSize: expandedSize, room: expansionRoom))
        }
        if sizeOnly { return CompiledPattern(names: [], variants: [], expandedSize: expandedSize) }
        // Parse the variant with every group first: it holds every name and every syntax error.
        let all = (1 << groupCount) - 1
        let full = try buildVariant(mask: all, pieces: pieces, pathStart: i, startsWithAuthority: startsWithAuthority,
                                    scheme: scheme, host: host)
        registering = false
        var variants = [full]
        if groupCount > 0 {
            variants.reserveCapacity(all + 1)
            var seenShapes: Set<VariantShape> = [VariantShape(full)]
            for mask in 0..<all {
                let v = try buildVariant(mask: mask, pieces: pieces, pathStart: i, startsWithAuthority: startsWithAuthority,
                                         scheme: scheme, host: host)
                // Two alternatives of one route with the same shape: the first (earlier groups) is kept.
                if seenShapes.insert(VariantShape(v)).inserted { variants.append(v) }
            }
        }
        // Keep variants in a stable, documented order: fewest groups first, as enumerated.
        if groupCount > 0 { variants.append(variants.removeFirst()) }
        return CompiledPattern(names: pool?.shared(names) ?? names, variants: variants, expandedSize: expandedSize)
    }

    /// The alternatives' lengths plus one each, summed, without making them: every
    /// alternative holds the `prefix` (scheme and host) and the pieces outside groups, and
    /// each group's piece is in half of the 2^groups alternatives.
    static func expandedSize(prefix: Int, pieces: [Piece], groupCount: Int) -> Int {
        var fixed = prefix + 1
        var grouped = 0
        for piece in pieces {
            if piece.group < 0 { fixed += piece.range.count } else { grouped += piece.range.count }
        }
        let alternatives = 1 << groupCount
        return alternatives * fixed + (alternatives >> 1) * grouped
    }

    /// A pattern's scheme: the text before the first ':' when it is a valid scheme name and no
    /// '/', '<', '(' or '*' comes first. `:id` and `<int:id>` have none.
    func patternSchemeLength() -> Int? {
        guard let first = bytes.first, isSchemeStart(first) else { return nil }
        var i = 1
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x3A { return i }
            if !isSchemeByte(b) { return nil }
            i += 1
        }
        return nil
    }

    /// Whether the authority `a..<b` is a host, decided on the text the URL reader decides
    /// it on: for a web scheme read as a browser reads it, the authority in the browser's
    /// spelling (`LOCALHOST`, `a%2Eb`) when it has one.
    func authorityIsHost(_ a: Int, _ b: Int, isWeb: Bool, readsAsBrowser: Bool) -> Bool {
        var text = Array(bytes[a..<b])
        if readsAsBrowser, let read = try? browserAuthority(a, b) {
            text = read.host + (read.port.isEmpty ? [] : [0x3A] + read.port)
        }
        return withBytePointer(text) { p, n in config.read.authorityIsHost(p, n, isWeb: isWeb) }
    }

    /// After a web scheme read as a browser reads it, the pattern must go on with `//` and a
    /// host: a browser reads `https:/a`, `https:a` and `https:///a` as the host `a`, so such
    /// a pattern would otherwise be a path pattern matching every host.
    func checkWebAuthorityStart(_ i: Int) throws(SwitchyardError) {
        let slashes = i + 1 < bytes.count && bytes[i] == 0x2F && bytes[i + 1] == 0x2F
        if !slashes || (i + 2 < bytes.count && (bytes[i + 2] == 0x2F || bytes[i + 2] == 0x5C)) {
            throw bad("a web URL has its host after exactly '//' (a browser reads 'https:/a' and 'https:///a' as host 'a'): write '\(String(decoding: bytes[0..<i], as: UTF8.self))//host/path'", i)
        }
    }

    /// Refuses `:name(regexp)`, path-to-regexp's and the urlpattern dialect's constraint: here
    /// `(` opens an optional group, so `:id([0-9]+)` would read as `:id` plus an optional
    /// literal and constrain nothing (SEMANTICS §2). A group right after a name is taken for a
    /// regexp when it does not start with `/` and holds a regexp operator.
    func checkNoParameterRegexp(from start: Int) throws(SwitchyardError) {
        var k = start
        while k < bytes.count {
            if bytes[k] == 0x3C, let close = constraintEnd(bytes[...], k) { k = close + 1; continue }
            guard bytes[k] == 0x3A, k + 1 < bytes.count, isNameStart(bytes[k + 1]) else { k += 1; continue }
            var open = k + 1
            while open < bytes.count, isNameByte(bytes[open]) { open += 1 }
            guard open < bytes.count, bytes[open] == 0x28 else { k = open; continue }
            var close = open + 1
            var regexpLike = false
            while close < bytes.count, bytes[close] != 0x29 {
                switch bytes[close] {
                case 0x5B, 0x5D, 0x5C, 0x2B, 0x2A, 0x7C, 0x5E, 0x24, 0x7B, 0x7D: regexpLike = true
                default: break
                }
                close += 1
            }
            if regexpLike && open + 1 < bytes.count && bytes[open + 1] != 0x2F {
                let name = String(decoding: bytes[(k + 1)..<open], as: UTF8.self)
                let regexp = String(decoding: bytes[(open + 1)..<min(close, bytes.count)], as: UTF8.self)
                throw bad("':\(name)(...)' is the urlpattern dialect's constraint; in this dialect '(' opens an optional group, so it would constrain nothing: write '<re:\(name):\(regexp)>', or give the route the urlpattern dialect", open)
            }
            k = open + 1
        }
    }

    /// The first '\\' from `start` outside a `<re:...>` constraint (where it is the regexp's
    /// escape), or nil.
    func backslashOutsideConstraints(from start: Int) -> Int? {
        var k = start
        while k < bytes.count {
            if bytes[k] == 0x3C, let close = constraintEnd(bytes[...], k) { k = close + 1; continue }
            if bytes[k] == 0x5C { return k }
            k += 1
        }
        return nil
    }

    /// The host and port of the authority `a..<b` of a web-scheme pattern as the URL reader
    /// reads a URL with the same text (BrowserReading.swift, the same code): the host
    /// percent-decoded, lowercased, IPv4 in four decimals, IPv6 compressed, the port without
    /// leading zeros or the scheme's default. Throws invalidPattern where the reader would
    /// refuse the URL (an unclosed '[', a port over 65535, a host a browser refuses).
    func browserAuthority(_ a: Int, _ b: Int) throws(SwitchyardError) -> (host: [UInt8], port: [UInt8]) {
        let schemeEnd = a - 3
        var cleaned = GrowBuffer<UInt8>(capacity: b + 1)
        var out = GrowBuffer<UInt8>(capacity: b + 8)
        defer { cleaned.free(); out.free() }
        do throws(SwitchyardError) {
            try bytes.withUnsafeBufferPointer { (p) throws(SwitchyardError) in
                guard let base = p.baseAddress else { return }
                try URLView.rewriteWebURL(base, b, schemeEnd: schemeEnd, cleaned: &cleaned, into: &out)
            }
        } catch {
            var text = error.message
            if let at = error.position, text.hasSuffix(" at \(at)") { text.removeLast(" at \(at)".count) }
            if text.hasSuffix(" in URL") { text.removeLast(" in URL".count) }
            if text == "URL has an empty host" { text = "empty host" }
            throw bad("\(text) (as a browser reads this host)", error.position ?? a)
        }
        // `out` is "scheme://" then the host (a name, or '[' IPv6 ']') and ":port" if any.
        let read = Array(out.bytes)
        var k = schemeEnd + 3
        let hostStart = k
        if k < read.count && read[k] == 0x5B {
            while k < read.count && read[k] != 0x5D { k += 1 }
            k = min(k + 1, read.count)
        } else {
            while k < read.count && read[k] != 0x3A { k += 1 }
        }
        let host = Array(read[hostStart..<k])
        let port = k < read.count ? Array(read[(k + 1)...]) : []
        return (host, port)
    }

    func parseHost(_ a: Int, _ b: Int, scheme: [UInt8], readsAsBrowser: Bool) throws(SwitchyardError) -> HostPattern {
        for k in a..<b {
            switch bytes[k] {
            case 0x40: throw bad("userinfo ('@') is not allowed in a pattern", k)
            case 0x28, 0x29: throw bad("optional groups must be in the path", k)
            case 0x3C, 0x3E, 0x7B, 0x7D, 0x3F, 0x23:
                throw bad("a host must be a literal or '*.domain', not '\(Character(UnicodeScalar(bytes[k])))'", k)
            default: break
            }
        }
        var hostEnd = b
        var port: [UInt8] = []
        var k = b
        while k > a {
            k -= 1
            if bytes[k] == 0x5D { break }
            if bytes[k] == 0x3A {
                hostEnd = k
                port = Array(bytes[(k + 1)..<b])
                var value = 0
                for (j, d) in port.enumerated() {
                    if d &- 0x30 >= 10 { throw bad("port must be decimal digits", k + 1 + j) }
                    value = min(value * 10 + Int(d &- 0x30), 1 << 20)
                }
                // A port is 16 bits: a URL with a larger one is refused (web schemes) or
                // names no port a connection could use.
                if value > 65535 { throw bad("port is over 65535", k + 1) }
                break
            }
        }
        if !port.isEmpty, let def = scheme.withUnsafeBufferPointer({ s in
            s.baseAddress.flatMap { defaultPort(scheme: $0, s.count) } }), def == port {
            port = []
        }
        var host = bytes[a..<hostEnd].map(asciiLower)
        if readsAsBrowser {
            if let star = host.firstIndex(of: 0x2A), star != 0 { throw bad("'*' may only start a host", a + star) }
            let read = try browserAuthority(a, b)
            // A '*' the reading made (from '%2A') is no wildcard.
            if read.host.filter({ $0 == 0x2A }).count != host.filter({ $0 == 0x2A }).count {
                throw bad("'*' may only start a host, and is written as itself", a)
            }
            host = read.host
            port = read.port
        }
        if host.first == 0x2A {  // '*'
            guard host.count > 2, host[1] == 0x2E else {
                throw bad("a wildcard host must be written '*.domain'", a)
            }
            if let star = host.dropFirst().firstIndex(of: 0x2A) {
                throw bad("'*' may only start a host", a + star)
            }
            if host.contains(0x3A) && !host.contains(0x5D) {
                throw bad("a host must be a literal or '*.domain'", a)
            }
            let suffix = Array(host.dropFirst())
            let labels = suffix.split(separator: 0x2E).count
            return .wildcard(suffix: suffix, labels: labels, port: port)
        }
        if let star = host.firstIndex(of: 0x2A) {
            throw bad("'*' may only start a host", a + star)
        }
        if host.first == 0x3A {
            throw bad("a host must be a literal or '*.domain', not a parameter", a)
        }
        return .literal(host: host, port: port)
    }

    struct Piece { var range: Range<Int>; var group: Int }

    /// Cuts the path into runs outside and inside `( ... )`, checking the group rules.
    func groupPieces(from start: Int) throws(SwitchyardError) -> [Piece] {
        var pieces: [Piece] = []
        var runStart = start
        var group = -1
        var groups = 0
        var openAt = -1
        // Where an unclosed '<' of this segment is: a '(' or ')' there is no group but a
        // mistake in the parameter (`<any(a,b):x>`), reported as such.
        var angleAt = -1
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x3C, startsConstraint(bytes[...], i) {
                guard let close = constraintEnd(bytes[...], i) else {
                    throw bad("unclosed '<re:' (a '>' in the regular expression is written '\\>' or '[>]')", i)
                }
                i = close + 1  // a regexp's '(', '?' and '/' are its own
                continue
            }
            if b == 0x3F || b == 0x23 {
                throw bad("'\(b == 0x3F ? "?" : "#")' is not allowed in a pattern", i)
            }
            if b == 0x3C, let close = wordListEnd(bytes, i) {
                angleAt = i
                i = close + 1  // a word set's '(' and ')' are no group
                continue
            }
            if b == 0x3C {
                angleAt = i
            } else if b == 0x3E || b == 0x2F {
                angleAt = -1
            } else if (b == 0x28 || b == 0x29) && angleAt >= 0 {
                throw bad("'\(b == 0x28 ? "(" : ")")' is not allowed inside '<...>' (a parameter is '<name>' or '<type:name>', the type one of string, int, float, uuid, path)", i)
            }
            if b == 0x28 {
                if group >= 0 { throw bad("optional groups cannot nest", i) }
                if groups == maxGroups { throw bad("more than \(maxGroups) optional groups", i) }
                if 2 << groups > config.maxAlternatives {
                    throw SwitchyardError(.limit, "optional groups give \(2 << groups) alternatives, over the limit of \(config.maxAlternatives) (maxAlternatives)", position: i)
                }
                if i > runStart { pieces.append(Piece(range: runStart..<i, group: -1)) }
                group = groups
                groups += 1
                openAt = i
                runStart = i + 1
            } else if b == 0x29 {
                if group < 0 { throw bad("unmatched ')'", i) }
                if i == runStart { throw bad("empty optional group", openAt) }
                pieces.append(Piece(range: runStart..<i, group: group))
                group = -1
                runStart = i + 1
            }
            i += 1
        }
        if group >= 0 { throw bad("unclosed '('", openAt) }
        if bytes.count > runStart { pieces.append(Piece(range: runStart..<bytes.count, group: -1)) }
        return pieces
    }

    /// The alternative that keeps the groups in `mask`; without `pieces` (a pattern that
    /// cannot hold a group), the path is the pattern from `pathStart`.
    mutating func buildVariant(mask: Int, pieces: [Piece], pathStart: Int, startsWithAuthority: Bool,
                               scheme: [UInt8]?, host: HostPattern) throws(SwitchyardError) -> PatternVariant {
        let (text, origins) = pieces.isEmpty ? (bytes[pathStart...], Origins()) : variantText(mask: mask, pieces: pieces)
        // The pieces to parse: the path text cut on '/' (for a non-web scheme it starts with
        // the authority, an ordinary first segment, which may be empty: `myapp:///x`). Held
        // as ranges of `text` in scratch memory (the pool's, reused by each pattern of a
        // batch): each piece ends at a '/' but the last, so there are at most `text.count + 1`.
        let room = text.count + 1
        let scratch = pool?.cutScratch(room) ?? .allocate(capacity: room)
        defer { if pool == nil { scratch.deallocate() } }
        let cuts = UnsafeMutableBufferPointer(start: scratch, count: room)
        var segments: [PatternSegment] = []
        var remainder: RemainderPattern? = nil
        var count = 0
        if !text.isEmpty || startsWithAuthority {
            var i = text.startIndex
            if !startsWithAuthority && text[i] == 0x2F && !(config.readingRules.leadingSlashSegment && scheme == nil) { i += 1 }
            count = cutSegments(text, from: i, into: cuts)
        }
        // Drop empty pieces by the same rules as URLs (SEMANTICS §1 and the strict options).
        let lastIndex = count - 1
        var kept = 0
        for k in 0..<count {
            if cuts[k].range.isEmpty && !config.read.keepEmptySegments
                && !(config.read.strictTrailingSlash && k == lastIndex && k > 0)
                && !(k == 0 && config.readingRules.leadingSlashSegment && scheme == nil) { continue }
            cuts[kept] = cuts[k]
            kept += 1
        }
        count = kept
        // A piece is last when only empty pieces follow it.
        var lastNonEmpty = count - 1
        while lastNonEmpty >= 0 && cuts[lastNonEmpty].range.isEmpty { lastNonEmpty -= 1 }
        segments.reserveCapacity(count)
        var catchAlls = 0
        for k in 0..<count {
            if remainder != nil { break }  // only empty pieces can follow (see lastNonEmpty)
            if !cuts[k].special {
                segments.append(try plainLiteralSegment(text[cuts[k].range], origins))
                continue
            }
            switch try parseSegment(text[cuts[k].range], origins, isLast: k >= lastNonEmpty) {
            case .segment(let s):
                if s.kind == .catchAll {
                    catchAlls += 1
                    if catchAlls > maxCatchAlls {
                        throw bad("more than \(maxCatchAlls) catch-alls followed by more of the pattern", origins[cuts[k].range.lowerBound])
                    }
                }
                segments.append(s)
            case .remainder(let r):
                // With a strict trailing slash, `/a/*rest/` is a catch-all followed by the
                // empty last segment, not the same pattern as `/a/*rest`.
                // (The empty pieces after it are read as the loop goes on.)
                if config.read.strictTrailingSlash && k < count - 1 && r.nameIndex >= 0 {
                    segments.append(PatternSegment(kind: .catchAll, nameIndex: r.nameIndex,
                                                   names: r.nameIndex >= 0 ? [r.nameIndex] : []))
                } else {
                    remainder = r
                }
            }
        }
        if segments.count > config.read.maxSegments {
            throw SwitchyardError(.limit, "pattern has \(segments.count) segments, over the limit of \(config.read.maxSegments)")
        }
        return PatternVariant(scheme: scheme, host: host, segments: segments, remainder: remainder)
    }

    /// The path text of the variant that keeps the groups in `mask`. A pattern without
    /// groups is parsed from a slice of its own bytes, whose indices are already pattern
    /// offsets; otherwise the kept pieces are joined, with a table back to the pattern.
    func variantText(mask: Int, pieces: [Piece]) -> (ArraySlice<UInt8>, Origins) {
        if pieces.count == 1, pieces[0].group < 0 { return (bytes[pieces[0].range], Origins()) }
        var joined: [UInt8] = []
        var table: [Int] = []
        joined.reserveCapacity(bytes.count)
        table.reserveCapacity(bytes.count)
        for piece in pieces where piece.group < 0 || mask & (1 << piece.group) != 0 {
            joined += bytes[piece.range]
            table += piece.range
        }
        return (joined[...], Origins(table: table))
    }

    enum ParsedSegment { case segment(PatternSegment), remainder(RemainderPattern) }

    /// Parses one segment (`t` is a slice; `o` maps its indices to pattern offsets). Names
    /// are registered on the first (full) variant; later variants look them up.
    mutating func parseSegment(_ t: ArraySlice<UInt8>, _ o: Origins, isLast: Bool) throws(SwitchyardError) -> ParsedSegment {
        guard let first = t.first else {
            return .segment(PatternSegment(kind: .literal, literal: []))
        }
        let at0 = o[t.startIndex]
        if first == 0x3A {  // ':name'
            if t.count > 1, isNameStart(t[t.startIndex + 1]), !t.dropFirst().allSatisfy(isNameByte) {
                return .segment(try inlineSegment(t, o))
            }
            let idx = try nameIndex(t.dropFirst(), o, at: at0)
            return .segment(PatternSegment(kind: .param, nameIndex: idx))
        }
        if first == 0x3C, let constraint = try parseConstraint(t, o) {  // '<re:name:regexp>'
            return .segment(constraint)
        }
        if first == 0x3C {  // '<name>' or '<type:name>'
            guard let close = t.firstIndex(of: 0x3E) else { throw bad("unclosed '<'", at0) }
            if close != t.endIndex - 1 { return .segment(try inlineSegment(t, o)) }
            let inner = t[(t.startIndex + 1)..<close]
            var kind = SegmentKind.param
            var name = inner
            if let colon = inner.firstIndex(of: 0x3A) {
                name = inner[(colon + 1)...]
                let typeAt = o[inner.startIndex]
                switch try lookUpParameterType(inner[..<colon], at: typeAt, registry: config.types) {
                case .string: kind = .param
                case .int: kind = .int
                case .float: kind = .float
                case .uuid: kind = .uuid
                case .path:
                    let idx = try nameIndex(name, o, at: at0 + 6)
                    if !isLast { return .segment(PatternSegment(kind: .catchAll, nameIndex: idx, names: [idx])) }
                    return .remainder(RemainderPattern(minSegments: 1, nameIndex: idx))
                case .custom(let matcher):
                    let idx = try nameIndex(name, o, at: o[colon + 1])
                    return .segment(PatternSegment(kind: .regex, literal: matcher.key, nameIndex: idx,
                                                   regex: .parameterType(matcher)))
                }
            }
            let idx = try nameIndex(name, o, at: at0 + 1)
            return .segment(PatternSegment(kind: kind, nameIndex: idx))
        }
        if first == 0x2A {  // '*' or '*name'
            if _slowPath(config.readingRules.doubleStarRemainder) && t.count == 2 && t.last == 0x2A {
                if !isLast { throw bad("'**' must end the pattern", at0) }
                return .remainder(RemainderPattern(minSegments: 1, nameIndex: -1))
            }
            if t.count == 1 {
                if isLast && !config.readingRules.starIsOneSegment { return .remainder(RemainderPattern(minSegments: config.trailingWildcardMin, nameIndex: -1)) }
                return .segment(PatternSegment(kind: .star))
            }
            var nameEnd = t.startIndex + 1
            while nameEnd < t.endIndex, isNameByte(t[nameEnd]) { nameEnd += 1 }
            if nameEnd < t.endIndex && nameEnd > t.startIndex + 1 {
                return .segment(try catchAllWithTail(t, nameEnd, o))
            }
            let idx = try nameIndex(t.dropFirst(), o, at: at0 + 1)
            if !isLast { return .segment(PatternSegment(kind: .catchAll, nameIndex: idx, names: [idx])) }
            return .remainder(RemainderPattern(minSegments: config.trailingWildcardMin, nameIndex: idx))
        }
        if segmentHasInlineParameter(t) { return .segment(try inlineSegment(t, o)) }
        for k in t.indices {
            switch t[k] {
            case 0x3C, 0x3E, 0x2A, 0x7B, 0x7D:
                let c = Character(UnicodeScalar(t[k]))
                throw bad("'\(c)' is not allowed inside a literal segment (a parameter is a whole segment)", o[k])
            default: break
            }
        }
        return .segment(try literalSegment(t, o, mayNeedDecoding: true))
    }

    /// A segment with none of the bytes `SegmentCut.special` names: a literal, as written.
    func plainLiteralSegment(_ t: ArraySlice<UInt8>, _ o: Origins) throws(SwitchyardError) -> PatternSegment {
        try literalSegment(t, o, mayNeedDecoding: false)
    }

    /// A literal segment (checked for the forms that make it more than one).
    func literalSegment(_ t: ArraySlice<UInt8>, _ o: Origins, mayNeedDecoding: Bool) throws(SwitchyardError) -> PatternSegment {
        let literal = pooledLiteralBytes(t, mayNeedDecoding: mayNeedDecoding)
        // Undecoded (decodePath false), `%2e` spells a dot too: the reader removes such a segment.
        let dots = literal.withUnsafeBufferPointer { isDotSegment($0.baseAddress ?? emptyBytes, $0.count) }
        if dots {
            let at0 = t.isEmpty ? 0 : o[t.startIndex]
            throw bad("dot segment '\(String(decoding: literal, as: UTF8.self))' is not allowed in a pattern", at0)
        }
        return PatternSegment(kind: .literal, literal: literal)
    }

    /// A segment of several pieces (`:id.:format`): its program and names.
    mutating func inlineSegment(_ t: ArraySlice<UInt8>, _ o: Origins) throws(SwitchyardError) -> PatternSegment {
        let pieces = try inlinePieces(t, types: config.types) { m, k in bad(m, o[k]) }
        var segment = PatternSegment(kind: .inline)
        try appendProgram(pieces, o, to: &segment)
        segment.nameIndex = segment.names.first ?? -1
        return segment
    }

    /// `*name` followed by more text in its segment (`*id.:format`): a catch-all whose last
    /// segment ends with that text. Its program starts with the catch-all's own part.
    mutating func catchAllWithTail(_ t: ArraySlice<UInt8>, _ nameEnd: Int, _ o: Origins) throws(SwitchyardError) -> PatternSegment {
        let idx = try nameIndex(t[(t.startIndex + 1)..<nameEnd], o, at: o[t.startIndex] + 1)
        let pieces = try inlinePieces(t[nameEnd...], types: config.types) { m, k in bad(m, o[k]) }
        if case .parameter(_, let at)? = pieces.first {
            throw bad("two parameters need literal text between them", o[at])
        }
        var segment = PatternSegment(kind: .catchAll, nameIndex: idx, names: [idx])
        segment.literal.append(InlineProgram.parameterTag)
        try appendProgram(pieces, o, to: &segment)
        return segment
    }

    mutating func appendProgram(_ pieces: [InlinePiece], _ o: Origins,
                                to segment: inout PatternSegment) throws(SwitchyardError) {
        for piece in pieces {
            switch piece {
            case .literal(let text): InlineProgram.appendLiteral(literalBytes(text), to: &segment.literal)
            case .parameter(let name, let at):
                segment.names.append(try nameIndex(name, o, at: o[at] + 1))
                segment.literal.append(InlineProgram.parameterTag)
            }
        }
    }

    /// Literal text as it is compared: decoded, and folded when literals fold case.
    /// `literalBytes(t)`, held once per batch in `pool`: a literal used as written is looked
    /// up by its bytes, so a repeat makes no array.
    /// `mayNeedDecoding` false: `t` holds no '%' or '+' (nothing to decode).
    func pooledLiteralBytes(_ t: ArraySlice<UInt8>, mayNeedDecoding: Bool = true) -> [UInt8] {
        guard let pool else { return literalBytes(t) }
        if !config.caseInsensitiveLiterals
            && !(mayNeedDecoding && config.read.decodePath && needsDecoding(t, plus: config.read.plusInPath)) {
            return t.withUnsafeBufferPointer { pool.shared($0) }
        }
        return pool.shared(literalBytes(t))
    }

    func literalBytes(_ t: ArraySlice<UInt8>) -> [UInt8] {
        var literal = Array(t)
        if config.read.decodePath, needsDecoding(t, plus: config.read.plusInPath) {
            var buf = GrowBuffer<UInt8>(capacity: t.count)
            defer { buf.free() }
            let ok = literal.withUnsafeBufferPointer { p in
                appendDecoded(p.baseAddress ?? emptyBytes, p.count, plusAsSpace: config.read.plusInPath, into: &buf)
            }
            if ok { literal = Array(buf.bytes) }
        }
        if config.caseInsensitiveLiterals { literal = literal.map(asciiLower) }
        return literal
    }

    /// A segment `<re:name:regexp>` (or `<re::regexp>`, not captured), or nil when `t` is
    /// another `<...>` form. The regexp is compiled once per pattern, by the full variant.
    mutating func parseConstraint(_ t: ArraySlice<UInt8>, _ o: Origins) throws(SwitchyardError) -> PatternSegment? {
        let s = t.startIndex
        guard t.count >= 4, t[s + 1] == 0x72, t[s + 2] == 0x65, t[s + 3] == 0x3A else { return nil }
        let at0 = o[s]
        guard let close = constraintEnd(t, s) else {
            throw bad("unclosed '<re:' (a '>' in the regular expression is written '\\>' or '[>]')", at0)
        }
        if close != t.endIndex - 1 { throw bad("unexpected text after '>'", o[close + 1]) }
        let body = t[(s + 4)..<close]
        guard let colon = body.firstIndex(of: 0x3A) else {
            throw bad("a constraint is written '<re:name:regexp>' (or '<re::regexp>' when not captured)", at0)
        }
        let name = body[..<colon]
        let source = body[(colon + 1)...]
        if source.isEmpty { throw bad("empty regular expression", o[colon]) }
        let sourceAt = o[colon + 1]
        let regex: LinearRegex
        if let known = constraints[sourceAt] {
            regex = known
        } else {
            regex = try LinearRegex(source, offset: sourceAt)
            constraints[sourceAt] = regex
        }
        let idx = try name.isEmpty ? -1 : nameIndex(name, o, at: o[s + 4])
        return PatternSegment(kind: .regex, literal: [name.isEmpty ? 0 : 1] + Array(source), nameIndex: idx, regex: regex)
    }

    mutating func nameIndex(_ name: ArraySlice<UInt8>, _ o: Origins, at: Int) throws(SwitchyardError) -> Int {
        guard let f = name.first else { throw bad("missing parameter name", at) }
        let pos = o[name.startIndex]
        let loose = config.readingRules.looseNames
        if !((f | 0x20) &- 0x61 < 26 || f == 0x5F || (loose && f &- 0x30 < 10)) {
            throw bad("parameter name must start with a letter or '_'", pos)
        }
        for k in name.indices {
            let b = name[k]
            if !((b | 0x20) &- 0x61 < 26 || b == 0x5F || b &- 0x30 < 10 || (loose && b == 0x2D)) {
                let shown = b < 0x80 ? String(Character(UnicodeScalar(b))) : "non-ASCII"
                throw bad("invalid character '\(shown)' in parameter name", o[k])
            }
        }
        let s = String(decoding: name, as: UTF8.self)
        if let existing = nameIndices.isEmpty ? names.firstIndex(of: s) : nameIndices[s] {
            // The full variant registers each name once, so a second sighting there is a reuse.
            if registering && namePositions[existing] != pos {
                throw bad("parameter '\(s)' is used twice", pos)
            }
            return existing
        }
        if names.count == config.maxParameters {
            throw SwitchyardError(.limit, "pattern has more than \(config.maxParameters) parameters", position: pos)
        }
        // Room for a few names from the first: growing one at a time costs more than reading them.
        if names.isEmpty { names.reserveCapacity(4) }
        names.append(s)
        namePositions.append(pos)
        if names.count > Self.scannedNames {
            if nameIndices.isEmpty {
                for (k, name) in names.enumerated() { nameIndices[name] = k }
            } else {
                nameIndices[s] = names.count - 1
            }
        }
        return names.count - 1
    }
}

/// Where each parameter name of a pattern was registered. The first few are held inline:
/// most patterns have few names, and an array for them cost an allocation per pattern.
struct NamePositions {
    /// 32 bits each: a pattern is at most `Limits.ceilings.maxPatternLength` bytes.
    private var first = SIMD4<Int32>()
    private var rest: [Int] = []
    private var count = 0

    subscript(_ k: Int) -> Int { k < first.scalarCount ? Int(first[k]) : rest[k - first.scalarCount] }

    mutating func append(_ position: Int) {
        if count < first.scalarCount {
            first[count] = Int32(truncatingIfNeeded: position)
        } else {
            rest.append(position)
        }
        count += 1
    }
}

/// Where the bytes of a slice being parsed stand in the pattern, for error positions. Empty
/// for slices of the pattern itself (their indices are pattern offsets); for a variant
/// joined from group pieces, the pattern offset of each byte of the joined text.
struct Origins {
    var table: [Int] = []
    @inline(__always) subscript(_ i: Int) -> Int { table.isEmpty ? i : table[i] }
}

/// One piece of a variant's path between '/'s: its range in the text, and whether it holds a
/// byte that makes it more than a plain literal or must be checked or decoded: ':' and '<'
/// (a parameter), '*' (a wildcard), '>', '{', '}' (refused in a literal), '%' and '+'
/// (decoded). Most pieces hold none, and are read as literals without those checks.
struct SegmentCut {
    /// 32-bit offsets, so that a pattern's cuts fit on the stack (a pattern is at most
    /// `Limits.ceilings.maxPatternLength` bytes).
    private var start: UInt32, end: UInt32
    var special: Bool
    var range: Range<Int> { Int(start)..<Int(end) }

    init(range: Range<Int>, special: Bool) {
        start = UInt32(truncatingIfNeeded: range.lowerBound)
        end = UInt32(truncatingIfNeeded: range.upperBound)
        self.special = special
    }
}

/// Cuts `text` from `first` on '/' (one inside a `<re:...>` constraint is the regexp's) into
/// `cuts`; returns how many pieces. Each piece but the last ends at a '/', so there are at
/// most `text.count - (first - text.startIndex) + 1`.
private func cutSegments(_ text: ArraySlice<UInt8>, from first: Int,
                         into cuts: UnsafeMutableBufferPointer<SegmentCut>) -> Int {
    // Bit b of `low` for byte b below 64; bit b - 64 of `high` for the bytes from 64 to 127.
    let low: UInt64 = 1 << 0x3A | 1 << 0x3C | 1 << 0x3E | 1 << 0x2A | 1 << 0x25 | 1 << 0x2B
    let high: UInt64 = 1 << (0x7B - 64) | 1 << (0x7D - 64)
    return text.withUnsafeBufferPointer { p in
        let origin = text.startIndex
        var count = 0
        var i = first - origin
        while true {
            var j = i
            var hit: UInt64 = 0
            while j < p.count {
                let b = p[j]
                if b == 0x2F { break }
                if b == 0x3C, let close = constraintEnd(text, origin + j) { j = close - origin }
                let bit: UInt64 = 1 &<< UInt64(b & 63)
                hit |= b < 64 ? bit & low : b < 128 ? bit & high : 0
                j += 1
            }
            cuts.initializeElement(at: count, to: SegmentCut(range: (origin + i)..<(origin + j), special: hit != 0))
            count += 1
            if j >= p.count { break }
            i = j + 1
        }
        return count
    }
}

private func needsDecoding(_ t: ArraySlice<UInt8>, plus: Bool) -> Bool {
    t.contains(0x25) || (plus && t.contains(0x2B))
}

/// Where the constraint `<re:...>` starting at `start` (its '<') ends: the index of its '>',
/// or nil when `t` has no constraint there or it is not closed. The end is the first '>'
/// outside classes (`[...]`) and escapes (`\>`) that does not end a group name
/// (`(?<name>`), so a regexp may hold named groups and any other byte written escaped or
/// in a class.
func constraintEnd(_ t: ArraySlice<UInt8>, _ start: Int) -> Int? {
    guard startsConstraint(t, start) else { return nil }
    var inClass = false
    var k = start + 4
    while k < t.endIndex {
        let b = t[k]
        if b == 0x5C {  // '\': the next byte is escaped
            k += 2
            continue
        }
        if inClass {
            if b == 0x5D { inClass = false }
        } else if b == 0x5B {
            inClass = true
        } else if b == 0x28, k + 3 < t.endIndex, t[k + 1] == 0x3F, t[k + 2] == 0x3C,
                  t[k + 3] != 0x3D, t[k + 3] != 0x21 {
            // '(?<name>': the name's '>' is not the end.
            k += 3
            while k < t.endIndex, t[k] != 0x3E { k += 1 }
        } else if b == 0x3E {
            return k
        }
        k += 1
    }
    return nil
}

/// Whether `t` has `<re:` at `start`.
func startsConstraint(_ t: ArraySlice<UInt8>, _ start: Int) -> Bool {
    start + 4 <= t.endIndex && t[start] == 0x3C && t[start + 1] == 0x72 && t[start + 2] == 0x65
        && t[start + 3] == 0x3A
}
