// Inline parameters (`:id.:format`, `<algorithm>:<hash>`) and catch-alls followed by more of
// the pattern (`/*namespace/:project/-/issues`): SEMANTICS.md §2, §3 and §8.
import Testing
import Switchyard

/// A row: routes, a URL, the winning pattern (nil: a miss) and its path parameters.
typealias CaptureRow = (routes: [String], url: String, winner: String?, params: [String])

private func check(_ row: CaptureRow, options: RouterOptions = RouterOptions(),
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    let r = try router(row.routes, options: options)
    guard let m = expectWinner(r, row.url, row.winner, sourceLocation: sourceLocation) else { return }
    if row.winner != nil {
        #expect(pathPairs(m) == row.params, "\(row.url): parameters \(pathPairs(m))", sourceLocation: sourceLocation)
    }
}

@Suite("Inline parameters and catch-alls in the middle")
struct MidPathPatternTests {
    static let inlineRows: [CaptureRow] = [
        (["/files/:id.:format"], "/files/12.json", "/files/:id.:format", ["id=12", "format=json"]),
        // A parameter followed by another ends at the first '.': the last one takes the rest.
        (["/files/:id.:format"], "/files/1.2.json", "/files/:id.:format", ["id=1", "format=2.json"]),
        (["/files/:id.:format"], "/files/12", nil, []),
        (["/files/:id.:format"], "/files/.json", nil, []),
        (["/files/:id.:format"], "/files/12.", nil, []),
        // A last literal ends the segment: the parameter before it takes everything up to it.
        (["/f/file-:name.json"], "/f/file-a.json.json", "/f/file-:name.json", ["name=a.json"]),
        (["/f/file-:name.json"], "/f/file-.json", nil, []),
        (["/f/file-:name.json"], "/f/FILE-a.json", nil, []),
        (["/r/:a-:b"], "/r/x-y-z", "/r/:a-:b", ["a=x", "b=y-z"]),
        (["/v2/:name/blobs/<algorithm>:<hash>"], "/v2/lib/blobs/sha256:abc", "/v2/:name/blobs/<algorithm>:<hash>",
         ["name=lib", "algorithm=sha256", "hash=abc"]),
        (["/c/:from...:to"], "/c/v1...v2", "/c/:from...:to", ["from=v1", "to=v2"]),
        (["/c/:from...:to"], "/c/v1..v2", nil, []),
        (["/b/release.:format"], "/b/release.svg", "/b/release.:format", ["format=svg"]),
        // Decoded before matching, like a literal segment.
        (["/f/:a.:b"], "/f/x%2Ey.z", "/f/:a.:b", ["a=x", "b=y.z"]),
        // Never '.' or '..' as a value.
        (["/d/:a-:b"], "/d/..-x", nil, []),
        // Precedence: literal > inline > typed > :name; more literal text first.
        (["/p/:id", "/p/:id.json", "/p/x.json"], "/p/x.json", "/p/x.json", []),
        (["/p/:id", "/p/:id.json"], "/p/x.json", "/p/:id.json", ["id=x"]),
        (["/p/<int:id>", "/p/:id.:f"], "/p/7.5", "/p/:id.:f", ["id=7", "f=5"]),
        (["/p/:a.:b", "/p/:a.json"], "/p/x.json", "/p/:a.json", ["a=x"]),
        (["/p/:a.:b", "/p/:a.json"], "/p/x.txt", "/p/:a.:b", ["a=x", "b=txt"]),
        // Backtracking: the inline segment matches but what follows does not.
        (["/q/:a.:b/x", "/q/:c/y"], "/q/1.2/y", "/q/:c/y", ["c=1.2"]),
    ]

    @Test("inline parameters: matches, captures, precedence", arguments: 0..<inlineRows.count)
    func inline(_ i: Int) throws { try check(Self.inlineRows[i]) }

