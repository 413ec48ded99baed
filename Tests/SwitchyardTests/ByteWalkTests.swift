// The walk over the URL's own bytes (Router.walk) and the segments it cannot take as they
// are: empty, `.` and `..` (SEMANTICS §1). The walk gives such a URL to the full reader
// when it reads one of them; a walk that ends early (a miss) may not have read the rest,
// so its answer stands only when the rest needs no normalisation either. Each row is the
// answer the normalised path gives.
import Testing
import Switchyard

@Suite("Byte walk and segments to normalise")
struct ByteWalkTests {
    /// (routes, URL, expected winner or nil), each on a fresh router with default options.
    static let cases: [WinnerRow] = [
        // The walk stops at "x" (no route goes on from it), before the segment that removes it.
        (["/a/:id/c"], "/a/1/x/../c", "/a/:id/c"),
        (["/a/:id/c"], "/a/1/x/./../c", "/a/:id/c"),
        (["/a/<int:id>/c"], "/a/1/x/../c", "/a/<int:id>/c"),
        (["/a/b/*rest"], "/a/x/../b/c/d", "/a/b/*rest"),
        (["/a/:x/:y"], "/a/b//c", "/a/:x/:y"),
        (["/a/:x/:y"], "/a/b/c/d/..", "/a/:x/:y"),
        (["/a/:x/:y"], "/a/b/c/d/.", nil),
        // Empty segments and dot segments after the point where the walk stops, then a miss.
        (["/a/:x"], "/a/b/c//", nil),
        (["/a/:x"], "/b/c/./d", nil),
        // A custom scheme's authority is the first segment; a web host is not a segment.
        (["myapp://user/:id"], "myapp://x/../user/42", "myapp://user/:id"),
        (["https://example.com/user/:id"], "https://example.com/x/../user/42", "https://example.com/user/:id"),
        // A segment that only starts with '.' is an ordinary segment.
        (["/x/.well-known/:f"], "/x/.well-known/a", "/x/.well-known/:f"),
        (["/x/:name"], "/x/.hidden", "/x/:name"),
        (["/x/:name"], "/x/...", "/x/:name"),
        (["/x/:name"], "/x/a.b/", "/x/:name"),
        // A query or fragment is not part of the path, whatever it holds.
        (["/a/:x"], "/a/b?next=/c/../d//e", "/a/:x"),
        (["/a/:x"], "/a/b#/..", "/a/:x"),
        (["/a/:x/c"], "/a/b/d?x=/../c", nil),
    ]

    @Test("a walk that stops early answers as the normalised path does", arguments: cases)
    func rows(_ row: WinnerRow) throws {
        try expectWinner(row)
    }

    @Test("the captures come from the normalised path")
    func captures() throws {
        let r = try router(["/a/:id/c", "/a/:id/:x/:y"])
        let m = try #require(expectWinner(r, "/a/1/x/../c", "/a/:id/c"))
        #expect(pathPairs(m) == ["id=1"])
    }
}
