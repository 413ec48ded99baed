/// Which apps an https URL opens, by a host's apple-app-site-association file
/// (docs/APP-LINKS.md, "Evaluating an AASA file"). The file is compiled once into an `AASA`;
/// evaluating a URL then reads only the rules that can match it: each rule whose path pattern
/// fixes a whole literal segment at a known place (`/buy/...`, `/$(lang)/menu/...`) is filed
/// under that place and text, so a URL looks at the rules filed under its own segments and at
/// those that fix none, in file order.

/// Apple's decision for one app.
public struct AASADecision: Sendable, Equatable, CustomStringConvertible {
    /// What the rule that decided says.
    public enum Verdict: String, Sendable, Equatable {
        /// A rule matched: the app may open the URL.
        case match
        /// An `exclude` rule (or a legacy `NOT ` path) matched: the app does not open it.
        case block
    }

    /// The app (`TEAMID.bundle.id`).
    public var appID: String
    /// Whether the app opens the URL.
    public var verdict: Verdict
    /// The index of the `details` entry that decided (file order for the legacy object form).
    public var detailIndex: Int
    /// The index of the rule in that entry's `components` (or legacy `paths`).
    public var ruleIndex: Int

    /// A decision from its parts.
    public init(appID: String, verdict: Verdict, detailIndex: Int, ruleIndex: Int) {
        self.appID = appID
        self.verdict = verdict
        self.detailIndex = detailIndex
        self.ruleIndex = ruleIndex
    }

    public var description: String { "\(appID): \(verdict.rawValue) (details[\(detailIndex)], rule \(ruleIndex))" }
}

/// The result of evaluating one URL.
public struct AASAEvaluation: Sendable, Equatable {
    /// Whether the rules were looked at.
    public enum Outcome: String, Sendable, Equatable {
        /// The rules were evaluated (`decisions` may still be empty: no rule matched).
        case evaluated
        /// The URL's host is not the host that serves the file: no app opens it.
        case otherHost
        /// The URL is not https (or http with `allowHTTP`): no app opens it.
        case notHTTPS
    }

    /// Whether the rules were looked at, or why not.
    public var outcome: Outcome
    /// Every app decided, in the order the decisions were made (file order). The app that
    /// opens the URL is the first `match` that is installed; `block` apps never open it.
    public var decisions: [AASADecision]

    /// The first app with a `match`: the one that opens the URL when every app is installed.
    public var primaryApp: String? { decisions.first { $0.verdict == .match }?.appID }
}

/// A compiled apple-app-site-association file. Immutable and safe to share between threads.
public struct AASA: Sendable {
    /// How a file is read and evaluated.
    public struct Options: Sendable, Equatable {
        /// Apple's limit: iOS (since 9.3.1) ignores a file over 128 KiB, uncompressed.
        public static let appleSizeLimit = 128 * 1024
        /// Files larger than this are refused (`limit`). Apple's 128 KiB by default, so that
        /// no file iOS ignores is evaluated as if it worked. A validator may raise it (up to
        /// `maxDocumentSize`) to read such a file anyway: it then gets a finding that iOS
        /// ignores the file.
        public var sizeLimit = appleSizeLimit
        /// The largest file read at all, whatever `sizeLimit` says.
        public var maxDocumentSize = 16 * 1024 * 1024
        /// Evaluate `http` URLs too (Apple opens https links only).
        public var allowHTTP = false
        /// The most work one evaluation may cost, in steps (`linkDecisionStepLimit` by
        /// default): a URL that would cost more against the file's patterns is refused (`limit`).
        public var maxDecisionSteps = linkDecisionStepLimit
        /// The defaults: Apple's 128 KiB limit, https only.
        public init() {}
    }

