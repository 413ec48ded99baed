// A brute-force model of SEMANTICS.md §2–§3 for path patterns with inline parameters and
// catch-alls in the middle, written independently of the core: it parses the pattern text
// itself, tries every way a route can take the URL's segments (every split of every
// catch-all) and keeps the best by priority, then by the specificity key.

/// One piece of a segment of several pieces.
enum SegmentOraclePiece: Equatable {
    case literal([UInt8])
    case param(String)
}

enum SegmentOraclePart: Equatable {
    case literal(String)
    case param(String)
    case inline([SegmentOraclePiece])
    /// One or more segments; the last ends with `tail` when it is not empty.
    case catchAll(String, tail: [SegmentOraclePiece])
    /// Last only: `*name` (zero or more) or `<path:name>` (one or more); name nil for `*`.
    case remainder(String?, min: Int)
}

struct SegmentOracleRoute {
    var pattern: String
    var parts: [SegmentOraclePart]
    var priority: Int = 0

    /// Reads a path pattern (no groups, no typed parameters). `strictSlash`: a trailing '/'
    /// is an empty last segment.
    init(_ pattern: String, strictSlash: Bool, priority: Int = 0) {
        self.pattern = pattern
        self.priority = priority
        var texts = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if texts.first == "" { texts.removeFirst() }
        var kept: [String] = []
        for (k, t) in texts.enumerated() where !t.isEmpty || (strictSlash && k == texts.count - 1 && k > 0) {
            kept.append(t)
        }
        var lastNonEmpty = kept.count - 1
        while lastNonEmpty >= 0 && kept[lastNonEmpty].isEmpty { lastNonEmpty -= 1 }
        parts = []
        for (k, t) in kept.enumerated() {
            var part = Self.part(t, last: k >= lastNonEmpty)
            // With a strict trailing slash, a named remainder before the last '/' is a catch-all.
            if case .remainder(let n?, _) = part, k < kept.count - 1 { part = .catchAll(n, tail: []) }
            parts.append(part)
            if case .remainder = part { break }
        }
    }

