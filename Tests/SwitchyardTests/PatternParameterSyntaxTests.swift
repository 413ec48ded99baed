import Testing
import Switchyard

/// Parentheses inside `<...>` are a mistake in the parameter, not an optional group: the
/// message says so and points at the parenthesis.
@Suite struct PatternParameterSyntax {
    @Test("parentheses inside '<...>'", arguments: [
        ("<any(a,b):x>", 4, "'(' is not allowed inside '<...>'"),
        ("/x/<any(a,b):x>", 7, "'(' is not allowed inside '<...>'"),
        ("/x/<int:id)>", 10, "')' is not allowed inside '<...>'"),
        ("(/a)/<f(x>", 7, "'(' is not allowed inside '<...>'"),
        ("/<a(/b)", 3, "'(' is not allowed inside '<...>'"),
    ])
    func parenthesesInParameter(pattern: String, at: Int, words: String) throws {
        let e = #expect(throws: SwitchyardError.self) { try Router().add(pattern, target: "T") }
        #expect(e?.code == .invalidPattern)
        #expect(e?.position == at, "\(pattern): at \(String(describing: e?.position))")
        #expect(e?.message.contains(words) == true, "\(pattern): \(e?.message ?? "")")
        #expect(e?.message.contains("string, int, float, uuid, path") == true)
    }

    @Test("groups around whole parameters still work", arguments: [
        ("/a(/<int:x>)", "/a/5", true), ("/a(/<int:x>)", "/a", true), ("/<s>(/:t)", "/q/r", true),
    ])
    func groupsAroundParameters(pattern: String, url: String, matches: Bool) throws {
        let r = Router()
        try r.add(pattern, target: "T")
        #expect((try r.resolve(url) != nil) == matches)
    }

    @Test("':name(regexp)' is refused, naming the urlpattern dialect and the '<re:...>' form", arguments: [
        ("/users/:id([0-9]+)", 10, "<re:id:[0-9]+>"),
        ("/files/:path(.*)", 12, "<re:path:.*>"),
        ("/a/:x(\\d+)/b", 5, "<re:x:\\d+>"),
        ("myapp://item/:kind(a|b)", 18, "<re:kind:a|b>"),
    ])
    func parameterRegexpRefused(pattern: String, at: Int, form: String) throws {
        let e = #expect(throws: SwitchyardError.self) { try Router().add(pattern, target: "T") }
        #expect(e?.code == .invalidPattern)
        #expect(e?.position == at, "\(pattern): at \(String(describing: e?.position))")
        #expect(e?.message.contains(form) == true, "\(pattern): \(e?.message ?? "")")
        #expect(e?.message.contains("urlpattern dialect") == true)
    }

    @Test("optional groups after a name still work", arguments: [
        ("/a/:id(/edit)", "/a/5/edit", true), ("/posts/:id(.:format)", "/posts/5.json", true),
        ("/a/:id(/*rest)", "/a/5/x/y", true), ("/a/:id(/:b)", "/a/5", true),
    ])
    func groupsAfterNames(pattern: String, url: String, matches: Bool) throws {
        let r = Router()
        try r.add(pattern, target: "T")
        #expect((try r.resolve(url) != nil) == matches)
    }

    @Test("the urlpattern dialect still reads ':name(regexp)' as a constraint")
    func urlPatternDialectKeepsIt() throws {
        let r = Router()
        var route = Route("/users/:id([0-9]+)", target: "T")
        route.dialect = .urlpattern
        try r.add(route)
        #expect(try r.resolve("/users/42") != nil)
        #expect(try r.resolve("/users/x") == nil)
    }
}
