// Requirements and resume tokens: sy_router_add_route_requiring, sy_router_require,
// sy_router_set_resume_key, sy_router_dispatch_pending and sy_router_resume. The outcome is written into the
// caller's sy_pending (fixed buffers), so nothing is allocated for the caller to free.
import CSwitchyard
import Switchyard

/// A C requirement check: the function and its data (released with the check).
final class CRequirement: Sendable {
    let name: String
    let fn: sy_requirement_fn
    let data: ReleasedPointer

    init(_ name: String, _ fn: sy_requirement_fn, _ data: ReleasedPointer) {
        self.name = name
        self.fn = fn
        self.data = data
    }

    func check(_ context: any Sendable) throws -> Bool {
        let answer = fn(data.pointer, (context as? DispatchContext)?.pointer)
        switch answer {
        case 1: return true
        case 0: return false
        default:
            throw HandlerFailure(CFailure(SY_ERR_HANDLER,
                "the check of requirement '\(name)' failed: it returned \(answer)"))
        }
    }
}

@c @implementation
public func sy_router_add_route_requiring(_ router: OpaquePointer?, _ route: UnsafePointer<sy_route>?,
                                          _ data: UnsafeMutableRawPointer?, _ release: sy_release_fn?,
                                          _ requires: UnsafePointer<sy_str>?, _ count: Int,
                                          _ elseRoutes: UnsafePointer<sy_str>?,
                                          _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    // Owned from here: any failure below drops the box, which releases the data.
    let owned = ReleasedPointer(data, release)
    return entry(err) { () throws(CFailure) in
        try addRoute(router, route, value: data != nil || release != nil ? owned : nil) { r throws(CFailure) in
            try readRequirements(into: &r, requires, count, elseRoutes)
        }
    }
}

/// `requires[0..<count]` and the parallel `elseRoutes` (NULL, or an empty entry: none) as
/// the route's requirements. The count is bounded before anything is read; the names and
/// else routes are checked by the core when the route is added, as a document's are.
func readRequirements(into route: inout Route, _ requires: UnsafePointer<sy_str>?, _ count: Int,
                              _ elseRoutes: UnsafePointer<sy_str>?) throws(CFailure) {
    // A count past SIZE_MAX / 2 reads as negative here: it is over the limit too.
    guard count >= 0, count <= RequirementLimits.maxPerRoute else {
        let given = count >= 0 ? "\(count)" : "\(UInt(bitPattern: count))"
        throw CFailure(SY_ERR_LIMIT, "route has \(given) requirements; at most \(RequirementLimits.maxPerRoute)")
    }
    guard let requires else {
        guard count == 0 else { throw .misuse("requires is NULL but count is \(count)") }
        if elseRoutes != nil { throw .misuse("else_routes is given but requires is NULL") }
        return
    }
    var names: [String] = []
    var elses: [String: String] = [:]
    for i in 0..<count {
        guard let name = try optionalString(requires[i], name: "requires[\(i)]") else {
            throw .invalid("requires[\(i)] is absent")
        }
        names.append(name)
        if let elseRoutes, let target = try optionalString(elseRoutes[i], name: "else_routes[\(i)]"),
           !target.isEmpty {
            elses[name] = target
        }
    }
    route.requires = names
    route.elseRoutes = elses
}

@c @implementation
public func sy_router_require(_ router: OpaquePointer?,
                              _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                              _ fn: sy_requirement_fn?, _ checkData: UnsafeMutableRawPointer?,
                              _ release: sy_release_fn?,
                              _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    let owned = ReleasedPointer(checkData, release)
    return entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        let name = try stringArgument(name, nameLen, name: "name")
        guard let fn else {
            box.router.require(name, nil)
            return
        }
        let check = CRequirement(name, fn, owned)
        box.router.require(name) { context in try check.check(context) }
    }
}

@c @implementation
public func sy_router_set_resume_key(_ router: OpaquePointer?, _ key: UnsafePointer<UInt8>?,
                                     _ maxAge: Int64,
                                     _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        let k = key.flatMap { SipHashKey(bytes: UnsafeBufferPointer(start: $0, count: 16)) }
        try core { try box.router.setResumeTokens(key: k, maxAge: maxAge == 0 ? 86_400 : maxAge) }
    }
}

@c @implementation
public func sy_router_dispatch_pending(_ match: OpaquePointer?, _ router: OpaquePointer?,
                                       _ url: UnsafePointer<CChar>?, _ urlLen: Int,
                                       _ context: UnsafeMutableRawPointer?, _ now: Int64,
                                       _ out: UnsafeMutablePointer<sy_pending>?,
                                       _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    pendingEntry(match, router, url, urlLen, name: "url", out, err) { r, text in
        try r.dispatchBuffer(text, context: DispatchContext(pointer: context), now: clockOrNil(now))
    }
}

