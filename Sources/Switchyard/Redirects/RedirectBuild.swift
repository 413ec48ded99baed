/// Building the URL a redirect leads to (SEMANTICS.md §6), byte by byte into a MatchBuffer's own
/// buffer: placeholders filled with decoded values encoded for their place (a remainder in
/// the path as its segments), then unused captured parameters and the original query items
/// appended (unless the name is already in the target's query, or `append_params` is
/// false), then the fragment. Every piece is measured before it is appended, so a URL never
/// grows past its bound (RedirectTooLong): a chain that doubles its URL stops at the limit.

/// Which ASCII bytes stay as written in each place of a template, as two 64-bit masks
/// (bytes 0-63, 64-127); every other byte is percent-encoded. RFC 3986: a path segment
/// keeps unreserved characters, `:`, `@` and the sub-delimiters `!$'()*,;` (not `&`, `=`,
/// `+`, which a router may read specially); a query also keeps `/` and `?`; a fragment
/// keeps every pchar, `/` and `?`. `authority` and `firstRelativeSegment` also encode `:`
/// (and `@`), so a value cannot add userinfo, a port or a scheme. RedirectTests check every
/// printable ASCII byte in each of the five places against these sets written out in the
/// test. Constants rather than a table built at first use: no lazy-global check per call.
@inline(__always)
func templateKeeps(_ b: UInt8, _ place: TemplatePlace) -> Bool {
    keeps(b, placeMasks(place))
}

/// The two masks of `place` (bytes 0-63, 64-127), looked up once per value.
@inline(__always)
func placeMasks(_ place: TemplatePlace) -> (UInt64, UInt64) {
    switch place {
    case .path: return (0x0FFF_7792_0000_0000, 0x47FF_FFFE_87FF_FFFF)
    case .authority: return (0x0BFF_7792_0000_0000, 0x47FF_FFFE_87FF_FFFE)
    case .firstRelativeSegment: return (0x0BFF_7792_0000_0000, 0x47FF_FFFE_87FF_FFFF)
    case .query: return (0x8FFF_F792_0000_0000, 0x47FF_FFFE_87FF_FFFF)
    case .fragment: return (0xAFFF_FFD2_0000_0000, 0x47FF_FFFE_87FF_FFFF)
    }
}

@inline(__always)
private func keeps(_ b: UInt8, _ masks: (UInt64, UInt64)) -> Bool {
    if b < 64 { return (masks.0 >> UInt64(b)) & 1 != 0 }
    if b < 128 { return (masks.1 >> UInt64(b &- 64)) & 1 != 0 }
    return false
}

private let hexDigits: StaticString = "0123456789ABCDEF"

/// Building stopped: the URL would pass its bound (`end`, an offset in the buffer).
struct RedirectTooLong: Error {}

/// How many bytes `p[0..<n]` takes percent-encoded for `place`.
@inline(__always)
func encodedLength(_ p: UnsafePointer<UInt8>, _ n: Int, for place: TemplatePlace) -> Int {
    let masks = placeMasks(place)
    var len = n
    for i in 0..<n where !keeps(p[i], masks) { len &+= 2 }
    return len
}

extension GrowBuffer where Element == UInt8 {
    /// Appends `p[0..<n]` percent-encoded for `place`, unless that would pass `end`.
    mutating func appendEncoded(_ p: UnsafePointer<UInt8>, _ n: Int, for place: TemplatePlace,
                                end: Int) throws(RedirectTooLong) {
        // The common value needs no encoding: copied in the pass that checks it, when it fits
        // as it is. A byte to encode sends it to the measured copy below, from its start.
        let start = count
        if n <= end &- start && n <= capacity &- start {
            let masks = placeMasks(place)
            let d = base + start
            var i = 0
            while i < n {
                let b = p[i]
                if !keeps(b, masks) { break }
                d[i] = b
                i &+= 1
            }
            if i == n {
                truncate(to: start &+ n)
                return
            }
        }
        let len = encodedLength(p, n, for: place)
        guard len <= end &- count else { throw RedirectTooLong() }
        if len == n {  // nothing to encode (the common value): one copy
            append(contentsOf: p, count: n)
            return
        }
        reserve(count + len)
        let hex = hexDigits.utf8Start
        let masks = placeMasks(place)
        for i in 0..<n {
            let b = p[i]
            if keeps(b, masks) {
                append(b)
            } else {
                append(0x25); append(hex[Int(b >> 4)]); append(hex[Int(b & 0xF)])
            }
        }
    }

