// Requirements on routes, pending dispatches and resume tokens: a link that meets an unmet
// requirement waits with a token, and `resume` gives what a fresh dispatch would.
import Foundation
import Testing
import Switchyard

/// The requirements a test's caller meets.
struct Met: Sendable {
    var names: Set<String>
}

private let appKey = SipHashKey(k0: 0x0123_4567_89AB_CDEF, k1: 0xFEDC_BA98_7654_3210)
private let t0: Int64 = 1_800_000_000

/// A router with the account document, checks that read `Met`, and handlers that answer
/// with their target and the stack's URLs.
private func accountRouter(key: SipHashKey? = appKey) throws -> Router {
    let r = Router()
    var account = Route("myapp://account/:tab", target: "Account", name: "account")
    account.requires = ["signed-in", "onboarded"]
    account.elseRoutes = ["signed-in": "login"]
    try r.add(Route("myapp://home", target: "Home", name: "home"))
    try r.add(account)
    try r.add(Route("myapp://login", target: "Login", name: "login"))
    for n in ["signed-in", "onboarded"] { r.require(n) { (m: Met) in m.names.contains(n) } }
    for t in ["Home", "Account", "Login"] {
        r.handle(t) { m, _ in .accepted([t] + m.stack.compactMap(\.url) + m.query.map { "\($0.name)=\($0.value)" }) }
    }
    try r.setResumeTokens(key: key, maxAge: 3600)
    return r
}

private func refusal(_ body: () throws -> Void) -> ResumeError? {
    do { try body() } catch let e as ResumeError { return e } catch { return nil }
    return nil
}

@Suite("Navigation: requirements and resume tokens")
struct RequirementTests {
    @Test("an unmet requirement makes the dispatch pending, with the requirement and a token; no handler runs")
    func pending() throws {
        let r = try accountRouter()
        var route = Route("myapp://orders", target: "Account")
        route.requires = ["onboarded"]
        try r.add(route)
        let result = try r.dispatch("myapp://orders", context: Met(names: ["signed-in"]), now: t0)
        let p = try #require(result.pending)
        #expect(p.requirement == "onboarded")
        #expect(p.url == "myapp://orders")
        #expect(p.pattern == "myapp://orders")
        #expect(p.elseRoute == nil)
        #expect(!result.accepted && result.handlersCalled == 0)
        #expect(p.token.utf8.allSatisfy { $0.isLetterDigitDashUnderscore })
        // Met: no pending, the handler runs.
        let ok = try r.dispatch("myapp://orders", context: Met(names: ["onboarded"]), now: t0)
        #expect(ok.pending == nil && ok.value(as: [String].self)?.first == "Account")
    }

    @Test("requirements are checked in order and the first unmet one is reported")
    func order() throws {
        let r = try accountRouter()
        let none = try r.dispatch("myapp://account/posts", context: Met(names: []), now: t0)
        #expect(none.pending?.requirement == "signed-in")
        let half = try r.dispatch("myapp://account/posts", context: Met(names: ["signed-in"]), now: t0)
        #expect(half.pending?.requirement == "onboarded")
        // A context of another type meets no typed check.
        #expect(try r.dispatch("myapp://account/posts", context: "ann", now: t0).pending?.requirement == "signed-in")
    }

