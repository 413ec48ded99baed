/// Entry-aware stacks as JSON, the form C, Python and fixtures use (docs/NAVIGATION.md):
/// open screens in, `[{"route": "hotels"}, {"route": "hotel", "params": {"hotel": 12}}]` for
/// an app without tabs or `{"tab": "home", "tabs": {"home": [...], "account": []}}`, and
/// operations out, `[{"select_tab": "home"}, {"pop_to": 1}, {"push": "hotel", "params": {"hotel": 12}}]`.
/// Read with the library's own JSON reader; errors name the JSON path, line and column,
/// with the byte as `position`.

extension OpenScreens {
    /// Reads open screens from JSON text (UTF-8 bytes): `.invalidArgument` naming the path,
    /// line and column of what is wrong, `.limit` past `NavigationLimits`.
    package init(jsonBytes bytes: UnsafeRawBufferPointer) throws(SwitchyardError) {
        let tape = try parsedTape(bytes, what: "open screens")
        self = try FixtureReader(tape: tape).openScreens(tape.root, .root)
    }

    /// Reads open screens from JSON text.
    public init(json: String) throws(SwitchyardError) {
        var text = json
        let result: Result<OpenScreens, SwitchyardError> = text.withUTF8 { bytes in
            do throws(SwitchyardError) {
                return .success(try OpenScreens(jsonBytes: UnsafeRawBufferPointer(bytes)))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }
}

/// The JSON text parsed; a syntax error is `.invalidArgument` about `what`, at its byte.
private func parsedTape(_ bytes: UnsafeRawBufferPointer, what: String) throws(SwitchyardError) -> JSONTape {
    do throws(SwitchyardError) {
        return try JSONTape(parsing: bytes.assumingMemoryBound(to: UInt8.self))
    } catch {
        throw SwitchyardError(.invalidArgument, "\(what): " + error.message, position: error.position)
    }
}

extension StackPolicy {
    /// Reads a stack policy as a rule document's `"stack"` writes it (an object of `"tab"`,
    /// `"default"` and entry kinds, or one mode) from JSON text: `.invalidArgument` naming
    /// the JSON path of what is wrong (C's route added in code with a stack policy).
    package init(jsonBytes bytes: UnsafeRawBufferPointer) throws(SwitchyardError) {
        let tape = try parsedTape(bytes, what: "stack policy")
        self = try readStackPolicy(tape.root, .root) { path, message in
            SwitchyardError(.invalidArgument, "stack policy: \(path): \(message)")
        }
    }
}

extension FixtureReader {
    /// Open screens: an array of screens (no tabs) or `{"tab", "tabs"}`.
    func openScreens(_ v: TapeValue, _ path: JSONPath) throws(SwitchyardError) -> OpenScreens {
        var count = 0
        switch v.node.kind {
        case .array:
            return OpenScreens(try screens(v, path, count: &count))
        case .object:
            var shown: (String, TapeValue)?
            var tabs: [String: [OpenScreen]] = [:]
            var tabsValue: TapeValue?
            try forEachMember(v) { (key, keyIndex, value) throws(SwitchyardError) in
                let field = path.key(key)
                switch key {
                case "tab": shown = (try string(value, field), value)
                case "tabs":
                    guard value.node.kind == .object else {
                        throw error(field, value.index, "must be an object of tab names to stacks, not \(jsonTypeName(value.node.kind))")
                    }
                    tabsValue = value
                    try forEachMember(value) { (tab, tabIndex, stack) throws(SwitchyardError) in
                        if let why = navigationNameProblem(tab, what: "a tab name") { throw error(field.key(tab), tabIndex, why) }
                        if tabs.count == NavigationLimits.maxTabs {
                            let e = error(field.key(tab), tabIndex, "more than \(NavigationLimits.maxTabs) tabs")
                            throw SwitchyardError(.limit, e.message, position: e.position)
                        }
                        tabs[tab] = try screens(stack, field.key(tab), count: &count)
                    }
                default:
                    throw error(field, keyIndex, "unknown member (open screens with tabs have \"tab\" and \"tabs\")")
                }
            }
            guard let (tab, tabValue) = shown else { throw error(path, v.index, "missing \"tab\" (the tab shown)") }
            guard tabsValue != nil else { throw error(path, v.index, "missing \"tabs\" (each tab's stack)") }
            guard tabs[tab] != nil else {
                throw error(path.key("tab"), tabValue.index,
                            "'\(tab)' is not one of the tabs (" + tabs.keys.sorted().joined(separator: ", ") + ")")
            }
            return OpenScreens(currentTab: tab, tabs: tabs)
        default:
            throw error(path, v.index, "must be an array of screens or an object with \"tab\" and \"tabs\", not \(jsonTypeName(v.node.kind))")
        }
    }

    /// A stack: screens root first, counted against `NavigationLimits.maxOpenScreens`.
    private func screens(_ v: TapeValue, _ path: JSONPath, count: inout Int) throws(SwitchyardError) -> [OpenScreen] {
        guard v.node.kind == .array else {
            throw error(path, v.index, "must be an array of screens, not \(jsonTypeName(v.node.kind))")
        }
        var out: [OpenScreen] = []
        var total = count
        try v.forEachElement(path) { (i, item) throws(SwitchyardError) in
            total += 1
            if total > NavigationLimits.maxOpenScreens {
                let e = error(path.index(i), item.index, "more than \(NavigationLimits.maxOpenScreens) open screens")
                throw SwitchyardError(.limit, e.message, position: e.position)
            }
            out.append(try screen(item, path.index(i), routeKey: "route"))
        }
        count = total
        return out
    }

    /// `{"route": name, "params": {...}}` (`routeKey` "push" in an operation).
    func screen(_ v: TapeValue, _ path: JSONPath, routeKey: String) throws(SwitchyardError) -> OpenScreen {
        guard v.node.kind == .object else {
            throw error(path, v.index, "must be an object with \"\(routeKey)\" and \"params\", not \(jsonTypeName(v.node.kind))")
        }
        var route: String?
        var params: [String: ParameterValue] = [:]
        try forEachMember(v) { (key, keyIndex, value) throws(SwitchyardError) in
            switch key {
            case routeKey: route = try string(value, path.key(key))
            case "params": params = try self.params(value, path.key(key))
            default: throw error(path.key(key), keyIndex, "unknown member (a screen has \"\(routeKey)\" and \"params\")")
            }
        }
        guard let route else { throw error(path, v.index, "missing \"\(routeKey)\" (the route's name)") }
        return OpenScreen(route, params: params)
    }

    /// Operations as a fixture expects them.
    func operations(_ v: TapeValue, _ path: JSONPath) throws(SwitchyardError) -> [StackOperation] {
        guard v.node.kind == .array else { throw error(path, v.index, "must be an array of operations, not \(jsonTypeName(v.node.kind))") }
        var out: [StackOperation] = []
        try v.forEachElement(path) { (i, item) throws(SwitchyardError) in
            let at = path.index(i)
            guard item.node.kind == .object else {
                throw error(at, item.index, "must be an operation object, not \(jsonTypeName(item.node.kind))")
            }
            var kind: String?
            try forEachMember(item) { (key, keyIndex, value) throws(SwitchyardError) in
                switch key {
                case "select_tab":
                    out.append(.selectTab(try string(value, at.key(key))))
                case "pop_to":
                    guard value.node.kind == .integer, value.integer >= 0, value.integer <= Int64(NavigationLimits.maxOpenScreens) else {
                        throw error(at.key(key), value.index, "must be a depth: an integer from 0 to \(NavigationLimits.maxOpenScreens)")
                    }
                    out.append(.popTo(Int(value.integer)))
                case "push":
                    out.append(.push(try screen(item, at, routeKey: "push")))
                case "params":
                    return
                default:
                    throw error(at.key(key), keyIndex, "unknown member (an operation is {\"select_tab\": tab}, {\"pop_to\": depth} or {\"push\": route, \"params\": {...}})")
                }
                if kind != nil { throw error(at.key(key), keyIndex, "an operation has one of \"select_tab\", \"pop_to\" and \"push\"") }
                kind = key
            }
            guard let kind else { throw error(at, item.index, "states no operation (\"select_tab\", \"pop_to\" or \"push\")") }
            if kind != "push", hasMember(item, "params") {
                throw error(at.key("params"), item.index, "only a push has \"params\"")
            }
        }
        return out
    }

    private func hasMember(_ object: TapeValue, _ name: String) -> Bool {
        var found = false
        try? forEachMember(object) { (key, _, _) throws(SwitchyardError) in if key == name { found = true } }
        return found
    }
}

extension [StackOperation] {
    /// The operations as JSON: `[{"select_tab": "home"}, {"pop_to": 1}, {"push": "hotel",
    /// "params": {"hotel": 12}}]` (parameters sorted by name; a float that is not finite, which no
    /// match holds, written as null).
    public var json: String {
        var out = "["
        for (k, op) in enumerated() {
            if k > 0 { out += "," }
            switch op {
            case .selectTab(let t):
                out += "{\"select_tab\":"
                appendJSONString(t, to: &out)
            case .popTo(let n):
                out += "{\"pop_to\":\(n)"
            case .push(let s):
                out += "{\"push\":"
                appendJSONString(s.route, to: &out)
                out += ",\"params\":{"
                for (j, (name, value)) in s.params.sorted(by: { $0.key < $1.key }).enumerated() {
                    if j > 0 { out += "," }
                    appendJSONString(name, to: &out)
                    out += ":"
                    switch value {
                    case .string(let text): appendJSONString(text, to: &out)
                    case .int(let i): out += String(i)
                    case .float(let d): out += d.isFinite ? formatDouble(d) : "null"
                    }
                }
                out += "}"
            }
            out += "}"
        }
        return out + "]"
    }
}
