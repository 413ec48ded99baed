/// A document's `redirect_allowlist` (SEMANTICS.md §6, §8 "Redirects"): where the
/// document's redirects may lead. Entries are a scheme (`myapp`: any URL of that scheme)
/// or a web scheme with a host (`https://example.com`, `https://*.example.com`, optionally
/// with a port). Checked when the document is loaded, on each template, and again on every
/// URL a redirect produces. Relative redirects are allowed (a network-path reference,
/// `//host`, is refused for every redirect, allowlist or not).
///
/// Templates, produced URLs and entries are all read by the URL reader; the host and port it
/// finds are then compared as a browser compares them (RedirectHost.swift): percent-decoded,
/// case-folded, without a trailing dot, the port as a number with the default port dropped.

struct RedirectAllowlist: Hashable, Sendable {
    struct HostEntry: Hashable, Sendable {
        var scheme: [UInt8]     // lowercase
        /// The host (normalised); for a wildcard, the suffix starting with "." (`.example.com`).
        var host: [UInt8]
        var wildcard: Bool
        /// The port as a number, -1 for none (the scheme's default port is none).
        var port: Int
    }

    private(set) var schemes: [[UInt8]] = []
    private(set) var hosts: [HostEntry] = []

    /// Parses one entry; the error message says what is wrong (the caller adds the path).
    mutating func add(_ entry: String, _ read: ReadConfig) throws(SwitchyardError) {
        let b = Array(entry.utf8)
        guard let colon = b.firstIndex(of: 0x3A) else {
            guard isSchemeName(b) else {
                throw SwitchyardError(.rule, "'\(entry)' is not a scheme (letters, digits, '+', '-', '.')")
            }
            if let refusal = Self.hostlessRefusal(entry, scheme: b, read) { throw SwitchyardError(.rule, refusal) }
            schemes.append(b.map(asciiLower))
            return
        }
        let scheme = Array(b[..<colon]).map(asciiLower)
        guard isSchemeName(scheme), b.count > colon + 2, b[colon + 1] == 0x2F, b[colon + 2] == 0x2F else {
            throw SwitchyardError(.rule, "'\(entry)' is neither a scheme ('myapp') nor a scheme and host ('https://*.example.com')")
        }
        guard withBytePointer(scheme, { read.isWebScheme($0, $1) }) else {
            throw SwitchyardError(.rule, "'\(entry)': only a web scheme has a host; write the scheme alone ('\(String(decoding: scheme, as: UTF8.self))')")
        }
        var rest = Array(b[(colon + 3)...])
        if rest.isEmpty || rest.contains(where: { $0 == 0x3F || $0 == 0x23 || $0 == 0x40 || $0 == 0x5C })
            || rest.dropLast(rest.last == 0x2F ? 1 : 0).contains(0x2F) {
            throw SwitchyardError(.rule, "'\(entry)': an entry is a scheme and a host only, with no path, query or userinfo")
        }
        var wildcard = false
        if rest.first == 0x2A {
            guard rest.count > 2, rest[1] == 0x2E else {
                throw SwitchyardError(.rule, "'\(entry)': a wildcard host is written '*.domain'")
            }
            rest.removeFirst(2)
            wildcard = true
        }
        if rest.contains(0x2A) { throw SwitchyardError(.rule, "'\(entry)': '*' may only start a host") }
        // The rest is read as the URL reader reads a URL, like the templates it is compared with.
        let url = Array(b[...(colon + 2)]) + rest
        var view = URLView()
        var hostBuffer = GrowBuffer<UInt8>(capacity: 32)
        defer { view.free(); hostBuffer.free() }
        let entryHost: Result<HostEntry, SwitchyardError> = url.withUnsafeBufferPointer { u in
            // The view's offsets refer to the form the reader read the entry in.
            let base: UnsafePointer<UInt8>
            do throws(SwitchyardError) {
                base = try view.read(u, read.forRedirectSafety).baseAddress ?? emptyBytes
            } catch {
                var text = error.message
                if let p = error.position, text.hasSuffix(" at \(p)") { text.removeLast(" at \(p)".count) }
                return .failure(SwitchyardError(.rule, "'\(entry)': \(text)"))
            }
            guard view.hasHost,
                  normalizeHost(view.pointer(view.host, in: base), Int(view.host.count), into: &hostBuffer) else {
                return .failure(SwitchyardError(.rule,
                    "'\(entry)': the host must be ASCII letters, digits, '-', '.' and '_' (an international name in its xn-- form) or a bracketed IPv6 address"))
            }
            let port = withBytePointer(scheme) { s, sn in
                portNumber(view.pointer(view.port, in: base), Int(view.port.count), scheme: s, sn)
            }
            guard let port else {
                return .failure(SwitchyardError(.rule, "'\(entry)': the port must be a number from 0 to 65535"))
            }
            var host = Array(hostBuffer.bytes)
            if wildcard, let refusal = Self.wildcardRefusal(entry, suffix: host) {
                return .failure(SwitchyardError(.rule, refusal))
            }
            if wildcard { host.insert(0x2E, at: 0) }
            return .success(HostEntry(scheme: scheme, host: host, wildcard: wildcard, port: port))
        }
        hosts.append(try entryHost.get())
    }

    /// Whether a URL, read into `view` from `url`, leads where the allowlist allows: a
    /// relative URL always; otherwise a listed scheme, or a web scheme with a listed host
    /// and port. `hostBuffer` is scratch space (no allocation once it is warm).
    func allows(_ view: URLView, _ url: UnsafePointer<UInt8>, hostBuffer: inout GrowBuffer<UInt8>) -> Bool {
        guard view.hasScheme else { return true }
        let s = view.pointer(view.scheme, in: url), sn = Int(view.scheme.count)
        for e in schemes where e.count == sn {
            if e.withUnsafeBufferPointer({ bytesEqualFolding($0.baseAddress ?? emptyBytes, s, sn) }) { return true }
        }
        guard view.isWeb, view.hasHost,
              normalizeHost(view.pointer(view.host, in: url), Int(view.host.count), into: &hostBuffer),
              let port = portNumber(view.pointer(view.port, in: url), Int(view.port.count), scheme: s, sn) else {
            return false
        }
        let host = UnsafePointer(hostBuffer.base), n = hostBuffer.count
        for e in hosts where e.port == port && e.scheme.count == sn {
            let matched = e.scheme.withUnsafeBufferPointer { es in
                e.host.withUnsafeBufferPointer { eh -> Bool in
                    guard bytesEqualFolding(es.baseAddress ?? emptyBytes, s, sn), let h = eh.baseAddress else { return false }
                    if !e.wildcard { return eh.count == n && bytesEqual(h, host, n) }
                    // One or more labels before the suffix, as in patterns (SEMANTICS §2).
                    return n > eh.count && host[n - eh.count - 1] != 0x2E
                        && bytesEqual(h, host + (n - eh.count), eh.count)
                }
            }
            if matched { return true }
        }
        return false
    }
}
