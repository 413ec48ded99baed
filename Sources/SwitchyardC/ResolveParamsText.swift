// sy_router_resolve_params_text, sy_router_resolve_params_cstr and sy_resolver_params_cstr:
// a resolve and its merged parameters as text in one call, for bindings that pay per
// foreign call and per argument (the Python package's Router.resolve).
import CSwitchyard
import Switchyard

@c @implementation
public func sy_router_resolve_params_text(_ match: OpaquePointer?, _ router: OpaquePointer?,
                                          _ url: UnsafePointer<CChar>?, _ urlLen: Int,
                                          _ err: UnsafeMutablePointer<sy_error>?) -> UnsafePointer<CChar>? {
    clearError(err)
    guard let match else {
        _ = report(.misuse("match is NULL"), into: err)
        return nil
    }
    return withHandle(match) { mbase -> UnsafePointer<CChar>? in
        guard resolve(into: mbase, router, url, urlLen, err) == SY_OK else { return nil }
        return unsafeDowncast(mbase, to: MatchBox.self).paramsText()
    }
}

@c @implementation
public func sy_router_resolve_params_cstr(_ match: OpaquePointer?, _ router: OpaquePointer?,
                                          _ url: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    // sy_router_resolve_params_text with three arguments: each argument a ctypes call
    // converts costs about as much as the core's resolve.
    guard let match else { return nil }
    return withHandle(match) { mbase -> UnsafePointer<CChar>? in
        guard resolve(into: mbase, router, url, nulTerminatedLength, nil) == SY_OK else { return nil }
        return unsafeDowncast(mbase, to: MatchBox.self).paramsText()
    }
}

@c @implementation
public func sy_resolver_params_cstr(_ resolver: UnsafePointer<sy_resolver>?,
                                    _ url: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    // sy_router_resolve_params_cstr with the match and the router in one argument.
    guard let resolver, let match = resolver.pointee.match else { return nil }
    let router = resolver.pointee.router
    return withHandle(match) { mbase -> UnsafePointer<CChar>? in
        guard resolve(into: mbase, router, url, nulTerminatedLength, nil) == SY_OK else { return nil }
        return unsafeDowncast(mbase, to: MatchBox.self).paramsText()
    }
}

/// What sy_router_resolve_params_text returns for a list without parameters, and for one
/// whose names or texts hold a NUL byte (which a NUL-terminated text cannot carry).
nonisolated(unsafe) private let emptyText: UnsafePointer<CChar> = makeText([0])
nonisolated(unsafe) private let nulText: UnsafePointer<CChar> = makeText([0xFE, 0])

private func makeText(_ bytes: [UInt8]) -> UnsafePointer<CChar> {
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
    return UnsafePointer(p)
}

extension MatchBox {
    /// The merged parameters as sy_match_params_text writes them, NUL-terminated, in
    /// `text` (valid until the next resolve into this match).
    func paramsText() -> UnsafePointer<CChar> {
        let m = match
        if m.rawParamCount == 0 { return emptyText }
        // The common case first: string parameters of ASCII text, written in one pass.
        var n = m.writePlainParamsText(text, capacity: max(0, textCapacity - 1))
        if n >= textCapacity {
            grow(to: n + 1)
            n = m.writePlainParamsText(text, capacity: textCapacity - 1)
        }
        if n >= 0, let out = text {
            out[n] = 0
            return UnsafeRawPointer(out).assumingMemoryBound(to: CChar.self)
        }
        let size = ParamsTextSize(m, path: false)
        if size.hasNUL { return nulText }
        if size.bytes + 1 > textCapacity { grow(to: size.bytes + 1) }
        guard let out = text else { return emptyText }
        writeParamsText(m, path: false, size, out)
        out[size.bytes] = 0
        return UnsafeRawPointer(out).assumingMemoryBound(to: CChar.self)
    }

    /// Makes `text` hold at least `bytes` bytes.
    private func grow(to bytes: Int) {
        text?.deallocate()
        // Doubled, so a match that meets longer and longer lists grows a few times only.
        textCapacity = max(bytes, 2 * textCapacity, 64)
        text = .allocate(capacity: textCapacity)
    }
}
