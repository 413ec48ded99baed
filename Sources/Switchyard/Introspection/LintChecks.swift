/// The lints themselves, run on a loaded document (Lint.swift has the ids and the API).

/// Reads a document that already loaded, for where each route stands in it and its allowlist.
func readRuleDocument(_ json: String, _ read: ReadConfig) throws(SwitchyardError) -> RuleDocument {
    var text = json
    let result: Result<RuleDocument, SwitchyardError> = text.withUTF8 { bytes in
        do throws(SwitchyardError) {
            return .success(try readRuleDocument(bytes: UnsafeRawBufferPointer(bytes), read))
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

struct DocumentLint {
    let router: Router
    let doc: RuleDocument
    let configuration: LintConfiguration
    var analysis: TableAnalysis
    private(set) var findings: [LintFinding] = []
    private var nextCache: [Int: NextHop] = [:]
    /// Each route's compiled query contract, read when a lint first needs one.
    var queryContracts: [QueryContract?]? = nil

    init(router: Router, doc: RuleDocument, configuration: LintConfiguration) {
        self.router = router
        self.doc = doc
        self.configuration = configuration
        analysis = TableAnalysis(router.tableModel())
    }

    var model: TableModel { analysis.model }

    mutating func add(_ rule: LintRule, _ message: String, path: String, position: Int? = nil, route: Int? = nil,
                      notes: [LintNote] = [], fix: String? = nil) {
        guard !configuration.disabled.contains(rule) else { return }
        findings.append(LintFinding(rule: rule, message: message, fix: fix ?? rule.fix, path: path,
                                    position: position, routeIndex: route, notes: notes))
    }

    var sortedFindings: [LintFinding] {
        let order = Dictionary(uniqueKeysWithValues: LintRule.allCases.enumerated().map { ($1, $0) })
        return findings.enumerated().sorted { x, y in
            let a = x.element, b = y.element
            if (a.routeIndex ?? -1) != (b.routeIndex ?? -1) { return (a.routeIndex ?? -1) < (b.routeIndex ?? -1) }
            if a.rule != b.rule { return order[a.rule, default: 0] < order[b.rule, default: 0] }
            return x.offset < y.offset
        }.map(\.element)
    }

    mutating func run() {
        // The router holds exactly the document's routes, in document order.
        guard model.routes.count == doc.routes.count else { return }
        shadowedRoutes()
        parameterNames()
        unusedDefaults()
        redirects()
    }

    func patternPath(_ ri: Int) -> String { doc.sites[ri].pattern.description }
    func quoted(_ ri: Int) -> String { "'\(model.routes[ri].pattern)'" }

    // MARK: shadowed-route

    private mutating func shadowedRoutes() {
        for ri in model.routes.indices {
            guard case .shadowed(let by) = analysis.routeReach(ri), !by.isEmpty else { continue }
            let shown = by.prefix(3).map(quoted).joined(separator: ", ") + (by.count > 3 ? " and \(by.count - 3) more" : "")
            let message = by.count == 1
                ? "route \(quoted(ri)) can never win: every URL it matches goes to \(shown)"
                : "route \(quoted(ri)) can never win: every URL it matches goes to one of \(shown)"
            let top = by.map { model.routes[$0].priority }.max() ?? 0
            let fix = top > model.routes[ri].priority
                ? "remove the route, or give it a priority above \(top)"
                : "remove the route: the routes that shadow it are more specific for every URL it matches"
            let notes = by.prefix(3).map { LintNote(path: patternPath($0), message: "\(quoted($0)) takes its URLs") }
            add(.shadowedRoute, message, path: patternPath(ri), route: ri, notes: Array(notes), fix: fix)
        }
    }

    // MARK: parameter-name-only

    static func captureNames(_ e: ModelEntry) -> [String] {
        var out: [String] = []
        for s in e.variant.segments { for n in s.capturedNames where n >= 0 { out.append(e.names[n]) } }
        if let r = e.variant.remainder, r.nameIndex >= 0 { out.append(e.names[r.nameIndex]) }
        return out
    }

    private mutating func parameterNames() {
        var byShape: [VariantShape: [Int]] = [:]
        var order: [VariantShape] = []
        for e in model.entries {
            let shape = VariantShape(e.variant)
            if byShape[shape] == nil { order.append(shape) }
            byShape[shape, default: []].append(e.id)
        }
        var reported = Set<[Int]>()
        for shape in order {
            guard let ids = byShape[shape], ids.count > 1 else { continue }
            for (k, a) in ids.enumerated() {
                for b in ids[(k + 1)...] {
                    let ea = model.entries[a], eb = model.entries[b]
                    // `*name` and `<path:name>` share a shape but not their URLs.
                    guard ea.routeIndex != eb.routeIndex, ea.tailMin == eb.tailMin else { continue }
                    let (first, second) = ea.routeIndex < eb.routeIndex ? (ea, eb) : (eb, ea)
                    let na = Self.captureNames(first), nb = Self.captureNames(second)
                    guard na != nb, na.count == nb.count, let d = na.indices.first(where: { na[$0] != nb[$0] }),
                          reported.insert([first.routeIndex, second.routeIndex]).inserted else { continue }
                    let pattern = second.route.pattern
                    add(.parameterNameOnly,
                        "route \(quoted(second.routeIndex)) differs from \(quoted(first.routeIndex)) only in a parameter's name ('\(nb[d])' here, '\(na[d])' there): they match the same URLs",
                        path: patternPath(second.routeIndex), position: namePosition(pattern, nb[d]),
                        route: second.routeIndex,
                        notes: [LintNote(path: patternPath(first.routeIndex), message: "the other route")])
                }
            }
        }
    }

    // MARK: unused-default

    private mutating func unusedDefaults() {
        for (ri, route) in model.routes.enumerated() where !route.defaults.isEmpty {
            let entries = model.entriesOfRoute[ri].map { model.entries[$0] }
            for name in route.defaults.keys.sorted() {
                let path = doc.sites[ri].route.key("defaults").key(name).description
                if case .redirect = route.destination {
                    add(.unusedDefault,
                        "default '\(name)' never applies: a redirect route's match is never returned (the chain goes on to the next URL)",
                        path: path, route: ri)
                } else if !entries.isEmpty, entries.allSatisfy({ Self.captureNames($0).contains(name) }) {
                    add(.unusedDefault,
                        "default '\(name)' never applies: every URL this route matches captures '\(name)' in its path",
                        path: path, route: ri)
                }
            }
        }
    }

    // MARK: redirects

    private mutating func redirects() {
        for (ri, route) in model.routes.enumerated() {
            guard case .redirect(let template) = route.destination else { continue }
            // A route that never wins never redirects (it is reported as shadowed).
            guard case .reachable(let example) = analysis.routeReach(ri),
                  let entry = model.entriesOfRoute[ri].first(where: {
                      if case .alive = analysis.entryReach($0) { return true } else { return false } })
            else { continue }
            let e = model.entries[entry]
            let path = doc.sites[ri].destination.description
            emptyPlaceholders(ri, template, path)
            if doc.allowlist == nil, let target = templateTarget(template, isWeb: model.isWebScheme),
               target.isAbsolute, leaves(e.origin, target.origin) {
                let to = target.originText.isEmpty ? "a scheme-relative URL ('\(template)')"
                    : target.originText.hasSuffix(":") ? "the scheme '\(target.originText.dropLast())'"
                    : "'\(target.originText)'"
                add(.redirectOffsite,
                    "redirect to \(to) leaves the scheme and host of \(quoted(ri)), and the document has no redirect_allowlist",
                    path: path, route: ri)
            }
            switch nextHop(ri) {
            case .outside:
                add(.redirectUnhandled, "no route handles '\(template)': this redirect opens outside the app",
                    path: path, route: ri)
            case .entry(let target):
                redirectQueryItems(ri, template, target, path)
                chain(ri, example, path)
            case .unknown:
                chain(ri, example, path)
            }
        }
    }

    private mutating func emptyPlaceholders(_ ri: Int, _ template: String, _ path: String) {
        let t = Array(template.utf8)
        for ph in redirectPlaceholders(t) {
            for id in model.entriesOfRoute[ri] {
                let e = model.entries[id]
                guard let r = e.variant.remainder, r.minSegments == 0, r.nameIndex >= 0,
                      e.names[r.nameIndex] == ph.name else { continue }
                var emptied = t
                emptied.removeSubrange(ph.start..<(ph.start + ph.name.utf8.count + 2))
                add(.emptyPlaceholder,
                    "{\(ph.name)} is empty when '*\(ph.name)' matches no segment; the redirect then leads to '\(String(decoding: emptied, as: UTF8.self))'",
                    path: path, position: ph.start, route: ri)
                break
            }
        }
    }

    /// Whether a redirect from URLs of `from` to URLs of `to` can change scheme or host.
    private func leaves(_ from: OriginSet, _ to: OriginSet) -> Bool {
        switch from {
        case .any, .bare: return true
        case .scheme(let s):
            guard to.scheme == s else { return true }
            if case .host = to { return true }  // any host of a web scheme, to one host
            return false
        case .host: return to != from
        case .wildcard(let s, let suffix, _, let p):
            guard case .host(let s2, let h, let p2) = to, s2 == s, p2 == p else { return true }
            if [0x2E] + h == suffix { return false }
            return !from.contains(Origin(scheme: s2, host: h, port: p2))
        }
    }

    enum NextHop: Equatable { case entry(Int), outside, unknown }

    /// Where every redirect of route `ri` leads: one entry that wins every URL it can
    /// produce, no route at all, or it depends on the values.
    mutating func nextHop(_ ri: Int) -> NextHop {
        if let n = nextCache[ri] { return n }
        var result = NextHop.unknown
        if case .redirect(let template) = model.routes[ri].destination, let id = model.entriesOfRoute[ri].first,
           let shapes = redirectShapes(template, from: model.entries[id], model: model) {
            var tops: [Int] = []
            var empty = 0
            for q in shapes {
                let over = analysis.index.overlapping(q)
                if over.isEmpty { empty += 1; continue }
                if let top = sortedByPrecedence(model, over).first, q.isCovered(by: model.entries[top], fold: model.fold) {
                    tops.append(top)
                }
            }
            if empty == shapes.count { result = .outside }
            else if empty == 0, tops.count == shapes.count, let t = tops.first, tops.allSatisfy({ $0 == t }) {
                result = .entry(t)
            }
        }
        nextCache[ri] = result
        return result
    }

    /// redirect-loop / redirect-limit: follows the hops that are the same for every URL. A
    /// verdict is kept only when resolving the route's example URL fails the same way.
    private mutating func chain(_ ri: Int, _ example: String, _ path: String) {
        var visited = [ri]
        var current = ri
        var loops = false
        while true {
            guard case .entry(let x) = nextHop(current) else { return }
            let r = model.entries[x].routeIndex
            guard case .redirect = model.routes[r].destination else { return }
            if visited.contains(r) { visited.append(r); loops = true; break }
            visited.append(r)
            if visited.count > model.options.limits.maxRedirects { break }
            current = r
        }
        let failure: SwitchyardError?
        do throws(SwitchyardError) {
            _ = try router.resolve(example)
            failure = nil
        } catch {
            failure = error
        }
        guard let failure, failure.code == .redirectLoop || failure.code == .redirectLimit else { return }
        let routes = visited.map(quoted).joined(separator: " -> ")
        if loops {
            add(.redirectLoop, "every URL this route wins ends in a redirect loop (\(routes)); resolving '\(example)' fails with: \(failure.message)",
                path: path, route: ri)
        } else {
            add(.redirectLimit,
                "every URL this route wins takes more than \(model.options.limits.maxRedirects) redirects (\(routes)); resolving '\(example)' fails with: \(failure.message)",
                path: path, route: ri)
        }
    }
}

/// Where parameter `name` is written in `pattern` (after its `:`, `<`, `*` or type), or nil.
func namePosition(_ pattern: String, _ name: String) -> Int? {
    let p = Array(pattern.utf8), n = Array(name.utf8)
    guard !n.isEmpty, p.count >= n.count else { return nil }
    for i in 1...(p.count - n.count) where p[i - 1] == 0x3A || p[i - 1] == 0x3C || p[i - 1] == 0x2A {
        let end = i + n.count
        if p[i..<end].elementsEqual(n) && (end == p.count || !isNameByte(p[end])) { return i }
    }
    return nil
}
