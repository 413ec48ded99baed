// The fast paths are taken where they apply: a change that silently sends URLs to the full
// reader (correct answers, lost speed) fails here. Counted by debug builds (`swift test`).
import Testing
@testable import Switchyard

@Suite("Fast paths are taken")
struct FastPathTests {
    /// A path-only table has the static-path map; one with a host pattern has not.
    static let routes = ["/users", "/users/:id", "/users/:id/repos", "/files/*path"]
    static let webRoutes = ["https://h.example/api/:v", "/users"]

    /// (URL, the way its walk must go)
    static let rows: [(url: String, path: ResolvePathCounts.Path)] = [
        ("/users", .staticMap),
        ("/users/", .staticMap),
        ("/users/42", .byteWalk),
        ("/users/42/repos", .byteWalk),
        ("/files/a/b/c", .byteWalk),
        ("/nothing/here", .byteWalk),
        ("/users/42?tab=a", .byteWalk),
        ("/users/%34%32", .segmentList),
        ("/users//42", .segmentList),
        ("/users/./42", .segmentList),
        ("/users/a+b", .segmentList),
    ]

    @Test("each URL takes the way it should", arguments: rows)
    func way(_ row: (url: String, path: ResolvePathCounts.Path)) throws {
        #if DEBUG
        let r = try router(Self.routes)
        let m = MatchBuffer()
        _ = try r.resolve(row.url, into: m)
        var want = ResolvePathCounts()
        want.count(row.path)
        #expect(m.resolvePaths == want, "\(row.url)")
        #endif
    }

    @Test("a table with a host pattern walks clean web URLs from their bytes")
    func webURLs() throws {
        #if DEBUG
        let r = try router(Self.webRoutes)
        for url in ["https://h.example/api/1", "/users", "myapp://users"] {
            let m = MatchBuffer()
            _ = try r.resolve(url, into: m)
            #expect(m.resolvePaths.byteWalk == 1 && m.resolvePaths.segmentList == 0, "\(url)")
        }
        #endif
    }
}
