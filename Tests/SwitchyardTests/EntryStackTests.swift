// Entry-aware stacks: the operations for each mode and entry kind (table-driven), a property
// test that applying them gives the documented stack, stack policies in rule documents and
// their errors, open screens read from JSON with their place, dispatch and resume with the
// entry, and fixtures that expect operations and a pending requirement.
import Foundation  // tests only: JSONEncoder and JSONDecoder to exercise Codable
import Testing
@testable import Switchyard

private func s(_ route: String, _ params: [String: ParameterValue] = [:]) -> OpenScreen { OpenScreen(route, params: params) }

private let hotels = s("hotels"), hotel12 = s("hotel", ["hotel": .int(12)]), hotel7 = s("hotel", ["hotel": .int(7)])
private let room = s("room", ["hotel": .int(12), "room": .string("a4")])
private let target = [hotels, hotel12, room]

/// What the app does with the operations: the reference every expectation below is about.
private func apply(_ ops: [StackOperation], to open: OpenScreens) -> OpenScreens {
    var out = open
    for op in ops {
        switch op {
        case .selectTab(let t): out.currentTab = t
        case .popTo(let n):
            if let t = out.currentTab { out.tabs[t] = Array((out.tabs[t] ?? []).prefix(n)) } else { out.stack = Array(out.stack.prefix(n)) }
        case .push(let screen):
            if let t = out.currentTab { out.tabs[t, default: []].append(screen) } else { out.stack.append(screen) }
        }
    }
    return out
}

struct PlanCase: Sendable, CustomTestStringConvertible {
    var name: String
    var open: [OpenScreen]
    var mode: StackMode
    var expected: [StackOperation]
    var testDescription: String { name }
}

private let planCases: [PlanCase] = [
    .init(name: "replace from nothing pushes the stack", open: [], mode: .replace,
          expected: [.push(hotels), .push(hotel12), .push(room)]),
    .init(name: "replace pops everything, shared screens too", open: [hotels, hotel12], mode: .replace,
          expected: [.popTo(0), .push(hotels), .push(hotel12), .push(room)]),
    .init(name: "merge keeps the common start", open: [hotels, hotel12], mode: .merge,
          expected: [.push(room)]),
    .init(name: "merge pops what differs", open: [hotels, hotel7, s("photos")], mode: .merge,
          expected: [.popTo(1), .push(hotel12), .push(room)]),
    .init(name: "merge of the same stack does nothing", open: target, mode: .merge, expected: []),
    .init(name: "merge pops screens above the target", open: target + [s("photos")], mode: .merge,
          expected: [.popTo(3)]),
    .init(name: "extend pushes above what is open", open: [s("search")], mode: .extend,
          expected: [.push(hotels), .push(hotel12), .push(room)]),
    .init(name: "extend does not repeat the screens on top", open: [s("search"), hotels, hotel12], mode: .extend,
          expected: [.push(room)]),
    .init(name: "extend with the target on top does nothing", open: target, mode: .extend, expected: []),
    .init(name: "extend repeats a screen that is not on top", open: [hotels, s("search")], mode: .extend,
          expected: [.push(hotels), .push(hotel12), .push(room)]),
]

@Suite("Navigation: entry-aware stacks")
struct EntryStackTests {
    @Test("operations per mode", arguments: planCases)
    func plan(_ c: PlanCase) throws {
        let ops = try StackPlan.operations(to: target, policy: StackPolicy(otherwise: c.mode), entry: .coldStart,
                                           open: OpenScreens(c.open))
        #expect(ops == c.expected)
    }

    @Test("the mode is chosen per entry kind, an app's own kind included; others take the default")
    func perEntry() throws {
        let widget = try EntryKind("widget")
        let policy = StackPolicy(modes: [.coldStart: .replace, .warmStart: .merge, widget: .extend], otherwise: .merge)
        let open = OpenScreens([hotels, hotel7])
        #expect(try StackPlan.operations(to: target, policy: policy, entry: .coldStart, open: open).first == .popTo(0))
        #expect(try StackPlan.operations(to: target, policy: policy, entry: .warmStart, open: open).first == .popTo(1))
        #expect(try StackPlan.operations(to: target, policy: policy, entry: widget, open: open).count == 3)
        #expect(try StackPlan.operations(to: target, policy: policy, entry: .notification, open: open).first == .popTo(1))
        #expect(StackPolicy.standard.mode(for: .inAppLink) == .replace)
    }