    static let catchAllRows: [CaptureRow] = [
        (["/*ns/:project/-/issues"], "/gitlab-org/gitlab/-/issues", "/*ns/:project/-/issues",
         ["ns=gitlab-org", "project=gitlab"]),
        (["/*ns/:project/-/issues"], "/a/b/c/gitlab/-/issues", "/*ns/:project/-/issues",
         ["ns=a/b/c", "project=gitlab"]),
        // One or more segments.
        (["/*ns/:project/-/issues"], "/gitlab/-/issues", nil, []),
        // Shortest first: the catch-all takes as little as lets the rest match.
        (["/a/*x/b/:y"], "/a/1/b/2/b/3", "/a/*x/b/:y", ["x=1/b/2", "y=3"]),
        (["/a/*x/b/*y"], "/a/1/b/2/b/3", "/a/*x/b/*y", ["x=1", "y=2/b/3"]),
        (["/a/*x/b"], "/a/1/b/2/b", "/a/*x/b", ["x=1/b/2"]),
        (["/v2/<path:name>/blobs/:digest"], "/v2/library/ubuntu/blobs/sha256:1", "/v2/<path:name>/blobs/:digest",
         ["name=library/ubuntu", "digest=sha256:1"]),
        // Below parameters and a middle '*' at its position, above remainders.
        (["/a/*x/c", "/a/:y/c"], "/a/b/c", "/a/:y/c", ["y=b"]),
        (["/a/*x/c", "/a/:y/c"], "/a/b/b/c", "/a/*x/c", ["x=b/b"]),
        (["/a/*x/c", "/a/*rest"], "/a/b/c", "/a/*x/c", ["x=b"]),
        (["/a/*x/c", "/a/*rest"], "/a/b/d", "/a/*rest", ["rest=b/d"]),
        // With text after its name: the last segment ends with it.
        (["/*id.:format"], "/a/b/c.json", "/*id.:format", ["id=a/b/c", "format=json"]),
        (["/*id.:format"], "/c.tar.gz", "/*id.:format", ["id=c", "format=tar.gz"]),
        (["/*id.:format"], "/a/b", nil, []),
        (["/g/*id/n.:format"], "/g/x/y/n.json", "/g/*id/n.:format", ["id=x/y", "format=json"]),
        // Text after its name keeps it a catch-all in the middle: below a whole-segment parameter.
        (["/user/*p.:q", "/user/:p"], "/user/x.y", "/user/:p", ["p=x.y"]),
        (["/user/*p.:q", "/user/:p"], "/user/a/b.c", "/user/*p.:q", ["p=a/b", "q=c"]),
        // Decoded segments are joined as they read.
        (["/*ns/-/x"], "/a%2Fb/c%20d/-/x", "/*ns/-/x", ["ns=a/b/c d"]),
        // Two catch-alls: each as short as lets the rest match.
        (["/*a/x/*b/y"], "/1/x/2/x/3/y", "/*a/x/*b/y", ["a=1", "b=2/x/3"]),
        (["/*a/x/*b/y"], "/1/x/2/x/3/z", nil, []),
    ]

    @Test("catch-alls in the middle: matches, captures, precedence", arguments: 0..<catchAllRows.count)
    func catchAll(_ i: Int) throws { try check(Self.catchAllRows[i]) }

    @Test("with a strict trailing slash, '/a/*x/' differs from '/a/*x'")
    func strictSlash() throws {
        var o = RouterOptions()
        o.strictTrailingSlash = true
        let r = try router(["/b/*branch", "/b/*branch/", "/b/*branch/-/*path"], options: o)
        expectWinner(r, "/b/main", "/b/*branch")
        expectWinner(r, "/b/main/", "/b/*branch/")
        expectWinner(r, "/b/fix/x/", "/b/*branch/")
        let m = expectWinner(r, "/b/fix/x/-/src/a.c", "/b/*branch/-/*path")
        if let m { #expect(pathPairs(m) == ["branch=fix/x", "path=src/a.c"]) }
    }

    static let badPatterns: [(pattern: String, message: String, at: Int)] = [
        ("/a/:a:b", "two parameters need literal text between them", 5),
        ("/a/<a><b>", "two parameters need literal text between them", 6),
        ("/a/x<int:n>", "a '<int:...>' parameter must be a whole segment", 5),
        ("/a/:id.<re:n:[0-9]+>", "a '<re:...>' parameter must be a whole segment", 8),
        ("/a/:id.<date:d>", "unknown type 'date'", 8),
        ("/a/:id.<b", "unclosed '<'", 7),
        ("/a/:x.:x", "parameter 'x' is used twice", 7),
        ("/*id:f", "two parameters need literal text between them", 4),
        ("/a/:id.j>", "'>' is not allowed inside a segment's literal text", 8),
        ("/*a/*b/*c/*d/*e/*f/*g/*h/*i/x", "more than 8 catch-alls followed by more of the pattern", 25),
    ]

    @Test("bad patterns say what and where", arguments: 0..<badPatterns.count)
    func badPattern(_ i: Int) throws {
        let row = Self.badPatterns[i]
        let r = Router()
        let e = expectError(.invalidPattern, row.pattern) { try r.add(row.pattern, target: "t") }
        #expect(e?.message == "\(row.message) at \(row.at)", "\(row.pattern): \(e?.message ?? "")")
        #expect(e?.position == row.at)
    }

    static let conflicts: [(String, String)] = [
        ("/f/:a.:b", "/f/:x.:y"),
        ("/*ns/:p/-/x", "/*n/:q/-/x"),
        ("/*ns/x", "/<path:p>/x"),
        ("/*id.:f", "/*x.:y"),
    ]

    @Test("same shape at one priority is a conflict", arguments: 0..<conflicts.count)
    func conflict(_ i: Int) throws {
        let (a, b) = Self.conflicts[i]
        let r = Router()
        try r.add(a, target: "a")
        expectError(.conflict, "\(a) then \(b)") { try r.add(b, target: "b") }
    }

    @Test("URLs are built for both forms, and only when they read back as given")
    func building() throws {
        let r = Router()
        try r.add("/*ns/:project/-/issues", target: "I", name: "issues")
        try r.add("/files/:id.:format", target: "F", name: "file")
        try r.add("/*id.:format", target: "A", name: "any")
        #expect(try r.url(for: "issues", parameters: ["ns": .string("a/b c"), "project": .string("p")])
                == "/a/b%20c/p/-/issues")
        #expect(try r.url(for: "file", parameters: ["id": .int(12), "format": .string("json")]) == "/files/12.json")
        #expect(try r.url(for: "any", parameters: ["id": .string("x/y"), "format": .string("tar.gz")]) == "/x/y.tar.gz")
        expectError(.invalidArgument, "id holding the '.'") {
            _ = try r.url(for: "file", parameters: ["id": .string("1.2"), "format": .string("json")])
        }
        expectError(.invalidArgument, "an empty segment in a catch-all") {
            _ = try r.url(for: "issues", parameters: ["ns": .string("a//b"), "project": .string("p")])
        }
    }

