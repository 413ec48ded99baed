/// The JSON forms of app-link requests and answers, as the C functions (and through them the
/// Python binding) take and give them (docs/APP-LINKS.md, "From C").

extension AppLinksRequest {
    /// `{"domain": "www.example.com", "app_ids": ["ABCDE12345.com.example.app"],
    ///   "package": "com.example.app", "sha256_cert_fingerprints": ["14:6D:..."],
    ///   "names": ["user"], "targets": ["UserProfile"]}`; only `domain` is required.
    /// Errors are invalidArgument, naming the JSON path.
    package init(json bytes: UnsafeRawBufferPointer) throws(SwitchyardError) {
        var findings: [LinkFinding] = []
        let doc = try LinkJSON.parse(bytes, what: "the request", maxSize: 16 * 1024 * 1024, findings: &findings)
        do throws(SwitchyardError) {
            self = try doc.read { root throws(SwitchyardError) in try AppLinksRequest(root) }
        } catch {
            throw SwitchyardError(.invalidArgument, error.message, position: error.position)
        }
    }

    private init(_ root: JSONRef) throws(SwitchyardError) {
        guard isObject(root) else { throw linkMustBe("an object", .root, root) }
        var domain: String?
        self.init(domain: "", appIDs: [])
        for (key, value) in try linkMembers(root, .root) {
            let p = JSONPath.root.key(key)
            switch key {
            case "domain": domain = try linkString(value, p)
            case "app_ids": appIDs = try stringArray(value, p)
            case "package": androidPackage = try linkString(value, p)
            case "sha256_cert_fingerprints": certificateFingerprints = try stringArray(value, p)
            case "names": routeNames = Set(try stringArray(value, p))
            case "targets": routeTargets = Set(try stringArray(value, p))
            default:
                throw linkError(p, "unknown key (a request has domain, app_ids, package, sha256_cert_fingerprints, names and targets)")
            }
        }
        guard let domain else { throw linkError(.root, "missing \"domain\"") }
        self.domain = domain
    }
}

extension AndroidVerdict {
    /// `{"opens": true, "filter_index": 0, "verified": true, "dynamic": "open", "reasons": [...]}`.
    package func json(findings: [LinkFinding]) -> String {
        LinkJSONValue.object([
            ("opens", .bool(opens)),
            ("filter_index", filterIndex.map { .int($0) } ?? .null),
            ("verified", verified.map { .bool($0) } ?? .null),
            ("dynamic", dynamic.map { .string($0.rawValue) } ?? .null),
            ("reasons", .strings(reasons)),
            ("findings", .array(findings.map(\.jsonValue))),
        ]).text()
    }
}

extension AASA {
    /// The findings as a JSON array of `{"severity", "path", "message"}`.
    package var findingsJSON: String { LinkJSONValue.array(findings.map(\.jsonValue)).text() }
}

/// Findings as a JSON array, for the other documents.
package func linkFindingsJSON(_ findings: [LinkFinding]) -> String {
    LinkJSONValue.array(findings.map(\.jsonValue)).text()
}
