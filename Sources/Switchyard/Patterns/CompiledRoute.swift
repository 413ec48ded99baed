/// A route with its pattern compiled and its texts laid out as bytes that C callers can borrow
/// (they live as long as the route, which the Table - and so any MatchBuffer using it - retains).
final class CompiledRoute: @unchecked Sendable {
    let route: Route
    /// Registration order, unique per router: the tie-breaker of `Precedence.registrationOrder`.
    let seq: Int
    let names: [String]
    let variants: [PatternVariant]
    /// Per variant: the name index of each capture, in capture (= pattern) order; empty
    /// (no storage) when no variant captures.
    let captureNames: [[Int]]
    /// Per variant: the remainder's name index, -1 for a bare `*`, nil without a remainder;
    /// empty (no storage) when no variant has a remainder.
    let remainderNames: [Int?]
    /// For a route in the `urlpattern` dialect: its compiled regexps.
    var urlPattern: URLPatternMatcher? { extras?.urlPattern }
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
    var templateLayout: TemplateLayout? { extras?.templateLayout }
    var templateBody: [TemplatePart] { extras?.templateBody ?? [] }
    var templateFragment: [TemplatePart] { extras?.templateFragment ?? [] }
    var templateUsesName: [Bool] { extras?.templateUsesName ?? [] }
    var templateHead: TemplateHead? { extras?.templateHead }
    /// Copies of `route`'s flags, so the redirect path reads them without copying `route`.
    let isRedirect: Bool
    let appendParams: Bool
    /// For a redirect from a rule document with a `redirect_allowlist`: that allowlist,
    /// checked on every URL the redirect produces.
    var redirectAllowlist: RedirectAllowlist? { extras?.redirectAllowlist }
    /// Defaults sorted by name, with their text and value.
    var defaults: [CompiledDefault] { extras?.defaults ?? [] }
    /// What few routes have, kept apart so that a plain route does not carry room for it.
    private let extras: CompiledRouteExtras?
    private let store: ByteStore

    init(route: Route, seq: Int, compiled: CompiledPattern, fromDocument: Bool = false) {
        var route = route
        route.origin.fromDocument = fromDocument
        self.route = route
        self.seq = seq
        self.fromDocument = fromDocument
        patternSize = route.pattern.utf8.count
        expandedSize = compiled.expandedSize
        names = compiled.names
        variants = compiled.variants
        // No storage for a route without captures or remainder (most of a large table's).
        let captures = compiled.variants.map { v in
            var names: [Int] = []
            for s in v.segments { names += s.capturedNames }
            return names
        }
        captureNames = captures.allSatisfy(\.isEmpty) ? [] : captures
        let remainders = compiled.variants.map { $0.remainder?.nameIndex }
        remainderNames = remainders.allSatisfy { $0 == nil } ? [] : remainders
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
        let extras = CompiledRouteExtras()
        extras.redirectAllowlist = route.redirectAllowlist
        extras.urlPattern = compiled.urlPattern
        if case .redirect(let template) = route.destination, let base = destinationSpan.base {
            isRedirect = true
            let layout = TemplateLayout(base, destinationSpan.count)
            extras.templateLayout = layout
            extras.templateHead = compiled.redirectHead
            (extras.templateBody, extras.templateFragment, extras.templateUsesName) =
                templateParts(Array(template.utf8), layout, names: compiled.names)
        } else {
            isRedirect = false
        }
        parameterNameSpans = paramNames.map { store.span($0) }
        extras.defaults = zip(sortedDefaults, defaultOffsets).map { (d, o) in
            (d.key, store.span(o.0), store.span(o.1), d.value)
        }
        self.extras = extras.isEmpty ? nil : extras
    }

}

/// A route default: its name, the name's and value's text in the route's store, its value.
typealias CompiledDefault = (name: String, nameSpan: ByteSpan, text: ByteSpan, value: ParameterValue)

/// The parts of a compiled route that most routes lack (a redirect template's layout, an
/// allowlist, defaults, `urlpattern` regexps): one optional reference in the route instead
/// of about 120 bytes in every route.
final class CompiledRouteExtras: @unchecked Sendable {
    var templateLayout: TemplateLayout? = nil
    var templateBody: [TemplatePart] = [], templateFragment: [TemplatePart] = []
    var templateUsesName: [Bool] = []
    var templateHead: TemplateHead? = nil
    var redirectAllowlist: RedirectAllowlist? = nil
    var defaults: [CompiledDefault] = []
    var urlPattern: URLPatternMatcher? = nil

    var isEmpty: Bool {
        templateLayout == nil && templateBody.isEmpty && templateFragment.isEmpty && templateUsesName.isEmpty
            && redirectAllowlist == nil && defaults.isEmpty && urlPattern == nil
    }
}