    static func isNameByte(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "_") }

    static func part(_ t: String, last: Bool) -> SegmentOraclePart {
        if t == "*" { return last ? .remainder(nil, min: 0) : .literal("*") }
        if t.hasPrefix("<path:") {
            let name = String(t.dropFirst(6).dropLast())
            return last ? .remainder(name, min: 1) : .catchAll(name, tail: [])
        }
        if t.hasPrefix("*") {
            let body = t.dropFirst()
            let name = String(body.prefix(while: isNameByte))
            let rest = String(body.dropFirst(name.count))
            if rest.isEmpty { return last ? .remainder(name, min: 0) : .catchAll(name, tail: []) }
            return .catchAll(name, tail: pieces(rest))
        }
        let ps = pieces(t)
        if ps.count == 1, case .param(let n) = ps[0] { return .param(n) }
        if ps.allSatisfy({ if case .literal = $0 { return true } else { return false } }) { return .literal(t) }
        return .inline(ps)
    }

    static func pieces(_ t: String) -> [SegmentOraclePiece] {
        var out: [SegmentOraclePiece] = []
        var lit: [UInt8] = []
        let chars = Array(t)
        var i = 0
        func flush() { if !lit.isEmpty { out.append(.literal(lit)); lit = [] } }
        while i < chars.count {
            if chars[i] == ":", i + 1 < chars.count, chars[i + 1].isASCII, chars[i + 1].isLetter || chars[i + 1] == "_" {
                flush()
                var j = i + 1
                while j < chars.count, isNameByte(chars[j]) { j += 1 }
                out.append(.param(String(chars[(i + 1)..<j])))
                i = j
            } else if chars[i] == "<" {
                flush()
                let j = chars[i...].firstIndex(of: ">")!
                var name = String(chars[(i + 1)..<j])
                if name.hasPrefix("string:") { name = String(name.dropFirst(7)) }
                out.append(.param(name))
                i = j + 1
            } else {
                lit += Array(String(chars[i]).utf8)
                i += 1
            }
        }
        flush()
        return out
    }

    /// Inline matching (§8): the first literal starts the segment, the last ends it, a
    /// parameter followed by a literal ends at that literal's first place after at least one
    /// byte; values are never empty, "." or "..".
    static func matchPieces(_ pieces: [SegmentOraclePiece], _ seg: [UInt8]) -> [String]? {
        var values: [String] = []
        var pos = 0
        var pendingStart: Int? = nil
        func ok(_ v: ArraySlice<UInt8>) -> Bool { !v.isEmpty && v != [0x2E] && v != [0x2E, 0x2E] }
        for (k, piece) in pieces.enumerated() {
            switch piece {
            case .param: pendingStart = pos
            case .literal(let l):
                let isLast = k == pieces.count - 1
                if let s = pendingStart {
                    var at: Int? = nil
                    if isLast {
                        if seg.count - l.count > s, Array(seg[(seg.count - l.count)...]) == l { at = seg.count - l.count }
                    } else if seg.count >= s + 1 {
                        var c = s + 1
                        while c + l.count <= seg.count {
                            if Array(seg[c..<(c + l.count)]) == l { at = c; break }
                            c += 1
                        }
                    }
                    guard let at, ok(seg[s..<at]) else { return nil }
                    values.append(String(decoding: seg[s..<at], as: UTF8.self))
                    pendingStart = nil
                    pos = at + l.count
                } else {
                    guard seg.count - pos >= l.count, Array(seg[pos..<(pos + l.count)]) == l else { return nil }
                    if isLast && pos + l.count != seg.count { return nil }
                    pos += l.count
                }
            }
        }
        if let s = pendingStart {
            guard ok(seg[s...]) else { return nil }
            values.append(String(decoding: seg[s...], as: UTF8.self))
        } else if pos != seg.count {
            return nil
        }
        return values
    }

    /// The key of a program at one place (§3): more literal bytes first, then piece by piece.
    static func programKey(_ pieces: [SegmentOraclePiece]) -> [Int] {
        var key = [pieces.reduce(0) { if case .literal(let l) = $1 { return $0 + l.count } else { return $0 } }]
        for p in pieces {
            switch p {
            case .literal(let l): key += [2, l.count] + l.map { 255 - Int($0) }
            case .param: key.append(1)
            }
        }
        return key + [3]
    }

    /// Segments the route needs whatever the URL: whole literal segments, and how many
    /// segments at least (exactly, without catch-alls or a remainder).
    var requiredLiterals: Set<String> {
        Set(parts.compactMap { if case .literal(let l) = $0, !l.isEmpty { return l } else { return nil } })
    }
    var minSegments: Int {
        parts.reduce(0) { if case .remainder(_, let m) = $1 { return $0 + m } else { return $0 + 1 } }
    }
    var fixedLength: Bool {
        !parts.contains { switch $0 { case .catchAll, .remainder: return true; default: return false } }
    }

    /// Every way this route takes `segs`: its key and its parameters.
    func matches(_ segs: [String]) -> [(key: [Int], params: [String])] {
        var out: [(key: [Int], params: [String])] = []
        func go(_ p: Int, _ i: Int, _ key: [Int], _ params: [String]) {
            if p == parts.count {
                if i == segs.count { out.append((key + [9], params)) }
                return
            }
            switch parts[p] {
            case .literal(let l):
                if i < segs.count, segs[i] == l { go(p + 1, i + 1, key + [8], params) }
            case .param(let n):
                if i < segs.count, !segs[i].isEmpty { go(p + 1, i + 1, key + [3], params + ["\(n)=\(segs[i])"]) }
            case .inline(let ps):
                guard i < segs.count, let vs = Self.matchPieces(ps, Array(segs[i].utf8)) else { return }
                let names = ps.compactMap { if case .param(let n) = $0 { return n } else { return nil } }
                go(p + 1, i + 1, key + [7] + Self.programKey(ps), params + zip(names, vs).map { "\($0)=\($1)" })
            case .catchAll(let n, let tail):
                let program: [SegmentOraclePiece] = tail.isEmpty ? [] : [.param(n)] + tail
                var j = i
                while j < segs.count, !segs[j].isEmpty {
                    var value = segs[i...j].joined(separator: "/")
                    var more: [String] = []
                    var fits = true
                    if !tail.isEmpty {
                        if let vs = Self.matchPieces(program, Array(segs[j].utf8)) {
                            value = (segs[i..<j] + [vs[0]]).joined(separator: "/")
                            let names = tail.compactMap { if case .param(let n) = $0 { return n } else { return nil } }
                            more = zip(names, vs.dropFirst()).map { "\($0)=\($1)" }
                        } else {
                            fits = false
                        }
                    }
                    if fits {
                        go(p + 1, j + 1, key + [1] + Self.programKey(program) + [-(j - i + 1)], params + ["\(n)=\(value)"] + more)
                    }
                    j += 1
                }
            case .remainder(let n, let min):
                guard segs.count - i >= min else { return }
                let rest = segs[i...].joined(separator: "/")
                out.append((key + [0], n.map { params + ["\($0)=\(rest)"] } ?? params))
            }
        }
        go(0, 0, [], [])
        return out
    }
}

enum SegmentOracle {
    /// The winner for `segs` ("pattern [params]"), or "miss".
    static func answer(_ routes: [SegmentOracleRoute], _ segs: [String]) -> String {
        answer(routes.map { ($0, $0.requiredLiterals, $0.minSegments, $0.fixedLength) }, segs)
    }

    /// The same over routes with their quick checks computed once.
    static func answer(_ routes: [(SegmentOracleRoute, Set<String>, Int, Bool)], _ segs: [String]) -> String {
        var best: (priority: Int, key: [Int], text: String)? = nil
        let present = Set(segs)
        for (r, literals, least, fixed) in routes {
            if segs.count < least || (fixed && segs.count != least) || !literals.isSubset(of: present) { continue }
            for m in r.matches(segs) {
                if let b = best, b.priority > r.priority || (b.priority == r.priority && !b.key.lexicographicallyPrecedes(m.key)) {
                    continue
                }
                best = (r.priority, m.key, "\(r.pattern) [\(m.params.joined(separator: ", "))]")
            }
        }
        return best?.text ?? "miss"
    }
}
