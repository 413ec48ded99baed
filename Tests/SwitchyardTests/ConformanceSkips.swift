// Which conformance cases the default profile does NOT agree with, and why. Each reason is
// tied to a row of the semantics matrix in Tests/Data/conformance/README.md; docs/CONFORMANCE.md
// lists the same cases grouped the same way. A test checks that every id here exists, so the
// list cannot rot silently.

/// How much of a case is skipped.
enum SkipScope {
    /// The whole case: the default profile gives a different answer (or the case cannot be
    /// expressed with the Swift API).
    case whole
    /// Only the parameter checks: match/no-match and the pattern are still checked.
    case params
}

struct SkipReason {
    let matrixRow: String
    let why: String
    let scope: SkipScope
    let ids: [String]
}

let conformanceSkips: [SkipReason] = [
    SkipReason(
        matrixRow: "scheme handling",
        why: "JLRoutes picks a route list by the URL's scheme and does not fall back to global routes "
            + "unless told to; our path patterns match every scheme",
        scope: .whole, ids: ["jlroutes-053", "jlroutes-062"]),
    SkipReason(
        matrixRow: "placeholder syntax",
        why: "JLRoutes fragment routes (`:name#`, `/user#/view`): `#` in a literal is a pattern error for us",
        scope: .whole,
        ids: ["jlroutes-025", "jlroutes-026", "jlroutes-027", "jlroutes-030", "jlroutes-031", "jlroutes-033",
              "jlroutes-035", "jlroutes-037", "jlroutes-039", "jlroutes-040", "jlroutes-041"]),
    SkipReason(
        matrixRow: "placeholder syntax",
        why: "MGJRouter names end at `.` and cut a literal suffix (`:id.html`); our names are whole segments",
        scope: .whole, ids: ["mgjrouter-017"]),
    SkipReason(
        matrixRow: "placeholder syntax",
        why: "RoutingKit 5.x partial segments (`:{a}-x.{ext}`) are not a form of ours",
        scope: .whole,
        ids: ["routingkit-045", "routingkit-046", "routingkit-047", "routingkit-048", "routingkit-051"]),
    SkipReason(
        matrixRow: "typed placeholders",
        why: "URLNavigator custom value converters (`<greeting:name>`); our types are fixed",
        scope: .whole, ids: ["urlnavigator-013"]),
    SkipReason(
        matrixRow: "host handling",
        why: "URLNavigator reads the host of every URL as a path segment, so `https://<path:url>` "
            + "captures it; for us https has a real host and a placeholder may not stand there",
        scope: .whole, ids: ["urlnavigator-017", "urlnavigator-052"]),
    SkipReason(
        matrixRow: "host handling",
        why: "DeepLinkKit matches a route starting with `/` under any host; for us the authority of a "
            + "custom scheme (`derp://dpl.io/...`) is the first path segment",
        scope: .whole, ids: ["deeplinkkit-025", "deeplinkkit-026", "deeplinkkit-034"]),
    SkipReason(
        matrixRow: "host handling",
        why: "Kickstarter checks the host against an allow-list and ignores the scheme (`ksr://www...`); "
            + "our path patterns match any host, and a custom scheme's authority is a segment",
        scope: .whole, ids: ["kickstarter-001", "kickstarter-047", "kickstarter-049"]),
    SkipReason(
        matrixRow: "host handling",
        why: "config alwaysTreatsHostAsPathComponent (our hostHandling .alwaysSegment, not the default)",
        scope: .whole, ids: ["jlroutes-116"]),
    SkipReason(
        matrixRow: "host handling (pattern reading)",
        why: "WAAppRouting: a leading `/` in a pattern adds a component, so `/single` never matches; "
            + "for us the leading `/` is optional (§2)",
        scope: .whole,
        ids: ["waapprouting-005", "waapprouting-006", "waapprouting-011", "waapprouting-017", "waapprouting-018",
              "waapprouting-023", "waapprouting-029", "waapprouting-030", "waapprouting-036"]),
    SkipReason(
        matrixRow: "precedence between routes",
        why: "URLNavigator counts literal segments wherever they are and takes the first on a tie; we "
            + "compare part by part from the left, and two same-shape routes conflict",
        scope: .whole, ids: ["urlnavigator-058", "urlnavigator-059"]),
    SkipReason(
        matrixRow: "precedence between routes",
        why: "DeepLinkKit: registration order beats specificity",
        scope: .whole, ids: ["deeplinkkit-036"]),
    SkipReason(
        matrixRow: "precedence between routes",
        why: "MGJRouter sorts child keys by code point, so `:id` beats the literal `profile`",
        scope: .whole, ids: ["mgjrouter-012"]),
    SkipReason(
        matrixRow: "precedence between routes",
        why: "RoutingKit never backtracks (`a/b/c` + `a/:x/d` rejects `/a/b/d`); we must",
        scope: .whole, ids: ["routingkit-065"]),
    SkipReason(
        matrixRow: "wildcard syntax",
        why: "RoutingKit `v1/*` and `v1/**` are both remainder forms for us at one rank (§8), so "
            + "adding both is a conflict",
        scope: .whole, ids: ["routingkit-035", "routingkit-036", "routingkit-037"]),
    SkipReason(
        matrixRow: "wildcard syntax",
        why: "RoutingKit `*` at the end needs exactly one segment; our trailing `*` matches zero or more",
        scope: .whole, ids: ["routingkit-010"]),
    SkipReason(
        matrixRow: "wildcard syntax",
        why: "MGJRouter `scheme://` is a per-scheme fallback and its matching flag never resets (prefix "
            + "matches); some outcomes are recorded as unclear",
        scope: .whole, ids: ["mgjrouter-006", "mgjrouter-011", "mgjrouter-013", "mgjrouter-016"]),
    SkipReason(
        matrixRow: "percent-decoding",
        why: "RoutingKit compares constants to the raw segment (`te st` ≠ `te%20st`); we decode first",
        scope: .whole, ids: ["routingkit-067"]),
    SkipReason(
        matrixRow: "`+` handling",
        why: "JLRoutes shouldDecodePlusSymbols: ON turns `%2B` into a space in the path; OFF keeps `+` "
            + "in the query. We keep `+` in the path and read it as a space in the query",
        scope: .whole, ids: ["jlroutes-080", "jlroutes-086"]),
    SkipReason(
        matrixRow: "case sensitivity",
        why: "URLNavigator compares the scheme case-sensitively; RoutingKit caseInsensitive config folds "
            + "literals (our caseInsensitiveLiterals option, not the default)",
        scope: .whole, ids: ["urlnavigator-060", "routingkit-004"]),
    SkipReason(
        matrixRow: "empty segments (`//`)",
        why: "RoutingKit binds an empty segment to a parameter; we drop empty segments",
        scope: .whole, ids: ["routingkit-068"]),
    SkipReason(
        matrixRow: "handler declines → keep matching",
        why: "the route matched but the JLRoutes handler returned NO; we have no handlers",
        scope: .whole, ids: ["jlroutes-048"]),
    SkipReason(
        matrixRow: "query parameters vs route params",
        why: "Kickstarter: a query value vetoes the route (`?token=`); we match on the path only",
        scope: .whole, ids: ["kickstarter-006"]),
    SkipReason(
        matrixRow: "— (data)",
        why: "Kickstarter: the destination needs the newer route table, which is not in the data "
            + "(only `older_table_candidate` or nothing is recorded)",
        scope: .whole,
        ids: ["kickstarter-012", "kickstarter-013", "kickstarter-016", "kickstarter-024", "kickstarter-029",
              "kickstarter-042", "kickstarter-044", "kickstarter-046", "kickstarter-048"]),
    SkipReason(
        matrixRow: "— (API)",
        why: "the test routes a nil URL; the Swift API takes a String",
        scope: .whole, ids: ["jlroutes-001"]),
    SkipReason(
        matrixRow: "fragment",
        why: "JLRoutes merges a `#k=v` fragment like a query; our fragment is kept, never parsed",
        scope: .params, ids: ["jlroutes-012"]),
    SkipReason(
        matrixRow: "special keys in the result",
        why: "caller-supplied extra parameters / userInfo / completion (JLRoutes withParameters:, "
            + "MGJRouter) are not part of a match",
        scope: .params, ids: ["jlroutes-024", "mgjrouter-004", "mgjrouter-007"]),
]

/// The skip entry for a case id, if any.
func skipReason(for id: String) -> SkipReason? {
    conformanceSkips.first { $0.ids.contains(id) }
}