@c @implementation
public func sy_router_resume(_ match: OpaquePointer?, _ router: OpaquePointer?,
                             _ token: UnsafePointer<CChar>?, _ tokenLen: Int,
                             _ context: UnsafeMutableRawPointer?, _ now: Int64,
                             _ out: UnsafeMutablePointer<sy_pending>?,
                             _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    pendingEntry(match, router, token, tokenLen, name: "token", out, err) { r, text in
        try r.resumeBuffer(text, context: DispatchContext(pointer: context), now: clockOrNil(now))
    }
}

/// The shared entry of both: `out` zeroed, the text argument read, then `dispatchInto`.
private func pendingEntry(_ match: OpaquePointer?, _ router: OpaquePointer?,
                          _ text: UnsafePointer<CChar>?, _ len: Int, name: String,
                          _ out: UnsafeMutablePointer<sy_pending>?, _ err: UnsafeMutablePointer<sy_error>?,
                          _ body: (Router, String) throws -> DispatchFound) -> sy_status {
    out?.pointee = sy_pending()
    return entry(err) { () throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        let value = try validString(try bytesArgument(text, len, name: name), name: name)
        try dispatchInto(match, router, out) { r in try body(r, value) }
    }
}

private func clockOrNil(_ now: Int64) -> Int64? { now == Int64.min ? nil : now }

/// Runs a dispatch (`body`) for `match` and writes its outcome into `out`: the accepting
/// candidate moves into the match (else the match reads as before any resolve), a waiting
/// link's requirement and token into the fixed buffers.
private func dispatchInto(_ match: OpaquePointer?, _ router: OpaquePointer?,
                          _ out: UnsafeMutablePointer<sy_pending>,
                          _ body: (Router) throws -> DispatchFound) throws(CFailure) {
    let matchBox = try MatchBox.from(match)
    let routerBox = try RouterBox.from(router)
    if matchBox.match.heldByDispatch {
        throw .misuse("this sy_match is the one a dispatch still running was given; use an sy_match of your own")
    }
    matchBox.reset()
    matchBox.match.heldByDispatch = true
    defer { matchBox.match.heldByDispatch = false }
    do {
        let result = try body(routerBox.router)
        if let accepted = result.match {
            matchBox.match.takeResult(of: accepted)
            matchBox.stack = nil
            out.pointee.handled = 1
        }
        if let p = result.pending {
            out.pointee.pending = 1
            out.pointee.requirement_len = copyText(p.requirement, into: &out.pointee.requirement)
            out.pointee.token_len = copyToken(p.token, into: out)
        }
    } catch let e as HandlerFailure {
        matchBox.reset()
        throw e.failure
    } catch let e as SwitchyardError {
        matchBox.reset()
        throw CFailure(e)
    } catch let e as ResumeError {
        matchBox.reset()
        throw CFailure(sy_status(rawValue: e.reason.cStatus), e.message)
    } catch {
        matchBox.reset()
        throw CFailure(SY_ERR_INTERNAL, "unexpected error from dispatch: \(error)")
    }
}

/// Copies the token and a NUL into `sy_pending.token`. Swift does not import an array of
/// 4097 chars as a member, so it is reached by its offset: right after `token_len` (a char
/// array needs no padding).
private func copyToken(_ token: String, into out: UnsafeMutablePointer<sy_pending>) -> Int {
    guard let lenOffset = MemoryLayout<sy_pending>.offset(of: \sy_pending.token_len) else { return 0 }
    let start = lenOffset + MemoryLayout<Int>.size
    let capacity = MemoryLayout<sy_pending>.size - start
    let base = UnsafeMutableRawPointer(out) + start
    let n = min(token.utf8.count, Int(SY_RESUME_TOKEN_MAX), capacity - 1)
    var i = 0
    for b in token.utf8.prefix(n) { base.storeBytes(of: b, toByteOffset: i, as: UInt8.self); i += 1 }
    base.storeBytes(of: 0, toByteOffset: n, as: UInt8.self)
    return n
}

/// Copies `text` and a NUL into a fixed C array (imported as a tuple); returns its length.
/// The texts are bounded below the arrays' sizes (RequirementLimits), and cut to fit anyway.
private func copyText<T>(_ text: String, into field: inout T) -> Int {
    withUnsafeMutableBytes(of: &field) { raw -> Int in
        let n = min(text.utf8.count, raw.count - 1)
        var i = 0
        for b in text.utf8.prefix(n) { raw[i] = b; i += 1 }
        raw[n] = 0
        return n
    }
}
