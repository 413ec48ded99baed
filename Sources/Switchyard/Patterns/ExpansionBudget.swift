/// The bound on what a route table costs (SEMANTICS.md §7, docs/SECURITY.md "Limits").
///
/// Optional groups multiply a pattern: `/a(/b)(/c)` is three alternatives of one route, and
/// each alternative costs the table (trie nodes, edges, key bytes, entries) about what a
/// route of its own would. A pattern's cost is its alternatives written out in full, each
/// counted as its length plus one byte (`CompiledPattern.expandedSize`); without groups,
/// that is its length plus one. The routes of one router together may cost at most
/// 1.5 times the length of their patterns (`scaled`), plus `allowance`, and never more than
/// `ceiling`. So the memory and the build time of a table are linear in the size of the
/// patterns given (a rule document's included), whatever its groups say. The factor is
/// what a byte of alternative costs in memory: about 100 bytes for short alternatives
/// (their segments, shape, trie nodes and conflict entries), so the half byte of room each
/// byte of pattern leaves for groups is at most about 50 bytes of table.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum ExpansionBudget {
    /// Bytes of alternatives `patternBytes` of patterns may bring: 1.5 per byte. A pattern
    /// without groups brings its length plus one, so any number of them fits (those of one
    /// byte, of which a router has a handful, in the allowance).
    static func scaled(_ patternBytes: Int) -> (Int, overflow: Bool) {
        let (tripled, overflow) = patternBytes.multipliedReportingOverflow(by: 3)
        return (tripled / 2, overflow)
    }
    /// Room every router has on top, for a few patterns with many groups (an 8-group
    /// pattern of 40 bytes expands to about 4 KB).
    static let allowance = 1 << 20
    /// Past this the table's 32-bit offsets could overflow (nodes, edges and hash slots
    /// are each a small multiple of it).
    static let ceiling = 1 << 27

    /// Bytes of alternatives a router whose patterns total `patternBytes` may hold.
    static func limit(patternBytes: Int) -> Int {
        let (scaled, overflow) = scaled(patternBytes)
        if overflow || scaled >= ceiling - allowance { return ceiling }
        return scaled + allowance
    }

    /// The bytes of alternatives still allowed in a router whose patterns total
    /// `patternBytes` and cost `expandedBytes`.
    static func room(patternBytes: Int, expandedBytes: Int) -> Int {
        max(0, limit(patternBytes: patternBytes) - expandedBytes)
    }

    /// The error when the routes together would pass `ceiling`, whatever their groups:
    /// the table's offsets, not the groups, are what the bound protects.
    static func overCeilingMessage(expandedSize: Int, room: Int) -> String {
        "the route's alternatives take \(expandedSize) bytes, over the \(room) left of the "
            + "\(ceiling >> 20) MiB the patterns of one router may total (the most a route table "
            + "can index; split the routes between routers)"
    }

    static func overMessage(expandedSize: Int, room: Int) -> String {
        "the pattern's optional groups expand to \(expandedSize) bytes of alternatives, over the \(room) "
            + "the route table has room for (its routes' alternatives may total 1.5 bytes "
            + "per byte of pattern, plus 1 MiB; write some alternatives as routes of their own)"
    }

    /// What a route's alternatives cost when its pattern has no '(' (so no group), read from
    /// its length alone; nil for a pattern that may have groups, and for the `urlpattern`
    /// dialect. The pattern is not checked: when it compiles, `expandedSize(of:)` gives the same.
    static func groupFreeSize(of route: Route, _ config: PatternConfig) -> Int? {
        groupFreeSize(pattern: route.pattern, dialect: route.dialect, config)
    }

    /// `groupFreeSize(of:)` from the route's pattern and dialect, for a caller that reads
    /// them in place (a Route passed by value from memory is copied whole first).
    static func groupFreeSize(pattern: String, dialect: PatternDialect?, _ config: PatternConfig) -> Int? {
        if (dialect ?? config.dialect) == .urlpattern { return nil }
        let utf8 = pattern.utf8
        let hasParenthesis = utf8.withContiguousStorageIfAvailable { b in
            b.baseAddress.map { memchr($0, 0x28, b.count) != nil } ?? false
        } ?? utf8.contains(0x28)
        return hasParenthesis ? nil : utf8.count + 1
    }

    /// What a route's alternatives cost, without compiling it (see `CompiledPattern.expandedSize`).
    static func expandedSize(of route: Route, _ config: PatternConfig) throws(SwitchyardError) -> Int {
        if (route.dialect ?? config.dialect) == .urlpattern { return try urlPatternExpandedSize(route, config) }
        return try patternExpandedSize(route.pattern, config)
    }
}
