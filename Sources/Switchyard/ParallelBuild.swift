#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Compiling a large batch on two threads (`RouterOptions.parallelBuild`). A load or a batch
/// add spends about a third of its time compiling patterns and making the routes, and each
/// route is made on its own. The same rule (`shouldSplit`) splits the batch's conflict check
/// (Conflicts/ConflictIndex.swift), the table's trie (TreeInsertInTwo.swift) and, in C, the
/// reading of a batch's `sy_route` array.
enum ParallelBuild {
    /// The fewest routes a batch splits for. Below it the threads' start, their own heap
    /// arenas and their cold caches cost more than the split saves: a 2,000-route load was
    /// slower split than not, a 5,000-route one about a tenth faster, a 10,000-route one a
    /// quarter (with the table's trie split too).
    static let minimumRoutes = 5_000

    /// Whether the machine has a second processor for the split to use (read once).
    static let hasSecondProcessor: Bool = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1

    /// Whether `prepare` splits a batch of `count` routes, given the router's least size for
    /// a split (nil: never). Never when the router has a parameter type of the app's: its
    /// parse function may run while a query item's default is checked, and an app's function
    /// runs on the thread that called the library.
    static func shouldSplit(_ count: Int, from minimum: Int?, _ config: PatternConfig) -> Bool {
        guard let minimum else { return false }
        return count >= max(minimum, 2) && hasSecondProcessor && !config.types.hasParseFunctions
    }
}

extension RouterState {
    /// `prepare` on two threads started for the call (`concurrently`; this one waits): the
    /// first half of the routes with `pool`, the second with a literal pool of its own,
    /// starting from `atHalf`, the cost the sizing pass found for the first half. The result
    /// and the error are `prepare`'s: should the first half's patterns take other than
    /// `atHalf` says, the second half is compiled again here from the right cost; when both
    /// halves fail, the first half's error is thrown.
    package static func prepareInTwo(taking adding: inout [Route], half: Int, running: PatternCost,
                                     atHalf: PatternCost, config: PatternConfig, pool: LiteralPool,
                                     fromDocument: Bool = false,
                                     annotate: ((Int, SwitchyardError, Bool) -> SwitchyardError)?)
        throws(SwitchyardError) -> [CompiledRoute] {
        let count = adding.count
        var failure: HalfResult.Failure? = nil
        let out = [CompiledRoute](unsafeUninitializedCapacity: count) { out, made in
            guard let outBase = out.baseAddress else { return }
            adding.withUnsafeMutableBufferPointer { routes in
                guard let inBase = routes.baseAddress else { return }
                let halves = PreparedHalves(routes: inBase, out: outBase, config: config, fromDocument: fromDocument)
                var first = HalfResult(running: running), second = HalfResult(running: atHalf)
                concurrently({
                    halves.compile(0..<half, &first, pool)
                }, {
                    halves.compile(half..<count, &second, LiteralPool())
                })
                if first.failure == nil && first.running.expandedBytes != atHalf.expandedBytes {
                    halves.giveBack(half..<(half + second.made))
                    second = HalfResult(running: first.running)
                    halves.compile(half..<count, &second, pool)
                }
                if let f = first.failure ?? second.failure {
                    failure = f
                    outBase.deinitialize(count: first.made)
                    (outBase + half).deinitialize(count: second.made)
                    return
                }
                made = count
            }
        }
        // Every route is in `out` now, or was dropped with the batch on an error.
        adding = []
        if let failure { throw annotate?(failure.index, failure.error, failure.ofTemplate) ?? failure.error }
        return out
    }
}

/// What one half of `prepareInTwo` did: the cost it reached, the routes it made (from the
/// half's start), and the error that stopped it.
private struct HalfResult {
    typealias Failure = (index: Int, error: SwitchyardError, ofTemplate: Bool)
    var running: PatternCost
    var made = 0
    var failure: Failure? = nil
}

/// The routes of `prepareInTwo` and the memory the routes made go to; each half reads and
/// writes only its own indexes.
private struct PreparedHalves: @unchecked Sendable {  // both halves use it, on disjoint indexes
    let routes: UnsafeMutablePointer<Route>
    let out: UnsafeMutablePointer<CompiledRoute>
    let config: PatternConfig
    let fromDocument: Bool
    /// What a route moved out leaves in its place.
    let empty = Route("", target: "")

    /// Compiles the routes of `range` in order into `out`, each moved out of `routes` (an
    /// empty route left in its place), until one fails: that one stays in `routes`, so that
    /// the half can be compiled again.
    func compile(_ range: Range<Int>, _ result: inout HalfResult, _ pool: LiteralPool) {
        for index in range {
            let route = (routes + index).move()
            (routes + index).initialize(to: empty)
            var ofTemplate = false
            do throws(SwitchyardError) {
                let c = try RouterState.compiled(route, config: config, running: &result.running, pool: pool,
                                                 ofTemplate: &ofTemplate)
                (out + index).initialize(to: CompiledRoute(route: consume route, seq: 0, compiled: c,
                                                           fromDocument: fromDocument))
                result.made += 1
            } catch {
                (routes + index).pointee = route
                result.failure = (index, error, ofTemplate)
                return
            }
        }
    }

    /// Puts the routes made at `range` back in `routes`, and drops what was made of them.
    func giveBack(_ range: Range<Int>) {
        for index in range {
            (routes + index).pointee = (out + index).move().route
        }
    }
}
