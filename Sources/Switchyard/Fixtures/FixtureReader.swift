/// Reading a fixture document from the module's own JSON nodes (RulesJSONText.swift), so it
/// needs no jansson. Strict as rule documents are: an unknown key, a wrong type or a case
/// with nothing to check is an error naming its JSON path, line and column.
///
/// A case's keys are a table (`FixtureReader.fields`): each expectation kind is one row
/// that reads its value into `FixtureExpectation`, and one comparison in FixtureCompare.swift.

struct FixtureReader {
    let tape: JSONTape

    /// One key a case may hold: its name and how its value is read.
    struct Field: Sendable {
        var key: String
        /// Whether it states something to check (a case needs at least one such key).
        var expects: Bool
        var read: @Sendable (FixtureReader, TapeValue, JSONPath, inout RouteFixture) throws(SwitchyardError) -> Void
    }

    static let fields: [Field] = [
        Field(key: "url", expects: false) { r, v, p, c throws(SwitchyardError) in c.url = try r.string(v, p) },
        Field(key: "description", expects: false) { r, v, p, c throws(SwitchyardError) in c.description = try r.string(v, p) },
        Field(key: "route", expects: true) { r, v, p, c throws(SwitchyardError) in c.expected.route = try r.string(v, p) },
        Field(key: "pattern", expects: true) { r, v, p, c throws(SwitchyardError) in c.expected.pattern = try r.string(v, p) },
        Field(key: "target", expects: true) { r, v, p, c throws(SwitchyardError) in c.expected.target = try r.string(v, p) },
        Field(key: "params", expects: true) { r, v, p, c throws(SwitchyardError) in c.expected.params = try r.params(v, p) },
        Field(key: "only", expects: false) { r, v, p, c throws(SwitchyardError) in c.expected.only = try r.strings(v, p) },
        Field(key: "stack", expects: true) { r, v, p, c throws(SwitchyardError) in c.expected.stack = try r.strings(v, p) },
        Field(key: "redirect", expects: true) { r, v, p, c throws(SwitchyardError) in c.expected.redirect = try r.string(v, p) },
        Field(key: "entry", expects: false) { r, v, p, c throws(SwitchyardError) in
            let text = try r.string(v, p)
            do throws(SwitchyardError) { c.entry = try EntryKind(text) } catch { throw r.error(p, v.index, error.message) }
        },
        Field(key: "open", expects: false) { r, v, p, c throws(SwitchyardError) in c.open = try r.openScreens(v, p) },
        Field(key: "context", expects: false) { r, v, p, c throws(SwitchyardError) in c.context = try r.requirementsHeld(v, p) },
        Field(key: "operations", expects: true) { r, v, p, c throws(SwitchyardError) in c.expected.operations = try r.operations(v, p) },
        Field(key: "pending", expects: true) { r, v, p, c throws(SwitchyardError) in
            c.expected.pending = v.node.kind == .null ? "" : try r.string(v, p)
        },
        Field(key: "refused", expects: true) { r, v, p, c throws(SwitchyardError) in
            let text = try r.string(v, p)
            guard let kind = FixtureRefusal(rawValue: text) else {
                throw r.error(p, v.index, "unknown refusal '\(text)' (the refusals are \"no-route\", \"redirect\" and \"url\")")
            }
            c.expected.refused = kind
        },
    ]

    static let fieldList = fields.map(\.key).joined(separator: ", ")

    /// The cases of the document at the tape's root.
    func document() throws(SwitchyardError) -> [RouteFixture] {
        let root = tape.root
        switch root.node.kind {
        case .array:
            return try cases(root, JSONPath.root, base: "")
        case .object:
            var list: TapeValue?
            var base = ""
            try forEachMember(root) { (key, keyIndex, value) throws(SwitchyardError) in
                let path = JSONPath.root.key(key)
                switch key {
                case "cases":
                    guard value.node.kind == .array else { throw mustBe("an array of cases", path, value) }
                    list = value
                case "base": base = try string(value, path)
                case "description": _ = try string(value, path)
                default:
                    throw error(path, keyIndex, "unknown field (a fixture document has \"cases\", \"base\" and \"description\")")
                }
            }
            guard let list else { throw error(.root, 0, "missing \"cases\" (the list of cases)") }
            return try cases(list, JSONPath.root.key("cases"), base: base)
        default:
            throw mustBe("an array of cases or an object with \"cases\"", .root, root)
        }
    }

    private func cases(_ list: TapeValue, _ path: JSONPath, base: String) throws(SwitchyardError) -> [RouteFixture] {
        var out: [RouteFixture] = []
        try list.forEachElement(path) { (i, item) throws(SwitchyardError) in
            out.append(try fixture(item, path.index(i), base: base))
        }
        return out
    }