    /// Appends the text `p[0..<n]` of one of `route`'s path parameters, percent-encoded for
    /// `place`: a urlpattern tail's groups keep the URL's escapes, so theirs are decoded first.
    @inline(__always)
    mutating func appendParameter(_ p: UnsafePointer<UInt8>, _ n: Int, of route: CompiledRoute,
                                  for place: TemplatePlace, end: Int) throws(RedirectTooLong) {
        if route.urlPattern != nil {
            try appendDecodedEncoded(p, n, for: place, end: end)
        } else {
            try appendEncoded(p, n, for: place, end: end)
        }
    }

    /// Appends `p[0..<n]`, its `%XY` escapes decoded once, percent-encoded for `place`,
    /// unless that would pass `end`. A urlpattern tail's groups keep the URL's escapes
    /// (PatternTail.swift); decoding them first makes the place's encoding apply once, as it
    /// does for a segment parameter's decoded text.
    mutating func appendDecodedEncoded(_ p: UnsafePointer<UInt8>, _ n: Int, for place: TemplatePlace,
                                       end: Int) throws(RedirectTooLong) {
        let hex = hexDigits.utf8Start
        var i = 0
        while i < n {
            var b = p[i]
            if b == 0x25, i + 2 < n, let hi = hexValue(p[i + 1]), let lo = hexValue(p[i + 2]) {
                b = hi << 4 | lo
                i += 3
            } else {
                i += 1
            }
            if templateKeeps(b, place) {
                try append(b, end: end)
            } else {
                guard 3 <= end &- count else { throw RedirectTooLong() }
                append(0x25); append(hex[Int(b >> 4)]); append(hex[Int(b & 0xF)])
            }
        }
    }

    /// Appends `p[0..<n]` as it is, unless that would pass `end`.
    @inline(__always)
    mutating func append(_ p: UnsafePointer<UInt8>, _ n: Int, end: Int) throws(RedirectTooLong) {
        guard n <= end &- count else { throw RedirectTooLong() }
        append(contentsOf: p, count: n)
    }

    /// Appends one byte, unless that would pass `end`.
    @inline(__always)
    mutating func append(_ b: UInt8, end: Int) throws(RedirectTooLong) {
        guard count < end else { throw RedirectTooLong() }
        append(b)
    }
}

/// Starts an appended query item: a `?` when the URL has no query yet (`queryStart` becomes
/// the offset after it), else a `&` when an item comes before it. A function of its own,
/// not one nested in `buildRedirect`: the variables a nested function captures cost an
/// exclusivity check at run time on every redirect.
@inline(__always)
private func beginQueryItem(_ buf: inout GrowBuffer<UInt8>, _ queryStart: inout Int, _ separatorNeeded: inout Bool,
                            end: Int) throws(RedirectTooLong) {
    if queryStart < 0 {
        try buf.append(0x3F, end: end)
        queryStart = buf.count
    } else if separatorNeeded {
        try buf.append(0x26, end: end)
    }
    separatorNeeded = true
}

/// Decodes a query name lazily: yields its bytes as `appendDecoded` would produce them
/// (`%XY` escapes, `+` as a space when the router reads it so), without a buffer.
private struct DecodingCursor {
    let p: UnsafePointer<UInt8>
    let n: Int
    let plus: Bool
    var i = 0

    init(_ p: UnsafePointer<UInt8>, _ n: Int, plus: Bool) {
        self.p = p
        self.n = n
        self.plus = plus
    }

