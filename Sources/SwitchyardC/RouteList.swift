// sy_router_route_count / sy_router_route_at, and the bookkeeping they need beyond the
// core's public API: copies of the routes' texts at addresses that stay put (a Swift
// String may keep a short text inline, where no pointer to it outlives the call that made it).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSwitchyard
import Switchyard

/// One router's route list as C sees it. Every change the C API makes to the router runs
/// under this lock, so a snapshot is always of the routes between two changes.
///
/// The texts handed out live in a snapshot made by the first read after a change and
/// dropped by the next change: the header promises them until the router is next changed.
final class RouteBook: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var snapshot: RouteSnapshot?

    init() {
        // A pthread mutex, as the core's locks: ThreadSanitizer understands it.
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    private func locked<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs a change of the routes (an add, a remove, a rule document load).
    func change<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        try locked { () throws(E) -> R in
            snapshot = nil
            return try body()
        }
    }

    /// Runs `body` with the current snapshot, made first if a change dropped it.
    func withSnapshot<R>(of router: Router, _ body: (RouteSnapshot) -> R) -> R {
        locked { () -> R in
            let current = snapshot ?? RouteSnapshot(router.routes)
            snapshot = current
            return body(current)
        }
    }
}

/// Every route as an sy_route_info, its texts copied into one allocation.
final class RouteSnapshot {
    let count: Int
    private let infos: UnsafeMutablePointer<sy_route_info>
    private let bytes: UnsafeMutablePointer<UInt8>

    init(_ routes: [Route]) {
        var size = 0
        for r in routes {
            size += r.pattern.utf8.count + (r.name?.utf8.count ?? 0) + (r.parent?.utf8.count ?? 0)
            switch r.destination {
            case .target(let t): size += t.utf8.count
            case .redirect(let u): size += u.utf8.count
            }
        }
        count = routes.count
        infos = .allocate(capacity: max(routes.count, 1))
        bytes = .allocate(capacity: max(size, 1))
        var used = 0
        func copy(_ text: String) -> sy_str {
            var text = text
            let start = bytes + used
            text.withUTF8 { utf8 in
                if let base = utf8.baseAddress { start.update(from: base, count: utf8.count) }
                used += utf8.count
            }
            return syStr(UnsafePointer(start), used - (start - bytes))
        }
        for (i, r) in routes.enumerated() {
            var info = sy_route_info()
            info.pattern = copy(r.pattern)
            switch r.destination {
            case .target(let t): info.target = copy(t)
            case .redirect(let u): info.redirect = copy(u)
            }
            if let name = r.name { info.name = copy(name) }
            if let parent = r.parent { info.parent = copy(parent) }
            // The core keeps priorities within 32 bits; clamped all the same.
            info.priority = Int32(clamping: r.priority)
            info.flags = r.appendParams ? 0 : SY_ROUTE_NO_APPEND_PARAMS
            switch r.dialect {
            case .urlpattern?: info.flags |= SY_ROUTE_DIALECT_URLPATTERN
            case .switchyard?: info.flags |= SY_ROUTE_DIALECT_SWITCHYARD
            case nil: break
            }
            if r.ignoreCase { info.flags |= SY_ROUTE_IGNORE_CASE }
            info.from_document = r.fromDocument ? 1 : 0
            (infos + i).initialize(to: info)
        }
    }

    deinit {
        infos.deinitialize(count: count)
        infos.deallocate()
        bytes.deallocate()
    }

    subscript(i: Int) -> sy_route_info { infos[i] }
}

@c @implementation
public func sy_router_route_count(_ router: OpaquePointer?) -> Int {
    guard let box = try? RouterBox.from(router) else { return 0 }
    return box.book.withSnapshot(of: box.router) { $0.count }
}

@c @implementation
public func sy_router_route_at(_ out: UnsafeMutablePointer<sy_route_info>?,
                               _ router: OpaquePointer?, _ i: Int,
                               _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    out?.pointee = sy_route_info()
    return entry(err) { () throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        let box = try RouterBox.from(router)
        let (count, info) = box.book.withSnapshot(of: box.router) { s in
            (s.count, i >= 0 && i < s.count ? s[i] : nil)
        }
        guard let info else {
            throw .invalid("index \(UInt(bitPattern: i)) is out of range: the router has \(count) routes")
        }
        out.pointee = info
    }
}
