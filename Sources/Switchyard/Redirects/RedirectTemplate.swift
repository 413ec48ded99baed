/// Redirect templates (SEMANTICS.md §6 and §8 "Redirects"): where each part of a template
/// stands, and the add-time checks every redirect route passes.
///
/// A template is a URL (or a relative reference such as `/b/{id}`) whose `{name}`
/// placeholders take captured values. Placeholders may stand in the path, the query or the
/// fragment, and in a non-web scheme's authority (an ordinary path segment there), never in
/// the scheme or a host: a captured value must not be able to send the user elsewhere.

/// Where a placeholder stands; each place has its own percent-encoding set.
enum TemplatePlace: Int {
    /// A path segment.
    case path = 0
    /// The authority of a non-web scheme (a path segment; `:` and `@` are encoded too, so
    /// a value cannot add userinfo or a port).
    case authority = 1
    /// Before the first `/` of a template without a scheme: a `:` there would make the
    /// filled URL read as having a scheme (`javascript:`), so it is encoded.
    case firstRelativeSegment = 2
    case query = 3
    case fragment = 4
}

/// The parts of a template, as byte offsets. Computed from the raw template; placeholders
/// hold only name characters, so they never contain a delimiter.
struct TemplateLayout {
    /// End of the scheme (the offset of its `:`), or -1 when the template has none.
    var schemeEnd = -1
    /// The authority (after `//`), or an empty range at 0 when there is none.
    var authority = 0..<0
    var hasAuthority = false
    /// Offset of the `?` that starts the query, or -1.
    var queryMark = -1
    /// Offset of the `#` that starts the fragment, or -1.
    var fragmentMark = -1
    /// End of the first segment of a scheme-less template (its first `/`, `?` or `#`).
    var firstSegmentEnd = 0

    init(_ p: UnsafePointer<UInt8>, _ n: Int) {
        var i = 0
        while i < n, p[i] != 0x23 { i += 1 }          // '#'
        if i < n { fragmentMark = i }
        let beforeFragment = i
        i = 0
        while i < beforeFragment, p[i] != 0x3F { i += 1 }  // '?'
        if i < beforeFragment { queryMark = i }
        schemeEnd = schemeColon(p, n) ?? -1
        let afterScheme = schemeEnd >= 0 ? schemeEnd + 1 : 0
        if afterScheme + 1 < n, p[afterScheme] == 0x2F, p[afterScheme + 1] == 0x2F {
            hasAuthority = true
            var e = afterScheme + 2
            while e < n, p[e] != 0x2F, p[e] != 0x3F, p[e] != 0x23 { e += 1 }
            authority = (afterScheme + 2)..<e
        }
        if schemeEnd < 0 {
            var e = 0
            while e < n, p[e] != 0x2F, p[e] != 0x3F, p[e] != 0x23 { e += 1 }
            firstSegmentEnd = e
        }
    }

    /// The place of a placeholder starting at `i` (never in the scheme or a host: checked
    /// when the route is added).
    func place(at i: Int) -> TemplatePlace {
        if fragmentMark >= 0 && i > fragmentMark { return .fragment }
        if queryMark >= 0 && i > queryMark { return .query }
        if hasAuthority && authority.contains(i) { return .authority }
        if schemeEnd < 0 && i < firstSegmentEnd { return .firstRelativeSegment }
        return .path
    }
}

/// A redirect template cut, when its route is added, into what `buildRedirect` appends:
/// runs of the template as written, and placeholders (the name's index in the route's
/// names, and the place whose encoding the value gets).
struct TemplatePart {
    var start: Int, end: Int
    /// -1 for a run as written.
    var nameIndex: Int
    var place: TemplatePlace
}

/// The parts before the fragment mark `#` and from it on (a run is split there), and which
/// of `names` the template uses. `t` has passed `validateRedirectTemplate`.
func templateParts(_ t: [UInt8], _ layout: TemplateLayout, names: [String])
    -> (body: [TemplatePart], fragment: [TemplatePart], uses: [Bool]) {
    var body: [TemplatePart] = [], fragment: [TemplatePart] = []
    var uses = [Bool](repeating: false, count: names.count)
    let fm = layout.fragmentMark
    func run(_ a: Int, _ b: Int) {
        guard a < b else { return }
        if fm >= 0 && a < fm && fm < b {
            body.append(TemplatePart(start: a, end: fm, nameIndex: -1, place: .path))
            fragment.append(TemplatePart(start: fm, end: b, nameIndex: -1, place: .fragment))
        } else if fm >= 0 && a >= fm {
            fragment.append(TemplatePart(start: a, end: b, nameIndex: -1, place: .fragment))
        } else {
            body.append(TemplatePart(start: a, end: b, nameIndex: -1, place: .path))
        }
    }
    var pos = 0
    for ph in (try? templatePlaceholders(t)) ?? [] {
        run(pos, ph.start)
        if let k = names.firstIndex(of: ph.name) {
            uses[k] = true
            let part = TemplatePart(start: ph.start, end: ph.end, nameIndex: k, place: layout.place(at: ph.start))
            if fm >= 0 && ph.start > fm { fragment.append(part) } else { body.append(part) }
        }
        pos = ph.end
    }
    run(pos, t.count)
    return (body, fragment, uses)
}