    mutating func next() -> UInt8? {
        guard i < n else { return nil }
        let b = p[i]
        if b == 0x25, i + 2 < n, let hi = hexValue(p[i + 1]), let lo = hexValue(p[i + 2]) {
            i += 3
            return hi << 4 | lo
        }
        i += 1
        return b == 0x2B && plus ? 0x20 : b
    }
}

/// Whether two query names are equal once decoded (`id`, `i%64` and `%69d` are one name),
/// so an appended item never stands beside one of the same name spelled differently.
/// (Parameter names are identifiers, which decode to themselves.)
func decodedNamesEqual(_ a: UnsafePointer<UInt8>, _ na: Int,
                       _ b: UnsafePointer<UInt8>, _ nb: Int, plus: Bool) -> Bool {
    if na == nb && bytesEqual(a, b, na) { return true }
    var x = DecodingCursor(a, na, plus: plus)
    var y = DecodingCursor(b, nb, plus: plus)
    while true {
        let u = x.next()
        if u != y.next() { return false }
        if u == nil { return true }
    }
}


/// The target's query as written so far in `buf`: whether it has an item called `name`
/// (compared decoded). `queryStart` is the offset just after the `?`, or -1 for none.
private func targetHasName(_ buf: GrowBuffer<UInt8>, queryStart: Int, limit: Int,
                           _ name: UnsafePointer<UInt8>, _ n: Int, plus: Bool) -> Bool {
    guard queryStart >= 0 else { return false }
    let base = UnsafePointer(buf.base)
    return anyQueryItem(base, queryStart, limit) { s, len, _ in
        decodedNamesEqual(name, n, base + s, len, plus: plus)
    }
}

extension MatchBuffer {
    /// Appends the URL that the current hit (a redirect route) leads to onto `buf`, reading
    /// the current URL from `url`; the new URL is `buf[start...]` where `start` is the
    /// count on entry. `plus`: the router reads `+` in queries as a space. Throws, with
    /// `buf` holding part of the URL, when the URL would end past `end` (a buffer offset).
    func buildRedirect(_ route: CompiledRoute, url: UnsafeBufferPointer<UInt8>, plus: Bool,
                       into buf: inout GrowBuffer<UInt8>, end: Int) throws(RedirectTooLong) {
        let template = route.destinationSpan
        guard let tp = template.base, let layout = route.templateLayout else { return }
        let paramCount = pathParameterCount

        // 1. The template up to its fragment, placeholders filled.
        let mark = try appendFilled(route.templateBody, tp, layout, route, url, paramCount, into: &buf, end: end)
        var queryStart = mark >= 0 ? mark + 1 : -1

        // 2. Unused captured parameters, then the original query items.
        if route.appendParams {
            var separatorNeeded = queryStart >= 0 && buf.count > queryStart && buf[buf.count - 1] != 0x26
            for k in 0..<paramCount {
                if route.templateUsesName[pathParameterNameIndex(k, route)] { continue }
                guard let p = rawPathParameter(k, url), let name = p.name.base, let text = p.text.base else { continue }
                if targetHasName(buf, queryStart: queryStart, limit: buf.count, name, p.name.count, plus: plus) {
                    continue
                }
                try beginQueryItem(&buf, &queryStart, &separatorNeeded, end: end)
                try buf.appendEncoded(name, p.name.count, for: .query, end: end)
                try buf.append(0x3D, end: end)
                try buf.appendParameter(text, p.text.count, of: route, for: .query, end: end)
            }
            // Names already present before the original items go in; every repeat goes in.
            let presentLimit = buf.count
            if let u = url.baseAddress, view.rawQueryStart >= 0 {
                var tooLong = false
                _ = anyQueryItem(u, view.rawQueryStart, view.rawQueryEnd) { s, len, itemEnd in
                    if !targetHasName(buf, queryStart: queryStart, limit: presentLimit, u + s, len, plus: plus) {
                        do throws(RedirectTooLong) {
                            try beginQueryItem(&buf, &queryStart, &separatorNeeded, end: end)
                            try buf.append(u + s, itemEnd - s, end: end)
                        } catch {
                            tooLong = true
                            return true
                        }
                    }
                    return false
                }
                if tooLong { throw RedirectTooLong() }
            }
        }

        // 3. The fragment: the template's own, else the original one (even without appending).
        if layout.fragmentMark >= 0 {
            _ = try appendFilled(route.templateFragment, tp, layout, route, url, paramCount, into: &buf, end: end)
        } else if view.hasFragment {
            try buf.append(0x23, end: end)
            try buf.append(textPointer(view.fragment, url), Int(view.fragment.count), end: end)
        }
    }

