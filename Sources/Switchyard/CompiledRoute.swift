/// A route with its pattern compiled and its texts laid out as bytes that C callers can borrow
/// (they live as long as the route, which the Table - and so any Match using it - retains).
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
    /// Where this route came from: `add`, or the current rule document (replaced by the next).
    let fromDocument: Bool
    let patternSpan: ByteSpan
    let destinationSpan: ByteSpan
    let nameSpan: ByteSpan
    let parameterNameSpans: [ByteSpan]
    /// Defaults sorted by name, with their text and value.
    let defaults: [(name: String, nameSpan: ByteSpan, text: ByteSpan, value: ParameterValue)]
    private let store: ByteStore

    init(route: Route, seq: Int, compiled: CompiledPattern, fromDocument: Bool = false) {
        self.route = route
        self.seq = seq
        self.fromDocument = fromDocument
        names = compiled.names
        variants = compiled.variants
        captureNames = compiled.variants.map { v in v.segments.filter { $0.kind.captures }.map(\.nameIndex) }
        remainderNames = compiled.variants.map { $0.remainder?.nameIndex }
        let store = ByteStore(capacity: 128)
        let pattern = store.add(route.pattern)
        let destination: (Int, Int)
        switch route.destination {
        case .target(let t): destination = store.add(t)
        case .redirect(let r): destination = store.add(r)
        }
        let name = route.name.map { store.add($0) }
        let paramNames = compiled.names.map { store.add($0) }
        let sortedDefaults = route.defaults.sorted { $0.key < $1.key }
        let defaultOffsets = sortedDefaults.map { (store.add($0.key), store.add($0.value.description)) }
        // The store is complete: spans taken now stay valid.
        self.store = store
        patternSpan = store.span(pattern)
        destinationSpan = store.span(destination)
        nameSpan = name.map { store.span($0) } ?? .absent
        parameterNameSpans = paramNames.map { store.span($0) }
        defaults = zip(sortedDefaults, defaultOffsets).map { (d, o) in
            (d.key, store.span(o.0), store.span(o.1), d.value)
        }
    }

    var isRedirect: Bool {
        if case .redirect = route.destination { return true }
        return false
    }
}
