// Navigation: sy_router_build_url(_flags), route data (sy_router_add_data, sy_router_add_route_data,
// sy_match_data), handlers and dispatch (sy_router_handle / sy_router_dispatch), screen
// stacks (sy_match_stack_count / sy_match_stack_at). C's data and handlers live in boxes whose
// deinit calls the caller's release: Swift's reference counting gives "exactly once".
import CSwitchyard
import Switchyard

/// A caller's pointer and its release, called once when the last holder lets go.
final class ReleasedPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
    let release: sy_release_fn?

    init(_ pointer: UnsafeMutableRawPointer?, _ release: sy_release_fn?) {
        self.pointer = pointer
        self.release = release
    }

    deinit { release?(pointer) }
}

/// A C handler: the function and its data (released with the handler).
final class CHandler: Sendable {
    let fn: sy_handler_fn
    let data: ReleasedPointer

    init(_ fn: sy_handler_fn, _ data: ReleasedPointer) {
        self.fn = fn
        self.data = data
    }

    /// Calls the function with the candidate as a borrowed sy_match (a handle that dies
    /// with the call) and turns its answer into the core's.
    func call(_ m: MatchBuffer, _ context: any Sendable) throws -> HandlerResult {
        let pointer = (context as? DispatchContext)?.pointer
        let handle = MatchBox(m).retainedHandle()
        let answer = fn(handle, data.pointer, pointer)
        HandleBox.release(handle, tag: HandleTag.match)
        switch answer {
        case SY_HANDLED: return .accepted(())
        case SY_DECLINED: return .declined
        default:
            throw HandlerFailure(CFailure(SY_ERR_HANDLER,
                "the handler for target '\(m.target ?? "")' (route '\(m.pattern ?? "")') failed: it returned \(answer)"))
        }
    }
}

/// sy_router_dispatch's context, as the core hands it to every handler.
struct DispatchContext: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
}

/// A handler's failure on its way out of the core's dispatch.
struct HandlerFailure: Error {
    let failure: CFailure
    init(_ failure: CFailure) { self.failure = failure }
}

@c @implementation
public func sy_router_build_url(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                                _ lenOut: UnsafeMutablePointer<Int>?,
                                _ router: OpaquePointer?,
                                _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                                _ params: UnsafePointer<sy_param>?, _ count: Int,
                                _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    sy_router_build_url_flags(buf, cap, lenOut, router, name, nameLen, params, count, 0, err)
}

@c @implementation
public func sy_router_build_url_flags(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                                      _ lenOut: UnsafeMutablePointer<Int>?,
                                      _ router: OpaquePointer?,
                                      _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                                      _ params: UnsafePointer<sy_param>?, _ count: Int,
                                      _ flags: UInt32,
                                      _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    lenOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        let capacity = try outputCapacity(buf, cap)
        let box = try RouterBox.from(router)
        let unknown = flags & ~SY_BUILD_URL_KNOWN_FLAGS
        guard unknown == 0 else {
            throw .invalid("flags has unknown bits 0x\(String(unknown, radix: 16)); this library knows 0x\(String(SY_BUILD_URL_KNOWN_FLAGS, radix: 16))")
        }
        let extra: ExtraParameters = flags & SY_BUILD_URL_REFUSE_EXTRA != 0 ? .refuse : .query
        let name = try stringArgument(name, nameLen, name: "name")
        // A name given more than once is a list: each value is written (a path parameter or a
        // scalar query item refuses it, naming the count).
        var parameters: [String: ParameterValue] = [:]
        var lists: [String: [ParameterValue]] = [:]
        for (key, value) in try coreParameterList(params, count, name: "params") {
            if lists[key] != nil {
                lists[key]?.append(value)
            } else if let first = parameters.removeValue(forKey: key) {
                lists[key] = [first, value]
            } else {
                parameters[key] = value
            }
        }
        let includingDefaults = flags & SY_BUILD_URL_WITH_DEFAULTS != 0
        var url = try core {
            try box.router.url(for: name, parameters: parameters, lists: lists, extra: extra,
                               includingDefaults: includingDefaults)
        }
        try copyOut(&url, what: "the URL", into: buf, capacity: capacity, lenOut: lenOut)
    }
}

@c @implementation
public func sy_router_add_data(_ router: OpaquePointer?,
                               _ pattern: UnsafePointer<CChar>?, _ patternLen: Int,
                               _ target: UnsafePointer<CChar>?, _ targetLen: Int,
                               _ data: UnsafeMutableRawPointer?, _ release: sy_release_fn?,
                               _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    // Owned from here: any failure below drops the box, which releases the data.
    let owned = ReleasedPointer(data, release)
    return entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        let pattern = try stringArgument(pattern, patternLen, name: "pattern")
        let target = try stringArgument(target, targetLen, name: "target")
        try box.book.change { () throws(CFailure) in
            try core { try box.router.add(pattern, target: target, value: owned) }
        }
    }
}

@c @implementation
public func sy_router_add_route_data(_ router: OpaquePointer?, _ route: UnsafePointer<sy_route>?,
                                     _ data: UnsafeMutableRawPointer?, _ release: sy_release_fn?,
                                     _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    // Owned from here: any failure below drops the box, which releases the data.
    let owned = ReleasedPointer(data, release)
    return entry(err) { () throws(CFailure) in try addRoute(router, route, value: owned) { _ throws(CFailure) in } }
}

