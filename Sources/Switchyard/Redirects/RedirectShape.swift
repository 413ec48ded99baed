/// The shapes of URL a browser would take to another host, whatever a redirect's template
/// meant (SEMANTICS.md §8 "Redirects"). A template of such a shape is refused when its route
/// is added; a produced URL of such a shape is refused when the redirect is made
/// (RedirectSafety.swift).

extension ReadConfig {
    /// How redirects are read for their safety checks: as the router reads URLs, except that
    /// a web scheme's authority is always its host (with `alwaysSegment` the router matches
    /// it as a path segment, but a browser still goes to that host).
    var forRedirectSafety: ReadConfig {
        var r = self
        if r.hostHandling == .alwaysSegment { r.hostHandling = .webSchemes }
        return r
    }
}

/// Whether `p[0..<n]` is one of the schemes a browser gives a host to ("special" in the
/// WHATWG URL Standard), any case.
func isBrowserSpecialScheme(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    for s: StaticString in ["http", "https", "ws", "wss", "ftp", "file"]
        where s.utf8CodeUnitCount == n && bytesEqualFolding(s.utf8Start, p, n) { return true }
    return false
}

@inline(__always)
func isSlashOrBackslash(_ b: UInt8) -> Bool { b == 0x2F || b == 0x5C }

/// Whether `p[0..<n]`, read by a browser as a relative reference, names a host: after the
/// C0 controls and spaces a browser strips from the start, and the tabs and newlines it
/// drops anywhere, it starts with two of `/` and `\` (`//host`, `\\host`, `/\host`,
/// `\/host`). Such a reference keeps only the current scheme.
func isNetworkPathReference(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var i = 0
    while i < n && p[i] <= 0x20 { i += 1 }
    var slashes = 0
    while i < n {
        let b = p[i]
        i += 1
        if b == 0x09 || b == 0x0A || b == 0x0D { continue }
        guard isSlashOrBackslash(b) else { return false }
        slashes += 1
        if slashes == 2 { return true }
    }
    return false
}

/// The add-time shape of a template (placeholders already checked to stand outside its
/// scheme and host):
/// - no `\` before the query: a browser reads it as `/` in a web URL or a relative one, so
///   it could end the host or start one (`/\evil.com`);
/// - a relative template may not be a network-path reference (`//host/...`);
/// - a web-scheme template is written `scheme://host...` with a host: without the two
///   slashes (`https:{x}`, `https:/{x}`) or without a host (`https:///{x}`), a browser takes
///   the host from whatever follows, which a placeholder would fill. (`file:///...` may have
///   an empty host: a file URL without one is a local file.)
func checkTemplateShape(_ t: [UInt8], _ layout: TemplateLayout, isWeb: Bool) throws(SwitchyardError) {
    let n = t.count
    let beforeQuery = layout.queryMark >= 0 ? layout.queryMark : layout.fragmentMark >= 0 ? layout.fragmentMark : n
    if let k = t[..<beforeQuery].firstIndex(of: 0x5C) {
        throw badRedirect("'\\' in a redirect before its query reads as '/' in a browser; write '/' for a path separator or '%5C' for a backslash", k)
    }
    if layout.schemeEnd < 0 {
        let isNetworkPath = withBytePointer(t) { isNetworkPathReference($0, $1) }
        if isNetworkPath {
            let at = t.firstIndex(where: isSlashOrBackslash) ?? 0
            throw badRedirect("a relative redirect may not start with '//': a browser reads what follows as a host", at)
        }
        return
    }
    guard isWeb else { return }
    let afterScheme = layout.schemeEnd + 1
    guard layout.hasAuthority else {
        throw badRedirect("a redirect to a web scheme is written 'scheme://host/...': without '//' a browser takes the host from what follows", afterScheme)
    }
    // The host: the authority after any userinfo, before any port.
    var hostStart = layout.authority.lowerBound
    var hostEnd = layout.authority.upperBound
    if let at = t[layout.authority].lastIndex(of: 0x40) { hostStart = at + 1 }
    if let c = t[hostStart..<hostEnd].lastIndex(of: 0x3A), !t[c..<hostEnd].contains(0x5D) { hostEnd = c }
    let isFile = layout.schemeEnd == 4 && t[..<4].map(asciiLower) == Array("file".utf8)
    if hostStart >= hostEnd && !isFile {
        throw badRedirect("a redirect to a web scheme needs a host after '//'", hostStart)
    }
}