    private func fixture(_ item: TapeValue, _ path: JSONPath, base: String) throws(SwitchyardError) -> RouteFixture {
        guard item.node.kind == .object else { throw mustBe("a case object", path, item) }
        let (line, column) = place(Int(item.node.start))
        var c = RouteFixture(url: "", expected: FixtureExpectation(), line: line, column: column)
        var hasURL = false, expects = false
        try forEachMember(item) { (key, keyIndex, value) throws(SwitchyardError) in
            let field = path.key(key)
            guard let f = Self.fields.first(where: { $0.key == key }) else {
                throw error(field, keyIndex, "unknown field (a case has \(Self.fieldList))")
            }
            try f.read(self, value, field, &c)
            hasURL = hasURL || key == "url"
            expects = expects || f.expects
        }
        guard hasURL else { throw error(path, item.index, "missing \"url\"") }
        guard expects else {
            throw error(path, item.index, "states nothing to check (give \"route\", \"pattern\", \"target\", \"params\", \"stack\", \"redirect\", \"operations\", \"pending\" or \"refused\")")
        }
        if c.expected.refused != nil,
           c.expected.route != nil || c.expected.pattern != nil || c.expected.target != nil
            || c.expected.params != nil || c.expected.stack != nil || c.expected.redirect != nil
            || c.expected.operations != nil || c.expected.pending != nil {
            throw error(path.key("refused"), item.index, "a refused URL has no route, parameters, stack, redirect, operations or pending requirement to check")
        }
        if c.expected.only != nil, c.expected.params == nil {
            throw error(path.key("only"), item.index, "\"only\" names the parameters of \"params\" to compare; give \"params\" too")
        }
        if !base.isEmpty, c.url.utf8.first == UInt8(ascii: "/") { c.url = base + c.url }
        return c
    }

    // MARK: values

    func string(_ v: TapeValue, _ path: JSONPath) throws(SwitchyardError) -> String {
        guard v.node.kind == .string else { throw mustBe("a string", path, v) }
        return tape.string(v.node)
    }

    func strings(_ v: TapeValue, _ path: JSONPath) throws(SwitchyardError) -> [String] {
        guard v.node.kind == .array else { throw mustBe("an array of strings", path, v) }
        var out: [String] = []
        try v.forEachElement(path) { (i, item) throws(SwitchyardError) in out.append(try string(item, path.index(i))) }
        return out
    }

    /// `{"id": 42, "zoom": 1.5, "tab": "posts"}`: JSON integers are `.int`, other numbers
    /// `.float`, strings `.string`.
    func params(_ v: TapeValue, _ path: JSONPath) throws(SwitchyardError) -> [String: ParameterValue] {
        guard v.node.kind == .object else { throw mustBe("an object of parameters", path, v) }
        var out: [String: ParameterValue] = [:]
        try forEachMember(v) { (key, _, value) throws(SwitchyardError) in
            switch value.node.kind {
            case .string: out[key] = .string(tape.string(value.node))
            case .integer: out[key] = .int(value.integer)
            case .real: out[key] = .float(value.real)
            default: throw mustBe("a string or a number", path.key(key), value)
            }
        }
        return out
    }

    /// `{"signed-in": true, "onboarded": false}`: the requirements that hold for the case.
    func requirementsHeld(_ v: TapeValue, _ path: JSONPath) throws(SwitchyardError) -> [String: Bool] {
        guard v.node.kind == .object else { throw mustBe("an object of requirement names to true or false", path, v) }
        var out: [String: Bool] = [:]
        try forEachMember(v) { (key, _, value) throws(SwitchyardError) in
            guard value.node.kind == .trueValue || value.node.kind == .falseValue else {
                throw mustBe("true or false", path.key(key), value)
            }
            out[key] = value.node.kind == .trueValue
        }
        return out
    }

    // MARK: walking and places

    /// Each member of an object: its key, the key's node index, and its value.
    func forEachMember(_ object: TapeValue,
                               _ body: (String, Int, TapeValue) throws(SwitchyardError) -> Void) throws(SwitchyardError) {
        var k = object.index + 1
        let end = Int(object.node.after)
        while k < end {
            try body(tape.string(tape.nodes[k]), k, TapeValue(tape: tape, index: k + 1))
            k = Int(tape.nodes[k + 1].after)
        }
    }

    /// 1-based line and column (in characters) of byte `at`.
    func place(_ at: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in UnsafeBufferPointer(rebasing: tape.text[..<min(max(at, 0), tape.text.count)]) {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// The error about the value (or key) of node `index`, placed at its first byte (a
    /// string's opening quote).
    func error(_ path: JSONPath, _ index: Int, _ message: String) -> SwitchyardError {
        var at = 0
        if index < tape.nodes.count {
            let n = tape.nodes[index]
            at = Int(n.start) - (n.kind == .string ? 1 : 0)
        }
        let (line, column) = place(at)
        return SwitchyardError(.invalidArgument, "\(path) (line \(line), column \(column)): \(message)", position: at)
    }

    private func mustBe(_ what: String, _ path: JSONPath, _ v: TapeValue) -> SwitchyardError {
        error(path, v.index, "must be \(what), not \(jsonTypeName(v.node.kind))")
    }
}
