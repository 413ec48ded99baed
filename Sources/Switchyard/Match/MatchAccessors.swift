/// A captured path parameter: its name, its decoded text, and its value (typed for `<int:>`
/// and `<float:>`).
public struct PathParameter: Sendable, Hashable {
    /// The name the pattern gives it (`id` in `<int:id>`).
    public var name: String
    /// The captured text, percent-decoded (unless `RouterOptions.decodePath` is false).
    public var text: String
    /// The typed value: `.int` for `<int:>`, `.float` for `<float:>`, else `.string`.
    public var value: ParameterValue

    /// A path parameter from its parts.
    public init(name: String, text: String, value: ParameterValue) {
        self.name = name
        self.text = text
        self.value = value
    }
}

/// One query item, decoded, in URL order (repeated names appear once per occurrence).
public struct QueryItem: Sendable, Hashable {
    /// The item's name, decoded.
    public var name: String
    /// The item's value, decoded (empty for `?flag`).
    public var value: String

    /// A query item from its parts.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension MatchBuffer {
    /// True when a route matched (after following any redirects).
    // Inlinable: the C layer asks it after every resolve, and a call costs more than the load.
    @inlinable public var matched: Bool { state.pointee.matched }

    /// The URL the match describes: the one given to `resolve`, or the last URL of the
    /// redirect chain.
    public var url: String {
        withURLBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The winning route's pattern, as it was added.
    public var pattern: String? { route?.route.pattern }

    /// The winning route's target.
    public var target: String? {
        guard let r = route, case .target(let t) = r.route.destination else { return nil }
        return t
    }

    /// The winning route's name, if it has one.
    public var name: String? { route?.route.name }

    /// Captured values in pattern order.
    public var pathParameters: [PathParameter] {
        withURLBytes { u in
            (0..<pathParameterCount).compactMap { k in
                rawPathParameter(k, u).map {
                    PathParameter(name: $0.name.string ?? "", text: $0.text.string ?? "", value: $0.value)
                }
            }
        }
    }

    /// Every query item in order (empty on a miss).
    public var query: [QueryItem] {
        guard matched else { return [] }
        return (0..<view.query.count).map { k in
            let q = view.query[k]
            return QueryItem(name: string(q.name), value: string(q.value))
        }
    }

    /// Every value of the query items called `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// The merged parameter map (SEMANTICS §4).
    public var params: [String: ParameterValue] {
        withURLBytes { u in
            var out: [String: ParameterValue] = [:]
            for k in 0..<mergedCount {
                if let p = rawMergedParameter(k, u) { out[p.name.string ?? ""] = p.value }
            }
            return out
        }
    }

    /// The merged parameter ordered as the JSON writes it: path, then query, then defaults.
    var orderedParams: [(String, ParameterValue)] {
        withURLBytes { u in
            (0..<mergedCount).compactMap { k in rawMergedParameter(k, u).map { ($0.name.string ?? "", $0.value) } }
        }
    }

    /// One merged parameter by name, without building the whole map.
    public func parameter(_ name: String) -> ParameterValue? {
        var name = name
        return name.withUTF8 { n in
            withURLBytes { u in lookupParameter(named: n, u)?.value }  // converted while `u` is valid
        }
    }

    /// The fragment as written (not decoded), or nil when the URL has none (or on a miss).
    public var fragment: String? {
        guard matched, view.hasFragment else { return nil }
        return string(view.fragment)
    }

    /// What a remainder form (`*`, `*name`, `<path:name>`) matched: decoded segments joined
    /// by `/`; nil when the pattern has none.
    public var remainder: String? {
        guard matched, remainderStart >= 0 else { return nil }
        return String(decoding: remainderText.bytes, as: UTF8.self)
    }

    /// Every URL of the redirect chain, from the URL given to the last one (empty when no
    /// redirect was followed).
    public var redirects: [String] {
        (0..<chainRefs.count).map { k in
            let t = chainRefs[k]
            return String(decoding: UnsafeBufferPointer(start: chainBytes.base + Int(t.start), count: Int(t.count)),
                          as: UTF8.self)
        }
    }
}

// MARK: byte-level access for the C layer
// Spans stay valid after these return because a MatchBuffer's URL bytes are stable: borrowed
// from C, owned by the MatchBuffer (redirects, short Swift strings), or the heap storage of a
// long Swift string the MatchBuffer holds. (A short Swift string's bytes may live inline in the
// String value; `Router.resolve(_:into:)` copies those into the MatchBuffer.)

extension MatchBuffer {
    package var rawURL: ByteSpan {
        withURLBytes { ByteSpan(base: $0.baseAddress ?? emptyBytes, count: $0.count) }
    }

    package var rawPattern: ByteSpan { route?.patternSpan ?? .absent }

    package var rawTarget: ByteSpan {
        guard let r = route, !r.isRedirect else { return .absent }
        return r.destinationSpan
    }

    package var rawName: ByteSpan { route?.nameSpan ?? .absent }

    package var rawFragment: ByteSpan {
        guard matched, view.hasFragment else { return .absent }
        return withURLBytes { u in ByteSpan(base: textPointer(view.fragment, u), count: Int(view.fragment.count)) }
    }