    @Test("resume with the requirements met gives exactly the fresh dispatch, stack included")
    func resumeMet() throws {
        let r = try accountRouter()
        let all = Met(names: ["signed-in", "onboarded"])
        let waiting = try r.dispatch("myapp://account/posts?x=1", context: Met(names: ["signed-in"]), now: t0)
        let token = try #require(waiting.pending?.token)
        let resumed = try r.resume(token, context: all, now: t0 + 10)
        let fresh = try r.dispatch("myapp://account/posts?x=1", context: all, now: t0 + 10)
        #expect(resumed.match == fresh.match)
        #expect(resumed.value(as: [String].self) == fresh.value(as: [String].self))
        #expect(resumed.value(as: [String].self) == ["Account", "myapp://account/posts", "x=1"])
        #expect(resumed.pending == nil && resumed.handlersCalled == fresh.handlersCalled)
        // Still unmet: pending again, with a token that resumes too.
        let again = try r.resume(token, context: Met(names: ["signed-in"]), now: t0 + 20)
        #expect(again.pending?.requirement == "onboarded")
        let later = try r.resume(try #require(again.pending?.token), context: all, now: t0 + 30)
        #expect(later.match == fresh.match)
    }

    @Test("else: the waiting link goes to the named route with the token as its only parameter")
    func elseRoute() throws {
        let r = try accountRouter()
        let link = "myapp://account/posts?next=https://evil.example/&resume=forged"
        let result = try r.dispatch(link, context: Met(names: []), now: t0)
        let p = try #require(result.pending)
        #expect(p.elseRoute == "login")
        #expect(result.match?.target == "Login")
        #expect(result.value(as: [String].self) == ["Login", "myapp://login", "resume=\(p.token)"])
        // The login screen resumes the token once signed in; the link's own query is back.
        let resumed = try r.resume(p.token, context: Met(names: ["signed-in", "onboarded"]), now: t0 + 5)
        #expect(resumed.match?.target == "Account")
        #expect(resumed.match?.query.map(\.name) == ["next", "resume"])
        // An else for a requirement that holds is not taken: onboarded has none.
        let onboarding = try r.dispatch(link, context: Met(names: ["signed-in"]), now: t0)
        #expect(onboarding.pending?.elseRoute == nil && onboarding.match == nil)
    }

    @Test("an else route that is not in the table, or that itself waits, never opens another place")
    func elseMissingOrWaiting() throws {
        let r = try accountRouter()
        #expect(r.remove("myapp://login"))
        #expect(throws: SwitchyardError.self) {
            _ = try r.dispatch("myapp://account/posts", context: Met(names: []), now: t0)
        }
        var login = Route("myapp://login", target: "Login", name: "login")
        login.requires = ["onboarded"]
        login.elseRoutes = ["onboarded": "account"]
        try r.add(login)
        let result = try r.dispatch("myapp://account/posts", context: Met(names: []), now: t0)
        #expect(result.pending?.requirement == "signed-in" && result.match == nil)
    }

