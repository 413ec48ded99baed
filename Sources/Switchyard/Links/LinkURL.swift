/// URLs as the operating systems read them for app links: split as written (no dot-segment
/// removal, no `//` collapsing, no re-encoding), unlike the router's reader, which normalises.
/// Apple compares the path still encoded or percent-decoded (AASA `percentEncoded`); Android
/// compares the decoded path (`Uri.getPath()`).

/// The most bytes of a URL the app-link functions read (the router's default URL limit).
let linkMaxURLLength = 32 * 1024

/// The most work one app-link decision may cost, in steps (a character compared, a machine
/// word of a bit-parallel scan, a position visited): about 10 ms. Files and URLs that people
/// write cost a few thousand; only a long URL against many costly patterns comes near it.
public let linkDecisionStepLimit = 2_000_000

/// The step count past which a decision that has counted `steps` so far gives up.
func linkStepLimit(from steps: Int, budget: Int = linkDecisionStepLimit) -> Int {
    let r = steps.addingReportingOverflow(max(budget, 0))
    return r.overflow ? .max : r.partialValue
}

/// The error of a decision refused for its cost.
func linkDecisionLimitError(_ what: String, budget: Int = linkDecisionStepLimit) -> SwitchyardError {
    SwitchyardError(.limit, "deciding this URL against \(what) costs more than \(budget) steps; shorten the URL or the patterns")
}

/// One URL, split as written.
struct LinkURL {
    /// Lowercased.
    var scheme: String
    /// The scheme as written (Android compares it case-sensitively).
    var schemeAsWritten: String
    /// Lowercased ASCII (other bytes kept); without userinfo and port; "" when absent.
    var host: String
    /// The explicit port, or nil (also for an empty one: `https://h:/`).
    var port: Int?
    /// The raw path; may be empty.
    var path: [UInt8]
    /// The raw text between `?` and `#`; nil when the URL has no `?`.
    var query: [UInt8]?
    /// The raw text after `#`; nil when the URL has no `#`.
    var fragment: [UInt8]?

    /// Splits an absolute URL (`scheme:` required). Control characters and invalid UTF-8
    /// are errors at their byte; so is a port that is not decimal.
    static func read(_ text: String) throws(SwitchyardError) -> LinkURL {
        let b = Array(text.utf8)
        try checkText(b, what: "URL")
        guard let colon = schemeEnd(b) else {
            throw SwitchyardError(.invalidURL, "URL has no scheme (an app link is an absolute https URL)", position: 0)
        }
        let scheme = String(decoding: b[0..<colon], as: UTF8.self)
        var i = colon + 1
        var host = ""
        var port: Int? = nil
        if i + 1 < b.count, b[i] == 0x2F, b[i + 1] == 0x2F {
            let start = i + 2
            var end = start
            while end < b.count, b[end] != 0x2F, b[end] != 0x3F, b[end] != 0x23 { end += 1 }
            (host, port) = try authority(b, start, end)
            i = end
        }
        let (path, query, fragment) = splitRest(b, from: i)
        return LinkURL(scheme: scheme.lowercased(), schemeAsWritten: scheme, host: host, port: port,
                       path: path, query: query, fragment: fragment)
    }

    /// Rejects what no URL may hold: over the length limit, invalid UTF-8, control characters.
    static func checkText(_ b: [UInt8], what: String) throws(SwitchyardError) {
        if b.count > linkMaxURLLength {
            throw SwitchyardError(.limit, "\(what) is \(b.count) bytes, over the limit of \(linkMaxURLLength)")
        }
        let bad: Int? = b.withUnsafeBufferPointer { p in p.baseAddress.flatMap { firstInvalidUTF8($0, p.count) } }
        if let bad { throw SwitchyardError(.invalidURL, "\(what) is not valid UTF-8", position: bad) }
        if let k = b.firstIndex(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw SwitchyardError(.invalidURL, "control character in \(what)", position: k)
        }
    }

