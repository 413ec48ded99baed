// The objects behind sy_router * and sy_match *. A handle is an Unmanaged, retained
// reference to a HandleBox subclass; every box starts with a tag so that a handle of the
// wrong kind (a match passed as a router) or an already freed one gives SY_ERR_MISUSE
// more often than a crash. This is best effort (as SQLite's SafetyCheck): a pointer that
// never was a handle is undefined behaviour all the same.
//
// Hot paths (resolve, the accessors) look boxes up with `withHandle`, which borrows the
// box without a retain/release pair: one router is shared by every resolving thread, and
// an atomic reference-count update on it per resolve would make those threads contend
// on one cache line.
import CSwitchyard
import Switchyard

enum HandleTag {
    // Arbitrary constants, unlikely to be found at that offset by chance.
    static let router: UInt64 = 0x5259_5241_5445_5253
    static let match: UInt64 = 0x4D41_5443_485F_5953
    static let freed: UInt64 = 0xDEAD_F4EE_DEAD_F4EE
}

/// The common head of every handle: only the tag, so any live handle can be read as a
/// HandleBox and its kind checked before it is downcast.
class HandleBox {
    var tag: UInt64
    init(tag: UInt64) { self.tag = tag }

    /// The opaque pointer given to C; the box stays alive (+1) until `release(_:tag:)`.
    func retainedHandle() -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    /// Balances `retainedHandle()` if `handle` is a live box of kind `tag`: marks the box
    /// freed, then drops the +1. NULL and wrong handles are ignored (free cannot fail).
    static func release(_ handle: OpaquePointer?, tag: UInt64) {
        guard let handle else { return }
        let unmanaged = Unmanaged<HandleBox>.fromOpaque(UnsafeRawPointer(handle))
        let live = unmanaged._withUnsafeGuaranteedRef { box in
            guard box.tag == tag else { return false }
            box.tag = HandleTag.freed
            return true
        }
        if live { unmanaged.release() }
    }
}

/// Calls `body` with the box behind a non-NULL handle, borrowed (no retain): the caller's
/// handle keeps it alive for the duration of the call.
@inline(__always)
func withHandle<R>(_ handle: OpaquePointer, _ body: (HandleBox) -> R) -> R {
    Unmanaged<HandleBox>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef(body)
}

/// What an sy_router * points to.
final class RouterBox: HandleBox {
    let router: Router
    /// Every change goes through it; it answers sy_router_route_count / _route_at.
    let book = RouteBook()
    init(_ router: Router) {
        self.router = router
        super.init(tag: HandleTag.router)
    }

    /// The router behind a C argument named `name`, or misuse (retained; for the
    /// functions that change the router, where a retain does not matter).
    static func from(_ handle: OpaquePointer?, name: StaticString = "router") throws(CFailure) -> RouterBox {
        guard let handle else { throw .misuse("\(name) is NULL") }
        let box = withHandle(handle) { $0.tag == HandleTag.router ? unsafeDowncast($0, to: RouterBox.self) : nil }
        guard let box else { throw wrongHandle(name, "sy_router") }
        return box
    }
}

/// What an sy_match * points to.
final class MatchBox: HandleBox {
    /// A `let`, so the resolve path and the accessors read it without a retain;
    /// sy_router_dispatch moves the accepting candidate's result into it (takeResult).
    let match: MatchBuffer
    /// The screen stack handed out by sy_match_stack_at, and the candidates still to come
    /// after this result (Candidates.swift), until the next resolve drops them.
    @exclusivity(unchecked) var stack: StackSnapshot?
    /// The text sy_router_resolve_params_text returns (NUL-terminated), grown as needed and
    /// kept: after warm-up a resolve writes into it without allocating.
    @exclusivity(unchecked) var text: UnsafeMutablePointer<UInt8>? = nil
    @exclusivity(unchecked) var textCapacity = 0
    init(_ match: MatchBuffer = MatchBuffer()) {
        self.match = match
        super.init(tag: HandleTag.match)
    }

    deinit { text?.deallocate() }

    /// The match behind a C argument named `name`, or misuse (retained; the hot paths use
    /// withMatch / matchEntry instead).
    static func from(_ handle: OpaquePointer?, name: StaticString = "match") throws(CFailure) -> MatchBox {
        guard let handle else { throw .misuse("\(name) is NULL") }
        let box = withHandle(handle) { $0.tag == HandleTag.match ? unsafeDowncast($0, to: MatchBox.self) : nil }
        guard let box else { throw wrongHandle(name, "sy_match") }
        return box
    }

    /// Puts the match back in the state it had before any resolve, as the header promises
    /// after a failed resolve: a miss with an empty URL and no redirects, whatever the failed
    /// resolve left behind.
    func reset() {
        stack = nil
        match.reset()
    }
}

/// What a function that would write into a match says when a dispatch holds it (the match
/// given to sy_router_dispatch, or the candidate handed to a handler, while it runs):
/// `MatchBuffer.heldByDispatch`. The match is left as it is.
let heldByDispatch = CFailure.misuse(
    "match is in a dispatch that is still running: a handler that resolves or dispatches needs an sy_match of its own")

func wrongHandle(_ name: StaticString, _ kind: StaticString) -> CFailure {
    .misuse("\(name) is not a live \(kind) (wrong kind of handle, or already freed)")
}

/// Runs `body` with the match behind `handle` (borrowed); `fallback` for NULL or a
/// handle that is not a live match. For the accessors that cannot fail.
@inline(__always)
func withMatch<R>(_ handle: OpaquePointer?, or fallback: R, _ body: (MatchBuffer) -> R) -> R {
    guard let handle else { return fallback }
    return withHandle(handle) { box in
        box.tag == HandleTag.match ? body(unsafeDowncast(box, to: MatchBox.self).match) : fallback
    }
}

/// The entry() shape for fallible functions that read a match: clears err, checks the
/// handle, runs `body` with the match borrowed, reports a failure.
@inline(__always)
func matchEntry(_ handle: OpaquePointer?, _ err: UnsafeMutablePointer<sy_error>?,
                _ body: (MatchBuffer) throws(CFailure) -> Void) -> sy_status {
    clearError(err)
    guard let handle else { return report(.misuse("match is NULL"), into: err) }
    return withHandle(handle) { box -> sy_status in
        guard box.tag == HandleTag.match else { return report(wrongHandle("match", "sy_match"), into: err) }
        do throws(CFailure) {
            try body(unsafeDowncast(box, to: MatchBox.self).match)
            return SY_OK
        } catch {
            return report(error, into: err)
        }
    }
}
