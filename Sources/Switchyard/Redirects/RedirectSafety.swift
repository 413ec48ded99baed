/// The check every URL a redirect produces passes before it is followed (SEMANTICS.md §8
/// "Redirects"). The template was checked when its route was added, but only its text: what
/// a placeholder brings (an empty value, a remainder that starts with `/`) is known only
/// now, so the produced URL is read again, by the URL reader, and must
/// - keep the scheme, host and port its template wrote: a placeholder never introduces or
///   changes them (through `//`, `\`, `@`, `:`, a missing or empty value, or a scheme
///   without slashes);
/// - when its template is relative, have no scheme and not be a network-path reference
///   (`//host`, `\\host`, `/\host`, `\/host`, also after tabs and newlines);
/// - lead inside the document's `redirect_allowlist`, when it has one;
/// - hold no `.` or `..` path segment (in any spelling a browser removes, `%2e` included)
///   that its template did not write (RedirectDotSegments.swift).
/// Otherwise the redirect is refused with a `redirectUnsafe` error naming the route's
/// pattern and the URL, and the MatchBuffer keeps nothing of it.
///
/// Only redirect routes come here (the hot path never does). The URLs are read into views
/// the MatchBuffer keeps (`RedirectScratch`), so a warm MatchBuffer allocates nothing for the check.
/// A template whose head no value can change is checked without reading the URL
/// (RedirectFixedHead.swift).

/// Scratch space for the check, made at a MatchBuffer's first redirect and kept with it.
struct RedirectScratch {
    /// The produced URL, read.
    var produced = URLView()
    /// A host, normalised for the allowlist.
    var host = GrowBuffer<UInt8>(capacity: 32)
    var mode = RedirectCheckMode.fast
    /// The first URL on which the fast and the full check disagreed (`.differential` only).
    var disagreement: String? = nil
    /// How many URLs both checks were run on (`.differential` only).
    var compared = 0
    /// How many produced URLs were read both from their known head and in full
    /// (`.differential` only; RedirectKnownHead.swift).
    var headsCompared = 0

    func free() {
        produced.free()
        host.free()
    }
}

extension MatchBuffer {
    /// The MatchBuffer's redirect scratch space, made on first use.
    @inline(__always)
    var redirectScratch: UnsafeMutablePointer<RedirectScratch> {
        if let s = state.pointee.redirectScratch { return s }
        return makeRedirectScratch()
    }

    @inline(never)
    private func makeRedirectScratch() -> UnsafeMutablePointer<RedirectScratch> {
        let s = UnsafeMutablePointer<RedirectScratch>.allocate(capacity: 1)
        s.initialize(to: RedirectScratch())
        state.pointee.redirectScratch = s
        return s
    }

    /// How this MatchBuffer checks the URLs redirects produce (tests compare the two checks).
    package var redirectCheckMode: RedirectCheckMode {
        get { state.pointee.redirectScratch?.pointee.mode ?? .fast }
        set { redirectScratch.pointee.mode = newValue }
    }

    /// In `.differential` mode, the first URL on which the fast and the full check
    /// disagreed, and how; nil when they never did.
    package var redirectCheckDisagreement: String? { state.pointee.redirectScratch?.pointee.disagreement }

    /// In `.differential` mode, how many produced URLs both checks were run on.
    package var redirectChecksCompared: Int { state.pointee.redirectScratch?.pointee.compared ?? 0 }
}

extension Router {
    /// Checks the URL `produced` (in the MatchBuffer's chain) that `route` just built; throws
    /// `redirectUnsafe` (or the reader's error, when the URL cannot be read) and clears
    /// the MatchBuffer.
    func checkRedirect(_ match: MatchBuffer, _ route: CompiledRoute, produced: TextRef,
                       _ tv: UnsafePointer<TableView>) throws(SwitchyardError) {
        let scratch = match.redirectScratch
        let url = match.chainURL(produced)
        let fixedHead = route.redirectFixedHead
        let mode = scratch.pointee.mode
        let reason: String?
        do throws(SwitchyardError) {
            if fixedHead > 0 && mode != .full {
                let fast = fastRedirectRefusal(route, url.baseAddress ?? emptyBytes, url.count, fixedHead: fixedHead)
                if mode == .differential {
                    scratch.pointee.compared += 1
                    let full: String?
                    do throws(SwitchyardError) {
                        full = try redirectRefusal(route, url, tv.pointee.read.forRedirectSafety, scratch)
                    } catch {
                        full = "which cannot be read: \(error.message)"
                    }
                    if (fast == nil) != (full == nil) && scratch.pointee.disagreement == nil {
                        scratch.pointee.disagreement = "'\(messageText(url))' of route '\(route.route.pattern)': "
                            + "fast check \(fast ?? "accepts"), full check \(full ?? "accepts")"
                    }
                    reason = full
                } else {
                    reason = fast
                }
            } else {
                reason = try redirectRefusal(route, url, tv.pointee.read.forRedirectSafety, scratch)
            }
        } catch {
            throw refuseRedirect(match, error.code,
                "redirect of route '\(route.route.pattern)' produced '\(messageText(url))', which cannot be read: \(error.message)")
        }
        if let reason {
            throw refuseRedirect(match, .redirectUnsafe,
                "redirect of route '\(route.route.pattern)' refused: it produced '\(messageText(url))', \(reason)")
        }
    }
}

