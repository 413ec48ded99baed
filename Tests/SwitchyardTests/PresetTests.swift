// Compatibility presets (Presets.swift) and the options they set, one behaviour per test; the
// conformance suite runs every router's cases under its preset.
import Testing
import Switchyard

@Suite("Presets")
struct PresetTests {
    @Test("the switchyard preset is the default options")
    func switchyardIsDefault() throws {
        #expect(RouterOptions.preset(.switchyard) == RouterOptions())
        #expect(try RouterOptions.preset(named: "switchyard") == RouterOptions())
        #expect(RouterOptions().isPreset(.switchyard))
    }

    @Test("an unknown name is refused with the known ones listed")
    func unknownName() {
        let e = expectError(.invalidArgument, "unknown preset") { _ = try RouterOptions.preset(named: "express") }
        #expect(e?.message == "unknown preset 'express'; the presets are switchyard, jlroutes, urlnavigator, mgjrouter, deeplinkkit, waapprouting, kickstarter, routingkit")
    }

    @Test("every preset makes a valid router", arguments: RouterOptions.Preset.allCases)
    func everyPresetIsValid(preset: RouterOptions.Preset) throws {
        _ = try Router(options: .preset(preset))
        #expect(try RouterOptions.preset(named: preset.rawValue) == .preset(preset))
    }

    @Test("fragmentAsPath: a fragment path continues the path, a fragment query adds items")
    func fragmentAsPath() throws {
        let r = try Router(options: .preset(.jlroutes))
        try r.add("/user#/view/:userID", target: "U")
        try r.add("/user/view/:userID", target: "V")
        let m = try #require(try r.resolve("tests://user#/view/joeldev?userID=evil&search=s"))
        #expect(m.target == "U")
        #expect(m.params["userID"] == .string("joeldev"))
        #expect(m.params["search"] == .string("s"))
        let v = try #require(try r.resolve("tests://user/view/joeldev#foo=bar"))
        #expect(v.target == "V")
        #expect(v.params["foo"] == .string("bar"))
        // Without the option the fragment is never matched.
        let plain = Router()
        try plain.add("/user/view/:userID", target: "V")
        #expect(try plain.resolve("tests://user/view/joeldev#foo=bar")?.params["foo"] == nil)
    }

    @Test("encodedPlusAsSpace: %2B reads as a space where + does")
    func encodedPlus() throws {
        var o = RouterOptions.preset(.jlroutes)
        let r = try Router(options: o)
        try r.add("/user/view/:userID", target: "U")
        #expect(try r.resolve("tests://user/view/joel%2Blevin")?.params["userID"] == .string("joel levin"))
        o.encodedPlusAsSpace = false
        o.plusAsSpaceInPath = false
        let kept = try Router(options: o)
        try kept.add("/user/view/:userID", target: "U")
        #expect(try kept.resolve("tests://user/view/joel%2Blevin")?.params["userID"] == .string("joel+levin"))
    }

    @Test("caseSensitiveScheme: a scheme not in lowercase matches nothing")
    func caseSensitiveScheme() throws {
        let r = try Router(options: .preset(.urlnavigator))
        try r.add("myapp://user/<id>", target: "U")
        #expect(try r.resolve("myapp://user/1") != nil)
        #expect(try r.resolve("MyApp://user/1") == nil)
    }

    @Test("hostPrefixes: only hosts starting with a prefix match; alwaysHost reads any scheme's host")
    func hostPrefixes() throws {
        let r = try Router(options: .preset(.kickstarter))
        try r.add("/projects/:creator/:project", target: "P")
        #expect(try r.resolve("ksr://www.kickstarter.com/projects/c/p")?.target == "P")
        // A prefix is a whole host, or ends with '.': another domain never passes.
        #expect(try r.resolve("https://www.kickstarter.com.evil.example/projects/c/p") == nil)
        var labels = RouterOptions.preset(.kickstarter)
        labels.hostPrefixes = ["www."]
        let w = try Router(options: labels)
        try w.add("/projects/:creator/:project", target: "P")
        #expect(try w.resolve("https://www.example.com/projects/c/p")?.target == "P")
        #expect(try w.resolve("https://api.example.com/projects/c/p") == nil)
        #expect(try r.resolve("https://www.face-kickstarter.com/projects/c/p") == nil)
        #expect(try r.resolve("/projects/c/p") == nil)
        var o = RouterOptions()
        o.hostPrefixes = ["Upper.example"]
        expectError(.invalidArgument, "uppercase prefix") { _ = try Router(options: o) }
    }

    @Test("precedence .codePoint: a parameter sorts as ':' between digits and letters")
    func codePoint() throws {
        let r = try Router(options: .preset(.mgjrouter))
        try r.add("mgj://user/profile", target: "P")
        try r.add("mgj://user/:id", target: "I")
        try r.add("mgj://user/2fa", target: "D")
        #expect(try r.resolve("mgj://user/profile")?.target == "I")
        #expect(try r.resolve("mgj://user/2fa")?.target == "D")
        try r.add("mgj://", target: "F")
        #expect(try r.resolve("mgj://search/travel")?.target == "F")
        #expect(try r.explain("mgj://user/profile").winner?.entry.route.pattern == "mgj://user/:id")
    }

