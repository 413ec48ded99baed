// A C array of sy_route translated into core Routes: one thread, or two for a batch the
// core compiles on two (`Router.buildsInTwo`), each translating half of it.
import CSwitchyard
import Switchyard
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The core Routes of the C array `routes` of `count` (at least 1), in order. Every route is
/// translated before the router sees any, so a bad one leaves the router untouched; the
/// error is that of the first bad route.
func coreRoutes(_ routes: UnsafePointer<sy_route>, count: Int, inTwo: Bool) throws(CFailure) -> [Route] {
    let array = RouteArray(base: UnsafeRawPointer(routes))
    // Two halves write into one array of `count` routes. A count too large for memory
    // would make that allocation trap: malloc answers it with NULL instead, so a block of
    // the size is asked for first. Without it, the routes are read on one thread into an
    // array that grows as they are.
    let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Route>.stride)
    guard inTwo, !overflow, let probe = malloc(bytes) else {
        var batch: [Route] = []
        // The reservation is capped: a lying count must not become a huge allocation
        // (reading past the caller's array would be the caller's bug, not ours to trap on).
        batch.reserveCapacity(min(count, 4096))
        for i in 0..<count { batch.append(try array.route(i)) }
        return batch
    }
    free(probe)
    let half = count / 2
    var first = HalfTranslation(), second = HalfTranslation()
    let batch = [Route](unsafeUninitializedCapacity: count) { out, made in
        guard let base = out.baseAddress else { return }
        concurrently({ array.translate(0..<half, into: base, &first) },
                     { array.translate(half..<count, into: base, &second) })
        if first.failure != nil || second.failure != nil {
            base.deinitialize(count: first.made)
            (base + half).deinitialize(count: second.made)
            return
        }
        made = count
    }
    // The first half's routes come first, so its error is the first bad route's.
    if let failure = first.failure ?? second.failure { throw failure }
    return batch
}

/// What one half of `coreRoutes` made: the routes from the half's start, and the error
/// that stopped it.
private struct HalfTranslation {
    var made = 0
    var failure: CFailure? = nil
}

private struct RouteArray: @unchecked Sendable {  // read only, by both halves
    let base: UnsafeRawPointer
    /// The first route's version is the array's: it gives the stride, which is smaller
    /// for a caller built with an older header.
    let version: UInt32
    let stride: Int

    init(base: UnsafeRawPointer) {
        self.base = base
        version = base.load(as: UInt32.self)
        stride = routeSize(version)
    }

    /// The route at index `i`, its error naming that index.
    func route(_ i: Int) throws(CFailure) -> Route {
        do throws(CFailure) {
            let element = base + i * stride
            let own = element.load(as: UInt32.self)
            guard own == version || !knownRouteVersions.contains(version) else {
                throw .misuse("routes[\(i)].version is \(own) but routes[0].version is \(version); every route of an array has one version (it gives the size of each)")
            }
            // The label is made only for a message: building it for every route of a
            // large batch cost more than reading the route.
            return try coreRoute(at: element, name: "routes[\(i)]")
        } catch {
            var failure = error
            failure.routeIndex = i
            throw failure
        }
    }

    /// Writes the routes of `range` to their places in `out`, in order, until one fails.
    func translate(_ range: Range<Int>, into out: UnsafeMutablePointer<Route>, _ result: inout HalfTranslation) {
        for i in range {
            do throws(CFailure) {
                (out + i).initialize(to: try route(i))
                result.made += 1
            } catch {
                result.failure = error
                return
            }
        }
    }
}
