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
    public var matched: Bool { state.pointee.matched }

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
