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
    // A dot segment holds a '.' or a '%' ("%2e"): a URL with neither after `from` has none
    // (one pass, eight bytes at a time; most produced URLs end here).
    if from >= n || firstByte(p, from, n, { byteMask($0, 0x2E) | byteMask($0, 0x25) }) == n { return false }
    let produced = dotSegmentCount(p, from: from, n, skipPlaceholders: false)
    guard produced > 0 else { return false }
    return produced > dotSegmentCount(tp, from: from, tn, skipPlaceholders: true)
}
