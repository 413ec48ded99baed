/// Loading rule documents (SEMANTICS.md §5): JSON text, a file, or a jansson value, applied
/// all or nothing in one table change. The document's routes replace those of the previous
/// document; routes added one by one stay. Every error inside a document is a rule error whose
/// message names the JSON path (and, inside a pattern or redirect, the byte: `position`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Router {
    /// Loads a rule document from JSON text. Throws `rule` (with the JSON path, or the line,
    /// column and byte of a syntax error); on error the router is unchanged.
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
        // Parsed into nodes that point into the text (RulesJSONText.swift), read into routes,
        // and dropped before any route is compiled.
        do throws(SwitchyardError) {
            try load(readRuleDocument(bytes: bytes, patternConfig.read))
        } catch {
            throw error.placed(inDocument: bytes)
        }
    }

    func load(_ doc: consuming RuleDocument) throws(SwitchyardError) {
        if let preset = doc.preset, preset != options.patternReading {
            throw ruleError(JSONPath.root.key("preset"),
                "the document is written for the \(preset.rawValue) preset, but this router reads patterns as \(options.patternReading.rawValue) (make the router with that preset: RouterOptions.preset(.\(preset.rawValue)), sy_router_options_preset, Router(preset=\"\(preset.rawValue)\"))")
        }
        // Each copy of the routes is let go as soon as the next one is made: the document's
        // after compiling, the compiled patterns once they are in the router.
        var routes: [Route] = []
        swap(&routes, &doc.routes)
        // Needed for error messages until the routes are applied, then let go before the
        // table is built (the peak of a load).
        var sites: [RouteSite] = []
        swap(&sites, &doc.sites)
        // `ofTemplate`: the error is about the route's redirect template, not its pattern.
        let annotate: (Int, SwitchyardError, Bool) -> SwitchyardError = { index, error, ofTemplate in
            if error.code == .rule { return error }
            let site = sites[index]
            var path: JSONPath
            switch error.code {
            case .invalidPattern, .conflict: path = site.pattern
            case .limit: path = ofTemplate ? site.destination : site.pattern
            case .invalidArgument: path = ofTemplate ? site.destination : site.route
            default: path = site.route
            }
            // An error about a member inside the route (a query item's type) says which.
            if let inside = error.documentPath { path = site.route.appending(inside) }
            return ruleError(path, error.message, position: error.position)
        }
        // Compiled outside the router's lock; the lock is held only for conflicts and the swap,
        // and the table is built outside it too (resolves meanwhile use the previous one).
        // The allowlist goes with each redirect route: it is checked on the template when the
        // route is added (validateRedirectTemplate) and on every URL the redirect produces.
        if let allowlist = doc.allowlist {
            for k in routes.indices {
                if case .redirect = routes[k].destination { routes[k].redirectAllowlist = allowlist }
            }
        }
        let cost = state.withLock { $0.cost(replacingDocument: true) }
        let anyParent = namesAParent(routes)
        let inTwo = buildsInTwo(routes.count)
        var prepared = try RouterState.prepare(taking: &routes, config: patternConfig, cost: cost,
                                               splitAt: parallelBuildMinimum, fromDocument: true, annotate: annotate)
        routes = []
        // Conflicts and the budget (checked again on the routes as they are now) concern
        // the pattern.
        let applyAnnotate: (Int, SwitchyardError) -> SwitchyardError = { index, error in
            ruleError(sites[index].pattern, error.message, position: error.position)
        }
        try changeAndBuild { (s: inout RouterState) throws(SwitchyardError) in
            try s.checkParents(adding: prepared, anyParent: anyParent, replacingDocument: true,
                               annotate: { annotate($0, $1, false) })
            try s.apply(prepared: &prepared, fromDocument: true, replacingDocument: true, inTwo: inTwo,
                        annotate: applyAnnotate)
            sites = []
        }
    }
}

/// Reads a rule document from JSON text.
func readRuleDocument(bytes: UnsafeRawBufferPointer, _ read: ReadConfig) throws(SwitchyardError) -> RuleDocument {
    let tape = try JSONTape(parsing: bytes.assumingMemoryBound(to: UInt8.self))
    return try RuleReader(read: read).document(tape.root)
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

extension RouterOptions {
    /// The options of the preset a rule document names in `"preset"`, or nil when it names
    /// none or cannot be read (loading it then says why). For tools that make the router a
    /// document is written for.
    package static func documentPreset(bytes: UnsafeRawBufferPointer) -> RouterOptions? {
        let o = RouterOptions()
        let store = WebSchemeStore(o.webSchemes)
        return withExtendedLifetime(store) {
            (try? readRuleDocument(bytes: bytes, ReadConfig(o, store)).preset).flatMap { $0 }.map { preset($0) }
        }
    }
}
