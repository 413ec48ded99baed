/// URL building for the segments that are not one parameter each (SEMANTICS §2): segments
/// of several pieces and catch-alls followed by more of the pattern. A URL is built only
/// when reading it back gives the same values: `:id.:format` cannot be built with an `id`
/// holding a `.`, which the match would read as the end of `id`.
extension Router {
    /// Appends segment `s` (kind `inline` or `catchAll`, after its leading '/') with the
    /// values of `parameters`, its first segment encoded for `place`; records the names it
    /// used in `taken` and their texts in `written`.
    static func appendPieces(_ s: PatternSegment, route: CompiledRoute, name: String,
                             parameters: [String: ParameterValue], place: TemplatePlace,
                             taken: inout Set<String>, written: inout [String: String],
                             into out: inout GrowBuffer<UInt8>) throws(SwitchyardError) {
        func bad(_ parameter: String, _ why: String) -> SwitchyardError {
            SwitchyardError(.invalidArgument, "parameter '\(parameter)' of route '\(name)' \(why)")
        }
        let names = s.names.map { route.names[$0] }
        var values = names.map { parameters[$0]?.description ?? "" }
        for (n, v) in zip(names, values) {
            taken.insert(n)
            written[n] = v
        }
        var place = place
        // A catch-all: its leading segments are written whole; its last one (the start of
        // the program) with the rest of the segment.
        if s.kind == .catchAll, let whole = values.first {
            let parts = whole.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            for part in parts where part.isEmpty || part == "." || part == ".." {
                throw bad(names[0], "may not hold an empty, '.' or '..' segment")
            }
            for part in parts.dropLast() {
                var t = part
                t.withUTF8 { b in if let p = b.baseAddress { appendPathText(p, b.count, for: place, into: &out) } }
                out.append(0x2F)
                place = .path
            }
            values[0] = parts.last ?? ""
            if s.literal.isEmpty {
                var t = values[0]
                t.withUTF8 { b in if let p = b.baseAddress { appendPathText(p, b.count, for: place, into: &out) } }
                return
            }
        }
        // The segment's decoded text, pieces in order.
        var text: [UInt8] = []
        var k = 0, v = 0
        let program = s.literal
        while k < program.count {
            if program[k] == InlineProgram.parameterTag {
                text += Array(values[v].utf8)
                v += 1
                k += 1
            } else {
                let m = InlineProgram.readLength(program, k + 1)
                text += program[(k + 5)..<(k + 5 + m)]
                k += 5 + m
            }
        }
        // Read back as the walk reads it: the same values, or no URL.
        let readBack: [String]? = text.withUnsafeBufferPointer { t in
            program.withUnsafeBufferPointer { pr in
                let caps = UnsafeMutablePointer<Capture>.allocate(capacity: max(values.count, 1))
                defer { caps.deallocate() }
                let got = matchInline(pr.baseAddress ?? emptyBytes, pr.count, t.baseAddress ?? emptyBytes, t.count,
                                      TextRef(start: 0, count: Int32(truncatingIfNeeded: t.count), decoded: false),
                                      fold: false, into: caps)
                guard got == values.count else { return nil }
                return (0..<got).map { i in
                    String(decoding: UnsafeBufferPointer(start: (t.baseAddress ?? emptyBytes) + Int(caps[i].text.start),
                                                         count: Int(caps[i].text.count)), as: UTF8.self)
                }
            }
        }
        if readBack != values {
            let first = zip(names, values).first { $0.1.isEmpty }?.0 ?? names.first ?? ""
            throw bad(first, "would not read back as given in this segment (empty, '.', '..', or holding the text that follows it)")
        }
        text.withUnsafeBufferPointer { b in
            if let p = b.baseAddress { appendPathText(p, b.count, for: place, into: &out) }
        }
    }
}

/// Bytes encoded for a path segment (or a custom scheme's authority), with no length bound
/// (a built URL has none).
func appendPathText(_ p: UnsafePointer<UInt8>, _ n: Int, for place: TemplatePlace,
                            into out: inout GrowBuffer<UInt8>) {
    do { try out.appendEncoded(p, n, for: place, end: .max) } catch {}
}
