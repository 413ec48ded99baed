/// The route table as the introspection tools see it: one entry per alternative of each
/// route (optional groups expand into several, as in the router's own table), each with the
/// set of URLs it matches written as an origin set and one set per path segment.
/// Built from `Router.routes` and the pattern compiler, so it is never on the resolve path.

/// A set of segment texts: what one pattern segment accepts.
enum SegmentSet: Hashable {
    case literal([UInt8])
    case uuid, int, float
    /// `<re:name:regexp>`: the non-empty segments the regexp accepts.
    case constraint(LinearRegex)
    /// `:name` and a middle `*`: any one non-empty segment.
    case any

    init(_ s: PatternSegment) {
        switch s.kind {
        case .literal: self = .literal(s.literal)
        case .uuid: self = .uuid
        case .int: self = .int
        case .float: self = .float
        case .regex: self = s.regex.map { .constraint($0) } ?? .any
        // A superset: segments of several pieces and catch-alls are read as any segment.
        case .param, .star, .inline, .catchAll: self = .any
        }
    }

    /// Whether the decoded segment `text` is in the set (the matcher's own tests).
    func contains(_ text: [UInt8], fold: Bool) -> Bool {
        switch self {
        case .literal(let l):
            return fold ? l.count == text.count && zip(l, text).allSatisfy { asciiLower($0) == asciiLower($1) }
                        : l == text
        case .any: return !text.isEmpty
        case .constraint(let regex): return !text.isEmpty && text.withUnsafeBufferPointer { regex.matches($0) }
        case .uuid, .int, .float:
            if text.isEmpty { return false }
            return text.withUnsafeBufferPointer { b -> Bool in
                guard let p = b.baseAddress else { return false }
                switch self {
                case .uuid: return isUUID(p, b.count)
                case .int: return parseInt64(p, b.count) != nil
                default: return parseDecimal(p, b.count) != nil
                }
            }
        }
    }

    /// self ⊆ other. Every `<int:>` text is a `<float:>` text; uuids are neither. A
    /// constraint is known to be inside `.any` and itself only (regexps are not compared).
    func isSubset(of other: SegmentSet, fold: Bool) -> Bool {
        if case .literal(let l) = self { return other.contains(l, fold: fold) }
        switch (self, other) {
        case (.constraint(let a), .constraint(let b)): return a == b
        case (_, .any), (.uuid, .uuid), (.int, .int), (.int, .float), (.float, .float): return true
        default: return false
        }
    }

    func intersects(_ other: SegmentSet, fold: Bool) -> Bool {
        if case .literal(let l) = self { return other.contains(l, fold: fold) }
        if case .literal(let l) = other { return contains(l, fold: fold) }
        switch (self, other) {
        case (.uuid, .int), (.int, .uuid), (.uuid, .float), (.float, .uuid): return false
        default: return true
        }
    }
}

/// One concrete origin of a URL: its scheme (lowercase) and, for a web scheme, its host and
/// port (empty = none, after dropping the default). A URL without a scheme has neither.
struct Origin: Hashable {
    var scheme: [UInt8]?
    var host: [UInt8]?
    var port: [UInt8] = []
}

/// The origins a pattern accepts.
enum OriginSet: Hashable {
    /// A pattern without a scheme: every URL.
    case any
    /// URLs without a scheme only (a relative redirect's next URL).
    case bare
    /// Every URL of this scheme (a custom scheme, or a web scheme written without a host).
    case scheme([UInt8])
    case host(scheme: [UInt8], host: [UInt8], port: [UInt8])
    /// `*.example.com`: `suffix` is `.example.com`.
    case wildcard(scheme: [UInt8], suffix: [UInt8], labels: Int, port: [UInt8])

    init(_ v: PatternVariant) {
        guard let s = v.scheme else { self = .any; return }
        switch v.host {
        case .any: self = .scheme(s)
        case .literal(let h, let p): self = .host(scheme: s, host: h, port: p)
        case .wildcard(let suffix, let labels, let p): self = .wildcard(scheme: s, suffix: suffix, labels: labels, port: p)
        }
    }

    var scheme: [UInt8]? {
        switch self {
        case .any, .bare: return nil
        case .scheme(let s), .host(let s, _, _), .wildcard(let s, _, _, _): return s
        }
    }

    func contains(_ o: Origin) -> Bool {
        switch self {
        case .any: return true
        case .bare: return o.scheme == nil
        case .scheme(let s): return o.scheme == s
        case .host(let s, let h, let p): return o.scheme == s && o.host == h && o.port == p
        case .wildcard(let s, let suffix, _, let p):
            guard o.scheme == s, o.port == p, let h = o.host else { return false }
            return h.count > suffix.count && h.suffix(suffix.count).elementsEqual(suffix)
        }
    }

