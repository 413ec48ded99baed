/// Building the URL a redirect leads to (SEMANTICS.md §6), byte by byte into a Match's own
/// buffer: placeholders filled with decoded values encoded for their place, then unused
/// captured parameters and the original query items appended (unless the name is already
/// in the target's query, or `append_params` is false), then the fragment.

/// Bit `place.rawValue` of `redirectKeep[b]` is set when byte `b` stays as written in that
/// place. Derived from `percentEncode(_:for:)`, so a redirect encodes exactly as the rest
/// of Switchyard does; `authority` and `firstRelativeSegment` also encode `:` (and `@`).
let redirectKeep: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for b in 0..<128 {
        let s = String(UnicodeScalar(UInt8(b)))
        func keeps(_ p: URLPlace) -> Bool { percentEncode(s, for: p).utf8.count == 1 }
        var bits: UInt8 = 0
        if keeps(.pathSegment) {
            bits |= 1 << TemplatePlace.path.rawValue
            if b != 0x3A && b != 0x40 { bits |= 1 << TemplatePlace.authority.rawValue }
            if b != 0x3A { bits |= 1 << TemplatePlace.firstRelativeSegment.rawValue }
        }
        if keeps(.query) { bits |= 1 << TemplatePlace.query.rawValue }
        if keeps(.fragment) { bits |= 1 << TemplatePlace.fragment.rawValue }
        table[b] = bits
    }
    return table
}()

private let hexDigits: StaticString = "0123456789ABCDEF"

extension GrowBuffer where Element == UInt8 {
    /// Appends `p[0..<n]` percent-encoded for `place`.
    mutating func appendEncoded(_ p: UnsafePointer<UInt8>, _ n: Int, for place: TemplatePlace) {
        let bit = UInt8(1) << UInt8(place.rawValue)
        reserve(count + n)
        redirectKeep.withUnsafeBufferPointer { keep in
            let hex = hexDigits.utf8Start
            for i in 0..<n {
                let b = p[i]
                if keep[Int(b)] & bit != 0 {
                    append(b)
                } else {
                    append(0x25); append(hex[Int(b >> 4)]); append(hex[Int(b & 0xF)])
                }
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
        let tn = template.count
        let bodyEnd = layout.fragmentMark >= 0 ? layout.fragmentMark : tn
        let paramCount = pathParameterCount

        // 1. The template up to its fragment, placeholders filled.
        let mark = appendFilled(tp, 0, bodyEnd, layout, route, url, paramCount, into: &buf)
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
            _ = appendFilled(tp, layout.fragmentMark, tn, layout, route, url, paramCount, into: &buf)
        } else if view.hasFragment {
            buf.append(0x23)
            buf.append(contentsOf: textPointer(view.fragment, url), count: Int(view.fragment.count))
        }
    }

    /// Appends `tp[from..<to]` with each `{name}` replaced by the parameter's decoded text,
    /// encoded for its place. Returns the offset in `buf` of the template's query mark `?`
    /// when it lies in the range, else -1.
    private func appendFilled(_ tp: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ layout: TemplateLayout,
                              _ route: CompiledRoute, _ url: UnsafeBufferPointer<UInt8>, _ paramCount: Int,
                              into buf: inout GrowBuffer<UInt8>) -> Int {
        var mark = -1
        var i = from
        var run = from
        while i < to {
            let b = tp[i]
            if b == 0x7B, let close = closingBrace(tp, i, to) {
                buf.append(contentsOf: tp + run, count: i - run)
                // Validated when the route was added: every alternative captures the name.
                if let k = parameterIndex(named: tp + i + 1, close - i - 1, route, count: paramCount),
                   let p = rawPathParameter(k, url), let text = p.text.base {
                    buf.appendEncoded(text, p.text.count, for: layout.place(at: i))
                }
                i = close + 1
                run = i
                continue
            }
            if i == layout.queryMark { mark = buf.count + (i - run) }
            i += 1
        }
        buf.append(contentsOf: tp + run, count: to - run)
        return mark
    }

    /// The index of the path parameter called `name`, if the current hit has one.
    private func parameterIndex(named name: UnsafePointer<UInt8>, _ n: Int, _ route: CompiledRoute,
                                count: Int) -> Int? {
        for k in 0..<count {
            let pn = pathParameterName(k, route)
            if pn.count == n, let b = pn.base, bytesEqual(b, name, n) { return k }
        }
        return nil
    }
}

/// The offset of the `}` closing a placeholder opened at `i`, or nil.
@inline(__always)
private func closingBrace(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
    var j = i + 1
    while j < end, isNameByte(p[j]) { j += 1 }
    return j < end && p[j] == 0x7D && j > i + 1 ? j : nil
}