    /// What the file says that does not stop it from working, in file order: unknown keys,
    /// ignored values, unreachable rules, the size limit.
    public let findings: [LinkFinding]
    /// Every app ID the file names, in order of first appearance.
    public let appIDs: [String]
    let options: Options
    let entries: [CompiledEntry]
    let rules: [CompiledRule]
    /// Rules that fix no literal segment (or have no path pattern), in file order.
    let general: [Int32]
    /// Per mode, per segment place, the rules filed under that segment's text (file order).
    let buckets: [[[[UInt32]: [Int32]]]]
    /// The patterns with two or more `*`, per text they read (AASAScanSlot), matched together
    /// when matching them one by one would cost more than reading the text a few times.
    let scans: [AASAGlobScan]
    /// Per rule, the numbers of its patterns in `scans`.
    let scanIDs: [AASAScanIDs]

    struct CompiledEntry: Sendable {
        var apps: [Int]
        var detailIndex: Int
    }

    /// Reads and compiles an apple-app-site-association file. Throws `rule` when it is not JSON or has the wrong shape; smaller problems are `findings`.
    public init(json: String, options: Options = Options()) throws(SwitchyardError) {
        var text = json
        let result: Result<AASA, SwitchyardError> = text.withUTF8 { bytes in
            do throws(SwitchyardError) {
                return .success(try AASA(bytes: UnsafeRawBufferPointer(bytes), options: options))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Reads UTF-8 JSON bytes (the C entry point's form).
    package init(bytes: UnsafeRawBufferPointer, options: Options = Options()) throws(SwitchyardError) {
        if options.sizeLimit < 0 || options.maxDocumentSize < 0 {
            throw SwitchyardError(.invalidArgument, "AASA size limits must not be negative")
        }
        var findings: [LinkFinding] = []
        try AASA.checkSize(bytes.count, options, findings: &findings)
        let doc = try LinkJSON.parse(bytes, what: "the AASA file", maxSize: options.maxDocumentSize, findings: &findings)
        var reader = AASAReader()
        let spec = try doc.read { root throws(SwitchyardError) in try reader.read(root) }
        findings += reader.findings
        var compiler = AASACompiler(spec: spec)
        compiler.compile()
        findings += compiler.findings
        self.findings = findings
        self.options = options
        appIDs = compiler.appIDs
        entries = compiler.entries
        rules = compiler.rules
        general = compiler.general
        buckets = compiler.buckets
        (scans, scanIDs) = AASAScanSlot.build(compiler.rules)
    }

    /// Refuses a file over `sizeLimit` (naming Apple's limit when it is the one passed) or
    /// over `maxDocumentSize`, before anything is parsed; notes a file iOS ignores that a
    /// raised `sizeLimit` lets through.
    private static func checkSize(_ size: Int, _ options: Options, findings: inout [LinkFinding]) throws(SwitchyardError) {
        let apple = "Apple's limit of \(Options.appleSizeLimit) bytes (128 KiB): iOS ignores a larger file"
        if size > options.maxDocumentSize {
            throw SwitchyardError(.limit, "$: the AASA file is \(size) bytes, over the \(options.maxDocumentSize)-byte limit (maxDocumentSize)")
        }
        if size > options.sizeLimit {
            let which = options.sizeLimit == Options.appleSizeLimit ? apple
                : "the \(options.sizeLimit)-byte limit (sizeLimit; \(apple))"
            throw SwitchyardError(.limit, "$: the AASA file is \(size) bytes, over \(which)")
        }
        if size > Options.appleSizeLimit {
            findings.append(LinkFinding(.warning, path: "$", "the file is \(size) bytes, over \(apple)"))
        }
    }

    /// The decisions for `url` on `host` (the host that serves the file); empty when no
    /// rule decides, when the URL is on another host or is not https.
    public func decisions(host: String, url: String) throws(SwitchyardError) -> [AASADecision] {
        try evaluate(host: host, url: url).decisions
    }

    /// Evaluates `url` as iOS does for the file served by `host`. Throws invalidURL for text
    /// that is not an absolute URL, limit for one over 32 KiB.
    public func evaluate(host: String, url: String) throws(SwitchyardError) -> AASAEvaluation {
        var steps = 0
        return try evaluate(host: host, url: url, steps: &steps)
    }

    /// Evaluates as `evaluate(host:url:)` does, counting the character comparisons made, and
    /// with `everyRule` reading every rule in file order instead of only those the index
    /// gives (for tests: both must decide alike).
    /// `scanAfter` is the number of steps that the patterns reading one text may cost one by
    /// one before the rest are matched together in one pass (nil: `AASAScanSlot.budget`).
    package func evaluate(host: String, url: String, steps: inout Int, everyRule: Bool = false,
                          scanAfter: Int? = nil) throws(SwitchyardError) -> AASAEvaluation {
        let u = try LinkURL.read(url)
        if u.scheme != "https" && !(options.allowHTTP && u.scheme == "http") {
            return AASAEvaluation(outcome: .notHTTPS, decisions: [])
        }
        if u.host != host.lowercased() {
            return AASAEvaluation(outcome: .otherHost, decisions: [])
        }
        var subject = AASASubject(url: u)
        var decided = [UInt8](repeating: 0, count: appIDs.count)
        var out: [AASADecision] = []
        var doneEntry = -1
        var shared = SharedResults(scans: scans, scanAfter: scanAfter,
                                   limit: linkStepLimit(from: steps, budget: options.maxDecisionSteps))
        var candidates = CandidateMerge(lists: everyRule ? [Array(0..<Int32(rules.count))] : candidateLists(&subject))
        while let r = candidates.next() {
            let rule = rules[r]
            let e = rule.entry
            if e == doneEntry { continue }
            let entry = entries[e]
            if !entry.apps.contains(where: { decided[$0] == 0 }) {
                doneEntry = e
                continue
            }
            let matched = rule.matches(&subject, scanIDs[r], steps: &steps, shared: &shared)
            // A match that passed the limit gave up part way: its answer is not one.
            if steps > shared.limit {
                throw linkDecisionLimitError("the file's patterns (maxDecisionSteps)", budget: options.maxDecisionSteps)
            }
            guard matched else { continue }
            doneEntry = e
            let verdict: AASADecision.Verdict = rule.exclude ? .block : .match
            for app in entry.apps where decided[app] == 0 {
                decided[app] = 1
                out.append(AASADecision(appID: appIDs[app], verdict: verdict, detailIndex: entry.detailIndex,
                                        ruleIndex: rule.ruleIndex))
            }
        }
        return AASAEvaluation(outcome: .evaluated, decisions: out)
    }

    /// The lists of rules that can match the subject: the general rules and, for each mode in
    /// use and each place, the rules filed under the subject's segment there in that mode.
    private func candidateLists(_ subject: inout AASASubject) -> [[Int32]] {
        var lists: [[Int32]] = [general]
        for mode in 0..<4 where !buckets[mode].isEmpty {
            let segments = subject.segments(mode, upTo: buckets[mode].count)
            for (place, filed) in buckets[mode].enumerated() where place < segments.count && !filed.isEmpty {
                if let list = filed[segments[place]] { lists.append(list) }
            }
        }
        return lists
    }
}

/// Rule ids of several ascending lists, merged in ascending (file) order.
private struct CandidateMerge {
    let lists: [[Int32]]
    var at: [Int]

    init(lists: [[Int32]]) {
        self.lists = lists
        at = [Int](repeating: 0, count: lists.count)
    }

    mutating func next() -> Int? {
        var best = -1
        var bestRule = Int32.max
        for k in 0..<lists.count where at[k] < lists[k].count && lists[k][at[k]] < bestRule {
            best = k
            bestRule = lists[k][at[k]]
        }
        if best < 0 { return nil }
        at[best] += 1
        return Int(bestRule)
    }
}

// MARK: - The URL as the rules read it

/// The four ways a rule reads a URL: case-sensitive or not, and still encoded or decoded.
/// Bit 0: case-insensitive; bit 1: decoded (`percentEncoded: false`).
typealias AASAMode = Int

/// The parts of one URL in each mode, computed when a rule first needs them.
struct AASASubject {
    let url: LinkURL
    private var paths: [[UInt32]?] = [nil, nil, nil, nil]
    private var queries: [[UInt32]?] = [nil, nil, nil, nil]
    private var fragments: [[UInt32]?] = [nil, nil, nil, nil]
    private var items: [[(name: [UInt32], value: [UInt32])]?] = [nil, nil, nil, nil]

    init(url: LinkURL) { self.url = url }

    private static func text<C: Collection>(_ bytes: C, _ mode: AASAMode) -> [UInt32] where C.Element == UInt8 {
        let s = mode & 2 != 0 ? linkScalars(linkPercentDecoded(bytes)) : linkEncodedScalars(bytes)
        return mode & 1 != 0 ? linkFolded(s) : s
    }

    /// The path: an empty one reads as `/`; a trailing run of `/` is dropped (a lone `/` stays).
    mutating func path(_ mode: AASAMode) -> [UInt32] {
        if let p = paths[mode] { return p }
        var p = AASASubject.text(url.path, mode)
        if p.isEmpty { p = [0x2F] }
        while p.count > 1 && p.last == 0x2F { p.removeLast() }
        paths[mode] = p
        return p
    }

    /// The path's first `count` segments: the texts between its `/` (the index keys).
    mutating func segments(_ mode: AASAMode, upTo count: Int) -> [[UInt32]] {
        let p = path(mode)
        guard p.first == 0x2F else { return [] }
        return p.dropFirst().split(separator: 0x2F, maxSplits: count, omittingEmptySubsequences: false)
            .prefix(count).map(Array.init)
    }

    /// The whole query string ("" when absent).
    mutating func query(_ mode: AASAMode) -> [UInt32] {
        if let q = queries[mode] { return q }
        let q = AASASubject.text(url.query ?? [], mode)
        queries[mode] = q
        return q
    }

    mutating func fragment(_ mode: AASAMode) -> [UInt32] {
        if let f = fragments[mode] { return f }
        let f = AASASubject.text(url.fragment ?? [], mode)
        fragments[mode] = f
        return f
    }

    /// Query items: pieces between `&` (empty ones skipped), split at the first `=`; a
    /// piece without `=` has the value "". Names and values are read in the mode.
    mutating func queryItems(_ mode: AASAMode) -> [(name: [UInt32], value: [UInt32])] {
        if let i = items[mode] { return i }
        var out: [(name: [UInt32], value: [UInt32])] = []
        for piece in (url.query ?? []).split(separator: 0x26, omittingEmptySubsequences: true) {
            if let eq = piece.firstIndex(of: 0x3D) {
                out.append((AASASubject.text(piece[..<eq], mode), AASASubject.text(piece[(eq + 1)...], mode)))
            } else {
                out.append((AASASubject.text(piece, mode), []))
            }
        }
        items[mode] = out
        return out
    }
}

// MARK: - Compiled rules

/// A `/` pattern: the glob, and for a pattern ending in `/*` the same without it (Apple's
/// parent-path allowance: `/buy/*` also matches `/buy`).
struct AASAPathMatcher: Sendable {
    var glob: AASAGlob
    var parent: AASAGlob?
}

enum AASAQueryMatcher: Sendable {
    case any
    case whole(AASAGlob)
    case items([(name: [UInt32], pattern: AASAGlob)])
}

/// A rule with its effective keys compiled (a class: evaluation reads rules in place).
final class CompiledRule: Sendable {
    let entry: Int
    let ruleIndex: Int
    /// The rule as written, for reports.
    let source: String
    let exclude: Bool
    let mode: AASAMode
    let path: AASAPathMatcher?
    let query: AASAQueryMatcher
    let fragment: AASAGlob?
    /// For each part inherited from a `defaults`: the number of that inherited part (one
    /// compiled matcher shared by every rule that inherits it), whose result for a URL is
    /// worked out once per evaluation; -1 for a part the rule sets itself.
    let shares: AASAShares

    init(entry: Int, ruleIndex: Int, source: String, exclude: Bool, mode: AASAMode, path: AASAPathMatcher?,
         query: AASAQueryMatcher, fragment: AASAGlob?, shares: AASAShares = AASAShares()) {
        self.entry = entry
        self.ruleIndex = ruleIndex
        self.source = source
        self.exclude = exclude
        self.mode = mode
        self.path = path
        self.query = query
        self.fragment = fragment
        self.shares = shares
    }

    /// Matches every URL (later rules of its entry are never read).
    var unconditional: Bool {
        if case .any = query {} else { return false }
        return (path == nil || path?.glob.matchesEverything == true || path?.glob.tokens == [.scalar(0x2F), .star])
            && (fragment == nil || fragment?.matchesEverything == true)
    }

    func matches(_ s: inout AASASubject, _ ids: AASAScanIDs, steps: inout Int, shared: inout SharedResults) -> Bool {
        if let path {
            let text = s.path(mode)
            let slot = AASAScanSlot.path.slot(mode)
            let ok = shared.result(shares.path) { known in
                text.withUnsafeBufferPointer { t in
                    if known.matches(path.glob, ids.path, slot, t, steps: &steps) { return true }
                    guard let parent = path.parent else { return false }
                    return known.matches(parent, ids.parent, slot, t, steps: &steps)
                }
            }
            if !ok { return false }
        }
        if !shared.result(shares.query, { queryMatches(&s, ids, steps: &steps, shared: &$0) }) { return false }
        if let fragment {
            let text = s.fragment(mode)
            let ok = shared.result(shares.fragment) { known in
                text.withUnsafeBufferPointer {
                    known.matches(fragment, ids.fragment, AASAScanSlot.fragment.slot(mode), $0, steps: &steps)
                }
            }
            if !ok { return false }
        }
        return true
    }

    private func queryMatches(_ s: inout AASASubject, _ ids: AASAScanIDs, steps: inout Int,
                              shared: inout SharedResults) -> Bool {
        switch query {
        case .any: break
        case .whole(let g):
            let text = s.query(mode)
            let slot = AASAScanSlot.query.slot(mode)
            if !text.withUnsafeBufferPointer({ shared.matches(g, ids.query, slot, $0, steps: &steps) }) { return false }
        case .items(let list):
            let items = s.queryItems(mode)
            for (name, pattern) in list {
                // Every item of that name must match; an absent item reads as "".
                var seen = false
                for item in items where item.name == name {
                    seen = true
                    if !item.value.withUnsafeBufferPointer({ pattern.matches($0, steps: &steps, limit: shared.limit) }) { return false }
                }
                if !seen && !pattern.matches([]) { return false }
            }
        }
        return true
    }
}

/// The shared-part numbers of a rule (-1: its own).
struct AASAShares: Sendable {
    var path: Int32 = -1
    var query: Int32 = -1
    var fragment: Int32 = -1
}

/// The results of shared parts for one URL: a `defaults` pattern inherited by thousands of
/// rules is matched once, not once per rule; and the patterns of each text, one by one until
/// they have cost `scanAfter` steps, then all together in one pass (AASAGlobScan).
struct SharedResults {
    private var known: [Int32: Bool] = [:]
    private let scans: [AASAGlobScan]
    private let scanAfter: Int?
    private var spent: [Int]
    private var scanned: [[Bool]?]
    /// The step count past which matching gives up (AASA.Options.maxDecisionSteps).
    let limit: Int

    init(scans: [AASAGlobScan], scanAfter: Int?, limit: Int) {
        self.scans = scans
        self.scanAfter = scanAfter
        self.limit = limit
        spent = [Int](repeating: 0, count: scans.count)
        scanned = [[Bool]?](repeating: nil, count: scans.count)
    }

    mutating func result(_ share: Int32, _ compute: (inout SharedResults) -> Bool) -> Bool {
        if share < 0 { return compute(&self) }
        if let r = known[share] { return r }
        let r = compute(&self)
        known[share] = r
        return r
    }

    /// Whether `glob`, number `id` in scan `slot` (-1: in none), matches all of `t`.
    mutating func matches(_ glob: AASAGlob, _ id: Int32, _ slot: Int, _ t: UnsafeBufferPointer<UInt32>,
                          steps: inout Int) -> Bool {
        if id < 0 { return glob.matches(t, steps: &steps, limit: limit) }
        if let known = scanned[slot] { return known[Int(id)] }
        if spent[slot] < (scanAfter ?? AASAScanSlot.budget(t.count)) {
            let before = steps
            let r = glob.matches(t, steps: &steps, limit: limit)
            spent[slot] &+= steps &- before
            return r
        }
        let all = scans[slot].run(t, steps: &steps, limit: limit)
        scanned[slot] = all
        return all[Int(id)]
    }
}

/// Turns the read file into compiled rules and the index, with the findings that need the
/// effective rules (unreachable rules, patterns that can never match).
struct AASACompiler {
    let spec: AASASpec
    var variables: AASAVariableTable
    var findings: [LinkFinding] = []
    var appIDs: [String] = []
    var appIndex: [String: Int] = [:]
    var entries: [AASA.CompiledEntry] = []
    var rules: [CompiledRule] = []
    var general: [Int32] = []
    var buckets: [[[[UInt32]: [Int32]]]] = [[], [], [], []]
    /// Parts inherited from a `defaults`, compiled once for every rule that inherits them
    /// (a 60 KB default pattern and 20,000 empty components would otherwise be 1.2 GB of
    /// patterns), with their share numbers.
    fileprivate var inheritedPaths: [InheritedKey: (AASAPathMatcher, Int32)] = [:]
    fileprivate var inheritedQueries: [InheritedKey: (AASAQueryMatcher, Int32)] = [:]
    fileprivate var inheritedFragments: [InheritedKey: (AASAGlob, Int32)] = [:]
    private var shareCount: Int32 = 0

    /// Where an inherited part comes from: an entry's defaults (its index) or the domain's
    /// (-1), and the mode it is compiled for.
    fileprivate struct InheritedKey: Hashable {
        var level: Int
        var mode: AASAMode
    }

    init(spec: AASASpec) {
        self.spec = spec
        variables = AASAVariableTable(custom: spec.variables)
    }

    mutating func compile() {
        for (e, entry) in spec.entries.enumerated() {
            var apps: [Int] = []
            for id in entry.appIDs {
                if let i = appIndex[id] {
                    apps.append(i)
                } else {
                    appIndex[id] = appIDs.count
                    apps.append(appIDs.count)
                    appIDs.append(id)
                }
            }
            entries.append(AASA.CompiledEntry(apps: apps, detailIndex: e))
            var catchAll: Int? = nil
            for (k, spec) in entry.rules.enumerated() {
                let rule = compileRule(spec, entry: entry, entryIndex: e, ruleIndex: k)
                if let c = catchAll {
                    findings.append(LinkFinding(.warning, path: spec.at,
                        "never reached: rule \(c) of this entry matches every URL first"))
                }
                if catchAll == nil && rule.unconditional { catchAll = k }
                file(rule)
            }
        }
    }

    /// The effective value of one key: the rule, the entry's defaults, the domain's defaults.
    private func pick<T>(_ rule: AASAFields, _ entry: AASAFields, _ key: KeyPath<AASAFields, T?>) -> T? {
        rule[keyPath: key] ?? entry[keyPath: key] ?? spec.defaults[keyPath: key]
    }

    private mutating func compileRule(_ r: AASARuleSpec, entry: AASAEntrySpec, entryIndex: Int, ruleIndex: Int) -> CompiledRule {
        let f = r.fields
        let d = entry.defaults
        let caseSensitive = pick(f, d, \.caseSensitive) ?? true
        let percentEncoded = pick(f, d, \.percentEncoded) ?? true
        let mode: AASAMode = (caseSensitive ? 0 : 1) | (percentEncoded ? 0 : 2)
        let fold = !caseSensitive
        let pathText: String?
        let queryValue: AASAQuery?
        let fragmentText: String?
        let exclude: Bool
        if r.legacy {
            // A legacy path sets "/" and exclude itself and never looks at the query or fragment.
            pathText = f.path
            queryValue = nil
            fragmentText = nil
            exclude = f.exclude ?? false
        } else {
            pathText = pick(f, d, \.path)
            queryValue = pick(f, d, \.query)
            fragmentText = pick(f, d, \.fragment)
            exclude = pick(f, d, \.exclude) ?? false
        }
        // The level that set each pattern key (nil: the rule; legacy rules set "/" themselves).
        let pathLevel = r.legacy ? nil : level(f, \.path, entryIndex)
        let queryLevel = r.legacy ? nil : level(f, \.query, entryIndex)
        let fragmentLevel = r.legacy ? nil : level(f, \.fragment, entryIndex)
        var shares = AASAShares()
        var path: AASAPathMatcher? = nil
        if let pathText {
            (path, shares.path) = inherited(pathLevel, mode, \.inheritedPaths) { c in
                let normal = normalisedPathPattern(pathText)
                return AASAPathMatcher(glob: c.glob(normal, fold: fold, at: r.at, key: "/", encoded: percentEncoded),
                                       parent: parentPattern(normal).map { c.glob($0, fold: fold, at: r.at, key: nil, encoded: percentEncoded) })
            }
        }
        var query = AASAQueryMatcher.any
        switch queryValue {
        case nil, .unconstrained?: break
        case .whole(let q)?:
            (query, shares.query) = inherited(queryLevel, mode, \.inheritedQueries) { c in
                .whole(c.glob(q, fold: fold, at: r.at, key: "?", encoded: percentEncoded))
            }
        case .items(let list)?:
            (query, shares.query) = inherited(queryLevel, mode, \.inheritedQueries) { c in
                .items(list.map { item in
                    let name = item.name.unicodeScalars.map(\.value)
                    return (fold ? linkFolded(name) : name, c.glob(item.pattern, fold: fold, at: r.at, key: "?", encoded: percentEncoded))
                })
            }
        }
        var fragment: AASAGlob? = nil
        if let fragmentText {
            (fragment, shares.fragment) = inherited(fragmentLevel, mode, \.inheritedFragments) { c in
                c.glob(fragmentText, fold: fold, at: r.at, key: "#", encoded: percentEncoded)
            }
        }
        return CompiledRule(entry: entryIndex, ruleIndex: ruleIndex, source: r.source, exclude: exclude, mode: mode,
                            path: path, query: query, fragment: fragment, shares: shares)
    }

    /// Which level sets `key` for a rule: nil for the rule itself, the entry's index for its
    /// defaults, -1 for the domain's.
    private func level<T>(_ rule: AASAFields, _ key: KeyPath<AASAFields, T?>, _ entryIndex: Int) -> Int? {
        if rule[keyPath: key] != nil { return nil }
        return spec.entries[entryIndex].defaults[keyPath: key] != nil ? entryIndex : -1
    }

    /// A part the rule sets itself is compiled for it (share -1); one inherited from a level
    /// is compiled the first time and shared after (its findings are reported once, at the
    /// first rule that inherits it).
    private mutating func inherited<T>(_ level: Int?, _ mode: AASAMode,
                                       _ memo: WritableKeyPath<AASACompiler, [InheritedKey: (T, Int32)]>,
                                       _ make: (inout AASACompiler) -> T) -> (T, Int32) {
        guard let level else { return (make(&self), -1) }
        let key = InheritedKey(level: level, mode: mode)
        if let known = self[keyPath: memo][key] { return known }
        let made = (make(&self), shareCount)
        shareCount += 1
        self[keyPath: memo][key] = made
        return made
    }

    fileprivate mutating func glob(_ text: String, fold: Bool, at: String, key: String?, encoded: Bool) -> AASAGlob {
        var problems: [AASAPatternProblem] = []
        let g = AASAGlob.compile(text, fold: fold, variables: &variables, problems: &problems)
        guard let key else { return g }  // a second compile of text already checked
        for p in problems {
            switch p {
            case .undefinedVariable(let name):
                findings.append(LinkFinding(.warning, path: at,
                    "\"\(key)\" uses $(\(name)), which is not defined: that part never matches"))
            case .unterminatedVariable:
                findings.append(LinkFinding(.warning, path: at, "\"\(key)\" has a \"$(\" without \")\": read as literal text"))
            }
        }
        if encoded, text.unicodeScalars.contains(where: { $0.value > 0x7F || $0 == " " }) {
            findings.append(LinkFinding(.warning, path: at,
                "\"\(key)\" has a space or a non-ASCII character, which never matches with percentEncoded true (the URL is compared encoded); write it encoded or set percentEncoded to false"))
        }
        return g
    }

    /// Files the rule in the index: under the first segment its path pattern fixes, if any.
    private mutating func file(_ rule: CompiledRule) {
        let id = Int32(rules.count)
        rules.append(rule)
        if let path = rule.path, let (place, text) = fixedSegment(path.glob) {
            while buckets[rule.mode].count <= place { buckets[rule.mode].append([:]) }
            buckets[rule.mode][place][text, default: []].append(id)
        } else {
            general.append(id)
        }
    }

    /// The first segment that every path the glob matches has, at the same place, with the
    /// same literal text: `/seg/...` or `/seg` gives (0, seg); `/$(lang)/menu/...` gives
    /// (1, menu), since a predefined variable never matches a `/`. `*`, `?` and a variable
    /// whose values may hold `/` make the places after them unknown. (A trailing `/*` that
    /// the parent allowance may drop comes after the segment, so the segment stays.)
    private func fixedSegment(_ g: AASAGlob) -> (Int, [UInt32])? {
        let t = g.tokens
        guard t.first == .scalar(0x2F) else { return nil }
        var place = 0
        var i = 1
        while true {
            var text: [UInt32] = []
            var literal = true
            var j = i
            while j < t.count, t[j] != .scalar(0x2F) {
                switch t[j] {
                case .scalar(let u): text.append(u)
                case .charClass: literal = false
                case .oneOf(let k) where staysInSegment(g.alternatives[k]): literal = false
                default: return nil
                }
                j += 1
            }
            if literal { return (place, text) }
            if j == t.count { return nil }
            place += 1
            i = j + 1
        }
    }

    /// Whether every value of a variable is literal text without a `/`.
    private func staysInSegment(_ a: AASAAlternatives) -> Bool {
        a.globValues.isEmpty && a.literalGroups.allSatisfy { g in g.values.allSatisfy { !$0.contains(0x2F) } }
    }
}

/// A `/` pattern as it is compared: a leading `/` added when missing and a leading run of
/// `/` reduced to one; a trailing run of `/` dropped (a lone `/` stays); runs of `*` as one.
func normalisedPathPattern(_ text: String) -> String {
    var s = Array(text.unicodeScalars)
    var collapsed: [Unicode.Scalar] = []
    collapsed.reserveCapacity(s.count + 1)
    for u in s where !(u == "*" && collapsed.last == "*") { collapsed.append(u) }
    s = collapsed
    var start = 0
    while start < s.count && s[start] == "/" { start += 1 }
    var out: [Unicode.Scalar] = ["/"]
    out += s[start...]
    while out.count > 1 && out.last == "/" { out.removeLast() }
    var text = ""
    text.unicodeScalars.append(contentsOf: out)
    return text
}

/// For a normalised pattern ending in `/*` (other than `/*` itself): the pattern without it.
func parentPattern(_ normal: String) -> String? {
    guard normal.hasSuffix("/*"), normal != "/*" else { return nil }
    return String(normal.dropLast(2))
}