    /// Appends `parts` of the template `tp`: runs as written, placeholders replaced by the
    /// parameter's decoded text encoded for their place. Returns the offset in `buf` of the
    /// template's query mark `?` when one of the runs holds it, else -1.
    private func appendFilled(_ parts: [TemplatePart], _ tp: UnsafePointer<UInt8>, _ layout: TemplateLayout,
                              _ route: CompiledRoute, _ url: UnsafeBufferPointer<UInt8>, _ paramCount: Int,
                              into buf: inout GrowBuffer<UInt8>, end: Int) throws(RedirectTooLong) -> Int {
        var mark = -1
        for part in parts {
            if part.nameIndex < 0 {
                if part.start <= layout.queryMark && layout.queryMark < part.end {
                    mark = buf.count + (layout.queryMark - part.start)
                }
                try buf.append(tp + part.start, part.end - part.start, end: end)
                continue
            }
            // Validated when the route was added: every alternative captures the name.
            var k = 0
            while k < paramCount && pathParameterNameIndex(k, route) != part.nameIndex { k += 1 }
            if k == bestCaptures.count && k < paramCount
                && (part.place == .path || part.place == .firstRelativeSegment) {
                try appendRemainderSegments(url, place: part.place, into: &buf, end: end)
            } else if let (text, count) = pathParameterText(k, url, paramCount) {
                try buf.appendParameter(text, count, of: route, for: part.place, end: end)
            }
        }
        return mark
    }

    /// The text of path parameter `k` (of `paramCount`), as `rawPathParameter` gives it,
    /// without looking up its name.
    @inline(__always)
    private func pathParameterText(_ k: Int, _ url: UnsafeBufferPointer<UInt8>,
                                   _ paramCount: Int) -> (UnsafePointer<UInt8>, Int)? {
        guard k >= 0, k < paramCount else { return nil }
        if k < bestCaptures.count {
            let t = bestCaptures[k].text
            return (textPointer(t, url), Int(t.count))
        }
        return (UnsafePointer(remainderText.base), remainderText.count)
    }

    /// A named remainder standing in the path: its segments, each encoded as a path segment
    /// (the first for `place`), joined by `/`, so `/old/*rest` -> `/new/{rest}` moves a
    /// subtree. The segments are the reader's list when the URL went through it (a decoded
    /// `%2F` stays inside its segment), else the remainder's bytes, which nothing decoded,
    /// split at each `/`.
    private func appendRemainderSegments(_ url: UnsafeBufferPointer<UInt8>, place: TemplatePlace,
                                         into buf: inout GrowBuffer<UInt8>, end: Int) throws(RedirectTooLong) {
        let from = remainderStart
        guard from >= 0 else { return }
        let segmentCount = view.segments.count
        var segmentPlace = place
        if segmentCount > 0 {
            for k in from..<segmentCount {
                if k > from { try buf.append(0x2F, end: end) }
                let t = view.segments[k]
                try buf.appendEncoded(textPointer(t, url), Int(t.count), for: segmentPlace, end: end)
                segmentPlace = .path
            }
            return
        }
        let text = UnsafePointer(remainderText.base), n = remainderText.count
        var i = 0
        while i <= n {
            var j = i
            while j < n && text[j] != 0x2F { j += 1 }
            if i > 0 { try buf.append(0x2F, end: end) }
            try buf.appendEncoded(text + i, j - i, for: segmentPlace, end: end)
            segmentPlace = .path
            i = j + 1
        }
    }
}
