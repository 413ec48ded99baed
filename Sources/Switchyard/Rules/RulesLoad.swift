// Part of the RuleDocuments trait (Package.swift): JSON read with jansson.
#if RuleDocuments
/// Loading rule documents (SEMANTICS.md §5): JSON text, a file, or a jansson value, applied
/// all or nothing in one table change. The document's routes replace those of the previous
/// document; routes added one by one stay. Every error inside a document is a rule error whose
/// message names the JSON path (and, inside a pattern or redirect, the byte: `position`).
import CJansson

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Router {
    /// Loads a rule document from JSON text. Throws `rule` (with the JSON path, or jansson's
    /// line, column and byte for a syntax error); on error the router is unchanged.
    public func loadRules(json: String) throws(SwitchyardError) {
        var text = json
        let result: Result<Void, SwitchyardError> = text.withUTF8 { bytes in
            do throws(SwitchyardError) {
                try loadRules(bytes: UnsafeRawBufferPointer(bytes))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Loads a rule document from a file. An unreadable file is an `io` error, a path that
    /// holds a NUL byte an `invalidArgument` error at that byte; the rest as `loadRules(json:)`.
    public func loadRules(contentsOfFile path: String) throws(SwitchyardError) {
        let bytes = try readRuleFile(path, limit: options.limits.maxDocumentSize)
        let result: Result<Void, SwitchyardError> = bytes.withUnsafeBytes { raw in
            do throws(SwitchyardError) {
                try loadRules(bytes: raw)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Loads a rule document from UTF-8 JSON bytes (the C entry point's form).
    package func loadRules(bytes: UnsafeRawBufferPointer) throws(SwitchyardError) {
        let limit = options.limits.maxDocumentSize
        if bytes.count > limit {
            throw SwitchyardError(.rule, "$: the document is \(bytes.count) bytes, over the limit of \(limit) (maxDocumentSize)")
        }
        var error = json_error_t()
        let flags = JSON_REJECT_DUPLICATES | JSON_DECODE_ANY
        // A NULL base (empty buffer) is not allowed by json_loadb: give it a real empty buffer.
        let base = bytes.baseAddress ?? UnsafeRawPointer(emptyBytes)
        guard let root = json_loadb(base.assumingMemoryBound(to: CChar.self), bytes.count, Int(flags), &error) else {
            throw syntaxError(error, bytes)
        }
        defer { json_decref(root) }
        try loadDocument(UnsafePointer(root))
    }

    /// Loads a rule document from a jansson value (a borrowed `const json_t *`: only read;
    /// the caller keeps its reference). The size limit applies to text only.
    package func loadRules(jansson: OpaquePointer) throws(SwitchyardError) {
        try loadDocument(UnsafePointer<json_t>(jansson))
    }

    private func loadDocument(_ root: UnsafePointer<json_t>) throws(SwitchyardError) {
        let read = patternConfig.read
        let doc = try RuleReader(read: read).document(root)
        // The index of the last route that passed `check`: an error of that route after it
        // (apply's order) is about its redirect template, before it about its pattern.
        var checked = -1
        let annotate: (Int, SwitchyardError) -> SwitchyardError = { index, error in
            if error.code == .rule { return error }
            let site = doc.sites[index]
            let path: JSONPath
            switch error.code {
            case .invalidPattern, .conflict: path = site.pattern
            case .limit: path = checked == index ? site.destination : site.pattern
            case .invalidArgument: path = checked == index ? site.destination : site.route
            default: path = site.route
            }
            return SwitchyardError(.rule, "\(path): \(error.message)", position: error.position)
        }
        // Compiled outside the router's lock; the lock is held only for conflicts and the swap,
        // and the table is built outside it too (resolves meanwhile use the previous one).
        // The allowlist goes with each redirect route: it is checked on the template when the
        // route is added (validateRedirectTemplate) and on every URL the redirect produces.
        var routes = doc.routes
        if let allowlist = doc.allowlist {
            for k in routes.indices {
                if case .redirect = routes[k].destination { routes[k].redirectAllowlist = allowlist }
            }
        }
        let cost = state.withLock { $0.cost(replacingDocument: true) }
        let prepared = try RouterState.prepare(
            adding: routes, config: patternConfig, cost: cost,
            check: { (index, _, _) throws(SwitchyardError) in checked = index },
            annotate: annotate)
        // Conflicts and the budget (checked again on the routes as they are now) concern
        // the pattern.
        let applyAnnotate: (Int, SwitchyardError) -> SwitchyardError = { index, error in
            SwitchyardError(.rule, "\(doc.sites[index].pattern): \(error.message)", position: error.position)
        }
        try changeAndBuild { (s: inout RouterState) throws(SwitchyardError) in
            try s.checkParents(adding: prepared, replacingDocument: true, annotate: annotate)
            try s.apply(prepared: prepared, fromDocument: true, replacingDocument: true, annotate: applyAnnotate)
        }
    }

    /// jansson's syntax error, with its line, column and byte, and the JSON path it is in.
    private func syntaxError(_ e: json_error_t, _ bytes: UnsafeRawBufferPointer) -> SwitchyardError {
        var e = e
        let text = withUnsafeBytes(of: &e.text) { raw -> String in
            let b = raw.bindMemory(to: UInt8.self)
            let n = b.firstIndex(of: 0) ?? b.count
            return String(decoding: UnsafeBufferPointer(rebasing: b[..<n]), as: UTF8.self)
        }
        var whereText = ""
        if e.position > 0, let base = bytes.baseAddress {
            // Up to the offending token, not through it (jansson points just after it).
            let path = jsonPath(in: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, at: Int(e.position) - 1)
            if path.description != "$" { whereText = " in \(path)" }
        }
        let position = e.position >= 0 ? Int(e.position) : nil
        return SwitchyardError(.rule,
            "invalid JSON at line \(e.line), column \(e.column), byte \(e.position)\(whereText): \(text)",
            position: position)
    }
}

/// Reads a whole file with POSIX calls (no Foundation). Stops one byte past `limit`, so an
/// over-size file is reported without reading all of it.
func readRuleFile(_ path: String, limit: Int) throws(SwitchyardError) -> [UInt8] {
    if let nul = path.utf8.firstIndex(of: 0) {
        // Shown with the NUL written as \0: C callers read a message up to its first NUL.
        let shown = String(decoding: path.utf8.prefix(200).flatMap { $0 == 0 ? [0x5C, 0x30] : [$0] }, as: UTF8.self)
        let at = path.utf8.distance(from: path.utf8.startIndex, to: nul)
        throw SwitchyardError(.invalidArgument,
            "the file path '\(shown)\(path.utf8.count > 200 ? "..." : "")' holds a NUL byte, which no file path can hold, at \(at)",
            position: at)
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { throw SwitchyardError(.io, "cannot open '\(path)': \(errnoText())") }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while out.count <= limit {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw SwitchyardError(.io, "cannot read '\(path)': \(errnoText())")
        }
        if n == 0 { break }
        out += chunk[0..<n]
    }
    if out.count > limit {
        throw SwitchyardError(.rule, "$: the document is over the limit of \(limit) bytes (maxDocumentSize)")
    }
    return out
}

private func errnoText() -> String {
    let code = errno
    guard let s = strerror(code) else { return "error \(code)" }
    return String(cString: s)
}
#endif