    /// The end of a valid scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    private static func schemeEnd(_ b: [UInt8]) -> Int? {
        guard let f = b.first, (f | 0x20) &- 0x61 < 26 else { return nil }
        var i = 1
        while i < b.count {
            let c = b[i]
            if c == 0x3A { return i }
            let ok = (c | 0x20) &- 0x61 < 26 || c &- 0x30 < 10 || c == 0x2B || c == 0x2D || c == 0x2E
            if !ok { return nil }
            i += 1
        }
        return nil
    }

    /// Host (lowercased) and port of `b[start..<end]`; userinfo is dropped.
    private static func authority(_ b: [UInt8], _ start: Int, _ end: Int) throws(SwitchyardError) -> (String, Int?) {
        var hostStart = start
        if let at = b[start..<end].lastIndex(of: 0x40) { hostStart = at + 1 }
        var hostEnd = end
        var port: Int? = nil
        var k = end
        while k > hostStart {
            k -= 1
            if b[k] == 0x5D { break }  // the end of an IPv6 literal: no port before it
            if b[k] == 0x3A {
                hostEnd = k
                var value = 0
                for j in (k + 1)..<end {
                    let d = b[j] &- 0x30
                    guard d < 10 else { throw SwitchyardError(.invalidURL, "port must be decimal digits", position: j) }
                    value = value * 10 + Int(d)
                    if value > 65535 { throw SwitchyardError(.invalidURL, "port is over 65535", position: k + 1) }
                }
                if k + 1 < end { port = value }
                break
            }
        }
        let host = b[hostStart..<hostEnd].map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        return (String(decoding: host, as: UTF8.self), port)
    }

    /// Path, query and fragment of `b[i...]` (a URL's rest, or a path-and-query reference).
    static func splitRest(_ b: [UInt8], from i: Int) -> ([UInt8], [UInt8]?, [UInt8]?) {
        var pathEnd = i
        while pathEnd < b.count, b[pathEnd] != 0x3F, b[pathEnd] != 0x23 { pathEnd += 1 }
        var query: [UInt8]? = nil
        var fragmentStart = pathEnd
        if pathEnd < b.count, b[pathEnd] == 0x3F {
            var q = pathEnd + 1
            while q < b.count, b[q] != 0x23 { q += 1 }
            query = Array(b[(pathEnd + 1)..<q])
            fragmentStart = q
        }
        var fragment: [UInt8]? = nil
        if fragmentStart < b.count, b[fragmentStart] == 0x23 { fragment = Array(b[(fragmentStart + 1)...]) }
        return (Array(b[i..<pathEnd]), query, fragment)
    }
}

// MARK: - Text forms of a URL component

@inline(__always)
func linkHex(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: return b &- 0x30
    case 0x41...0x46: return b &- 0x41 &+ 10
    case 0x61...0x66: return b &- 0x61 &+ 10
    default: return nil
    }
}

/// Percent-decoded bytes: each valid `%XX` becomes its byte; an invalid escape (`%zz`, `%4`)
/// stays as written. `+` stays a plus.
func linkPercentDecoded<C: Collection>(_ text: C) -> [UInt8] where C.Element == UInt8 {
    let b = Array(text)
    guard b.contains(0x25) else { return b }
    var out: [UInt8] = []
    out.reserveCapacity(b.count)
    var i = 0
    while i < b.count {
        if b[i] == 0x25, i + 2 < b.count, let h = linkHex(b[i + 1]), let l = linkHex(b[i + 2]) {
            out.append(h << 4 | l)
            i += 3
        } else {
            out.append(b[i])
            i += 1
        }
    }
    return out
}

/// The Unicode scalars of UTF-8 bytes, each invalid sequence read as U+FFFD.
func linkScalars<C: Collection>(_ bytes: C) -> [UInt32] where C.Element == UInt8 {
    String(decoding: Array(bytes), as: UTF8.self).unicodeScalars.map(\.value)
}

/// A component as Apple compares it with `percentEncoded: true`: as written, except that bytes
/// no URL carries unencoded (a space, a non-ASCII byte) are percent-encoded with uppercase
/// hex, as a browser sends them. So the result is ASCII, and a pattern with a literal space
/// or non-ASCII character never matches it.
func linkEncodedScalars<C: Collection>(_ bytes: C) -> [UInt32] where C.Element == UInt8 {
    var out: [UInt32] = []
    out.reserveCapacity(bytes.count)
    @inline(__always) func hexDigit(_ v: UInt8) -> UInt32 { UInt32(v < 10 ? 0x30 + v : 0x37 + v) }
    for b in bytes {
        if b <= 0x20 || b >= 0x7F {
            out.append(0x25)
            out.append(hexDigit(b >> 4))
            out.append(hexDigit(b & 0x0F))
        } else {
            out.append(UInt32(b))
        }
    }
    return out
}

/// Simple one-to-one case folding to lowercase: ASCII directly; another scalar when its
/// lowercase mapping is a single scalar (`ß` stays `ß`, so `?` still counts one character).
@inline(__always)
func linkFold(_ u: UInt32) -> UInt32 {
    if u < 0x80 { return u &- 0x41 < 26 ? u | 0x20 : u }
    return linkFoldSlow(u)
}

@inline(never)
private func linkFoldSlow(_ u: UInt32) -> UInt32 {
    guard let s = Unicode.Scalar(u) else { return u }
    let lower = s.properties.lowercaseMapping.unicodeScalars
    guard lower.count == 1, let first = lower.first else { return u }
    return first.value
}

func linkFolded(_ s: [UInt32]) -> [UInt32] { s.map(linkFold) }

/// Scalars as a String (for messages and keys).
func linkString(scalars: [UInt32]) -> String {
    var s = String.UnicodeScalarView()
    for u in scalars { if let c = Unicode.Scalar(u) { s.append(c) } }
    return String(s)
}