    package var rawRemainder: ByteSpan {
        guard matched, remainderStart >= 0 else { return .absent }
        return ByteSpan(base: UnsafePointer(remainderText.base), count: remainderText.count)
    }

    package var rawPathParameterCount: Int { pathParameterCount }

    package func rawPathParameter(at i: Int) -> RawParameter? {
        withURLBytes { rawPathParameter(i, $0) }
    }

    package var rawQueryCount: Int { matched ? view.query.count : 0 }

    package func rawQueryItem(at i: Int) -> (name: ByteSpan, value: ByteSpan)? {
        guard matched, i >= 0, i < view.query.count else { return nil }
        let q = view.query[i]
        return withURLBytes { u in
            (ByteSpan(base: textPointer(q.name, u), count: Int(q.name.count)),
             ByteSpan(base: textPointer(q.value, u), count: Int(q.value.count)))
        }
    }

    package var rawParamCount: Int { mergedCount }

    /// Every parameter of one list (the path parameters, or the merged map) in order, with
    /// the winning route and the URL looked up once: for sy_match_params_text, which
    /// visits a list twice per call and would otherwise look both up per parameter.
    package func forEachRawParameter(path: Bool, _ body: (RawParameter) -> Void) {
        guard let route else { return }
        withURLBytes { u in
            for k in 0..<(path ? pathParameterCount : mergedCount) {
                if let p = path ? rawPathParameter(k, u, route) : rawMergedParameter(k, u, route) { body(p) }
            }
        }
    }

    package func rawParameter(at i: Int) -> RawParameter? {
        withURLBytes { rawMergedParameter(i, $0) }
    }

    package func rawParameter(named n: UnsafeBufferPointer<UInt8>) -> RawParameter? {
        withURLBytes { u in lookupParameter(named: n, u) }
    }

    /// The merged parameter called `n`; its spans are valid as long as `u` is.
    func lookupParameter(named n: UnsafeBufferPointer<UInt8>, _ u: UnsafeBufferPointer<UInt8>) -> RawParameter? {
        guard matched else { return nil }
        for k in 0..<mergedCount {
            guard let p = rawMergedParameter(k, u) else { continue }
            if p.name.count == n.count, let b = p.name.base, let nb = n.baseAddress ?? (n.count == 0 ? b : nil),
               bytesEqual(b, nb, n.count) {
                return p
            }
        }
        return nil
    }


    package var rawRedirectCount: Int { chainRefs.count }

    package func rawRedirect(at i: Int) -> ByteSpan? {
        guard i >= 0, i < chainRefs.count else { return nil }
        let t = chainRefs[i]
        return ByteSpan(base: UnsafePointer(chainBytes.base) + Int(t.start), count: Int(t.count))
    }
}

// MARK: the path parameters as C records, in one pass

/// One C parameter record, field for field the header's sy_param (name and text as pointer
/// and length, the type code, a reserved zero, the integer, the float; the same C layout): the
/// C layer lets the core write its caller's array with it, one whole record per parameter.
package struct ParameterRecord {
    package var nameBase: UnsafePointer<UInt8>?
    package var nameCount: Int
    package var textBase: UnsafePointer<UInt8>?
    package var textCount: Int
    package var type: Int32
    package var reserved: Int32
    package var intValue: Int64
    package var floatValue: Double
}

extension MatchBuffer {
    /// Writes the path parameters into `out`, one `ParameterRecord` each, in pattern order
    /// (as `rawPathParameter` reads them), when they fit in `capacity` records; returns
    /// their count either way (nothing is written when it is over `capacity`).
    /// The winning route, the URL and the variant's name list are looked up once, not per
    /// parameter: this is what reading every parameter after a resolve costs from C.
    /// The codes are those a record's `type` takes (the header's sy_value_type): the C layer
    /// gives them, so the core writes records without knowing the header.
    package func writePathParameters(_ out: UnsafeMutableRawPointer, capacity: Int,
                                     stringCode: Int32, intCode: Int32, floatCode: Int32) -> Int {
        let s = state
        guard s.pointee.matched else { return 0 }
        let captureCount = s.pointee.bestCaptures.count
        let count = captureCount + (s.pointee.entry.namedRemainder ? 1 : 0)
        guard count > 0, count <= capacity else { return count }
        // Captures that name themselves (`urlpattern`): the general reader.
        guard let spans = flatPathNames(count) else { return writePathParametersOneByOne(out, stringCode, intCode, floatCode) }
        let url: UnsafePointer<UInt8> = s.pointee.source == .owned ? UnsafePointer(s.pointee.owned.base) : emptyBytes
        let decoded = UnsafePointer(s.pointee.view.decoded.base)
        let captures = s.pointee.bestCaptures.base
        let stride = MemoryLayout<ParameterRecord>.stride
        for k in 0..<captureCount {
            let c = captures[k]
            let t = c.text
            let name = spans[k]
            var record = ParameterRecord(nameBase: name.base, nameCount: name.count,
                                         textBase: (t.decoded ? decoded : url) + Int(t.start), textCount: Int(t.count),
                                         type: stringCode, reserved: 0, intValue: 0, floatValue: 0)
            switch c.kind {
            case .int: record.type = intCode; record.intValue = c.intValue
            case .float: record.type = floatCode; record.floatValue = c.floatValue
            default: break
            }
            out.storeBytes(of: record, toByteOffset: k &* stride, as: ParameterRecord.self)
        }
        if captureCount < count {
            let rest = s.pointee.remainderText
            let name = spans[captureCount]
            out.storeBytes(of: ParameterRecord(nameBase: name.base, nameCount: name.count, textBase: UnsafePointer(rest.base),
                                               textCount: rest.count, type: stringCode, reserved: 0, intValue: 0, floatValue: 0),
                           toByteOffset: captureCount &* stride, as: ParameterRecord.self)
        }
        return count
    }