    @Test("a route's tab is selected when another is shown, and its stack is the one changed")
    func tabs() throws {
        let open = OpenScreens(currentTab: "search", tabs: ["search": [s("results")], "home": [hotels, hotel7]])
        let ops = try StackPlan.operations(to: target, policy: StackPolicy(tab: "home", otherwise: .merge),
                                           entry: .warmStart, open: open)
        #expect(ops == [.selectTab("home"), .popTo(1), .push(hotel12), .push(room)])
        let after = apply(ops, to: open)
        #expect(after.currentTab == "home" && after.tabs["home"] == target && after.tabs["search"] == [s("results")])
        // Already shown: no select. No tab declared: the current tab's stack.
        let here = try StackPlan.operations(to: target, policy: StackPolicy(tab: "search"), entry: .coldStart, open: open)
        #expect(here.first == .popTo(0))
        let none = try StackPlan.operations(to: [hotels], policy: .standard, entry: .coldStart, open: open)
        #expect(none == [.popTo(0), .push(hotels)])
        // An app without tabs: the route's tab is not a place to go.
        #expect(try StackPlan.operations(to: [hotels], policy: StackPolicy(tab: "home"), entry: .coldStart,
                                         open: OpenScreens()) == [.push(hotels)])
    }

    @Test("bad open screens and unknown tabs are errors, never traps")
    func badOpen() {
        func code(_ open: OpenScreens, tab: String? = nil) -> SwitchyardError.Code? {
            do throws(SwitchyardError) {
                _ = try StackPlan.operations(to: target, policy: StackPolicy(tab: tab), entry: .coldStart, open: open)
                return nil
            } catch { return error.code }
        }
        #expect(code(OpenScreens(currentTab: "home", tabs: ["search": []])) == .invalidArgument)
        #expect(code(OpenScreens(currentTab: "home", tabs: ["home": []]), tab: "account") == .invalidArgument)
        #expect(code(OpenScreens(currentTab: "a b", tabs: ["a b": []])) == .invalidArgument)
        #expect(code(OpenScreens(Array(repeating: hotels, count: NavigationLimits.maxOpenScreens + 1))) == .limit)
        #expect(code(OpenScreens(Array(repeating: hotels, count: NavigationLimits.maxOpenScreens))) == nil)
        var tabs: [String: [OpenScreen]] = [:]
        for i in 0...NavigationLimits.maxTabs { tabs["t\(i)"] = [] }
        #expect(code(OpenScreens(currentTab: "t0", tabs: tabs)) == .limit)
        for bad in ["", "tab", "default", "a/b", String(repeating: "x", count: 65)] {
            #expect(throws: SwitchyardError.self) { try EntryKind(bad) }
        }
    }

    @Test("property: applying the operations gives the documented stack", arguments: [1, 2, 3])
    func property(seed: UInt64) throws {
        var g = SplitMix64(state: seed)
        let alphabet = [hotels, hotel12, hotel7, room, s("search"), s("photos")]
        func stack() -> [OpenScreen] { (0..<g.below(6)).map { _ in alphabet[g.below(alphabet.count)] } }
        for _ in 0..<500 {
            let open = stack(), goal = stack()
            let useTabs = g.below(2) == 0
            let openScreens = useTabs ? OpenScreens(currentTab: "a", tabs: ["a": stack(), "b": open]) : OpenScreens(open)
            let mode = StackMode.allCases[g.below(3)]
            let policy = StackPolicy(tab: useTabs ? "b" : nil, otherwise: mode)
            let ops = try StackPlan.operations(to: goal, policy: policy, entry: .coldStart, open: openScreens)
            let after = apply(ops, to: openScreens).current
            let lcp = StackPlan.commonPrefix(open, goal)
            switch mode {
            case .replace:
                #expect(after == goal)
                #expect(ops.filter { if case .push = $0 { true } else { false } }.count == goal.count)
            case .merge:
                #expect(after == goal)
                // The shared start is kept: only what differs is pushed.
                #expect(ops.filter { if case .push = $0 { true } else { false } }.count == goal.count - lcp)
            case .extend:
                // What was open stays, the goal ends the stack, and nothing is pushed twice.
                #expect(Array(after.prefix(open.count)) == open)
                #expect(Array(after.suffix(goal.count)) == goal)
                let k = StackPlan.overlap(open, goal)
                #expect(after.count == open.count + goal.count - k)
                #expect(!ops.contains { if case .popTo = $0 { true } else { false } })
            }
            if useTabs { #expect(ops.first == .selectTab("b")) }
        }
    }

    @Test("a rule document declares the stack per entry kind; bad declarations name their path")
    func rules() throws {
        let r = Router()
        try r.loadRules(json: """
        {"version": 1, "routes": [
          {"pattern": "myapp://hotels", "target": "HotelList", "name": "hotels", "stack": "merge"},
          {"pattern": "myapp://hotels/<int:hotel>", "target": "Hotel", "name": "hotel", "parent": "hotels",
           "stack": {"tab": "home", "cold": "replace", "warm": "merge", "widget": "extend", "default": "merge"}}
        ]}
        """)
        let policy = try #require(r.routes.first { $0.name == "hotel" }?.stackPolicy)
        let widget = try EntryKind("widget")
        #expect(policy.tab == "home" && policy.mode(for: .coldStart) == .replace && policy.mode(for: widget) == .extend)
        #expect(policy.mode(for: .notification) == .merge)
        #expect(r.routes.first?.stackPolicy == StackPolicy(otherwise: .merge))
        let bad: [(String, String)] = [
            (#""stack": {"cold": "push"}"#, "$.routes[0].stack.cold: unknown stack mode 'push'"),
            (#""stack": {"tab": "my tab"}"#, "$.routes[0].stack.tab: byte 2"),
            (#""stack": {"tab": 3}"#, "$.routes[0].stack.tab: must be a tab name"),
            (#""stack": {"col d": "merge"}"#, "$.routes[0].stack[\"col d\"]: unknown member"),
            (#""stack": 1"#, "$.routes[0].stack: must be a stack mode"),
        ]
        for (member, message) in bad {
            let e = #expect(throws: SwitchyardError.self) {
                try Router().loadRules(json: #"{"version": 1, "routes": [{"pattern": "/a", "target": "A", "# + member + "}]}")
            }
            #expect(e?.message.contains(message) == true, "\(member): \(e?.message ?? "")")
        }
        // In code.
        var route = Route("/x", target: "X")
        route.stackPolicy = StackPolicy(tab: "bad tab")
        #expect(throws: SwitchyardError.self) { try Router().add(route) }
    }

    @Test("a route's stack policy goes through Codable as a rule document writes it")
    func codable() throws {
        var route = Route("myapp://orders/<int:id>", target: "Order", name: "order")
        route.stackPolicy = StackPolicy(tab: "account", modes: [.coldStart: .replace, try EntryKind("widget"): .extend],
                                        otherwise: .merge)
        let back = try JSONDecoder().decode(Route.self, from: JSONEncoder().encode(route))
        #expect(back.stackPolicy == route.stackPolicy)
        let single = try JSONDecoder().decode(Route.self, from: Data(#"{"pattern": "/a", "target": "A", "stack": "extend"}"#.utf8))
        #expect(single.stackPolicy == StackPolicy(otherwise: .extend))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Route.self, from: Data(#"{"pattern": "/a", "target": "A", "stack": {"cold": "push"}}"#.utf8))
        }
        #expect(try JSONDecoder().decode(Route.self, from: JSONEncoder().encode(Route("/b", target: "B"))).stackPolicy == nil)
    }

    @Test("open screens from JSON; errors name the path, line, column and byte")
    func openJSON() throws {
        let open = try OpenScreens(json: #"{"tab": "home", "tabs": {"home": [{"route": "hotels"}, {"route": "hotel", "params": {"hotel": 12}}], "account": []}}"#)
        #expect(open == OpenScreens(currentTab: "home", tabs: ["home": [hotels, hotel12], "account": []]))
        #expect(try OpenScreens(json: "[]") == OpenScreens())
        let cases: [(String, String, Int)] = [
            (#"{"tab": "homes", "tabs": {"home": []}}"#, "$.tab (line 1, column 9): 'homes' is not one of the tabs (home)", 8),
            (#"[{"route": "a"}, {"rout": "b"}]"#, "$[1].rout (line 1, column 19): unknown member", 18),
            (#"[{"route": "a", "params": {"x": true}}]"#, "$[0].params.x", 32),
            (#"{"tab": "home", "tabs": {"ho me": []}}"#, "$.tabs[\"ho me\"]", 25),
            (#"{"tab": "home"}"#, "missing \"tabs\"", 0),
            (#"[{"route": "a"},]"#, "open screens:", -1),
        ]
        for (json, message, position) in cases {
            let e = #expect(throws: SwitchyardError.self) { try OpenScreens(json: json) }
            #expect(e?.message.contains(message) == true, "\(json): \(e?.message ?? "")")
            #expect(position < 0 ? e?.position != nil : e?.position == position, "\(json): \(e?.message ?? "")")
        }
        let many = "[" + Array(repeating: #"{"route": "a"}"#, count: NavigationLimits.maxOpenScreens + 1).joined(separator: ",") + "]"
        let e = #expect(throws: SwitchyardError.self) { try OpenScreens(json: many) }
        #expect(e?.code == .limit && e?.message.contains("$[\(NavigationLimits.maxOpenScreens)]") == true)
        #expect([StackOperation.selectTab("home"), .popTo(1), .push(hotel12), .push(s("q", ["z": .float(1.5), "a": .string("\"")]))].json
            == #"[{"select_tab":"home"},{"pop_to":1},{"push":"hotel","params":{"hotel":12}},{"push":"q","params":{"a":"\"","z":1.5}}]"#)
    }

    @Test("dispatch and resume return the operations; a route that declares nothing replaces")
    func dispatch() throws {
        let r = try appRouter()
        let open = OpenScreens(currentTab: "search", tabs: ["search": [s("results")], "home": [hotels, hotel7], "account": []])
        let result = try r.dispatch("myapp://hotels/12/rooms/a4", context: true, entry: .warmStart, open: open)
        #expect(result.operations == [.selectTab("home"), .popTo(1), .push(hotel12), .push(room)])
        let cold = try r.dispatch("myapp://hotels/12/rooms/a4", context: true, entry: .coldStart, open: open)
        #expect(cold.operations.prefix(2) == [.selectTab("home"), .popTo(0)])
        // No declaration: the current tab's stack is replaced, as Match.stack was used.
        let plain = try r.dispatch("myapp://settings", context: true, entry: .warmStart, open: open)
        #expect(plain.operations == [.popTo(0), .push(s("settings"))])
        // Without the entry: no operations.
        #expect(try r.dispatch("myapp://settings", context: true).operations.isEmpty)
        // Waiting: the else route's operations (login, in the account tab, with the token).
        let waiting = try r.dispatch("myapp://orders/42", context: false, entry: .notification, open: open, now: 1_800_000_000)
        let token = try #require(waiting.pending?.token)
        #expect(waiting.operations == [.selectTab("account"), .push(s("login", ["resume": .string(token)]))])
        // The app restarts: a new router from the same rules, the token resumed on a cold start.
        let again = try appRouter()
        let resumed = try again.resume(token, context: true, entry: .coldStart,
                                       open: OpenScreens(currentTab: "home", tabs: ["home": [], "account": [], "search": []]),
                                       now: 1_800_000_100)
        #expect(resumed.operations == [.selectTab("account"), .push(s("orders")), .push(s("order", ["id": .int(42)]))])
        // Bad open screens: refused before any handler runs.
        #expect(throws: SwitchyardError.self) {
            try r.dispatch("myapp://settings", context: true, entry: .coldStart, open: OpenScreens(currentTab: "x", tabs: [:]))
        }
        #expect(throws: SwitchyardError.self) {
            try r.dispatch("myapp://hotels/12", context: true, entry: .coldStart, open: OpenScreens(currentTab: "search", tabs: ["search": []]))
        }
    }

    @Test("fixtures expect operations and the pending requirement, and report differences")
    func fixtures() throws {
        let r = try appRouter()
        let report = try r.runFixtures(json: """
        [{"url": "myapp://hotels/12/rooms/a4", "entry": "warm",
          "open": {"tab": "search", "tabs": {"search": [], "home": [{"route": "hotels"}], "account": []}},
          "operations": [{"select_tab": "home"}, {"push": "hotel", "params": {"hotel": 12}},
                         {"push": "room", "params": {"hotel": 12, "room": "a4"}}]},
         {"url": "myapp://orders/42", "pending": "signed-in", "operations": []},
         {"url": "myapp://orders/42", "context": {"signed-in": true}, "pending": null,
          "operations": [{"push": "orders"}, {"push": "order", "params": {"id": 42}}]},
         {"url": "myapp://orders/42", "context": {"signed-in": true}, "pending": "signed-in",
          "operations": [{"pop_to": 0}]},
         {"url": "myapp://hotels/12", "open": {"tab": "search", "tabs": {"search": []}}, "operations": []}]
        """)
        #expect(report.passed == 3 && report.failed == 2)
        let diffs = report.failures.map { $0.differences.map(\.field) }
        #expect(diffs == [["pending", "operations"], ["operations"]])
        let first = try #require(report.failures.first?.differences)
        #expect(first[0].expected == "\"signed-in\"" && first[0].got == "(none)")
        #expect(first[1].got == #"[{"push":"orders","params":{}},{"push":"order","params":{"id":42}}]"#)
        #expect(report.failures[1].differences[0].got.hasPrefix("error: the route belongs to tab 'home'"))
        for (bad, message) in [
            (#"[{"url": "/a", "operations": [{"pop": 1}]}]"#, "$[0].operations[0].pop"),
            (#"[{"url": "/a", "operations": [{"pop_to": 1, "params": {}}]}]"#, "only a push"),
            (#"[{"url": "/a", "entry": "co ld", "pending": null}]"#, "$[0].entry"),
            (#"[{"url": "/a", "context": {"x": 1}, "pending": null}]"#, "$[0].context.x"),
            (#"[{"url": "/a", "refused": "url", "pending": null}]"#, "a refused URL"),
            (#"[{"url": "/a", "entry": "cold"}]"#, "states nothing to check"),
        ] {
            let e = #expect(throws: SwitchyardError.self) { try RouteFixtures(json: bad) }
            #expect(e?.message.contains(message) == true, "\(bad): \(e?.message ?? "")")
        }
    }
}

/// Hotels in the home tab, orders in the account tab behind sign-in (the context is a Bool:
/// signed in or not), login in the account tab.
private func appRouter() throws -> Router {
    let r = Router()
    try r.loadRules(json: """
    {"version": 1, "routes": [
      {"pattern": "myapp://hotels", "target": "Screen", "name": "hotels", "stack": {"tab": "home", "default": "merge"}},
      {"pattern": "myapp://hotels/<int:hotel>", "target": "Screen", "name": "hotel", "parent": "hotels",
       "stack": {"tab": "home", "default": "merge"}},
      {"pattern": "myapp://hotels/<int:hotel>/rooms/:room", "target": "Screen", "name": "room", "parent": "hotel",
       "stack": {"tab": "home", "cold": "replace", "default": "merge"}},
      {"pattern": "myapp://settings", "target": "Screen", "name": "settings"},
      {"pattern": "myapp://login", "target": "Screen", "name": "login", "stack": {"tab": "account", "default": "extend"}},
      {"pattern": "myapp://orders", "target": "Screen", "name": "orders", "stack": {"tab": "account"}},
      {"pattern": "myapp://orders/<int:id>", "target": "Screen", "name": "order", "parent": "orders",
       "requires": ["signed-in"], "else": "login", "stack": {"tab": "account", "default": "merge"}}
    ]}
    """)
    try r.setResumeTokens(key: SipHashKey(k0: 1, k1: 2))
    r.require("signed-in") { (signedIn: Bool) in signedIn }
    r.handle("Screen") { m, _ in .accepted(m.name ?? "") }
    return r
}