/// Why the URL `url`, produced by `route`, may not be followed, or nil when it may.
/// Throws when the reader cannot read it.
private func redirectRefusal(_ route: CompiledRoute, _ url: UnsafeBufferPointer<UInt8>, _ read: ReadConfig,
                             _ scratch: UnsafeMutablePointer<RedirectScratch>) throws(SwitchyardError) -> String? {
    guard let layout = route.templateLayout, let tp = route.destinationSpan.base else {
        return "which its route has no template for"
    }
    // `p` is the URL as produced; `q` the form the reader read it in (a browser's reading,
    // BrowserReading.swift), which the view's offsets refer to.
    let p = url.baseAddress ?? emptyBytes, n = url.count
    let q = try scratch.pointee.produced.read(url, read).baseAddress ?? emptyBytes
    let v = scratch.pointee.produced

    if layout.schemeEnd < 0 {
        // A relative template: the URL stays on the current scheme and host.
        if v.hasScheme || v.hasHost { return "which has a scheme, but its template is relative" }
        if isNetworkPathReference(p, n) {
            return "which a browser reads as a link to another host ('//host'), but its template is relative"
        }
        return dotSegmentRefusal(p, n, tp, route.destinationSpan.count, layout)
    }

    // An absolute template: the URL keeps the scheme, host and port of the template's head,
    // read by the same reader (once, when the route was added).
    guard let head = route.templateHead else { return "which its route has no template for" }
    if let why = head.unreadable { return "and its template's scheme and host cannot be read (\(why))" }
    guard v.hasScheme, head.hasScheme, sameText(v, v.scheme, q, head.scheme) else {
        return "which does not keep the scheme of its template"
    }
    guard v.hasHost == head.hasHost, !v.hasHost || sameText(v, v.host, q, head.host) else {
        return "which does not keep the host of its template"
    }
    guard !v.hasHost || sameText(v, v.port, q, head.port) else {
        return "which does not keep the port of its template"
    }
    // A template without '//' after its scheme (`myapp:{x}`) has no authority: a value
    // must not start one.
    if !layout.hasAuthority {
        let after = layout.schemeEnd + 1
        if n >= after + 2 && isSlashOrBackslash(p[after]) && isSlashOrBackslash(p[after + 1]) {
            return "which starts a host after its scheme, but its template has none"
        }
    }
    if let allowlist = route.redirectAllowlist,
       !allowlist.allows(v, q, hostBuffer: &scratch.pointee.host) {
        return "which leads outside the redirect_allowlist"
    }
    return dotSegmentRefusal(p, n, tp, route.destinationSpan.count, layout)
}

/// The refusal of a produced URL to which a value brought a `.` or `..` segment
/// (RedirectDotSegments.swift), or nil.
private func dotSegmentRefusal(_ p: UnsafePointer<UInt8>, _ n: Int, _ tp: UnsafePointer<UInt8>, _ tn: Int,
                               _ layout: TemplateLayout) -> String? {
    guard producedAddsDotSegment(p, n, template: tp, tn, layout) else { return nil }
    return dotSegmentReason
}

/// Whether text `a` of view `va` (over `pa`) equals `b`, ASCII case folded.
private func sameText(_ va: URLView, _ a: TextRef, _ pa: UnsafePointer<UInt8>, _ b: [UInt8]) -> Bool {
    guard Int(a.count) == b.count else { return false }
    let x = va.pointer(a, in: pa)
    for k in 0..<b.count where asciiLower(x[k]) != asciiLower(b[k]) { return false }
    return true
}

/// The scheme, host and port an absolute redirect template's head (`https://example.com:8443`)
/// reads as, by the reader and settings its produced URLs are read with. Read once, when the
/// route is added, and compared with the head of every URL the route produces.
struct TemplateHead {
    var hasScheme = false, hasHost = false
    var scheme: [UInt8] = [], host: [UInt8] = [], port: [UInt8] = []
    /// Why the head cannot be read, when it cannot (every URL the route produces is then refused).
    var unreadable: String? = nil
    /// The head as the router's walk reads it, when its URLs may be read from it
    /// (RedirectKnownHead.swift).
    var known: KnownHead? = nil
}

/// The head of the template at `tp` (laid out as `layout`) read with `read`, or nil for a
/// relative template, which has none.
func readTemplateHead(_ tp: UnsafePointer<UInt8>, _ layout: TemplateLayout, _ read: ReadConfig) -> TemplateHead? {
    guard layout.schemeEnd >= 0 else { return nil }
    let headEnd = layout.hasAuthority ? layout.authority.upperBound : layout.schemeEnd + 1
    var view = URLView()
    defer { view.free() }
    var head = TemplateHead()
    do throws(SwitchyardError) {
        let hp = try view.read(UnsafeBufferPointer(start: tp, count: headEnd), read).baseAddress ?? emptyBytes
        func text(_ t: TextRef) -> [UInt8] { Array(UnsafeBufferPointer(start: view.pointer(t, in: hp), count: Int(t.count))) }
        head.hasScheme = view.hasScheme
        head.hasHost = view.hasHost
        if view.hasScheme { head.scheme = text(view.scheme) }
        if view.hasHost { head.host = text(view.host); head.port = text(view.port) }
    } catch {
        head.unreadable = error.message
    }
    return head
}
