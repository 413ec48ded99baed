// sy_match_params_text: a whole parameter list in one call, for bindings that pay per
// foreign call (the Python package reads `params` with it).
import CSwitchyard
import Switchyard

/// Separates the types and each name and text: a byte that UTF-8 never uses.
private let separator: UInt8 = 0xFF

@c @implementation
public func sy_match_params_text(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                                 _ lenOut: UnsafeMutablePointer<Int>?,
                                 _ match: OpaquePointer?, _ which: Int32,
                                 _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    lenOut?.pointee = 0
    return matchEntry(match, err) { (m) throws(CFailure) in
        let capacity = try outputCapacity(buf, cap)
        let path = try parameterList(which)
        // Measure first, so a short buffer is left untouched. The type letters are written
        // only when some parameter is typed or some name or text is not ASCII: without
        // them a caller may read the text as Latin-1 and convert nothing.
        var count = 0
        var needed = 0
        var typed = false
        m.forEachRawParameter(path: path) { p in
            count += 1
            needed += 2 + p.name.count + p.text.count
            if p.kind != .string || !isASCII(p.name) || !isASCII(p.text) { typed = true }
        }
        let letters = typed ? count : 0
        needed += letters
        lenOut?.pointee = needed
        guard needed <= capacity else {
            throw CFailure(SY_ERR_BUFFER_TOO_SMALL,
                           "buffer of \(capacity) bytes is too small: the parameters need \(needed) bytes")
        }
        guard let buf, needed > 0 else { return }
        let out = UnsafeMutableRawPointer(buf).assumingMemoryBound(to: UInt8.self)
        var k = 0
        var n = letters
        m.forEachRawParameter(path: path) { p in
            if typed {
                switch p.kind {
                case .string: out[k] = 0x73  // 's'
                case .int: out[k] = 0x69     // 'i'
                case .float: out[k] = 0x66   // 'f'
                }
            }
            k += 1
            n = put(p.name, out, n)
            n = put(p.text, out, n)
        }
    }
}

/// Writes the separator and `span` at `out + n`; returns the offset after them.
@inline(__always)
private func put(_ span: ByteSpan, _ out: UnsafeMutablePointer<UInt8>, _ n: Int) -> Int {
    out[n] = separator
    guard let base = span.base, span.count > 0 else { return n + 1 }
    (out + n + 1).update(from: base, count: span.count)
    return n + 1 + span.count
}

/// Whether every byte of `span` is below 0x80, eight at a time.
private func isASCII(_ span: ByteSpan) -> Bool {
    guard let p = span.base else { return true }
    var bits: UInt64 = 0
    var i = 0
    while i + 8 <= span.count {
        bits |= UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        i += 8
    }
    while i < span.count {
        bits |= UInt64(p[i])
        i += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
}
