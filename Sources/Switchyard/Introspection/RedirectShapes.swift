/// What a redirect template can lead to, as URL sets: the template read like a URL, each
/// placeholder standing for every value its parameter can capture (an `<int:>` stays an
/// int, a `:name` any segment; a remainder that can match nothing may drop its segment).
/// Sets that are larger than the real ones are fine here: the redirect lints only claim
/// what holds for every URL of a set ("always loops", "no route handles it").

/// A redirect template's placeholders: where each `{name}` starts, and the name.
func redirectPlaceholders(_ t: [UInt8]) -> [(start: Int, name: String)] {
    var out: [(Int, String)] = []
    var i = 0
    while i < t.count {
        if t[i] == 0x7B {
            var j = i + 1
            while j < t.count, isNameByte(t[j]) { j += 1 }
            if j < t.count, t[j] == 0x7D, j > i + 1 {
                out.append((i, String(decoding: t[(i + 1)..<j], as: UTF8.self)))
                i = j + 1
                continue
            }
        }
        i += 1
    }
    return out
}

/// What a parameter of a route captures: a segment set, or a remainder (which may be empty).
struct CaptureKind {
    var set: SegmentSet
    var canBeEmpty: Bool
}

extension ModelEntry {
    /// The kind of every name this alternative captures.
    var captureKinds: [String: CaptureKind] {
        var out: [String: CaptureKind] = [:]
        for (k, s) in variant.segments.enumerated() where s.kind.captures && s.nameIndex >= 0 && s.nameIndex < names.count {
            out[names[s.nameIndex]] = CaptureKind(set: segments[k], canBeEmpty: false)
        }
        if let r = variant.remainder, r.nameIndex >= 0, r.nameIndex < names.count {
            out[names[r.nameIndex]] = CaptureKind(set: .any, canBeEmpty: r.minSegments == 0)
        }
        return out
    }
}

/// Where a template leads, read without its placeholders' values: the origin set of the
/// next URL, and its path pieces (raw, between slashes). Nil for templates this reading does
/// not model (a web scheme without `//`, a backslash, an undecodable host).
struct TemplateTarget {
    var origin: OriginSet
    /// The scheme and host as written in the template, for messages (`https://example.com`).
    var originText: String
    /// Whether the template names a scheme or a host at all (relative ones do not).
    var isAbsolute: Bool
    var pieces: [ArraySlice<UInt8>]
    /// Offset of each piece in the template.
    var pieceStarts: [Int]
}

func templateTarget(_ template: String, isWeb: ([UInt8]) -> Bool) -> TemplateTarget? {
    let t = Array(template.utf8)
    var end = t.firstIndex(of: 0x23) ?? t.count             // '#'
    end = t[..<end].firstIndex(of: 0x3F) ?? end             // '?'
    let body = t[..<end]
    if body.contains(0x5C) { return nil }                   // '\': browsers read it as '/'
    var i = body.startIndex
    var scheme: [UInt8]? = nil
    if let colon = body.firstIndex(of: 0x3A), !body[..<colon].contains(0x2F), colon > body.startIndex,
       let f = body.first, (f | 0x20) &- 0x61 < 26,
       body[..<colon].allSatisfy({ ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }) {
        scheme = body[..<colon].map(asciiLower)
        i = colon + 1
    }
    let hasAuthority = i + 1 < body.endIndex && body[i] == 0x2F && body[i + 1] == 0x2F
    var origin = OriginSet.bare
    var originText = ""
    var pathStart = i
    var pieces: [ArraySlice<UInt8>] = []
    var starts: [Int] = []
    if let s = scheme {
        let schemeText = String(decoding: s, as: UTF8.self)
        if isWeb(s) {
            guard hasAuthority else { return nil }
            var a = i + 2
            var e = a
            while e < body.endIndex, body[e] != 0x2F { e += 1 }
            if let at = body[a..<e].lastIndex(of: 0x40) { a = at + 1 }   // userinfo is dropped
            var hostEnd = e
            var port: [UInt8] = []
            if let c = body[a..<e].lastIndex(of: 0x3A), !body[c..<e].contains(0x5D) {
                hostEnd = c
                port = Array(body[(c + 1)..<e])
                guard port.allSatisfy({ $0 &- 0x30 < 10 }) else { return nil }
                while port.count > 1 && port.first == 0x30 { port.removeFirst() }
                if let d = withBytePointer(s, { defaultPort(scheme: $0, $1) }), d == port { port = [] }
            }
            var host = body[a..<hostEnd].map(asciiLower)
            if host.last == 0x2E { host.removeLast() }
            guard !host.isEmpty, !host.contains(0x25), !host.contains(0x7B), host.allSatisfy({ $0 < 0x80 }) else { return nil }
            origin = .host(scheme: s, host: host, port: port)
            originText = schemeText + "://" + String(decoding: host, as: UTF8.self)
                + (port.isEmpty ? "" : ":" + String(decoding: port, as: UTF8.self))
            pathStart = e
        } else {
            origin = .scheme(s)
            originText = schemeText + ":"
            pathStart = hasAuthority ? i + 2 : i
        }
    } else if hasAuthority {
        // No scheme: `//host/x` is a bare path whose first segment is `host` (SEMANTICS §9).
        pathStart = i + 2
    }
    var k = pathStart
    while k <= body.endIndex {
        var j = k
        while j < body.endIndex, body[j] != 0x2F { j += 1 }
        if j > k { pieces.append(body[k..<j]); starts.append(k) }
        if j >= body.endIndex { break }
        k = j + 1
    }
    return TemplateTarget(origin: origin, originText: originText, isAbsolute: scheme != nil || hasAuthority,
                          pieces: pieces, pieceStarts: starts)
}

