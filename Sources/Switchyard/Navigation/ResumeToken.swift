#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Resume tokens: what a pending dispatch hands back so the link can be opened later. The
/// token is text (base64url, no padding: safe in a file and in a URL query) over these
/// bytes, all integers little-endian:
///
///     1 format (1) | 8 key id | 8 issued (seconds) | 8 table version | 8 route
///     | 1 + n requirement | 2 + n URL | 8 tag
///
/// The key id is SipHash-2-4 of a fixed text under the key, so a token of another key is
/// told apart from a tampered one; the tag is SipHash-2-4 under the key of every byte
/// before it. The table version and the route are fingerprints of the routes' definitions
/// (the same document gives the same values in every process). docs/SECURITY.md gives the
/// argument: the token decides nothing a fresh dispatch of its URL would not.

/// A dispatch that met an unmet requirement: the link waits (`DispatchResult.pending`).
public struct PendingLink: Sendable, Hashable {
    /// The requirement that did not hold.
    public let requirement: String
    /// The URL that waits, as given to `dispatch`.
    public let url: String
    /// The pattern of the route whose requirement did not hold.
    public let pattern: String
    /// The resume token (text, at most `RequirementLimits.maxTokenLength` characters):
    /// `Router.resume` dispatches the link again once the requirement holds.
    public let token: String
    /// The name of the route the link was sent to while it waits (the requirement's
    /// `else`), or nil.
    public let elseRoute: String?
}

/// Why `Router.resume` refused a token.
public struct ResumeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the token.
    public enum Reason: Sendable, Equatable, Hashable, CaseIterable {
        /// Not a token: bad characters, too long, cut short, or an unknown format.
        case malformed
        /// Its integrity tag does not match its content: it was changed.
        case tampered
        /// Made with another key (another router without a key of the app's, or another app key).
        case otherKey
        /// Older than the router's maximum age, or issued later than `now`.
        case expired
        /// The routes changed since the token was made, and no route takes its URL now.
        case routeGone
        /// The routes changed since the token was made, and its URL now opens another route.
        case routeChanged

        /// The `sy_status` of this reason (negative, never renumbered).
        public var cStatus: Int32 {
            switch self {
            case .malformed: return -20
            case .tampered: return -21
            case .otherKey: return -22
            case .expired: return -23
            case .routeGone: return -24
            case .routeChanged: return -25
            }
        }
    }

    /// What was wrong with the token.
    public let reason: Reason
    /// The reason in plain words.
    public let message: String

    /// An error for `reason`, explained by `message`.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}

/// A token's content.
struct ResumeTokenFields: Equatable {
    var issued: Int64
    var tableVersion: UInt64
    var route: UInt64
    var requirement: String
    var url: String
}

enum ResumeToken {
    static let format: UInt8 = 1
    /// Format, key id, issued, version, route, two length fields, tag.
    static let fixedBytes = 1 + 8 + 8 + 8 + 8 + 1 + 2 + 8

    static func keyID(_ key: SipHashKey) -> UInt64 {
        sipHash24(key, "switchyard resume token key".utf8)
    }

    /// The token's text. The URL and requirement must be within their bounds (checked by the caller).
    static func encode(_ f: ResumeTokenFields, key: SipHashKey) -> String {
        var b: [UInt8] = []
        b.reserveCapacity(fixedBytes + f.requirement.utf8.count + f.url.utf8.count)
        b.append(format)
        appendWord(&b, keyID(key))
        appendWord(&b, UInt64(bitPattern: f.issued))
        appendWord(&b, f.tableVersion)
        appendWord(&b, f.route)
        b.append(UInt8(truncatingIfNeeded: f.requirement.utf8.count))
        b.append(contentsOf: f.requirement.utf8)
        let n = f.url.utf8.count
        b.append(UInt8(truncatingIfNeeded: n))
        b.append(UInt8(truncatingIfNeeded: n >> 8))
        b.append(contentsOf: f.url.utf8)
        appendWord(&b, sipHash24(key, b))
        return Base64URL.encode(b)
    }

