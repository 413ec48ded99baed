/// Building the URL a redirect leads to (SEMANTICS.md §6), byte by byte into a Match's own
/// buffer: placeholders filled with decoded values encoded for their place, then unused
/// captured parameters and the original query items appended (unless the name is already
/// in the target's query, or `append_params` is false), then the fragment.

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
    let (lo, hi): (UInt64, UInt64)
    switch place {
    case .path: (lo, hi) = (0x0FFF_7792_0000_0000, 0x47FF_FFFE_87FF_FFFF)
    case .authority: (lo, hi) = (0x0BFF_7792_0000_0000, 0x47FF_FFFE_87FF_FFFE)
    case .firstRelativeSegment: (lo, hi) = (0x0BFF_7792_0000_0000, 0x47FF_FFFE_87FF_FFFF)
    case .query: (lo, hi) = (0x8FFF_F792_0000_0000, 0x47FF_FFFE_87FF_FFFF)
    case .fragment: (lo, hi) = (0xAFFF_FFD2_0000_0000, 0x47FF_FFFE_87FF_FFFF)
    }
    if b < 64 { return (lo >> UInt64(b)) & 1 != 0 }
    if b < 128 { return (hi >> UInt64(b &- 64)) & 1 != 0 }
    return false
}

private let hexDigits: StaticString = "0123456789ABCDEF"

extension GrowBuffer where Element == UInt8 {
    /// Appends `p[0..<n]` percent-encoded for `place`.
    mutating func appendEncoded(_ p: UnsafePointer<UInt8>, _ n: Int, for place: TemplatePlace) {
        reserve(count + 3 * n)
        let hex = hexDigits.utf8Start
        for i in 0..<n {
            let b = p[i]
            if templateKeeps(b, place) {
                append(b)
            } else {
                append(0x25); append(hex[Int(b >> 4)]); append(hex[Int(b & 0xF)])
            }
        }
    }
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

/// Calls `body(nameStart, nameLength)` for each non-empty `&`-separated item of
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

extension Match {
    /// Appends the URL that the current hit (a redirect route) leads to onto `buf`, reading
    /// the current URL from `url`; the new URL is `buf[start...]` where `start` is the
    /// count on entry. `plus`: the router reads `+` in queries as a space.
    func buildRedirect(_ route: CompiledRoute, url: UnsafeBufferPointer<UInt8>, plus: Bool,
                       into buf: inout GrowBuffer<UInt8>) {
        let template = route.destinationSpan
        guard let tp = template.base, let layout = route.templateLayout else { return }
        let paramCount = pathParameterCount

        // 1. The template up to its fragment, placeholders filled.
        let mark = appendFilled(route.templateBody, tp, layout, route, url, paramCount, into: &buf)
        var queryStart = mark >= 0 ? mark + 1 : -1

        // 2. Unused captured parameters, then the original query items.
        if route.appendParams {
            var separatorNeeded = queryStart >= 0 && buf.count > queryStart && buf[buf.count - 1] != 0x26
            func beginItem(_ buf: inout GrowBuffer<UInt8>) {
                if queryStart < 0 {
                    buf.append(0x3F)
                    queryStart = buf.count
                } else if separatorNeeded {
                    buf.append(0x26)
                }
                separatorNeeded = true
            }
            for k in 0..<paramCount {
                if route.templateUsesName[pathParameterNameIndex(k, route)] { continue }
                guard let p = rawPathParameter(k, url), let name = p.name.base, let text = p.text.base else { continue }
                if targetHasName(buf, queryStart: queryStart, limit: buf.count, name, p.name.count, plus: plus) {
                    continue
                }
                beginItem(&buf)
                buf.appendEncoded(name, p.name.count, for: .query)
                buf.append(0x3D)
                buf.appendEncoded(text, p.text.count, for: .query)
            }
            // Names already present before the original items go in; every repeat goes in.
            let presentLimit = buf.count
            if let u = url.baseAddress, view.rawQueryStart >= 0 {
                _ = anyQueryItem(u, view.rawQueryStart, view.rawQueryEnd) { s, len, itemEnd in
                    if !targetHasName(buf, queryStart: queryStart, limit: presentLimit, u + s, len, plus: plus) {
                        beginItem(&buf)
                        buf.append(contentsOf: u + s, count: itemEnd - s)
                    }
                    return false
                }
            }
        }

        // 3. The fragment: the template's own, else the original one (even without appending).
        if layout.fragmentMark >= 0 {
            _ = appendFilled(route.templateFragment, tp, layout, route, url, paramCount, into: &buf)
        } else if view.hasFragment {
            buf.append(0x23)
            buf.append(contentsOf: textPointer(view.fragment, url), count: Int(view.fragment.count))
        }
    }

    /// Appends `parts` of the template `tp`: runs as written, placeholders replaced by the
    /// parameter's decoded text encoded for their place. Returns the offset in `buf` of the
    /// template's query mark `?` when one of the runs holds it, else -1.
    private func appendFilled(_ parts: [TemplatePart], _ tp: UnsafePointer<UInt8>, _ layout: TemplateLayout,
                              _ route: CompiledRoute, _ url: UnsafeBufferPointer<UInt8>, _ paramCount: Int,
                              into buf: inout GrowBuffer<UInt8>) -> Int {
        var mark = -1
        for part in parts {
            if part.nameIndex < 0 {
                if part.start <= layout.queryMark && layout.queryMark < part.end {
                    mark = buf.count + (layout.queryMark - part.start)
                }
                buf.append(contentsOf: tp + part.start, count: part.end - part.start)
                continue
            }
            // Validated when the route was added: every alternative captures the name.
            var k = 0
            while k < paramCount && pathParameterNameIndex(k, route) != part.nameIndex { k += 1 }
            if let p = rawPathParameter(k, url), let text = p.text.base {
                buf.appendEncoded(text, p.text.count, for: part.place)
            }
        }
        return mark
    }
}

