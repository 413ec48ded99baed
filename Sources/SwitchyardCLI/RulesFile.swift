// A rule document as the tool reads it: the file's bytes, where each value stands, the
// document's own lint settings (`"lint": {"disable": [...]}` at the top level), and loading it.
// The tool blanks the settings before loading: it has already reported any problem in them
// as `lint-config`, and the loader would report the same problem again.
import Switchyard

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure that ends the command: its message and exit status (2: usage or unreadable input).
struct ToolFailure: Error {
    var message: String
    var status: Int32 = 2
}

struct RulesFile {
    /// The path as given on the command line (it is how findings name the file).
    let path: String
    /// The file as read.
    let original: [UInt8]
    /// What the loader gets: the file with the top-level `lint` member blanked out (same
    /// length and line breaks, so every byte offset still names the same place).
    private(set) var text: [UInt8]
    let source: JSONSource
    /// Lints the document turns off.
    private(set) var disabled: Set<LintRule> = []
    /// Problems with the document's `lint` member.
    private(set) var problems: [Report] = []

    /// Reads `path`. Failing to read it is a `ToolFailure` (exit status 2).
    static func read(_ path: String, limit: Int) throws(ToolFailure) -> RulesFile {
        let bytes = try readFile(path, limit: limit)
        return RulesFile(path: path, bytes: bytes)
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        original = bytes
        text = bytes
        source = JSONSource(bytes)
        readLintSettings()
    }

    // MARK: the document's lint settings

    private mutating func readLintSettings() {
        guard let root = source.root, root.kind == .object,
              let k = root.members.firstIndex(where: { $0.key == "lint" }) else { return }
        let m = root.members[k]
        // Only {"disable": ...} is taken: in the keyed shape a "lint" key could be a route,
        // and a route object never has a "disable" member.
        guard m.value.kind == .object, !m.value.members.isEmpty,
              m.value.members.allSatisfy({ $0.key == "disable" }) else { return }
        for d in m.value.members {
            guard d.value.kind == .array else {
                problems.append(problem("must be an array of lint ids", at: d.value.start, path: "$.lint.disable"))
                continue
            }
            for (i, item) in d.value.items.enumerated() {
                guard item.kind == .string else {
                    problems.append(problem("must be a lint id (a string)", at: item.start, path: "$.lint.disable[\(i)]"))
                    continue
                }
                if let rule = LintRule(rawValue: item.string) {
                    disabled.insert(rule)
                } else {
                    problems.append(problem("unknown lint id '\(item.string)' (`switchyard lints` lists them)",
                                            at: item.start, path: "$.lint.disable[\(i)]"))
                }
            }
        }
        let members = root.members
        let range: Range<Int>
        if k + 1 < members.count {
            range = m.keyStart..<members[k + 1].keyStart
        } else if k > 0 {
            range = members[k - 1].value.end..<m.value.end
        } else {
            range = m.keyStart..<m.value.end
        }
        for i in range where text[i] != 0x0A { text[i] = 0x20 }
    }

    private func problem(_ message: String, at offset: Int, path: String) -> Report {
        let (line, column) = source.lineColumn(offset)
        return Report(id: "lint-config", severity: .error, message: message, fix: nil, path: path,
                      line: line, column: column)
    }

    // MARK: places

    /// Line and column of what JSON path `path` names; `position` is a byte inside the
    /// string there. In the keyed shape a route's path names its member, whose key is the
    /// pattern: the place is then in the key.
    func place(_ path: String, position: Int?, preferKey: Bool = false) -> (line: Int, column: Int)? {
        guard let (steps, _) = leadingJSONPath(path), let root = source.root else { return nil }
        let offset: Int
        if root.kind == .object, root.member("version") == nil, steps.count == 1, case .key(let k) = steps[0],
           let m = root.member(k) {
            offset = position.map { source.offset(inStringAt: m.keyStart, byte: $0) } ?? m.keyStart
        } else if let (node, member) = source.find(steps) {
            if let p = position, node.kind == .string {
                offset = source.offset(inStringAt: node.start, byte: p)
            } else if preferKey, let member {
                offset = member.keyStart
            } else {
                offset = node.start
            }
        } else {
            // The nearest place that exists (a path to a missing member names its object).
            var prefix = steps
            while !prefix.isEmpty, source.find(prefix) == nil { prefix.removeLast() }
            guard let (node, _) = source.find(prefix) else { return nil }
            offset = node.start
        }
        return source.lineColumn(offset)
    }

