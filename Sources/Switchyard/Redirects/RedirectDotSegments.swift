/// Dot segments in a redirect's URL (SEMANTICS.md §8 "Redirects"). A browser removes a
/// `.` segment and a `..` segment with the one before it, and the URL Standard counts
/// `%2e` as a `.` there (`.%2E`, `%2e.` and `%2E%2e` are all `..`): percent-encoding does
/// not keep such a value a literal. So a value that makes a whole path segment `.` or `..`
/// would take the produced URL out of the path its template wrote
/// (`https://good.example.com/files/{a}/{b}/view` with `..` and `..` opens `/view`). The
/// redirect is refused instead: a produced URL may hold no more dot segments than its
/// template wrote as literal text.

/// Whether `p[0..<n]` is a single-dot or double-dot path segment as the URL Standard
/// defines them: `.`, `..`, with any of the dots written `%2e` or `%2E`.
func isDotSegment(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var i = 0, dots = 0
    while i < n {
        if p[i] == 0x2E {
            i += 1
        } else if p[i] == 0x25, i + 2 < n, p[i + 1] == 0x32, p[i + 2] | 0x20 == 0x65 {
            i += 3
        } else {
            return false
        }
        dots += 1
        if dots > 2 { return false }
    }
    return dots > 0
}

/// How many dot segments the path of `p[start..<n]` holds: its pieces between `/` or `\`
/// (a browser reads `\` as `/` in a web URL; a redirect's values never bring one), up to
/// the first `?` or `#`. `skipPlaceholders`: a piece holding `{` (a template's placeholder)
/// is not counted, so a template's count is the dot segments it writes as literal text.
func dotSegmentCount(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int, skipPlaceholders: Bool) -> Int {
    var count = 0
    var i = start
    var pieceStart = start
    var placeholder = false
    while true {
        let atEnd = i >= n || p[i] == 0x3F || p[i] == 0x23
        if atEnd || p[i] == 0x2F || p[i] == 0x5C {
            if !(skipPlaceholders && placeholder) && isDotSegment(p + pieceStart, i - pieceStart) { count += 1 }
            if atEnd { return count }
            pieceStart = i + 1
            placeholder = false
        } else if p[i] == 0x7B {
            placeholder = true
        }
        i += 1
    }
}

/// Whether the URL `p[0..<n]` that a template `tp[0..<tn]` (laid out as `layout`) produced
/// holds a dot segment its template did not write. The path is counted from the scheme's
/// `:` on (a non-web authority, which the router reads as a segment, counts too).
func producedAddsDotSegment(_ p: UnsafePointer<UInt8>, _ n: Int,
                            template tp: UnsafePointer<UInt8>, _ tn: Int, _ layout: TemplateLayout) -> Bool {
    let from = layout.schemeEnd + 1
    return addsDotSegment(p, n, from: from) { dotSegmentCount(tp, from: from, tn, skipPlaceholders: true) }
}

/// Whether `p[from..<n]` holds more dot segments than `templateCount()`, which is asked only
/// when it holds any.
@inline(__always)
private func addsDotSegment(_ p: UnsafePointer<UInt8>, _ n: Int, from: Int, templateCount: () -> Int) -> Bool {
    // A dot segment holds a '.' or a '%' ("%2e"): a URL with neither after `from` has none
    // (one pass, eight bytes at a time; most produced URLs end here).
    if from >= n || firstByte(p, from, n, { byteMask($0, 0x2E) | byteMask($0, 0x25) }) == n { return false }
    let produced = dotSegmentCount(p, from: from, n, skipPlaceholders: false)
    return produced > 0 && produced > templateCount()
}

/// The part of a template's URLs in which a value can bring a dot segment, for the check
/// without reading again (RedirectFixedHead.swift): every URL the template produces starts
/// with the template's own bytes up to its first placeholder, query mark or fragment mark,
/// so the path pieces that end before that point are the template's. Counting from the
/// start of the piece holding it (`start`, just after a `/` or `\`) gives the same answer as
/// counting the whole path: the pieces before are the same on both sides. `templateCount` is
/// the template's count of literal dot segments from `start`.
struct DotSegmentWindow {
    var start = 0
    var templateCount = 0
}

/// The window of the template `tp[0..<tn]` (laid out as `layout`, cut into `body` before its
/// fragment mark).
func dotSegmentWindow(_ tp: UnsafePointer<UInt8>, _ tn: Int, _ layout: TemplateLayout,
                      body: [TemplatePart]) -> DotSegmentWindow {
    let from = layout.schemeEnd + 1
    var boundary = tn
    if layout.fragmentMark >= 0 { boundary = min(boundary, layout.fragmentMark) }
    if layout.queryMark >= 0 { boundary = min(boundary, layout.queryMark) }
    if let first = body.first(where: { $0.nameIndex >= 0 }) { boundary = min(boundary, first.start) }
    var start = max(from, 0)
    var i = boundary - 1
    while i >= start {
        if tp[i] == 0x2F || tp[i] == 0x5C { start = i + 1; break }
        i -= 1
    }
    return DotSegmentWindow(start: start, templateCount: dotSegmentCount(tp, from: start, tn, skipPlaceholders: true))
}

/// `producedAddsDotSegment` counted in `window` only.
func producedAddsDotSegment(_ p: UnsafePointer<UInt8>, _ n: Int, window: DotSegmentWindow) -> Bool {
    addsDotSegment(p, n, from: window.start) { window.templateCount }
}