/// `bytes` as a pointer and a count, never a nil pointer (an empty array gives a valid one,
/// so no force unwrap is needed).
@inline(__always)
func withBytePointer<R>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
    bytes.withUnsafeBufferPointer { body($0.baseAddress ?? emptyBytes, $0.count) }
}

@inline(__always)
func isNameStart(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 || b == 0x5F }
@inline(__always)
func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || b &- 0x30 < 10 }

/// One `{name}` of a template: where it starts (the `{`) and the name's bytes.
struct TemplatePlaceholder {
    var start: Int
    var end: Int  // one past the `}`
    var name: String
}

func badRedirect(_ message: String, _ position: Int?) -> SwitchyardError {
    SwitchyardError(.invalidArgument, message, position: position)
}

/// Every placeholder of a template, or an error at the offending byte.
func templatePlaceholders(_ t: [UInt8]) throws(SwitchyardError) -> [TemplatePlaceholder] {
    var out: [TemplatePlaceholder] = []
    var i = 0
    while i < t.count {
        let b = t[i]
        if b < 0x20 || b == 0x7F {
            throw badRedirect("control character in redirect", i)
        }
        if b == 0x7D { throw badRedirect("'}' without '{' in redirect", i) }
        if b == 0x7B {
            var j = i + 1
            while j < t.count, isNameByte(t[j]) { j += 1 }
            guard j < t.count, t[j] == 0x7D else {
                throw badRedirect(j < t.count && t[j] != 0x7B
                    ? "invalid character in placeholder name in redirect" : "unclosed '{' in redirect",
                    j < t.count && t[j] != 0x7B ? j : i)
            }
            if j == i + 1 { throw badRedirect("empty placeholder '{}' in redirect", i) }
            // All digits names a urlpattern route's unnamed group (`{0}`); otherwise a name
            // starts as an identifier does.
            let allDigits = t[(i + 1)..<j].allSatisfy { $0 &- 0x30 < 10 }
            if !isNameStart(t[i + 1]) && !allDigits {
                throw badRedirect("placeholder name must start with a letter or '_' in redirect", i + 1)
            }
            out.append(TemplatePlaceholder(start: i, end: j + 1,
                                           name: String(decoding: t[(i + 1)..<j], as: UTF8.self)))
            i = j + 1
            continue
        }
        i += 1
    }
    return out
}

/// The names every alternative (variant) of a compiled pattern captures: path parameters
/// and a named remainder (`*rest`, `<path:rest>`).
func namesEveryVariantCaptures(_ c: CompiledPattern) -> Set<String> {
    var common: Set<String>? = nil
    for v in c.variants {
        var names = Set<String>()
        for s in v.segments { for n in s.capturedNames where n >= 0 { names.insert(c.names[n]) } }
        if let r = v.remainder, r.nameIndex >= 0 { names.insert(c.names[r.nameIndex]) }
        common = common.map { $0.intersection(names) } ?? names
    }
    return common ?? []
}

