// The objects behind sy_router * and sy_match *. A handle is an Unmanaged, retained
// reference to a HandleBox subclass; every box starts with a tag so that a handle of the
// wrong kind (a match passed as a router) or an already freed one gives SY_ERR_MISUSE
// more often than a crash. This is best effort (as SQLite's SafetyCheck): a pointer that
// never was a handle is undefined behaviour all the same.
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

    /// The opaque pointer given to C; the box stays alive (+1) until `release(_:)`.
    func retainedHandle() -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    /// The live box behind `handle` if its tag is `tag`, else nil. Does not retain.
    static func box(_ handle: OpaquePointer?, tag: UInt64) -> HandleBox? {
        guard let handle else { return nil }
        let box = Unmanaged<HandleBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
        return box.tag == tag ? box : nil
    }

    /// Balances `retainedHandle()`: marks the box freed, then drops the +1.
    static func release(_ handle: OpaquePointer?, tag: UInt64) {
        guard let box = box(handle, tag: tag), let handle else { return }
        box.tag = HandleTag.freed
        Unmanaged<HandleBox>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}

/// What an sy_router * points to.
final class RouterBox: HandleBox {
    let router: Router
    /// Kept to replay a failed batch on a scratch router (see BatchErrors.swift).
    let options: RouterOptions
    init(_ router: Router, options: RouterOptions) {
        self.router = router
        self.options = options
        super.init(tag: HandleTag.router)
    }

    /// The router behind a C argument named `name`, or misuse.
    static func from(_ handle: OpaquePointer?, name: String = "router") throws(CFailure) -> RouterBox {
        guard handle != nil else { throw .misuse("\(name) is NULL") }
        guard let box = HandleBox.box(handle, tag: HandleTag.router) else {
            throw .misuse("\(name) is not a live sy_router (wrong kind of handle, or already freed)")
        }
        return unsafeDowncast(box, to: RouterBox.self)
    }
}

/// What an sy_match * points to. `match` is replaced by a fresh Match when a resolve
/// fails, so a failed resolve reads as "before any resolve" as the header promises.
final class MatchBox: HandleBox {
    var match: Match
    init() {
        self.match = Match()
        super.init(tag: HandleTag.match)
    }

    static func from(_ handle: OpaquePointer?, name: String = "match") throws(CFailure) -> MatchBox {
        guard handle != nil else { throw .misuse("\(name) is NULL") }
        guard let box = HandleBox.box(handle, tag: HandleTag.match) else {
            throw .misuse("\(name) is not a live sy_match (wrong kind of handle, or already freed)")
        }
        return unsafeDowncast(box, to: MatchBox.self)
    }

    /// For the infallible accessors: the match, or nil for NULL or a wrong handle.
    static func lookup(_ handle: OpaquePointer?) -> Match? {
        guard let box = HandleBox.box(handle, tag: HandleTag.match) else { return nil }
        return unsafeDowncast(box, to: MatchBox.self).match
    }
}
