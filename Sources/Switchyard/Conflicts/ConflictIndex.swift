// The conflict index: every alternative of every route by its shape, so that a route
// added with the shape and priority of one already there is refused.

/// A variant's shape as the key of the conflict index: alternative `variant` of `route`,
/// hashed by its shape's seeded digest (`PatternVariant.shapeDigest`: the index holds every
/// alternative of every route, so shapes made to collide would make each change cost the
/// square of the routes) and equal to another key when the shapes are. The index keeps no
/// shape of its own. When a key's route is removed while routes of its shape remain,
/// `withdraw` makes the key again on one of them: the index keeps no removed route alive.
struct ShapeKey: Hashable {
    let digest: Int
    let route: CompiledRoute
    let variant: Int

    init(_ route: CompiledRoute, _ variant: Int) {
        self.route = route
        self.variant = variant
        digest = route.variants.withUnsafeBufferPointer { $0[variant].shapeDigest }
    }

    static func == (a: ShapeKey, b: ShapeKey) -> Bool {
        guard a.digest == b.digest else { return false }
        if a.route === b.route && a.variant == b.variant { return true }
        return a.route.variants.withUnsafeBufferPointer { x in
            b.route.variants.withUnsafeBufferPointer { y in x[a.variant].hasShape(of: y[b.variant]) }
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// Which of the index's two shards holds the key.
    var shard: Int { Self.shard(ofDigest: digest) }

    /// Which shard holds the keys of a variant with this shape digest.
    static func shard(ofDigest digest: Int) -> Int { digest & 1 }
}

/// The routes of one shape in the conflict index: nearly always one, held without an array.
enum ShapeRoutes {
    case one(CompiledRoute)
    case many([CompiledRoute])
}

/// The first conflict a batch meets: its route `index` in the batch, the alternative
/// `variant` of it, and the route already there.
struct ShapeConflict {
    let index: Int
    let variant: Int
    let other: CompiledRoute

    func precedes(_ c: ShapeConflict) -> Bool { (index, variant) < (c.index, c.variant) }
}

/// Variant shape -> the routes that have it (with their priority). Held in two shards by
/// the digest's low bit: a large batch enters each shard on a thread of its own. Shapes of
/// two shards never meet, so each shard finds the conflicts of its shapes as one index would.
struct ConflictIndex {
    private var shards: [[ShapeKey: ShapeRoutes]] = [[:], [:]]

    /// Room for `alternatives` more entries, so the shards do not grow step by step.
    mutating func reserve(adding alternatives: Int) {
        // The digests are seeded hashes: each shard gets close to half.
        let each = alternatives / 2 + alternatives / 32 + 16
        for s in shards.indices { shards[s].reserveCapacity(shards[s].count + each) }
    }

    /// Enters every alternative of `routes` in order, each route unless one already there of
    /// the same shape and priority, among those `counts`, conflicts with it: then returns
    /// the first conflict. Each shard is entered up to its own first conflict, so entries of
    /// routes past the one returned may have been made too (`withdraw` takes them out). With
    /// `inTwo`, each shard is entered on a thread of its own (`counts` is then called from
    /// both); otherwise one after the other.
    mutating func enter(_ routes: UnsafeBufferPointer<CompiledRoute>, inTwo: Bool,
                        counts: (CompiledRoute) -> Bool) -> ShapeConflict? {
        // Each shard is moved out for the time it is entered (on two threads, each owns one).
        var even: [ShapeKey: ShapeRoutes] = [:], odd: [ShapeKey: ShapeRoutes] = [:]
        swap(&even, &shards[0])
        swap(&odd, &shards[1])
        var first: ShapeConflict? = nil, second: ShapeConflict? = nil
        func enterEven() { first = Self.enter(routes, shard: 0, into: &even, counts: counts) }
        func enterOdd() { second = Self.enter(routes, shard: 1, into: &odd, counts: counts) }
        if inTwo {
            concurrently(enterEven, enterOdd)
        } else {
            enterEven()
            enterOdd()
        }
        swap(&even, &shards[0])
        swap(&odd, &shards[1])
        guard let a = first else { return second }
        guard let b = second else { return a }
        return a.precedes(b) ? a : b
    }

    /// The alternatives of `routes` whose keys are in `shard`, entered into it in order until
    /// the first conflict.
    private static func enter(_ routes: UnsafeBufferPointer<CompiledRoute>, shard: Int,
                              into index: inout [ShapeKey: ShapeRoutes],
                              counts: (CompiledRoute) -> Bool) -> ShapeConflict? {
        for i in routes.indices {
            let route = routes[i]
            let conflict: ShapeConflict? = route.variants.withUnsafeBufferPointer { variants in
                for k in variants.indices where ShapeKey.shard(ofDigest: variants[k].shapeDigest) == shard {
                    if let other = enter(route, into: &index[ShapeKey(route, k)], counts: counts) {
                        return ShapeConflict(index: i, variant: k, other: other)
                    }
                }
                return nil
            }
            if conflict != nil { return conflict }
        }
        return nil
    }

    /// Appends `route` to the routes of one shape unless one of them at the same priority
    /// (among those `counts`) conflicts with it: that one is returned.
    private static func enter(_ route: CompiledRoute, into slot: inout ShapeRoutes?,
                              counts: (CompiledRoute) -> Bool) -> CompiledRoute? {
        func clashes(_ r: CompiledRoute) -> Bool { r.route.priority == route.route.priority && counts(r) }
        switch slot {
        case nil:
            slot = .one(route)
        case .one(let r)?:
            if clashes(r) { return r }
            slot = .many([r, route])
        case .many(var list)?:
            if let r = list.first(where: clashes) { return r }
            slot = nil  // `list` is then the only reference: appended in place
            list.append(route)
            slot = .many(list)
        }
        return nil
    }

    /// Takes `gone` out of the index (keys left empty are dropped). A route whose entries
    /// were never made is passed over.
    mutating func withdraw(_ gone: some Sequence<CompiledRoute>) {
        for r in gone {
            for k in r.variants.indices {
                let key = ShapeKey(r, k)
                Self.withdraw(r, k, key, from: &shards[key.shard])
            }
        }
    }

    private static func withdraw(_ r: CompiledRoute, _ k: Int, _ key: ShapeKey, from shapes: inout [ShapeKey: ShapeRoutes]) {
        switch shapes[key] {
        case nil:
            return
        case .one(let only)?:
            if only === r { shapes[key] = nil }
        case .many(var list)?:
            list.removeAll { $0 === r }
            let rest: ShapeRoutes? = list.count > 1 ? .many(list) : list.first.map { .one($0) }
            // The entry's key may stand on `r`: it is made again on a route that
            // stays, so that the index keeps no removed route alive.
            if let at = shapes.index(forKey: key), shapes[at].key.route === r, let stays = list.first,
               let v = stays.variants.firstIndex(where: { $0.hasShape(of: r.variants[k]) }) {
                shapes.remove(at: at)
                shapes[ShapeKey(stays, v)] = rest
            } else {
                shapes[key] = rest
            }
        }
    }
}