    /// self ⊆ other.
    func isSubset(of other: OriginSet) -> Bool {
        switch (self, other) {
        case (_, .any): return true
        case (.any, _): return false
        case (.bare, .bare): return true
        case (.bare, _), (_, .bare): return false
        case (.scheme(let a), .scheme(let b)): return a == b
        case (.scheme, _): return false
        case (.host(let s, _, _), .scheme(let b)), (.wildcard(let s, _, _, _), .scheme(let b)): return s == b
        case (.host(let s, let h, let p), _): return other.contains(Origin(scheme: s, host: h, port: p))
        case (.wildcard, .host): return false
        case (.wildcard(let s, let a, _, let p), .wildcard(let s2, let b, _, let p2)):
            return s == s2 && p == p2 && a.count >= b.count && a.suffix(b.count).elementsEqual(b)
        default: return false
        }
    }

    func intersects(_ other: OriginSet) -> Bool {
        if isSubset(of: other) || other.isSubset(of: self) { return true }
        switch (self, other) {
        case (.any, _), (_, .any): return true
        case (.scheme(let a), let x), (let x, .scheme(let a)): return x.scheme == a
        default: return false  // two hosts, or two unrelated wildcards
        }
    }
}

/// One alternative of one route.
struct ModelEntry {
    /// Index in `TableModel.entries`.
    let id: Int
    /// Index in `Router.routes` (the order routes were added: the registration order).
    let routeIndex: Int
    let route: Route
    let names: [String]
    let variant: PatternVariant
    let variantIndex: Int
    let variantCount: Int
    let origin: OriginSet
    let segments: [SegmentSet]
    /// The open tail of a remainder form: the fewest segments it takes; nil without one.
    let tailMin: Int?
    /// The variant spelled as a pattern of its own (`/a/:b` for the `/a(/:b)` alternative).
    let text: String

    var priority: Int { route.priority }
    var literalCount: Int { variant.literalCount }

    /// What the entry accepts at path position `i` (positions from the remainder on: any).
    func set(at i: Int) -> SegmentSet? {
        if i < segments.count { return segments[i] }
        return tailMin == nil ? nil : .any
    }

    /// Whether the entry matches URLs of exactly `n` segments.
    func admits(length n: Int) -> Bool {
        if let m = tailMin { return n >= segments.count + m }
        return n == segments.count
    }
}

/// Every entry of a router's routes, in registration order.
struct TableModel {
    let options: RouterOptions
    let config: PatternConfig
    let routes: [Route]
    let entries: [ModelEntry]
    /// Entry ids of each route.
    let entriesOfRoute: [[Int]]
    let fold: Bool

    init(routes: [Route], options: RouterOptions, config: PatternConfig) {
        self.options = options
        self.config = config
        self.routes = routes
        fold = options.caseInsensitiveLiterals
        var entries: [ModelEntry] = []
        var byRoute: [[Int]] = []
        entries.reserveCapacity(routes.count)
        byRoute.reserveCapacity(routes.count)
        for (ri, route) in routes.enumerated() {
            var ids: [Int] = []
            // Routes in a router compiled once already; a failure here would be a bug, and
            // the route is then left out of the analyses rather than trapping.
            if let compiled = try? compileRoutePattern(route, config) {
                // Segments of several pieces and catch-alls in the middle have no set model
                // here: read as "any segment" they would seem to shadow routes they do not,
                // so their alternatives are left out of the analyses.
                for (vi, v) in compiled.variants.enumerated()
                where !v.segments.contains(where: { $0.kind == .inline || $0.kind == .catchAll }) {
                    ids.append(entries.count)
                    entries.append(ModelEntry(
                        id: entries.count, routeIndex: ri, route: route, names: compiled.names, variant: v,
                        variantIndex: vi, variantCount: compiled.variants.count, origin: OriginSet(v),
                        segments: v.segments.map(SegmentSet.init), tailMin: v.remainder?.minSegments,
                        text: compiled.variants.count == 1 ? route.pattern
                            : renderVariant(v, names: compiled.names, options: options)))
                }
            }
            byRoute.append(ids)
        }
        self.entries = entries
        entriesOfRoute = byRoute
    }

    func isWebScheme(_ s: [UInt8]) -> Bool {
        options.webSchemes.contains(String(decoding: s, as: UTF8.self))
    }
}

extension Router {
    /// The model of the current routes (a snapshot).
    func tableModel() -> TableModel {
        TableModel(routes: routes, options: options, config: patternConfig)
    }
}

