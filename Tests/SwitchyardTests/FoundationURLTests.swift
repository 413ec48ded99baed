#if FoundationURL
import Foundation
import Testing
import Switchyard

/// The `URL` overloads give what the String overloads give for the URL's text.
@Suite struct FoundationURLOverloads {
    @Test func urlResolvesLikeItsText() throws {
        let r = Router()
        try r.add("myapp://user/<int:id>", target: "User")
        let url = try #require(URL(string: "myapp://user/42?tab=likes"))
        let m = try #require(try r.resolve(url))
        #expect(m == (try r.resolve("myapp://user/42?tab=likes")) && m.int("id") == 42)
        let buffer = MatchBuffer()
        #expect(try r.resolve(url, into: buffer) && buffer.string("tab") == "likes")
        #expect(try r.resolve(try #require(URL(string: "myapp://nobody"))) == nil)
    }
}
#endif
