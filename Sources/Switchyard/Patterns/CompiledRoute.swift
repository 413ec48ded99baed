/// A route with its pattern compiled and its texts laid out as bytes that C callers can borrow
/// (they live as long as the route, which the Table - and so any MatchBuffer using it - retains).
final class CompiledRoute: @unchecked Sendable {
    let route: Route
    /// Registration order, unique per router: the tie-breaker of `Precedence.registrationOrder`.
    /// Numbered when the route is entered (`RouterState.apply`), under the router's lock and
    /// before any table holds the route; never changed after.
    var seq: Int
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
    /// Its pattern's length and what its alternatives cost (`ExpansionBudget`).
    var patternSize: Int { Int(storedPatternSize) }
    let expandedSize: Int
    /// The texts in `bytes`, in this order: the pattern (`storedPatternSize` bytes), the
    /// parameter names one after another, where each name starts (`names.count + 1`
    /// offsets of 32 bits, unaligned, the last one the end of the names), the destination
    /// (`destinationCount` bytes from `destinationAt`), the route's name (`routeNameCount`
    /// bytes, -1 without one), then the defaults (their spans are in `extras`). Offsets
    /// instead of a span each: a large table holds one route per pattern. Everything up to
    /// the destination fits 32 bits: a pattern has at most `maxPatternLength` bytes (1 MiB
    /// at most), and its names fewer.
    private let storedPatternSize: Int32, destinationAt: Int32
    private let destinationCount: Int, routeNameCount: Int
    var patternSpan: ByteSpan { ByteSpan(base: UnsafePointer(bytes), count: Int(storedPatternSize)) }
    var destinationSpan: ByteSpan {
        ByteSpan(base: UnsafePointer(bytes + Int(destinationAt)), count: destinationCount)
    }
    var nameSpan: ByteSpan {
        routeNameCount < 0 ? .absent
            : ByteSpan(base: UnsafePointer(bytes + Int(destinationAt) + destinationCount), count: routeNameCount)
    }
    /// The text of `names[i]` (absent for an index out of range).
    func parameterNameSpan(_ i: Int) -> ByteSpan {
        let count = names.count
        guard i >= 0 && i < count else { return .absent }
        let table = UnsafeRawPointer(bytes + Int(destinationAt) - 4 * (count + 1))
        let start = Int(table.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
        let end = Int(table.loadUnaligned(fromByteOffset: 4 * (i + 1), as: UInt32.self))
        return ByteSpan(base: UnsafePointer(bytes + start), count: end - start)
    }
    /// For redirects, worked out once (RedirectTemplate.swift): where the template's parts
    /// stand, its runs and placeholders before the fragment and from it on, and per name in
    /// `names` whether the template has `{name}` (such a parameter is not appended).
    var templateLayout: TemplateLayout? { extras?.templateLayout }
    var templateBody: [TemplatePart] { extras?.templateBody ?? [] }
    var templateFragment: [TemplatePart] { extras?.templateFragment ?? [] }
    var templateUsesName: [Bool] { extras?.templateUsesName ?? [] }
    var templateHead: TemplateHead? { extras?.templateHead }
    /// How many leading template bytes decide where every URL it produces leads, or 0
    /// (RedirectFixedHead.swift).
    var redirectFixedHead: Int { extras?.redirectFixedHead ?? 0 }
    /// What the walk's reader finds in the head of every URL the template produces, when
    /// that is known (RedirectKnownHead.swift).
    var producedHead: KnownHead? { extras?.producedHead }
    /// Where a value can bring a dot segment into the URLs the template produces.
    var dotSegmentWindow: DotSegmentWindow { extras?.dotSegmentWindow ?? DotSegmentWindow() }
    /// Copies of `route`'s flags, so the redirect path reads them without copying `route`.
    let isRedirect: Bool
    let appendParams: Bool
    /// Where this route came from: `add`, or the current rule document (replaced by the next).
    /// (The three flags side by side: no word of padding after each.)
    let fromDocument: Bool
    /// For a redirect from a rule document with a `redirect_allowlist`: that allowlist,
    /// checked on every URL the redirect produces.
    var redirectAllowlist: RedirectAllowlist? { extras?.redirectAllowlist }
    /// Defaults sorted by name, with their text and value.
    var defaults: [CompiledDefault] { extras?.defaults ?? [] }
    /// The query items the route declares (QueryContract.swift), or nil.
    var queryContract: QueryContract? { extras?.queryContract }
    /// What few routes have, kept apart so that a plain route does not carry room for it.
    private let extras: CompiledRouteExtras?
    /// The texts' bytes (pattern, destination, name, parameter names, defaults) in one block
    /// sized exactly, freed with the route: every span points into it. Held directly: an
    /// object around them would cost every route one more allocation.
    private let bytes: UnsafeMutablePointer<UInt8>

    init(route: Route, seq: Int, compiled: consuming CompiledPattern, fromDocument: Bool = false) {
        // Read in place here and moved into `self.route` last (`keep`): reading `self.route`
        // once it is stored, or changing the route given, makes a copy of the whole route (a
        // dozen reference counts).
        self.seq = seq
        self.fromDocument = fromDocument
        expandedSize = compiled.expandedSize
        names = compiled.names
        variants = compiled.variants
        // No storage for a route without captures or remainder (most of a large table's).
        if compiled.variants.count == 1, let inOrder = inOrderCaptureNames(compiled.variants) {
            captureNames = inOrder
        } else {
            // The names are appended in place, with no array made per segment.
            var anyCapture = false
            let captures = compiled.variants.map { v in
                var names: [Int] = []
                for s in v.segments {
                    switch s.kind {
                    case .inline, .catchAll: names += s.names
                    case .literal, .star: break
                    default: if s.nameIndex >= 0 { names.append(s.nameIndex) }
                    }
                }
                if !names.isEmpty { anyCapture = true }
                return names
            }
            captureNames = anyCapture ? captures : []
        }
        remainderNames = compiled.variants.contains { $0.remainder != nil }
            ? compiled.variants.map { $0.remainder?.nameIndex } : []
        let destinationText: String
        switch route.destination {
        case .target(let t): destinationText = t
        case .redirect(let r): destinationText = r
        }
        let sortedDefaults = route.defaults.isEmpty ? [] : route.defaults.sorted { $0.key < $1.key }
        let defaultTexts = sortedDefaults.map { $0.value.description }
        // Sized exactly, so the store is one allocation that never grows.
        var size = route.pattern.utf8.count + 4 * (compiled.names.count + 1) + destinationText.utf8.count
            + (route.name?.utf8.count ?? 0)
        for n in compiled.names { size += n.utf8.count }
        for (d, text) in zip(sortedDefaults, defaultTexts) { size += d.key.utf8.count + text.utf8.count }
        var buffer = GrowBuffer<UInt8>(capacity: max(size, 1))
        let pattern = Self.add(route.pattern, to: &buffer)
        // A pattern has at most `maxPatternLength` bytes (1 MiB at most), and its names are
        // shorter than it: both fit 32 bits.
        storedPatternSize = Int32(clamping: pattern.1)
        for n in compiled.names { Self.add(n, to: &buffer) }
        var nameStart = pattern.1
        for n in compiled.names {
            Self.add(UInt32(truncatingIfNeeded: nameStart), to: &buffer)
            nameStart += n.utf8.count
        }
        Self.add(UInt32(truncatingIfNeeded: nameStart), to: &buffer)
        let destination = Self.add(destinationText, to: &buffer)
        destinationAt = Int32(clamping: destination.0)
        destinationCount = destination.1
        routeNameCount = route.name.map { Self.add($0, to: &buffer).1 } ?? -1
        var defaultOffsets: [((Int, Int), (Int, Int))] = []
        for (d, text) in zip(sortedDefaults, defaultTexts) {
            defaultOffsets.append((Self.add(d.key, to: &buffer), Self.add(text, to: &buffer)))
        }
        // The bytes are complete (and never move again): spans taken now stay valid.
        let base = buffer.base
        bytes = base
        func span(_ r: (Int, Int)) -> ByteSpan { ByteSpan(base: UnsafePointer(base + r.0), count: r.1) }
        appendParams = route.appendParams
        var isRedirectRoute = false
        if case .redirect = route.destination { isRedirectRoute = true }
        // Most routes need none of the extras: no object is made for them.
        guard isRedirectRoute || route.redirectAllowlist != nil || compiled.urlPattern != nil
            || !sortedDefaults.isEmpty || compiled.queryContract != nil else {
            isRedirect = false
            self.extras = nil
            self.route = Self.keep(route, fromDocument: fromDocument)
            return
        }
        let extras = CompiledRouteExtras()
        extras.redirectAllowlist = route.redirectAllowlist
        extras.urlPattern = compiled.urlPattern
        extras.queryContract = compiled.queryContract
        // (The properties that give the spans cannot be read before every one is set.)
        let destinationBytes = span(destination)
        if case .redirect(let template) = route.destination, let base = destinationBytes.base {
            isRedirect = true
            let layout = TemplateLayout(base, destinationBytes.count)
            extras.templateLayout = layout
            extras.templateHead = compiled.redirectHead
            extras.redirectFixedHead = redirectFixedHeadLength(base, destinationBytes.count, layout, compiled.redirectHead)
            if var known = compiled.redirectHead?.known, extras.redirectFixedHead == known.pathStart {
                known.template = base
                extras.producedHead = known
            }
            (extras.templateBody, extras.templateFragment, extras.templateUsesName) =
                templateParts(Array(template.utf8), layout, names: compiled.names)
            extras.dotSegmentWindow = Switchyard.dotSegmentWindow(base, destinationBytes.count, layout, body: extras.templateBody)
        } else {
            isRedirect = false
        }
        extras.defaults = zip(sortedDefaults, defaultOffsets).map { (d, o) in
            (d.key, span(o.0), span(o.1), d.value)
        }
        self.extras = extras.isEmpty ? nil : extras
        self.route = Self.keep(route, fromDocument: fromDocument)
    }

    /// `route` as the router keeps it: marked as from the document or not. A document's
    /// routes come marked (`RuleReader`) and added ones unmarked, so it is seldom changed.
    private static func keep(_ route: consuming Route, fromDocument: Bool) -> Route {
        if route.origin.fromDocument != fromDocument { route.origin.fromDocument = fromDocument }
        return route
    }

    deinit { bytes.deallocate() }

    /// Appends `text` to `buffer`; returns where it lies (offset, length).
    @discardableResult
    private static func add(_ text: String, to buffer: inout GrowBuffer<UInt8>) -> (Int, Int) {
        let start = buffer.count
        buffer.append(text)
        return (start, buffer.count - start)
    }

    /// Appends `value`'s bytes to `buffer`, in the machine's byte order.
    private static func add(_ value: UInt32, to buffer: inout GrowBuffer<UInt8>) {
        withUnsafeBytes(of: value) { for b in $0 { buffer.append(b) } }
    }

}

/// The capture names of a route with one alternative whose captures are its names in
/// order (`/a/:x/:y` has [[0, 1]]), the most common layout, held once for every such route.
private let inOrderCaptureNames: [[[Int]]] = (0...16).map { [Array(0..<$0)] }

/// The capture names of a route whose only alternative is `variants[0]`, when they are in
/// order (no capture is none, an empty array); nil otherwise.
private func inOrderCaptureNames(_ variants: [PatternVariant]) -> [[Int]]? {
    var next = 0
    func take(_ name: Int) -> Bool {
        guard name == next else { return false }
        next += 1
        return true
    }
    // By index: a segment bound to a loop variable would be a copy (three references).
    for k in variants[0].segments.indices {
        switch variants[0].segments[k].kind {
        case .inline, .catchAll:
            for n in variants[0].segments[k].names where !take(n) { return nil }
        case .literal, .star: break
        default:
            let n = variants[0].segments[k].nameIndex
            if n >= 0, !take(n) { return nil }
        }
    }
    if next == 0 { return [] }
    return next < inOrderCaptureNames.count ? inOrderCaptureNames[next] : nil
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
    var redirectFixedHead = 0
    var producedHead: KnownHead? = nil
    var dotSegmentWindow = DotSegmentWindow()
    var redirectAllowlist: RedirectAllowlist? = nil
    var defaults: [CompiledDefault] = []
    var urlPattern: URLPatternMatcher? = nil
    var queryContract: QueryContract? = nil

    var isEmpty: Bool {
        templateLayout == nil && templateBody.isEmpty && templateFragment.isEmpty && templateUsesName.isEmpty
            && redirectAllowlist == nil && defaults.isEmpty && urlPattern == nil && queryContract == nil
    }
}