/// The add-time checks of a redirect route (a target route passes unchanged):
/// placeholders well formed, none in the scheme or a host, each naming a parameter that
/// every alternative of the pattern captures; the template's shape (RedirectShape.swift:
/// no `\` before the query, no network-path reference, a web scheme written
/// `scheme://host`); the template readable as a URL; and, for a document with a
/// `redirect_allowlist`, the template leading inside it.
/// Errors are `invalidArgument` with the byte in the template (a document turns them into
/// rule errors naming the JSON path).
/// Returns the template's head, read once for the check of every URL it produces, or nil
/// (not a redirect, or a relative template).
func validateRedirectTemplate(_ route: Route, _ compiled: CompiledPattern,
                              _ config: PatternConfig) throws(SwitchyardError) -> TemplateHead? {
    guard case .redirect(let template) = route.destination else { return nil }
    let t = Array(template.utf8)
    if t.isEmpty { throw badRedirect("redirect is empty", nil) }
    if t.count > config.read.maxURLLength {
        throw SwitchyardError(.limit, "redirect is \(t.count) bytes, over the limit of \(config.read.maxURLLength)")
    }
    let placeholders = try templatePlaceholders(t)
    let layout = withBytePointer(t) { TemplateLayout($0, $1) }
    // A browser's special schemes have a host whatever `webSchemes` says, so they get the
    // web rules here even when the router matches their authority as a segment.
    let isWeb = layout.schemeEnd > 0 && withBytePointer(t) { p, _ in
        config.read.isWebScheme(p, layout.schemeEnd) || isBrowserSpecialScheme(p, layout.schemeEnd)
    }
    // A non-web authority is a path segment only when the router reads it as one.
    let authorityIsHost = layout.schemeEnd < 0 || isWeb || config.read.hostHandling == .hostWhenDotted
    var captured = namesEveryVariantCaptures(compiled)
    // A urlpattern tail's groups are all placeholders; one that did not take part gives the
    // empty string, as a redirect gives for any value the match lacks.
    if compiled.urlPattern != nil { captured.formUnion(compiled.names) }
    for ph in placeholders {
        if layout.schemeEnd >= 0 && ph.start < layout.schemeEnd {
            throw badRedirect("a placeholder may not stand in the scheme of a redirect", ph.start)
        }
        if layout.hasAuthority && layout.authority.contains(ph.start) && authorityIsHost {
            throw badRedirect("a placeholder may not stand in the host of a redirect", ph.start)
        }
        if !captured.contains(ph.name) {
            let why = compiled.names.contains(ph.name)
                ? "is not captured by every alternative of the pattern" : "is not a parameter of the pattern"
            throw badRedirect("placeholder {\(ph.name)} \(why)", ph.start)
        }
    }
    try checkTemplateShape(t, layout, isWeb: isWeb)
    var view = URLView()
    defer { view.free() }
    let filled = try readFilledTemplate(t, placeholders, config, into: &view)
    if let allowlist = route.redirectAllowlist {
        var hostBuffer = GrowBuffer<UInt8>(capacity: 32)
        defer { hostBuffer.free() }
        let allowed = withBytePointer(filled) { p, _ in allowlist.allows(view, p, hostBuffer: &hostBuffer) }
        if !allowed { throw badRedirect("redirect '\(template)' leads outside the redirect_allowlist", nil) }
    }
    return withBytePointer(t) { p, n in
        var head = readTemplateHead(p, layout, config.read.forRedirectSafety)
        let fixedHead = redirectFixedHeadLength(p, n, layout, head)
        if fixedHead > 0 { head?.known = readKnownHead(p, fixedHead: fixedHead, layout, config.read) }
        return head
    }
}

/// Reads the template, placeholders replaced by `x`, as the router reads URLs (web schemes
/// always with their host), so a template whose filled form could never be resolved (bad
/// scheme, bad port) fails now. Returns the bytes `view`'s offsets refer to.
private func readFilledTemplate(_ t: [UInt8], _ placeholders: [TemplatePlaceholder],
                                _ config: PatternConfig, into view: inout URLView) throws(SwitchyardError) -> [UInt8] {
    var filled: [UInt8] = []
    var origin: [Int] = []
    var i = 0
    for ph in placeholders {
        filled += t[i..<ph.start]; origin += Array(i..<ph.start)
        filled.append(0x78); origin.append(ph.start)
        i = ph.end
    }
    filled += t[i...]; origin += Array(i..<t.count)
    var read = config.read.forRedirectSafety
    read.maxURLLength = Int.max  // the template's length was checked; filled values add to it
    // The bytes the view's offsets refer to: the filled template, or the form a browser
    // reads it in when that differs (BrowserReading.swift).
    var readBytes: [UInt8]? = nil
    let failure: SwitchyardError? = filled.withUnsafeBufferPointer { b in
        do throws(SwitchyardError) {
            let r = try view.read(b, read)
            if r.baseAddress != b.baseAddress { readBytes = Array(r) }
            return nil
        } catch {
            return error
        }
    }
    if let failure {
        let at = failure.position.flatMap { $0 < origin.count ? origin[$0] : nil }
        var text = failure.message
        if let p = failure.position, text.hasSuffix(" at \(p)") { text.removeLast(" at \(p)".count) }
        throw badRedirect("redirect is not a valid URL: \(text.replacingURLWord())", at)
    }
    return readBytes ?? filled
}

private extension String {
    /// The reader says "URL ..."; in a template error the template is meant.
    func replacingURLWord() -> String {
        var s = self
        if s.hasPrefix("URL ") { s = "the template " + s.dropFirst(4) }
        return s
    }
}