    @Test("different inline shapes do not conflict")
    func noConflict() throws {
        let r = Router()
        for p in ["/f/:a.:b", "/f/:a-:b", "/f/:a.json", "/f/x.:b", "/*ns/x", "/*ns.:f/x", "/:p/x"] {
            try r.add(p, target: p)
        }
    }
}

/// Every form of one place together (SEMANTICS §3): literal > a segment of several pieces >
/// `<uuid:>` > `<int:>` > `<float:>` > `<re:...>` > `:name` > middle `*` > catch-all in the
/// middle > remainder forms.
@Suite("Inline parameters and catch-alls beside constraints")
struct MidPathConstraintTests {
    static let routes = [
        "/a/lit", "/a/:id.json", "/a/<uuid:u>", "/a/<int:n>", "/a/<float:f>", "/a/<re:r:[a-z]+>", "/a/:p",
        "/a/lit/end", "/a/<re:r:[a-z]+>/end", "/a/:p/end", "/a/*/end", "/a/*c/end", "/a/*rest",
    ]
    static let rows: [(url: String, winner: String?, params: [String])] = [
        ("/a/lit", "/a/lit", []),
        ("/a/5.json", "/a/:id.json", ["id=5"]),
        ("/a/abc.json", "/a/:id.json", ["id=abc"]),
        ("/a/5", "/a/<int:n>", ["n=5"]),
        ("/a/5.5", "/a/<float:f>", ["f=5.5"]),
        ("/a/abc", "/a/<re:r:[a-z]+>", ["r=abc"]),
        ("/a/ABC", "/a/:p", ["p=ABC"]),
        ("/a/lit/end", "/a/lit/end", []),
        ("/a/abc/end", "/a/<re:r:[a-z]+>/end", ["r=abc"]),
        ("/a/ABC/end", "/a/:p/end", ["p=ABC"]),
        ("/a/x/y/end", "/a/*c/end", ["c=x/y"]),
        ("/a/x/y/z", "/a/*rest", ["rest=x/y/z"]),
    ]

    @Test("one place with every form: the most specific that matches wins", arguments: 0..<rows.count)
    func precedence(_ i: Int) throws {
        let row = Self.rows[i]
        let r = try router(Self.routes)
        guard let m = expectWinner(r, row.url, row.winner) else { return }
        #expect(pathPairs(m) == row.params, "\(row.url): parameters \(pathPairs(m))")
    }

    static let together: [CaptureRow] = [
        // A constraint before a catch-all, and one after it.
        (["/r/<re:v:v[0-9]+>/*path/raw"], "/r/v2/a/b/raw", "/r/<re:v:v[0-9]+>/*path/raw", ["v=v2", "path=a/b"]),
        (["/r/<re:v:v[0-9]+>/*path/raw"], "/r/x2/a/b/raw", nil, []),
        (["/g/*ns/<re:id:[0-9]+>/x"], "/g/a/b/12/x", "/g/*ns/<re:id:[0-9]+>/x", ["ns=a/b", "id=12"]),
        // The shortest split whose rest matches: '/g/a/12/b' fails the constraint at 'b'.
        (["/g/*ns/<re:id:[0-9]+>/x"], "/g/a/12/b/34/x", "/g/*ns/<re:id:[0-9]+>/x", ["ns=a/12/b", "id=34"]),
        (["/g/*ns/<re:id:[0-9]+>/x"], "/g/a/b/x", nil, []),
        // An unnamed constraint beside a segment of several pieces.
        (["/u/<re::[a-z]+>/:id.:format"], "/u/abc/1.json", "/u/<re::[a-z]+>/:id.:format", ["id=1", "format=json"]),
    ]

    @Test("constraints, segments of several pieces and catch-alls in one pattern", arguments: 0..<together.count)
    func inOnePattern(_ i: Int) throws {
        try check(Self.together[i])
    }
}
