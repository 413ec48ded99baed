// swift-bench: Switchyard vs RoutingKit on the router-bench sets, plus a 100,000-route table.
// Usage: SwiftBench <router-bench dir> <output.json> [seconds per measurement]
// Writes a JSON array of result rows; progress and mismatches go to stderr.
import Glibc

func log(_ s: String) {
    var line = s + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

let args = CommandLine.arguments
/// Fixed, so every run measures the same random table.
let randomSeed: UInt64 = 0x5157_1C4B

// `SwiftBench --profile <router-bench dir> <set dir> <passes>`: only builds the router and
// resolves the set's requests `passes` times, for `valgrind --tool=callgrind` (instruction
// counts per function; see docs/PERFORMANCE.md).
if args.count == 5, args[1] == "--profile" {
    if args[3] == "rules-10000" { RulesSuite.profileLoad(); exit(0) }
    if args[3] == "redirect" || args[3] == "redirect-direct" {
        RulesSuite.profileRedirect(hops: args[3] == "redirect" ? 1 : 0, passes: Int(args[4]) ?? 1000); exit(0)
    }
    let loaded = args[3] == "random-100000"
        ? .success(randomRouteSet(count: 100_000, requests: 10_000, seed: randomSeed))
        : RouteSet.load(name: args[3], dir: "\(args[2])/\(args[3])")
    switch loaded {
    case .failure(let e): log("\(e)"); exit(1)
    case .success(let set): SwitchyardSuite.profile(set, passes: Int(args[4]) ?? 1000)
    }
    exit(0)
}
// `SwiftBench --memory-latency`: what a cache miss costs on this machine (MemoryLatency.swift).
if args.count == 2, args[1] == "--memory-latency" {
    MemoryLatency.run()
    exit(0)
}
guard args.count >= 3 else {
    log("usage: SwiftBench <router-bench dir> <output.json> [seconds per measurement]")
    exit(2)
}
let benchDir = args[1], output = args[2]
let seconds = args.count > 3 ? Double(args[3]) ?? 1.0 : 1.0
let budget = UInt64(seconds * 1e9)

/// `BENCH_SWIFT_ONLY=random-100000,matchit` runs only the suites named (rules, links, matchit,
/// path-tree, static, gitlab, random-100000, random-100000-hot130), in their usual order: for
/// measuring one suite quickly, or one suite alone in a fresh process.
let only: Set<String>? = getenv("BENCH_SWIFT_ONLY").map { p in
    Set(String(cString: p).split(separator: ",").map { String($0) })
}
func wanted(_ suite: String) -> Bool { only?.contains(suite) ?? true }

var rows: [ResultRow] = []
// Rule documents and redirects. First, in a heap that no other suite has used:
// after the 100,000-route suites (their route sets stay alive), the same loads measured
// about twice as long (84-101 ms against 45-51 ms, 2026-11-24), which is the benchmark's
// own leftovers, not the loader (docs/PERFORMANCE.md).
if wanted("rules") {
    log("swift: rules (10,000-route document, one redirect)")
    rows += RulesSuite.load(runs: 7, log: log)
    rows += RulesSuite.redirect(budgetNs: budget, log: log)
}

// App links: one URL against a compiled 128 KiB AASA file (LinksSuite.swift).
if wanted("links") {
    log("swift: links (a 128 KiB AASA file)")
    rows += LinksSuite.run(budgetNs: budget, log: log)
}

let sets: [(String, String)] = [
    ("matchit", "matchit"), ("path-tree", "path-tree"), ("static", "go-http-routing-benchmark/static"),
]
for (name, dir) in sets where wanted(name) {
    switch RouteSet.load(name: name, dir: "\(benchDir)/\(dir)") {
    case .failure(let e): log("skipping \(name): \(e)")
    case .success(let set):
        log("swift: \(name) (\(set.routes.count) routes)")
        if let r = SwitchyardSuite.run(set, budgetNs: budget, log: log) { rows.append(r) }
        rows += RoutingKitSuite.run(set, budgetNs: budget, log: log)
    }
}

// GitLab's table: catch-alls in the middle and inline parameters (GitLabSuite.swift).
if wanted("gitlab") {
    log("swift: gitlab (3,562 routes, mid-path catch-alls)")
    if let r = GitLabSuite.run(dir: "\(benchDir)/gitlab-wayfind", budgetNs: budget, log: log) { rows.append(r) }
}

// The target: with 100,000 routes a resolve stays within 2x of the 130-route set.
let big = randomRouteSet(count: 100_000, requests: 10_000, seed: randomSeed)
if wanted("random-100000") {
    log("swift: \(big.name) (\(big.routes.count) routes, \(big.requests.count) requests)")
    if let r = SwitchyardSuite.run(big, budgetNs: budget, log: log) { rows.append(r) }
    rows += RoutingKitSuite.run(big, budgetNs: budget, log: log).filter { $0.router == "routingkit" }
}
// The same table with only 130 distinct requests (the matchit set's count): the working set
// then fits the caches, which separates the cost of the table's size from that of cache misses.
let hot = RouteSet(name: "random-100000-hot130", routes: big.routes, requests: Array(big.requests.prefix(130)),
                   expected: Array(big.expected.prefix(130)))
if wanted(hot.name) {
    log("swift: \(hot.name) (100000 routes, 130 requests)")
    if let r = SwitchyardSuite.run(hot, budgetNs: budget, log: log) { rows.append(r) }
}


for r in rows {
    func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
    func f1(_ d: Double) -> String { String((d * 10).rounded() / 10) }
    // Document loads are whole operations: shown in ms.
    let (scale, unit) = r.suite.hasPrefix("rules") ? (1e6, " ms") : (1.0, " ns")
    log("  " + pad(r.suite, 31) + pad(r.router, 21) + "median " + pad(f1(r.stats.medianNs / scale) + unit, 12)
        + "p99 " + pad(f1(r.stats.p99Ns / scale) + unit, 12) + "allocs " + pad(f1(r.stats.allocsPerLookup), 7)
        + "mismatches \(r.mismatches)")
}
let text = "[\n" + rows.map { "  " + $0.json }.joined(separator: ",\n") + "\n]\n"
guard let f = fopen(output, "w") else { log("cannot write \(output)"); exit(1) }
text.withCString { _ = fputs($0, f) }
fclose(f)