    /// The token's content, or why it is refused (age not checked here).
    static func decode(_ text: String, key: SipHashKey) -> Result<ResumeTokenFields, ResumeError> {
        func fail(_ r: ResumeError.Reason, _ m: String) -> Result<ResumeTokenFields, ResumeError> {
            .failure(ResumeError(r, m))
        }
        let count = text.utf8.count
        if count > RequirementLimits.maxTokenLength {
            return fail(.malformed, "a resume token has at most \(RequirementLimits.maxTokenLength) characters, not \(count)")
        }
        let decoded = Base64URL.decode(text.utf8)
        guard let b = decoded.bytes else {
            let at = decoded.badAt
            return fail(.malformed, "not a resume token: character \(at) is not base64url (A-Z, a-z, 0-9, '-', '_') or ends it wrongly")
        }
        if b.count < fixedBytes { return fail(.malformed, "not a resume token: \(b.count) bytes is shorter than any token (cut short?)") }
        if b[0] != format { return fail(.malformed, "not a resume token: format \(b[0]) is not one this library reads") }
        if word(b, 1) != keyID(key) {
            return fail(.otherKey, "the resume token was made with another key (another router, or the app's key changed)")
        }
        // The lengths first, so a token cut short says so; then the tag over every byte.
        let body = b[0..<(b.count - 8)]
        var at = 33
        let reqLen = Int(b[at]); at += 1
        guard at + reqLen + 2 <= body.count else { return fail(.malformed, "the resume token is cut short (its requirement runs past its end)") }
        let requirementBytes = b[at..<(at + reqLen)]; at += reqLen
        let urlLen = Int(b[at]) | Int(b[at + 1]) << 8; at += 2
        guard at + urlLen == body.count else {
            return fail(.malformed, at + urlLen > body.count ? "the resume token is cut short (its URL runs past its end)"
                                                             : "the resume token has bytes after its URL")
        }
        if sipHash24(key, body) != word(b, b.count - 8) {
            return fail(.tampered, "the resume token's integrity tag does not match its content: it was changed")
        }
        let requirement = String(decoding: requirementBytes, as: UTF8.self)
        let url = String(decoding: b[at..<(at + urlLen)], as: UTF8.self)
        return .success(ResumeTokenFields(issued: Int64(bitPattern: word(b, 9)), tableVersion: word(b, 17),
                                          route: word(b, 25), requirement: requirement, url: url))
    }

    private static func appendWord(_ b: inout [UInt8], _ w: UInt64) {
        for i in 0..<8 { b.append(UInt8(truncatingIfNeeded: w >> (UInt64(i) * 8))) }
    }

    private static func word(_ b: [UInt8], _ at: Int) -> UInt64 {
        var w: UInt64 = 0
        for i in 0..<8 { w |= UInt64(b[at + i]) << (UInt64(i) * 8) }
        return w
    }

    /// Seconds since 1970 from the system clock, for a `now` the caller did not give.
    static func clockNow() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec)
    }
}

/// base64url without padding (RFC 4648 §5). Decoding is strict: only the alphabet, no
/// padding, and the unused bits of the last character zero, so each byte string has one text.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = UInt32(bytes[i]) << 16
            if n > 1 { v |= UInt32(bytes[i + 1]) << 8 }
            if n > 2 { v |= UInt32(bytes[i + 2]) }
            for k in 0...n { out.append(alphabet[Int((v >> (18 - 6 * UInt32(k))) & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes, or nil and the 0-based index of the first character that is wrong.
    static func decode(_ text: some Collection<UInt8>) -> (bytes: [UInt8]?, badAt: Int) {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var acc: UInt32 = 0, bits = 0, index = 0
        for c in text {
            let v: UInt32
            switch c {
            case 0x41...0x5A: v = UInt32(c - 0x41)
            case 0x61...0x7A: v = UInt32(c - 0x61) + 26
            case 0x30...0x39: v = UInt32(c - 0x30) + 52
            case 0x2D: v = 62
            case 0x5F: v = 63
            default: return (nil, index)
            }
            acc = (acc << 6) | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
                acc &= (1 << UInt32(bits)) - 1
            }
            index += 1
        }
        // One leftover character (6 bits) cannot end a text; leftover bits must be zero.
        if bits >= 6 || acc != 0 { return (nil, max(0, index - 1)) }
        return (out, 0)
    }
}
