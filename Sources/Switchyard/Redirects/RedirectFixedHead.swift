/// The check of a produced redirect URL without reading it again (SEMANTICS.md §8
/// "Redirects"), for the templates whose every URL starts with bytes the template itself
/// wrote and that alone decide where the URL leads:
/// - an absolute template with an authority and no placeholder up to the authority's end
///   (`myapp://app/skill/{language}`, `https://example.com/{x}`): the produced URL's scheme,
///   host and port are the template's, which were read when the route was added, and the
///   allowlist (which looks at nothing else) admitted them then;
/// - a relative template that starts with `/` and a literal byte other than `/` or `\`
///   (`/docs/{page}`): no value can give the URL a scheme or a host.
/// For those the full check (RedirectSafety.swift) can only refuse a URL whose head differs
/// from the template's, which the builder never writes; the fast check compares those head
/// bytes and runs the same dot-segment check, and nothing else. Every other template is
/// checked by reading the URL in full.
///
/// A MatchBuffer can be told to run both and record any disagreement
/// (`RedirectCheckMode.differential`): the redirect-corpus test and the rules fuzz target do,
/// so the two checks are compared on every URL those produce.

/// How a MatchBuffer checks the URLs redirects produce.
package enum RedirectCheckMode: Sendable {
    /// The fast check where the template allows it, else the full one.
    case fast
    /// Always the full check.
    case full
    /// Both, where the fast one applies; the full one decides, and a disagreement is kept in
    /// `MatchBuffer.redirectCheckDisagreement`.
    case differential
}

/// How many leading bytes of the template every URL it produces starts with and that decide
/// its scheme, host and port (the head and the byte after it), or 0 when the produced URL
/// must be read to know them.
func redirectFixedHeadLength(_ tp: UnsafePointer<UInt8>, _ n: Int, _ layout: TemplateLayout,
                             _ head: TemplateHead?) -> Int {
    if layout.schemeEnd < 0 {
        guard n >= 2, tp[0] == 0x2F else { return 0 }
        let b = tp[1]
        // Not `?` or `#` either: appended query items go in before a fragment, so the
        // produced URL's second byte may differ from the template's there.
        return b == 0x2F || b == 0x5C || b == 0x7B || b == 0x3F || b == 0x23 || b <= 0x20 || b == 0x7F ? 0 : 2
    }
    guard layout.hasAuthority, let head, head.unreadable == nil else { return 0 }
    // Up to the authority's end: what follows is `/`, `?`, `#` or nothing, in the template
    // and in every URL it produces (a placeholder cannot start there, as it would have been
    // read as part of the authority; appended query items may put a `?` before a `#`).
    let end = layout.authority.upperBound
    for i in 0..<end where tp[i] == 0x7B { return 0 }  // a placeholder in a non-host authority
    return end
}

/// The fast check's verdict on the URL `p[0..<n]` that `route` produced: why it may not be
/// followed, or nil when it may. Only for a route whose `redirectFixedHeadLength` is not 0.
func fastRedirectRefusal(_ route: CompiledRoute, _ p: UnsafePointer<UInt8>, _ n: Int,
                         fixedHead: Int) -> String? {
    guard let layout = route.templateLayout, let tp = route.destinationSpan.base else {
        return "which its route has no template for"
    }
    let ends = layout.schemeEnd < 0 || n == fixedHead
        || (n > fixedHead && (p[fixedHead] == 0x2F || p[fixedHead] == 0x3F || p[fixedHead] == 0x23))
    guard n >= fixedHead, bytesEqual(p, tp, fixedHead), ends else {
        return layout.schemeEnd < 0
            ? "which does not start as its relative template does"
            : "which does not keep the scheme, host and port of its template"
    }
    // Only the part of the path a value can reach is counted (`DotSegmentWindow`).
    guard producedAddsDotSegment(p, n, window: route.dotSegmentWindow) else { return nil }
    return dotSegmentReason
}

/// Why a URL to which a value brought a `.` or `..` segment is refused.
let dotSegmentReason =
    "in whose path a value makes a '.' or '..' segment, which a browser removes (with the segment before it), leaving the path its template wrote"