    @Test("a requirement with no check registered is an error at dispatch, never a pass")
    func unregistered() throws {
        let r = Router()
        var route = Route("/x", target: "X")
        route.requires = ["paid"]
        try r.add(route)
        r.handle("X") { _, _ in .accepted(1) }
        #expect {
            _ = try r.dispatch("/x")
        } throws: { e in
            (e as? SwitchyardError)?.code == .invalidArgument
                && (e as? SwitchyardError)?.message.contains("requires 'paid', but no check is registered") == true
        }
        r.require("paid") { _ in true }
        #expect(try r.dispatch("/x").accepted)
        r.require("paid", nil)
        #expect(throws: SwitchyardError.self) { _ = try r.dispatch("/x") }
    }

    @Test("requirement lists are checked when a route is added", arguments: [
        (["a b"], [String: String](), SwitchyardError.Code.invalidArgument),
        ([""], [:], .invalidArgument),
        (["x", "x"], [:], .invalidArgument),
        ([String(repeating: "n", count: 65)], [:], .limit),
        ((0..<9).map { "r\($0)" }, [:], .limit),
        (["a"], ["b": "login"], .invalidArgument),
        (["a"], ["a": ""], .invalidArgument),
    ])
    func addChecks(names: [String], elses: [String: String], code: SwitchyardError.Code) throws {
        let r = Router()
        var route = Route("/x", target: "X")
        route.requires = names
        route.elseRoutes = elses
        #expect(throws: SwitchyardError.self) { try r.add(route) }
        do { try r.add(route) } catch { #expect(error.code == code) }
        #expect(r.routes.isEmpty)
        route.requires = [String(repeating: "n", count: 64), "a.b-c_D9"]
        route.elseRoutes = [:]
        try r.add(route)
    }

    @Test("a document's requires and else are checked with their JSON path", arguments: [
        (#""requires": "signed-in""#, "$.routes[0].requires: must be an array"),
        (#""requires": ["a", 3]"#, "$.routes[0].requires[1]: must be a string"),
        (#""requires": ["a", "a"]"#, "$.routes[0].requires[1]: 'a' is listed twice"),
        (#""requires": ["a b"]"#, "$.routes[0].requires[0]: byte 1 is not"),
        (#""else": "login""#, "$.routes[0].else: a route without \"requires\" has no else route"),
        (#""requires": ["a"], "else": {"b": "login"}"#, "$.routes[0].else: the route has an else route for 'b'"),
        (#""requires": ["a"], "else": 1"#, "$.routes[0].else: must be a route name"),
    ])
    func documentErrors(member: String, message: String) {
        let r = Router()
        let doc = #"{"version": 1, "routes": [{"pattern": "/x", "target": "X", "# + member + "}]}"
        #expect {
            try r.loadRules(json: doc)
        } throws: { e in
            let e = e as? SwitchyardError
            return e?.code == .rule && e?.message.hasPrefix(message) == true
        }
        #expect(r.routes.isEmpty)
    }

    @Test("a document's else: one route for every requirement, or one per requirement")
    func documentElse() throws {
        let r = Router()
        try r.loadRules(json: #"""
            {"version": 1, "routes": [
              {"pattern": "/x", "target": "X", "requires": ["a", "b"], "else": "login"},
              {"pattern": "/y", "target": "Y", "requires": ["a", "b"], "else": {"b": "welcome"}}]}
            """#)
        #expect(r.routes[0].requires == ["a", "b"] && r.routes[0].elseRoutes == ["a": "login", "b": "login"])
        #expect(r.routes[1].elseRoutes == ["b": "welcome"])
    }

    @Test("a route's requirements and else routes survive Codable")
    func codable() throws {
        var route = Route("/x", target: "X")
        route.requires = ["signed-in", "onboarded"]
        route.elseRoutes = ["signed-in": "login"]
        let back = try JSONDecoder().decode(Route.self, from: JSONEncoder().encode(route))
        #expect(back == route && back.requires == route.requires && back.elseRoutes == route.elseRoutes)
        let plain = try JSONDecoder().decode(Route.self, from: JSONEncoder().encode(Route("/y", target: "Y")))
        #expect(plain.requires.isEmpty && plain.elseRoutes.isEmpty)
    }

    @Test("refused tokens: each with its reason", arguments: ResumeError.Reason.allCases)
    func refused(reason: ResumeError.Reason) throws {
        let r = try accountRouter()
        let token = try #require(try r.dispatch("myapp://account/posts", context: Met(names: ["signed-in"]), now: t0).pending?.token)
        let all = Met(names: ["signed-in", "onboarded"])
        var bytes = Array(token.utf8)
        var on = r
        var now = t0 + 1
        var text = token
        switch reason {
        case .malformed:
            #expect(refusal { _ = try r.resume("not a token!", context: all, now: now) }?.reason == .malformed)
            #expect(refusal { _ = try r.resume(String(repeating: "A", count: 5000), context: all, now: now) }?.reason == .malformed)
            text = String(decoding: bytes.dropLast(12), as: UTF8.self)   // cut short
        case .tampered:
            // A character of the URL's bytes, near the end (before the 11 characters of the tag).
            let i = bytes.count - 16
            bytes[i] = bytes[i] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            text = String(decoding: bytes, as: UTF8.self)
        case .otherKey:
            on = try accountRouter(key: SipHashKey(k0: 1, k1: 2))
            #expect(refusal { _ = try accountRouter(key: nil).resume(token, context: all, now: now) }?.reason == .otherKey)
        case .expired:
            now = t0 + 3601
            #expect(refusal { _ = try r.resume(token, context: all, now: t0 - 61) }?.reason == .expired)
            #expect(try r.resume(token, context: all, now: t0 + 3600).accepted)
        case .routeGone:
            #expect(r.remove("myapp://account/:tab"))
        case .routeChanged:
            #expect(r.remove("myapp://account/:tab"))
            try r.add(Route("myapp://account/:tab", target: "Settings"))
        }
        let e = try #require(refusal { _ = try on.resume(text, context: all, now: now) })
        #expect(e.reason == reason, "\(e.message)")
        #expect(!e.message.isEmpty)
    }

    @Test("a change to other routes keeps the token good; any change moves routesVersion")
    func unrelatedChange() throws {
        let r = try accountRouter()
        let before = r.routesVersion
        let token = try #require(try r.dispatch("myapp://account/posts", context: Met(names: []), now: t0).pending?.token)
        try r.add("myapp://about", target: "About")
        #expect(r.routesVersion != before)
        let resumed = try r.resume(token, context: Met(names: ["signed-in", "onboarded"]), now: t0 + 1)
        #expect(resumed.match?.target == "Account")
    }

    @Test("after an app restart: a new router with the same key and document resumes the stored token")
    func restart() throws {
        let document = """
        {"version": 1, "routes": [
          {"pattern": "myapp://login", "target": "Login", "name": "login"},
          {"pattern": "myapp://orders/<int:id>", "target": "Order", "requires": ["signed-in"], "else": "login"}
        ]}
        """
        func app() throws -> Router {
            let r = Router()
            try r.loadRules(json: document)
            try r.setResumeTokens(key: appKey)
            r.require("signed-in") { (m: Met) in m.names.contains("signed-in") }
            r.handle("Login") { m, _ in .accepted(m.query.first { $0.name == "resume" }?.value ?? "") }
            r.handle("Order") { m, _ in .accepted("order \(m.int("id") ?? 0)") }
            return r
        }
        let stored = try #require(try app().dispatch("myapp://orders/7", context: Met(names: []), now: t0).value(as: String.self))
        let restarted = try app()
        #expect(try restarted.resume(stored, context: Met(names: ["signed-in"]), now: t0 + 60).value(as: String.self) == "order 7")
    }

    @Test("property: resume gives what a fresh dispatch with the met context gives, never another route")
    func property() throws {
        var rng = SplitMix64(state: 0x5EED)
        let pool = ["myapp://a", "myapp://a/:x", "myapp://a/b", "myapp://a/<int:n>", "myapp://c/*rest",
                    "myapp://:p/b", "https://ex.com/a/:x", "https://ex.com/*all", "myapp://*"]
        let names = ["r0", "r1", "r2"]
        let segments = ["a", "b", "c", "7", "zz"]
        var pendings = 0
        for round in 0..<60 {
            let r = Router()
            try r.setResumeTokens(key: SipHashKey(k0: rng.next(), k1: rng.next()))
            for n in names { r.require(n) { (m: Met) in m.names.contains(n) } }
            for (i, p) in pool.enumerated() where rng.chance(70) {
                var route = Route(p, target: "T\(i)", name: "n\(i)", priority: rng.below(2))
                route.requires = names.filter { _ in rng.chance(40) }
                try? r.add(route)
                let declines = rng.chance(25)
                r.handle("T\(i)") { m, _ in
                    declines ? .declined : .accepted([m.pattern ?? ""] + m.stack.map { $0.url ?? "-" })
                }
            }
            for _ in 0..<12 {
                let host = rng.chance(70) ? "myapp://" : "https://ex.com/"
                let url = host + (0..<rng.below(3)).map { _ in rng.pick(segments) }.joined(separator: "/")
                let partial = Met(names: Set(names.filter { _ in rng.chance(50) }))
                let full = Met(names: Set(names))
                guard let first = try? r.dispatch(url, context: partial, now: t0), let p = first.pending else { continue }
                pendings += 1
                #expect(!partial.names.contains(p.requirement), "round \(round) \(url)")
                let resumed = try r.resume(p.token, context: full, now: t0 + 1)
                let fresh = try r.dispatch(url, context: full, now: t0 + 1)
                #expect(resumed.match == fresh.match, "round \(round) \(url)")
                #expect(resumed.value(as: [String].self) == fresh.value(as: [String].self))
                #expect(resumed.handlersCalled == fresh.handlersCalled && resumed.pending == nil)
                if let m = resumed.match {
                    // The host and route of a fresh resolve of the URL, or of a candidate it yields.
                    let candidates = try r.candidates(for: url).map { $0.pattern }
                    #expect(candidates.contains(m.pattern), "round \(round) \(url)")
                }
                // With the same context, it waits for the same requirement again.
                let again = try r.resume(p.token, context: partial, now: t0 + 2)
                #expect(again.pending?.requirement == p.requirement && again.match == first.match)
            }
        }
        #expect(pendings > 50)
    }
}

extension UInt8 {
    var isLetterDigitDashUnderscore: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
            || self == 0x2D || self == 0x5F
    }
}