// MARK: spelling a variant as a pattern

/// A variant written as a pattern that compiles back to it (one alternative, same shape and
/// names): used to show an optional group's alternatives and to try one alternative alone.
func renderVariant(_ v: PatternVariant, names: [String], options: RouterOptions) -> String {
    var out = ""
    var segments = v.segments.map { renderSegment($0, names: names, decode: options.decodePath) }
    if let r = v.remainder {
        let name = r.nameIndex >= 0 && r.nameIndex < names.count ? names[r.nameIndex] : nil
        if let name { segments.append(r.minSegments > 0 ? "<path:\(name)>" : "*\(name)") }
        else { segments.append("*") }
    }
    if let s = v.scheme {
        let scheme = String(decoding: s, as: UTF8.self)
        switch v.host {
        case .literal(let h, let p):
            out = scheme + "://" + String(decoding: h, as: UTF8.self) + (p.isEmpty ? "" : ":" + String(decoding: p, as: UTF8.self))
        case .wildcard(let suffix, _, let p):
            out = scheme + "://*" + String(decoding: suffix, as: UTF8.self) + (p.isEmpty ? "" : ":" + String(decoding: p, as: UTF8.self))
        case .any:
            if options.webSchemes.contains(scheme) || options.hostHandling != .webSchemes {
                return scheme + ":/" + segments.joined(separator: "/")
            }
            // A custom scheme's authority is its first segment.
            return scheme + "://" + segments.joined(separator: "/")
        }
        return segments.isEmpty ? out : out + "/" + segments.joined(separator: "/")
    }
    return "/" + segments.joined(separator: "/")
}

private func renderSegment(_ s: PatternSegment, names: [String], decode: Bool) -> String {
    let name = s.nameIndex >= 0 && s.nameIndex < names.count ? names[s.nameIndex] : "_"
    switch s.kind {
    case .literal: return decode ? percentEncodedSegment(s.literal) : String(decoding: s.literal, as: UTF8.self)
    case .uuid: return "<uuid:\(name)>"
    case .int: return "<int:\(name)>"
    case .float: return "<float:\(name)>"
    case .param: return ":\(name)"
    case .star: return "*"
    case .regex where s.regex?.parameterType != nil:  // a word set or an app's type
        return "<\(s.regex?.parameterType?.name ?? ""):\(name)>"
    case .regex:
        return "<re:\(s.nameIndex >= 0 ? name : ""):\(String(decoding: s.regex?.source ?? [], as: UTF8.self))>"
    case .inline: return renderProgram(s, names: names, from: 0)
    case .catchAll: return "*\(name)" + renderProgram(s, names: names, from: 1)
    }
}

/// An inline program written back as pattern text (`:id.:format`); `from`: names to skip
/// (a catch-all's own name opens its program).
private func renderProgram(_ s: PatternSegment, names: [String], from: Int) -> String {
    var out = ""
    var k = 0, nameAt = 0
    let program = s.literal
    var skip = from
    while k < program.count {
        if program[k] == InlineProgram.parameterTag {
            if skip > 0 { skip -= 1 } else {
                let n = nameAt < s.names.count && s.names[nameAt] < names.count ? names[s.names[nameAt]] : "_"
                out += "<\(n)>"
            }
            nameAt += 1
            k += 1
        } else {
            let m = InlineProgram.readLength(program, k + 1)
            out += String(decoding: program[(k + 5)..<(k + 5 + m)], as: UTF8.self)
            k += 5 + m
        }
    }
    return out
}

/// Bytes written so that reading them as one path segment (split on `/`, decoded once)
/// gives them back: everything but letters, digits and `-._~` is percent-encoded.
func percentEncodedSegment(_ bytes: [UInt8]) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for b in bytes {
        let plain = (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
        if plain { out.append(b) } else { out += [0x25, hex[Int(b >> 4)], hex[Int(b & 15)]] }
    }
    return String(decoding: out, as: UTF8.self)
}

/// A segment as shown to people: a literal's decoded text, or the parameter as written.
func describeSegment(_ s: PatternSegment, names: [String]) -> String {
    if s.kind == .literal { return String(decoding: s.literal, as: UTF8.self) }
    return renderSegment(s, names: names, decode: false)
}

func describeRemainder(_ r: RemainderPattern, names: [String]) -> String {
    guard r.nameIndex >= 0, r.nameIndex < names.count else { return "*" }
    return r.minSegments > 0 ? "<path:\(names[r.nameIndex])>" : "*\(names[r.nameIndex])"
}
