/// What an allowlist entry may name (SEMANTICS.md §8 "Redirects", SECURITY.md "The allowlist
/// reads hosts as a browser does"): never every host at once. A web scheme alone
/// (`https`) would allow every host of that scheme, and a wildcard over a public suffix
/// (`*.com`, `*.co.uk`, `*.github.io`) every site anyone can register or publish under it,
/// so both are refused when the entry is read. The public suffixes are those of the Public
/// Suffix List (PublicSuffixData.swift), the list browsers use to keep one site's cookies
/// from another's, read by its own algorithm: its default rule makes every single label a
/// public suffix, so `*.localhost` and `*.internal` are refused too.

enum PublicSuffixes {
    /// The list's rules of two or more labels as full names (`co.uk`, `*.ck`, `!www.ck`),
    /// read from the generated text once, on first use (only documents with a wildcard
    /// entry pay for it).
    static let rules: Set<[UInt8]> = {
        var set = Set<[UInt8]>()
        let text = UnsafeBufferPointer(start: publicSuffixRuleText.utf8Start, count: publicSuffixRuleText.utf8CodeUnitCount)
        for line in text.split(separator: 0x0A) {
            guard let colon = line.firstIndex(of: 0x3A) else { continue }
            let last = Array(line[..<colon])
            for rest in line[(colon + 1)...].split(separator: 0x20) {
                // The table joins a rule's labels with ',' (PublicSuffixData.swift).
                set.insert(rest.map { $0 == 0x2C ? 0x2E : $0 } + [0x2E] + last)
            }
        }
        return set
    }()

    /// Whether `name` (lowercase ASCII, no trailing dot) is a public suffix by the list's
    /// algorithm: an exception rule says no; a rule, a wildcard rule one label up, or the
    /// default rule (a single label) says yes.
    static func contains(_ name: [UInt8]) -> Bool {
        guard let firstDot = name.firstIndex(of: 0x2E) else { return true }
        if rules.contains([0x21] + name) { return false }  // '!'
        if rules.contains(name) { return true }
        return rules.contains([0x2A] + name[firstDot...])  // '*' and the parent
    }
}

extension RedirectAllowlist {
    /// Why the entry `entry` may not stand: a web scheme without a host. Nil when it may.
    static func hostlessRefusal(_ entry: String, scheme: [UInt8], _ read: ReadConfig) -> String? {
        guard withBytePointer(scheme, { read.isWebScheme($0, $1) }) else { return nil }
        return "'\(entry)' names a web scheme without a host, which would allow every host: write the hosts ('\(entry)://example.com', '\(entry)://*.example.com')"
    }

    /// Why a wildcard entry over `suffix` (read and normalised, without its leading '.') may
    /// not stand: an IP address, or a public suffix. Nil when it may.
    static func wildcardRefusal(_ entry: String, suffix: [UInt8]) -> String? {
        let isIP = suffix.first == 0x5B || withBytePointer(suffix) { hostEndsInNumber($0, $1) }
        if isIP { return "'\(entry)': a wildcard is written over a domain name, not an IP address" }
        if PublicSuffixes.contains(suffix) {
            return "'\(entry)': '\(String(decoding: suffix, as: UTF8.self))' is a public suffix (anyone may have a host under it), so '*.\(String(decoding: suffix, as: UTF8.self))' would allow hosts of every owner: name your own domain ('*.example.\(String(decoding: suffix, as: UTF8.self))')"
        }
        return nil
    }
}
