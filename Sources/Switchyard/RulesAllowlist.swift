/// A document's `redirect_allowlist` (SEMANTICS.md §6, §8 "Redirects"): where the
/// document's redirects may lead. Entries are a scheme (`myapp`: any URL of that scheme)
/// or a web scheme with a host (`https://example.com`, `https://*.example.com`, optionally
/// with a port). Checked when the document is loaded; relative redirects are always allowed.

struct RedirectAllowlist {
    struct HostEntry {
        var scheme: [UInt8]     // lowercase
        /// The host (lowercase); for a wildcard, the suffix starting with "." (`.example.com`).
        var host: [UInt8]
        var wildcard: Bool
        /// The port as written after dropping the scheme's default; empty = none.
        var port: [UInt8]
    }

    var schemes: [[UInt8]] = []
    var hosts: [HostEntry] = []

    /// Parses one entry; the error message says what is wrong (the caller adds the path).
    mutating func add(_ entry: String, _ read: ReadConfig) throws(SwitchyardError) {
        let b = Array(entry.utf8)
        guard let colon = b.firstIndex(of: 0x3A) else {
            guard isValidScheme(b) else {
                throw SwitchyardError(.rule, "'\(entry)' is not a scheme (letters, digits, '+', '-', '.')")
            }
            schemes.append(b.map(asciiLower))
            return
        }
        let scheme = Array(b[..<colon]).map(asciiLower)
        guard isValidScheme(scheme), b.count > colon + 2, b[colon + 1] == 0x2F, b[colon + 2] == 0x2F else {
            throw SwitchyardError(.rule, "'\(entry)' is neither a scheme ('myapp') nor a scheme and host ('https://*.example.com')")
        }
        guard withBytePointer(scheme, { read.isWebScheme($0, $1) }) else {
            throw SwitchyardError(.rule, "'\(entry)': only a web scheme has a host; write the scheme alone ('\(String(decoding: scheme, as: UTF8.self))')")
        }
        var authority = Array(b[(colon + 3)...])
        if authority.last == 0x2F { authority.removeLast() }  // "https://example.com/" is fine
        if authority.isEmpty || authority.contains(where: { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 || $0 == 0x40 }) {
            throw SwitchyardError(.rule, "'\(entry)': an entry is a scheme and a host only, with no path, query or userinfo")
        }
        var host = authority
        var port: [UInt8] = []
        if let c = authority.lastIndex(of: 0x3A), !authority[c...].contains(0x5D) {
            host = Array(authority[..<c])
            port = Array(authority[(c + 1)...])
            guard !port.isEmpty, port.allSatisfy({ $0 &- 0x30 < 10 }) else {
                throw SwitchyardError(.rule, "'\(entry)': the port must be decimal digits")
            }
            if let d = withBytePointer(scheme, { defaultPort(scheme: $0, $1) }), d == port {
                port = []
            }
        }
        host = host.map(asciiLower)
        var wildcard = false
        if host.first == 0x2A {
            guard host.count > 2, host[1] == 0x2E else {
                throw SwitchyardError(.rule, "'\(entry)': a wildcard host is written '*.domain'")
            }
            host.removeFirst()
            wildcard = true
        }
        if host.isEmpty || host.contains(0x2A) {
            throw SwitchyardError(.rule, "'\(entry)': '*' may only start a host")
        }
        hosts.append(HostEntry(scheme: scheme, host: host, wildcard: wildcard, port: port))
    }

    /// Whether a redirect template may lead where it leads. Its scheme and host hold no
    /// placeholder (checked before), so they are read from the template as written.
    func allows(_ template: String, _ read: ReadConfig) -> Bool {
        let t = Array(template.utf8)
        let layout = withBytePointer(t) { TemplateLayout($0, $1) }
        guard layout.schemeEnd > 0 else {
            // Relative: always allowed, unless it names a host ("//host/..."): with an
            // allowlist a redirect must not leave through a scheme-relative reference.
            return !layout.hasAuthority
        }
        let scheme = t[..<layout.schemeEnd].map(asciiLower)
        if schemes.contains(scheme) { return true }
        guard layout.hasAuthority else { return false }
        var authority = Array(t[layout.authority])
        if let at = authority.lastIndex(of: 0x40) { authority = Array(authority[(at + 1)...]) }
        var host = authority
        var port: [UInt8] = []
        if let c = authority.lastIndex(of: 0x3A), !authority[c...].contains(0x5D) {
            host = Array(authority[..<c])
            port = Array(authority[(c + 1)...])
            if let d = withBytePointer(scheme, { defaultPort(scheme: $0, $1) }), d == port {
                port = []
            }
        }
        host = host.map(asciiLower)
        if host.last == 0x2E { host.removeLast() }  // "example.com." is "example.com"
        for e in hosts where e.scheme == scheme && e.port == port {
            if e.wildcard {
                // One or more labels before the suffix, as in patterns (SEMANTICS §2).
                if host.count > e.host.count, host.suffix(e.host.count).elementsEqual(e.host),
                   host[host.count - e.host.count - 1] != 0x2E { return true }
            } else if host == e.host {
                return true
            }
        }
        return false
    }
}

private func isValidScheme(_ s: [UInt8]) -> Bool {
    guard let f = s.first, (f | 0x20) &- 0x61 < 26 else { return false }
    return s.allSatisfy { ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
}