    /// The names of the winner's `count` path parameters in the table's flat name table
    /// (PathNames), or nil when the table lists fewer (captures that name themselves).
    @inline(__always)
    func flatPathNames(_ count: Int) -> UnsafeMutablePointer<ByteSpan>? {
        let s = state
        guard let view = s.pointee.tableView else { return nil }
        let names = view.pointee.pathNames
        let variant = Int(names.routeStart[Int(s.pointee.entry.route)]) + Int(s.pointee.entry.variant)
        let first = Int(names.starts[variant])
        guard Int(names.starts[variant + 1]) - first == count else { return nil }
        return names.spans + first
    }

    /// writePathParameters through rawPathParameter, one parameter at a time.
    private func writePathParametersOneByOne(_ out: UnsafeMutableRawPointer, _ stringCode: Int32, _ intCode: Int32,
                                             _ floatCode: Int32) -> Int {
        var written = 0
        forEachRawParameter(path: true) { p in
            let code = p.kind == .int ? intCode : p.kind == .float ? floatCode : stringCode
            out.storeBytes(of: ParameterRecord(nameBase: p.name.base, nameCount: p.name.count, textBase: p.text.base ?? emptyBytes,
                                               textCount: p.text.count, type: code, reserved: 0, intValue: p.intValue,
                                               floatValue: p.floatValue),
                           toByteOffset: written &* MemoryLayout<ParameterRecord>.stride, as: ParameterRecord.self)
            written += 1
        }
        return written
    }
}

extension MatchBuffer {
    /// The merged parameters as `0xFF name 0xFF text ...` (sy_match_params_text's form
    /// without type letters) at `out`, in one pass over the flat name table, when that form
    /// holds them exactly: the merged map is the path parameters, each a string, every
    /// name and text ASCII without a NUL byte. Returns the bytes needed (nothing is written
    /// when they are over `capacity`), or -1 when the form does not apply (the caller then
    /// writes the general form).
    package func writePlainParamsText(_ out: UnsafeMutablePointer<UInt8>?, capacity: Int) -> Int {
        let s = state
        guard s.pointee.matched, s.pointee.mergedIsPath else { return -1 }
        let captureCount = s.pointee.bestCaptures.count
        let count = captureCount + (s.pointee.entry.namedRemainder ? 1 : 0)
        if count == 0 { return 0 }
        guard let spans = flatPathNames(count) else { return -1 }
        let url: UnsafePointer<UInt8> = s.pointee.source == .owned ? UnsafePointer(s.pointee.owned.base) : emptyBytes
        let decoded = UnsafePointer(s.pointee.view.decoded.base)
        let captures = s.pointee.bestCaptures.base
        let rest = s.pointee.remainderText
        @inline(__always) func text(_ k: Int) -> (UnsafePointer<UInt8>, Int) {
            if k == captureCount { return (UnsafePointer(rest.base), rest.count) }
            let t = captures[k].text
            return ((t.decoded ? decoded : url) + Int(t.start), Int(t.count))
        }
        var needed = 0
        for k in 0..<count {
            if k < captureCount, captures[k].kind == .int || captures[k].kind == .float { return -1 }
            let (p, n) = text(k)
            let name = spans[k]
            guard let nb = name.base, plainASCII(nb, name.count), plainASCII(p, n) else { return -1 }
            needed += 2 + name.count + n
        }
        guard needed <= capacity, let out else { return needed }
        var o = out
        for k in 0..<count {
            let (p, n) = text(k)
            let name = spans[k]
            o[0] = 0xFF
            if let nb = name.base { (o + 1).update(from: nb, count: name.count) }
            o += 1 + name.count
            o[0] = 0xFF
            (o + 1).update(from: p, count: n)
            o += 1 + n
        }
        return needed
    }
}

/// Whether `p[0..<n]` is ASCII without a NUL byte, eight bytes at a time.
@inline(__always)
private func plainASCII(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var bad: UInt64 = 0
    var i = 0
    while i + 8 <= n {
        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        bad |= (w | ((w &- 0x0101_0101_0101_0101) & ~w)) & 0x8080_8080_8080_8080
        i += 8
    }
    while i < n {
        if p[i] == 0 || p[i] >= 0x80 { return false }
        i += 1
    }
    return bad == 0
}