/// The URL sets a redirect of `entry` can lead to (several when a remainder that can be
/// empty drops its segment), or nil when the template is not modelled.
func redirectShapes(_ template: String, from entry: ModelEntry, model: TableModel) -> [URLShape]? {
    guard let target = templateTarget(template, isWeb: model.isWebScheme) else { return nil }
    if model.options.keepEmptySegments || model.options.strictTrailingSlash || !model.options.decodePath { return nil }
    let kinds = entry.captureKinds
    // Per piece: its set and whether it may vanish.
    var pieces: [(set: SegmentSet, optional: Bool)] = []
    for piece in target.pieces {
        let t = Array(piece)
        let ph = redirectPlaceholders(t)
        if ph.isEmpty {
            guard let decoded = decodedSegment(t) else { return nil }
            if decoded == [0x2E] { continue }
            if decoded == [0x2E, 0x2E] { if !pieces.isEmpty { pieces.removeLast() }; continue }
            pieces.append((.literal(decoded), false))
        } else if ph.count == 1, ph[0].start == 0, t.count == ph[0].name.utf8.count + 2 {
            guard let kind = kinds[ph[0].name] else { return nil }
            pieces.append((kind.set, kind.canBeEmpty))
        } else {
            // Text around placeholders: any segment; empty only if every part can be.
            let literalBytes = t.count - ph.reduce(0) { $0 + $1.name.utf8.count + 2 }
            let empty = literalBytes == 0 && ph.allSatisfy { kinds[$0.name]?.canBeEmpty == true }
            pieces.append((.any, empty))
        }
    }
    let optional = pieces.indices.filter { pieces[$0].optional }
    if optional.count > 4 { return nil }
    var out: [URLShape] = []
    for mask in 0..<(1 << optional.count) {
        var segs: [SegmentSet] = []
        for (k, p) in pieces.enumerated() {
            if let bit = optional.firstIndex(of: k), mask & (1 << bit) != 0 { continue }
            segs.append(p.set)
        }
        out.append(URLShape(origin: target.origin, segments: segs, tailMin: nil))
    }
    return out
}

/// A literal piece decoded once, or nil when decoding would leave it percent-encoded or
/// it holds bytes the router would refuse.
private func decodedSegment(_ t: [UInt8]) -> [UInt8]? {
    var out: [UInt8] = []
    var i = 0
    while i < t.count {
        let b = t[i]
        if b < 0x20 || b == 0x7F { return nil }
        if b == 0x25 {
            guard i + 2 < t.count, let h = hexValue(t[i + 1]), let l = hexValue(t[i + 2]) else { return nil }
            out.append(h << 4 | l)
            i += 3
            continue
        }
        out.append(b)
        i += 1
    }
    return validUTF8String(out) == nil ? nil : out
}
