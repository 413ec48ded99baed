// Runs the URL-matching cases of Tests/Data/conformance/*.json, each router's file under its
// preset (`RouterOptions.preset`) with the case's own router flags as options (see
// ConformanceSkips.swift and docs/CONFORMANCE.md): register the routes as the router's users
// wrote them, resolve the URL, check match / no match, the winning pattern and the asserted
// parameters.
import Foundation
import Testing
import Switchyard

@Suite("Conformance (Tests/Data/conformance)")
struct ConformanceTests {
    /// A route of a case, written in our dialect, remembering what the case called it.
    struct CaseRoute {
        let original: String      // the pattern as the upstream system wrote it
        let scheme: String?       // JLRoutes namespace, if any
        let ours: String          // the pattern we register
        let priority: Int
    }

    @Test("the data folder is there and every skipped id exists")
    func dataAndSkipList() throws {
        let cases = try loadConformanceCases()
        #expect(cases.count > 200, "only \(cases.count) cases read from \(conformanceFolder().path)")
        let ids = Set(cases.map(\.id))
        for reason in conformanceSkips {
            for id in reason.ids {
                #expect(ids.contains(id), "skip list names \(id), which is not in the data")
            }
        }
        let listed = conformanceSkips.flatMap(\.ids)
        #expect(listed.count == Set(listed).count, "an id is listed under two reasons")
    }

    @Test("URL-matching cases agree with each router's preset")
    func urlMatchingCases() throws {
        let cases = try loadConformanceCases()
        let kickstarterTable = Self.kickstarterTable(cases)
        var ran = 0, skipped = 0, other = 0
        for c in cases {
            guard c.kind == nil else { other += 1; continue }
            let skip = skipReason(for: c.id)
            if skip?.scope == .whole { skipped += 1; continue }
            ran += 1
            try run(c, checkParams: skip == nil, kickstarterTable: kickstarterTable)
        }
        print("conformance: \(ran) URL-matching cases run, \(skipped) skipped, \(other) of other kinds not applicable")
        #expect(ran > 100)
    }

    @Test("DeepLinkKit's regexp matcher cases, written with constraints")
    func deepLinkKitRegexpCases() throws {
        let cases = try loadConformanceCases().filter { $0.system == "deeplinkkit" && $0.kind == "pattern_string_match" }
        #expect(cases.count >= 3)
        for c in cases {
            guard let pattern = (c.object["routes"] as? [[String: Any]])?.first?["pattern"] as? String,
                  let url = c.object["url"] as? String, let shouldMatch = c.expect["match"] as? Bool else {
                Issue.record("\(c.id): unexpected shape")
                continue
            }
            let ours = Self.constraintPattern(pattern)
            let r = try Router()
            try r.add(ours, target: pattern)
            let m = try r.resolveBuffer(url)
            #expect(m.matched == shouldMatch, "\(c.id): \(ours) on \(url)")
            if shouldMatch, m.matched { checkParameters(c, expect: c.expect, match: m) }
        }
    }

