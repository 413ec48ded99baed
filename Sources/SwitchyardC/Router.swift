// sy_router: new / free / add / add_route / add_routes / remove / resolve. Every change
// goes through the router's RouteBook (RouteList.swift), which keeps the bookkeeping of
// sy_router_route_at in step with the core.
import CSwitchyard
import Switchyard

@c @implementation
public func sy_router_new(_ out: UnsafeMutablePointer<OpaquePointer?>?,
                          _ opts: UnsafePointer<sy_router_options>?,
                          _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        out.pointee = nil
        let options = try routerOptions(from: opts)
        let router = try core { try Router(options: options) }
        out.pointee = RouterBox(router).retainedHandle()
    }
}

@c @implementation
public func sy_router_free(_ router: OpaquePointer?) {
    HandleBox.release(router, tag: HandleTag.router)
}

@c @implementation
public func sy_router_add(_ router: OpaquePointer?,
                          _ pattern: UnsafePointer<CChar>?, _ patternLen: Int,
                          _ target: UnsafePointer<CChar>?, _ targetLen: Int,
                          _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        let pattern = try stringArgument(pattern, patternLen, name: "pattern")
        let target = try stringArgument(target, targetLen, name: "target")
        try box.book.change { () throws(CFailure) in
            try core { try box.router.add(Route(pattern, target: target)) }
        }
    }
}

@c @implementation
public func sy_router_add_route(_ router: OpaquePointer?,
                                _ route: UnsafePointer<sy_route>?,
                                _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        guard let route else { throw .misuse("route is NULL") }
        let r = try coreRoute(at: route, name: "route")
        try box.book.change { () throws(CFailure) in
            try core { try box.router.add(r) }
        }
    }
}

@c @implementation
public func sy_router_add_routes(_ router: OpaquePointer?,
                                 _ routes: UnsafePointer<sy_route>?, _ count: Int,
                                 _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        guard count >= 0 else { throw .invalid("count is over SIZE_MAX / 2") }
        guard let routes else {
            guard count == 0 else { throw .misuse("routes is NULL but count is \(count)") }
            return
        }
        if count == 0 { return }
        var batch = try coreRoutes(routes, count: count, inTwo: box.router.buildsInTwo(count))
        try box.book.change { () throws(CFailure) in
            do throws(SwitchyardError) {
                try box.router.add(taking: &batch)
            } catch {
                // The core names the batch index of the route at fault.
                let failure = CFailure(error)
                throw error.routeIndex.map { failure.aboutRoute($0) } ?? failure
            }
        }
    }
}

@c @implementation
public func sy_router_remove(_ removedOut: UnsafeMutablePointer<Int32>?,
                             _ router: OpaquePointer?,
                             _ pattern: UnsafePointer<CChar>?, _ patternLen: Int,
                             _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    removedOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        let pattern = try stringArgument(pattern, patternLen, name: "pattern")
        let removed = box.book.change { box.router.remove(pattern) }
        removedOut?.pointee = removed ? 1 : 0
    }
}

@c @implementation
public func sy_router_resolve(_ match: OpaquePointer?,
                              _ router: OpaquePointer?,
                              _ url: UnsafePointer<CChar>?, _ urlLen: Int,
                              _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    // The hot path: no closure allocation, no retain of the shared router, no message
    // built unless something failed.
    clearError(err)
    guard let match else { return report(.misuse("match is NULL"), into: err) }
    return withHandle(match) { mbase -> sy_status in resolve(into: mbase, router, url, urlLen, err) }
}

/// sy_router_resolve after the match handle is known not to be NULL (also
/// sy_router_resolve_params_text's resolve).
@inline(__always)
func resolve(into mbase: HandleBox, _ router: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ urlLen: Int,
             _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    guard mbase.tag == HandleTag.match else { return report(wrongHandle("match", "sy_match"), into: err) }
    let matchBox = unsafeDowncast(mbase, to: MatchBox.self)
    if _slowPath(matchBox.match.isHeldByDispatch) { return report(heldByDispatch, into: err) }
    if matchBox.stack != nil { matchBox.stack = nil }
    let status = resolve(into: matchBox.match, router, url, urlLen, err)
    // The header promises that a failed resolve reads as before any resolve.
    if status != SY_OK { matchBox.reset() }
    return status
}

/// sy_router_resolve after the match handle is known good.
@inline(__always)
func resolve(into match: MatchBuffer, _ router: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ urlLen: Int,
             _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    guard let router else { return report(.misuse("router is NULL"), into: err) }
    return withHandle(router) { rbase -> sy_status in
        guard rbase.tag == HandleTag.router else { return report(wrongHandle("router", "sy_router"), into: err) }
        // One comparison on the hot path; SY_NUL and impossible lengths are taken apart
        // only when it fails.
        var length = urlLen
        if length < 0 {
            guard length == nulTerminatedLength else {
                return report(CFailure(SY_ERR_LIMIT, "url_len is over SIZE_MAX / 2, so over max_url_length"), into: err)
            }
            guard let url else {
                return report(.misuse("url is NULL and url_len is SY_NUL: there is no text to measure"), into: err)
            }
            length = nulTerminatedCount(url)
        }
        // bytesArgument's rules, inlined: NULL with 0 is "", NULL with a length is misuse.
        let bytes: UnsafeBufferPointer<UInt8>
        if let url {
            bytes = UnsafeBufferPointer(start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), count: length)
        } else if urlLen == 0 {
            bytes = UnsafeBufferPointer(start: emptyBytes, count: 0)
        } else {
            return report(.misuse("url is NULL but url_len is \(urlLen)"), into: err)
        }
        do throws(SwitchyardError) {
            _ = try unsafeDowncast(rbase, to: RouterBox.self).router.resolve(bytes: bytes, into: match)
            return SY_OK
        } catch {
            return report(CFailure(error), into: err)
        }
    }
}