    /// The loader's error as a report: its JSON path and the place the loader gives
    /// (`SwitchyardError.place`; for a syntax error, jansson's line and column).
    func report(_ e: SwitchyardError) -> Report {
        if e.message.hasPrefix("invalid JSON") {
            return Report(id: "invalid-document", severity: .error, message: e.message, fix: nil, path: nil,
                          line: e.place?.line, column: e.place?.column)
        }
        guard let (_, rest) = leadingJSONPath(e.message), rest.hasPrefix(": ") else {
            return Report(id: "invalid-document", severity: .error, message: e.message, fix: nil, path: nil,
                          line: e.place?.line, column: e.place?.column)
        }
        let path = String(decoding: Array(e.message.utf8.prefix(e.message.utf8.count - rest.utf8.count)), as: UTF8.self)
        // An error from elsewhere than the loader (the linter's) is placed by its path here.
        let where_ = e.place.map { (line: $0.line, column: $0.column) }
            ?? place(path, position: e.position, preferKey: rest.containsText("unknown field"))
        return Report(id: "invalid-document", severity: .error, message: String(rest.dropFirst(2)), fix: nil,
                      path: path, line: where_?.line, column: where_?.column)
    }

    /// A lint finding as a report, with places for it and its notes.
    func report(_ f: LintFinding) -> Report {
        let at = place(f.path, position: f.position, preferKey: f.rule == .unusedDefault)
        let notes = f.notes.map { n -> Report.Note in
            let p = place(n.path, position: nil)
            return Report.Note(path: n.path, line: p?.line, column: p?.column, message: n.message)
        }
        return Report(id: f.rule.id, severity: f.severity, message: f.message, fix: f.fix, path: f.path,
                      line: at?.line, column: at?.column, notes: notes)
    }

    // MARK: loading

    /// A router holding the document, or the loader's error as a report.
    func load(options: RouterOptions = RouterOptions()) -> Result<Router, Report> {
        do {
            // A document that names a preset gets a router of that preset.
            let named = options == RouterOptions()
                ? text.withUnsafeBytes { RouterOptions.documentPreset(bytes: $0) } : nil
            let router = try Router(options: named ?? options)
            try text.withUnsafeBytes { raw in try router.loadRules(bytes: raw) }
            return .success(router)
        } catch let e as SwitchyardError {
            return .failure(report(e))
        } catch {
            return .failure(Report(id: "invalid-document", severity: .error, message: "\(error)", fix: nil, path: nil))
        }
    }

    /// The text the loader reads, as a String (only call after a successful load: it is
    /// then valid UTF-8).
    var loadedText: String { String(decoding: text, as: UTF8.self) }

    /// For commands that need the routes: the router, or a failure (status 2) naming the
    /// first problem with its place.
    func router() throws(ToolFailure) -> Router {
        if let p = problems.first { throw ToolFailure(message: p.plainLine(file: path)) }
        switch load() {
        case .success(let r): return r
        case .failure(let report): throw ToolFailure(message: report.plainLine(file: path))
        }
    }
}

/// Reads a whole file with POSIX calls. Over `limit` bytes it stops one byte past it.
func readFile(_ path: String, limit: Int) throws(ToolFailure) -> [UInt8] {
    if path.utf8.contains(0) { throw ToolFailure(message: "\(path): cannot read: the path contains a NUL byte") }
    let fd = (argumentBytes(path) + [0]).withUnsafeBufferPointer { name in
        name.withMemoryRebound(to: CChar.self) { $0.baseAddress.map { open($0, O_RDONLY | O_CLOEXEC) } ?? -1 }
    }
    if fd < 0 { throw ToolFailure(message: "\(path): cannot open: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var st = stat()
    if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
        throw ToolFailure(message: "\(path): cannot read: it is a directory")
    }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while out.count <= limit {
        let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw ToolFailure(message: "\(path): cannot read: \(String(cString: strerror(errno)))")
        }
        if n == 0 { break }
        out += chunk[0..<n]
    }
    return out
}