    /// DeepLinkKit's `:name(regexp)` segments as `<re:name:regexp>`.
    static func constraintPattern(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix(":"), let open = segment.firstIndex(of: "("), segment.hasSuffix(")") else {
                return String(segment)
            }
            let name = segment[segment.index(after: segment.startIndex)..<open]
            let regexp = segment[segment.index(after: open)..<segment.index(before: segment.endIndex)]
            return "<re:\(name):\(regexp)>"
        }.joined(separator: "/")
    }

    // MARK: - One case

    private func run(_ c: RawCase, checkParams: Bool, kickstarterTable: [String]) throws {
        let id = c.id
        let routes = Self.routes(of: c, kickstarterTable: kickstarterTable)
        let r = try Router(options: Self.options(for: c))
        if Self.hasGreetingConverter(c) { try r.register(Greeting.self, as: "greeting") }
        for route in routes {
            do {
                try r.add(route.ours, target: route.original, priority: route.priority)
            } catch {
                Issue.record("\(id): cannot add \(route.ours): \(error)")
                return
            }
        }
        for op in c.object["ops_before"] as? [[String: Any]] ?? [] {
            let scheme = op["scheme"] as? String
            let matching = routes.filter { route in
                (op["pattern"] as? String).map { $0 == route.original } ?? true
                    && (scheme == nil || route.scheme == scheme || (scheme == Self.globalScheme && route.scheme == nil))
            }
            guard matching.count == 1, let target = matching.first else {
                Issue.record("\(id): cannot apply op \(op)")
                return
            }
            #expect(r.remove(target.ours), "\(id): remove \(target.ours)")
        }
        guard let url = c.object["url"] as? String else {
            Issue.record("\(id): no URL (should be in the skip list)")
            return
        }
        var expect = c.expect
        if expect["match"] == nil, let inferred = expect["inferred"] as? [String: Any] {
            expect = inferred   // urlnavigator-021: the same answer whatever the route order
        }
        guard let shouldMatch = expect["match"] as? Bool else {
            Issue.record("\(id): no boolean expectation (should be in the skip list)")
            return
        }
        let m: MatchBuffer
        do {
            m = try r.resolveBuffer(url)
        } catch {
            Issue.record("\(id): resolve(\(url)) threw \(error)")
            return
        }
        guard shouldMatch else {
            #expect(!m.matched, "\(id): \(url) should not match, got \(m.pattern ?? "?")")
            return
        }
        guard m.matched else {
            Issue.record("\(id): \(url) should match \(expect["pattern"] ?? "a route"), got a miss")
            return
        }
        if let pattern = expect["pattern"] as? String {
            let wanted = Self.registered(as: pattern, in: routes, scheme: Self.expectedScheme(expect))
            #expect(wanted.contains(m.pattern ?? ""),
                    "\(id): \(url) matched \(m.pattern ?? "?"), expected \(wanted) (case pattern \(pattern))")
        }
        if checkParams {
            checkParameters(c, expect: expect, match: m)
        }
    }

    private func checkParameters(_ c: RawCase, expect: [String: Any], match m: MatchBuffer) {
        let id = c.id
        let params = expect["params"] as? [String: Any] ?? [:]
        for (key, value) in params {
            let name = Self.ourName(key, system: c.system)
            if Self.hasGreetingConverter(c) {
                #expect(m.parameter(name, as: Greeting.self)?.text == value as? String, "\(id): converted \(name)")
            } else if key == "JLRouteWildcardComponents", let parts = value as? [String] {
                #expect(m.remainder == parts.joined(separator: "/"), "\(id): remainder \(m.remainder ?? "nil")")
            } else if let list = value as? [String] {
                #expect(m.queryValues(name) == list, "\(id): query values of \(name): \(m.queryValues(name))")
            } else {
                #expect(Self.same(m.params[name], value), "\(id): \(name) = \(String(describing: m.params[name])), expected \(value)")
            }
        }
        if expect["params_complete"] as? Bool == true {
            let expectedNames = Set(params.keys.filter { $0 != "JLRouteWildcardComponents" }
                .map { Self.ourName($0, system: c.system) })
            // Systems that keep the query apart assert only the route parameters.
            let ours = Self.queryApart.contains(c.system)
                ? Set(m.pathParameters.map(\.name)) : Set(m.params.keys)
            #expect(ours == expectedNames, "\(id): parameter names \(ours.sorted()), expected \(expectedNames.sorted())")
        }
        if let catchall = expect["catchall"] as? [String] {
            #expect(m.remainder == catchall.joined(separator: "/"), "\(id): remainder \(m.remainder ?? "nil")")
        }
        for key in ["query_parameters", "queryParameters"] {
            for (name, value) in expect[key] as? [String: Any] ?? [:] {
                #expect(m.queryValues(name).last == value as? String, "\(id): query \(name)")
            }
        }
    }

    // MARK: - Translation of a case's routes into our dialect

    static let globalScheme = "JLRoutesGlobalRoutesScheme"

    /// Systems that keep query items apart from route parameters (matrix row "query parameters
    /// vs route params"): their `params_complete` speaks of route parameters only.
    static let queryApart: Set<String> = ["urlnavigator", "deeplinkkit", "waapprouting"]

    static func routes(of c: RawCase, kickstarterTable: [String]) -> [CaseRoute] {
        if c.object["routes"] as? String == "@kickstarter-table" {
            return kickstarterTable.map { CaseRoute(original: $0, scheme: nil, ours: $0, priority: 0) }
        }
        let list = c.object["routes"] as? [[String: Any]] ?? []
        return list.compactMap { route in
            guard let pattern = route["pattern"] as? String else { return nil }
            let scheme = route["scheme"] as? String
            let priority = (route["priority"] as? NSNumber)?.intValue ?? 0
            switch c.system {
            case "jlroutes":
                // A bare ':' is a parameter NAMED ':' in JLRoutes; no case here needs it, and it
                // is not a valid name for us, so the route is left out.
                if pattern == "/:" { return nil }
                // A namespace (other than the global one) becomes the pattern's scheme.
                if let scheme, scheme != globalScheme {
                    let path = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
                    return CaseRoute(original: pattern, scheme: scheme, ours: "\(scheme)://\(path)", priority: priority)
                }
                return CaseRoute(original: pattern, scheme: nil, ours: pattern, priority: priority)
            default:
                return CaseRoute(original: pattern, scheme: scheme, ours: pattern, priority: priority)
            }
        }
    }

    static func ourName(_ name: String, system: String) -> String { name }

    /// The options a case runs under: its router's preset, then the router flags the case
    /// sets, as the options docs/CONFORMANCE.md maps them to.
    static func options(for c: RawCase) throws -> RouterOptions {
        var o = try RouterOptions.preset(named: c.system)
        let config = c.object["config"] as? [String: Any] ?? [:]
        if let plus = config["shouldDecodePlusSymbols"] as? Bool {
            o.plusAsSpaceInPath = plus
            o.plusAsSpaceInQuery = plus
            o.encodedPlusAsSpace = plus
        }
        if config["alwaysTreatsHostAsPathComponent"] as? Bool == true { o.hostHandling = .alwaysSegment }
        if config["caseInsensitive"] as? Bool == true { o.caseInsensitiveLiterals = true }
        for (scheme, settings) in config["scheme_options"] as? [String: [String: Any]] ?? [:]
        where settings["shouldFallbackToGlobalRoutes"] as? Bool == true {
            o.globalFallbackSchemes.append(scheme.lowercased())
        }
        return o
    }

    /// URLNavigator's value converter `greeting` (`component -> 'Hello, ' + component + '!'`),
    /// registered as a parameter type of the app's own.
    struct Greeting: ParameterType {
        let text: String
        let parameterText: String
        init?(parameterText: String) {
            self.parameterText = parameterText
            text = "Hello, \(parameterText)!"
        }
    }

    static func hasGreetingConverter(_ c: RawCase) -> Bool {
        ((c.object["config"] as? [String: Any])?["valueConverters"] as? [String: Any])?["greeting"] != nil
    }

    /// Kickstarter's route table is not in the data; the cases name its patterns, so the table
    /// used is every pattern (and older-table candidate) the file mentions.
    static func kickstarterTable(_ cases: [RawCase]) -> [String] {
        var seen: [String] = []
        for c in cases where c.system == "kickstarter" {
            for key in ["pattern", "older_table_candidate"] {
                if let p = c.expect[key] as? String, !seen.contains(p) { seen.append(p) }
            }
        }
        return seen
    }

    /// The JLRoutes namespace the case says the winner came from, if it says.
    static func expectedScheme(_ expect: [String: Any]) -> String? {
        (expect["special"] as? [String: Any])?["JLRouteScheme"] as? String
    }

    /// Our registered patterns that the case's expected pattern can stand for: the same text, or
    /// one alternative of a route's optional groups (JLRoutes reports the expanded pattern).
    static func registered(as pattern: String, in routes: [CaseRoute], scheme: String?) -> [String] {
        routes.filter { route in
            let schemeOK = scheme == nil || route.scheme == scheme || (scheme == globalScheme && route.scheme == nil)
            return schemeOK && (route.original == pattern || groupExpansions(route.original).contains(pattern))
        }.map(\.ours)
    }

    /// Our value against a JSON value: strings as strings, numbers as int or float.
    static func same(_ ours: ParameterValue?, _ json: Any) -> Bool {
        guard let ours else { return false }
        if let s = json as? String { return ours == .string(s) }
        guard let n = json as? NSNumber else { return false }
        switch ours {
        case .int(let i): return Double(i) == n.doubleValue
        case .float(let d): return d == n.doubleValue
        case .string(let s): return s == n.stringValue
        }
    }
}