/// Adds the C route at `route` carrying `value` (nil: none), once `adjust` has set what the
/// caller's function adds to it; all or nothing.
func addRoute(_ router: OpaquePointer?, _ route: UnsafePointer<sy_route>?, value: ReleasedPointer?,
              _ adjust: (inout Route) throws(CFailure) -> Void) throws(CFailure) {
    let box = try RouterBox.from(router)
    guard let route else { throw .misuse("route is NULL") }
    var r = try coreRoute(at: route, name: "route")
    if let value { r.value = value }
    try adjust(&r)
    try box.book.change { () throws(CFailure) in
        try core { try box.router.add(r) }
    }
}

@c @implementation
public func sy_match_data(_ match: OpaquePointer?) -> UnsafeMutableRawPointer? {
    withMatch(match, or: nil) { ($0.value as? ReleasedPointer)?.pointer }
}

@c @implementation
public func sy_router_handle(_ router: OpaquePointer?,
                             _ target: UnsafePointer<CChar>?, _ targetLen: Int,
                             _ fn: sy_handler_fn?, _ handlerData: UnsafeMutableRawPointer?,
                             _ release: sy_release_fn?,
                             _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    let owned = ReleasedPointer(handlerData, release)
    return entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        let target = try stringArgument(target, targetLen, name: "target")
        guard let fn else {
            box.router.handle(target, nil)
            return
        }
        let handler = CHandler(fn, owned)
        box.router.handle(target) { m, context in try handler.call(m, context) }
    }
}

@c @implementation
public func sy_router_dispatch(_ match: OpaquePointer?, _ router: OpaquePointer?,
                               _ url: UnsafePointer<CChar>?, _ urlLen: Int,
                               _ context: UnsafeMutableRawPointer?,
                               _ handledOut: UnsafeMutablePointer<Int32>?,
                               _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    handledOut?.pointee = 0
    // The ordinary resolve first: it checks the URL as resolve does, and is what the
    // match describes when no handler accepts.
    let resolved = sy_router_resolve(match, router, url, urlLen, err)
    guard resolved == SY_OK else { return resolved }
    return entry(err) { () throws(CFailure) in
        let matchBox = try MatchBox.from(match)
        let routerBox = try RouterBox.from(router)
        let text = try validString(try bytesArgument(url, urlLen, name: "url"), name: "url")
        // Held while handlers run: sy_router_resolve and the others refuse to write into it.
        matchBox.match.heldByDispatch = true
        defer { matchBox.match.heldByDispatch = false }
        do {
            // No lock of ours is held here: a handler may change the router or dispatch.
            let result = try routerBox.router.dispatchBuffer(text, context: DispatchContext(pointer: context))
            if let accepted = result.match {
                matchBox.match.takeResult(of: accepted)
                matchBox.stack = nil
                handledOut?.pointee = 1
            }
        } catch let e as HandlerFailure {
            matchBox.reset()
            throw e.failure
        } catch let e as SwitchyardError {
            matchBox.reset()
            throw CFailure(e)
        } catch {
            matchBox.reset()
            throw CFailure(SY_ERR_INTERNAL, "unexpected error from dispatch: \(error)")
        }
    }
}

/// A match's stack as sy_stack_entry values, their texts copied to addresses that stay
/// put until the next resolve drops the snapshot. After sy_router_candidates it also holds
/// the candidates still to come: the snapshot is what sy_router_resolve drops, so a
/// resolve since ends them without the resolve path doing anything of its own.
final class StackSnapshot {
    let entries: [sy_stack_entry]
    private let texts: [UnsafeMutableBufferPointer<UInt8>]
    var candidates: Candidates.Iterator?

    init(_ stack: [StackEntry], candidates: Candidates.Iterator? = nil) {
        self.candidates = candidates
        var texts: [UnsafeMutableBufferPointer<UInt8>] = []
        func copy(_ text: String?) -> sy_str {
            guard var text else { return absentString }
            return text.withUTF8 { utf8 -> sy_str in
                let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(utf8.count, 1))
                _ = out.initialize(from: utf8)
                texts.append(out)
                return syStr(UnsafePointer(out.baseAddress), utf8.count)
            }
        }
        entries = stack.map { e in
            sy_stack_entry(name: copy(e.name), pattern: copy(e.pattern), url: copy(e.url))
        }
        self.texts = texts
    }

    deinit { for t in texts { t.deallocate() } }
}

/// The stack of the match behind `handle`, worked out once per resolve.
private func stackSnapshot(_ box: MatchBox) -> StackSnapshot {
    if let s = box.stack { return s }
    let s = StackSnapshot(box.match.stack)
    box.stack = s
    return s
}

@c @implementation
public func sy_match_stack_count(_ match: OpaquePointer?) -> Int {
    guard let box = try? MatchBox.from(match) else { return 0 }
    return stackSnapshot(box).entries.count
}

@c @implementation
public func sy_match_stack_at(_ out: UnsafeMutablePointer<sy_stack_entry>?,
                              _ match: OpaquePointer?, _ i: Int,
                              _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    out?.pointee = sy_stack_entry()
    return entry(err) { () throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        let box = try MatchBox.from(match)
        let entries = stackSnapshot(box).entries
        guard i >= 0, i < entries.count else {
            throw .invalid("index \(UInt(bitPattern: i)) is out of range: the stack has \(entries.count) routes")
        }
        out.pointee = entries[i]
    }
}
