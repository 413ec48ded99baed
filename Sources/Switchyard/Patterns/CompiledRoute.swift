/// A route with its pattern compiled and its texts laid out as bytes that C callers can borrow
/// (they live as long as the route, which the Table - and so any MatchBuffer using it - retains).
final class CompiledRoute: @unchecked Sendable {
    let route: Route
    /// Registration order, unique per router: the tie-breaker of `Precedence.registrationOrder`.
    let seq: Int
    let names: [String]
    let variants: [PatternVariant]
    /// Per variant: the name index of each capture, in capture (= pattern) order.
    let captureNames: [[Int]]
    /// Per variant: the remainder's name index, -1 for a bare `*`, nil without a remainder.
    let remainderNames: [Int?]
    /// For a route in the `urlpattern` dialect: its compiled regexps.
    let urlPattern: URLPatternMatcher?
    /// Where this route came from: `add`, or the current rule document (replaced by the next).
    let fromDocument: Bool
    /// Its pattern's length and what its alternatives cost (`ExpansionBudget`).
    let patternSize: Int
    let expandedSize: Int
    let patternSpan: ByteSpan
    let destinationSpan: ByteSpan
    let nameSpan: ByteSpan
    let parameterNameSpans: [ByteSpan]
    /// For redirects, worked out once (RedirectTemplate.swift): where the template's parts
    /// stand, its runs and placeholders before the fragment and from it on, and per name in
    /// `names` whether the template has `{name}` (such a parameter is not appended).
    let templateLayout: TemplateLayout?
    let templateBody: [TemplatePart], templateFragment: [TemplatePart]
    let templateUsesName: [Bool]
    /// Copies of `route`'s flags, so the redirect path reads them without copying `route`.
    let isRedirect: Bool
    let appendParams: Bool
    /// For a redirect from a rule document with a `redirect_allowlist`: that allowlist,
    /// checked on every URL the redirect produces.
    let redirectAllowlist: RedirectAllowlist?
    /// Defaults sorted by name, with their text and value.
    let defaults: [(name: String, nameSpan: ByteSpan, text: ByteSpan, value: ParameterValue)]
    private let store: ByteStore

    init(route: Route, seq: Int, compiled: CompiledPattern, fromDocument: Bool = false) {
        self.route = route
        self.seq = seq
        self.fromDocument = fromDocument
        patternSize = route.pattern.utf8.count
        expandedSize = compiled.expandedSize
        names = compiled.names
        variants = compiled.variants
        // No storage for a variant without captures (most of a large table's).
        captureNames = compiled.variants.map { v in
            var names: [Int] = []
            for s in v.segments { names += s.capturedNames }
            return names
        }
        remainderNames = compiled.variants.map { $0.remainder?.nameIndex }
        urlPattern = compiled.urlPattern
        let destinationText: String
        switch route.destination {
        case .target(let t): destinationText = t
        case .redirect(let r): destinationText = r
        }
        let sortedDefaults = route.defaults.sorted { $0.key < $1.key }
        let defaultTexts = sortedDefaults.map { $0.value.description }
        // Sized exactly, so the store is one allocation that never grows.
        var size = route.pattern.utf8.count + destinationText.utf8.count + (route.name?.utf8.count ?? 0)
        for n in compiled.names { size += n.utf8.count }
        for (d, text) in zip(sortedDefaults, defaultTexts) { size += d.key.utf8.count + text.utf8.count }
        let store = ByteStore(capacity: size)
        let pattern = store.add(route.pattern)
        let destination = store.add(destinationText)
        let name = route.name.map { store.add($0) }
        let paramNames = compiled.names.map { store.add($0) }
        let defaultOffsets = zip(sortedDefaults, defaultTexts).map { (store.add($0.key), store.add($1)) }
        // The store is complete: spans taken now stay valid.
        self.store = store
        patternSpan = store.span(pattern)
        destinationSpan = store.span(destination)
        nameSpan = name.map { store.span($0) } ?? .absent
        appendParams = route.appendParams
        redirectAllowlist = route.redirectAllowlist
        if case .redirect(let template) = route.destination, let base = destinationSpan.base {
            isRedirect = true
            let layout = TemplateLayout(base, destinationSpan.count)
            templateLayout = layout
            (templateBody, templateFragment, templateUsesName) =
                templateParts(Array(template.utf8), layout, names: compiled.names)
        } else {
            isRedirect = false
            templateLayout = nil
            (templateBody, templateFragment, templateUsesName) = ([], [], [])
        }
        parameterNameSpans = paramNames.map { store.span($0) }
        defaults = zip(sortedDefaults, defaultOffsets).map { (d, o) in
            (d.key, store.span(o.0), store.span(o.1), d.value)
        }
    }

}