    @Test("schemeTables: a scheme's own routes first, global routes only with a fallback")
    func schemeTables() throws {
        var o = RouterOptions.preset(.jlroutes)
        let r = try Router(options: o)
        try r.add("/test", target: "G")
        try r.add("/user/:id", target: "GU")
        try r.add("ns://test", target: "N")
        #expect(try r.resolve("ns://test")?.target == "N")
        #expect(try r.resolve("ns://user/1") == nil)
        #expect(try r.resolve("other://user/1")?.target == "GU")
        o.globalFallbackSchemes = ["ns"]
        let f = try Router(options: o)
        try f.add("/user/:id", target: "GU")
        try f.add("ns://test", target: "N")
        #expect(try f.resolve("ns://user/1")?.target == "GU")
    }

    @Test("pattern readings: RoutingKit, WAAppRouting, DeepLinkKit, URLNavigator")
    func readings() throws {
        let rk = try Router(options: .preset(.routingkit))
        try rk.add("v1/*", target: "one")
        try rk.add("v1/**", target: "rest")
        try rk.add("p/:{a}-suffix", target: "partial")
        #expect(try rk.resolve("/v1/x")?.target == "one")
        #expect(try rk.resolve("/v1/x/y")?.target == "rest")
        #expect(try rk.resolve("/p/foo-suffix")?.params["a"] == .string("foo"))

        let wa = try Router(options: .preset(.waapprouting))
        try wa.add("/single", target: "S")
        try wa.add("single/:id", target: "I")
        #expect(try wa.resolve("app://single") == nil)
        #expect(try wa.resolve("app://single/1")?.target == "I")

        let dl = try Router(options: .preset(.deeplinkkit))
        try dl.add("/say/:word", target: "W")
        try dl.add("/say/hello", target: "H")
        #expect(try dl.resolve("dlc://dlc.com/say/hello")?.target == "W")  // registration order

        let nav = try Router(options: .preset(.urlnavigator))
        let e = expectError(.invalidPattern, "<path:> in the middle") { try nav.add("myapp://<path:p>/x", target: "T") }
        #expect(e?.message.contains("must end the pattern") == true)
    }

    @Test("RoutingKit's reading: a parameter takes empty text, a typed one does not; other readings never")
    func emptyParameters() throws {
        let rk = try Router(options: .preset(.routingkit))
        try rk.add("a/:x", target: "A")
        try rk.add("b/:x/c", target: "B")
        try rk.add("n/<int:n>", target: "N")
        try rk.add("f/:{name}.json", target: "F")
        #expect(try rk.resolve("/a/")?.params["x"] == .string(""))
        #expect(try rk.resolve("/a/z")?.params["x"] == .string("z"))
        #expect(try rk.resolve("/b//c")?.params["x"] == .string(""))
        #expect(try rk.resolve("/n/") == nil)
        #expect(try rk.resolve("/f/.json")?.params["name"] == .string(""))
        #expect(try rk.resolve("/f/x.json")?.params["name"] == .string("x"))

        var kept = RouterOptions()
        kept.keepEmptySegments = true
        let plain = try Router(options: kept)
        try plain.add("a/:x", target: "A")
        try plain.add("b/:x/c", target: "B")
        try plain.add("f/<name>.json", target: "F")
        #expect(try plain.resolve("/a/") == nil)
        #expect(try plain.resolve("/b//c") == nil)
        #expect(try plain.resolve("/f/.json") == nil)
    }

    @Test("a reading's error names the text it read")
    func readingErrorNamesTheText() throws {
        let dl = try Router(options: .preset(.deeplinkkit))
        let e = expectError(.invalidPattern, "bad regexp") { try dl.add("/a/:id([0-9)", target: "T") }
        #expect(e?.message.contains("as read by the deeplinkkit preset: '*/a/<re:id:[0-9>'") == true)
    }

    @Test("a rule document names its preset; a router of another reading refuses it")
    func documentPreset() throws {
        let doc = #"{"version": 1, "preset": "routingkit", "routes": [{"pattern": "v1/**", "target": "T"}]}"#
        let r = try Router(options: .preset(.routingkit))
        try r.loadRules(json: doc)
        #expect(try r.resolve("/v1/a/b")?.target == "T")
        let e = expectError(.rule, "other preset") { try Router().loadRules(json: doc) }
        #expect(e?.message.contains("written for the routingkit preset") == true)
        let bad = #"{"version": 1, "preset": "rails", "routes": []}"#
        let u = expectError(.rule, "unknown preset") { try Router().loadRules(json: bad) }
        #expect(u?.message.contains("the presets are switchyard, jlroutes") == true)
    }
}
