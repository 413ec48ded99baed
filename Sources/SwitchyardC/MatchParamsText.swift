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
        // Measure first, so a short buffer is left untouched.
        let size = ParamsTextSize(m, path: path)
        lenOut?.pointee = size.bytes
        guard size.bytes <= capacity else {
            throw CFailure(SY_ERR_BUFFER_TOO_SMALL,
                           "buffer of \(capacity) bytes is too small: the parameters need \(size.bytes) bytes")
        }
        guard let buf, size.bytes > 0 else { return }
        writeParamsText(m, path: path, size, UnsafeMutableRawPointer(buf).assumingMemoryBound(to: UInt8.self))
    }
}

/// What sy_match_params_text writes for one list: its length, whether it has the type
/// letters, and whether a name or text holds a NUL byte (sy_router_resolve_params_text).
/// The type letters are written only when some parameter is typed or some name or text is
/// not ASCII: without them a caller may read the text as Latin-1 and convert nothing.
struct ParamsTextSize {
    var bytes = 0
    var typed = false
    var hasNUL = false

    init(_ m: MatchBuffer, path: Bool) {
        var count = 0
        var size = self
        m.forEachRawParameter(path: path) { p in
            count += 1
            size.bytes += 2 + p.name.count + p.text.count
            let name = scan(p.name), text = scan(p.text)
            if p.kind != .string || !name.ascii || !text.ascii { size.typed = true }
            if name.nul || text.nul { size.hasNUL = true }
        }
        if size.typed { size.bytes += count }
        self = size
    }
}

/// Writes the text `size` measured at `out` (which holds `size.bytes`).
func writeParamsText(_ m: MatchBuffer, path: Bool, _ size: ParamsTextSize, _ out: UnsafeMutablePointer<UInt8>) {
    let typed = size.typed
    var k = 0
    var n = 0
    if typed { m.forEachRawParameter(path: path) { _ in n += 1 } }
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

/// Writes the separator and `span` at `out + n`; returns the offset after them.
@inline(__always)
private func put(_ span: ByteSpan, _ out: UnsafeMutablePointer<UInt8>, _ n: Int) -> Int {
    out[n] = separator
    guard let base = span.base, span.count > 0 else { return n + 1 }
    (out + n + 1).update(from: base, count: span.count)
    return n + 1 + span.count
}

/// Whether every byte of `span` is below 0x80, and whether one is 0, eight at a time.
private func scan(_ span: ByteSpan) -> (ascii: Bool, nul: Bool) {
    guard let p = span.base else { return (true, false) }
    var bits: UInt64 = 0
    var zero: UInt64 = 0
    var i = 0
    while i + 8 <= span.count {
        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        bits |= w
        zero |= (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080
        i += 8
    }
    while i < span.count {
        bits |= UInt64(p[i])
        if p[i] == 0 { zero = 1 }
        i += 1
    }
    return (bits & 0x8080_8080_8080_8080 == 0, zero != 0)
}
