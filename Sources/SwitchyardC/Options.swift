// sy_router_options: its init function and its translation into the core's RouterOptions.
import CSwitchyard
import Switchyard

/// Versions of sy_router_options this library reads (fields are only ever appended).
let knownRouterOptionsVersions: ClosedRange<UInt32> = 1...3

/// The size of an sy_router_options of `version`: a caller built for an older header has
/// a shorter struct, and nothing past its last field may be read or written.
func routerOptionsSize(_ version: UInt32) -> Int {
    let end: Int?
    switch version {
    case 1: end = MemoryLayout<sy_router_options>.offset(of: \sy_router_options.max_candidates)
    case 2: end = MemoryLayout<sy_router_options>.offset(of: \sy_router_options.max_alternatives)
    default: end = nil
    }
    return end ?? MemoryLayout<sy_router_options>.size
}

@c @implementation
public func sy_router_options_init(_ opts: UnsafeMutablePointer<sy_router_options>?, _ version: UInt32) -> sy_status {
    guard let opts, knownRouterOptionsVersions.contains(version) else { return SY_ERR_MISUSE }
    // Zero means "default" in every field, so the defaults are a zeroed struct.
    UnsafeMutableRawPointer(opts).initializeMemory(as: UInt8.self, repeating: 0, count: routerOptionsSize(version))
    opts.pointee.version = version
    return SY_OK
}

/// The core options described by `opts` (NULL: the defaults).
func routerOptions(from opts: UnsafePointer<sy_router_options>?) throws(CFailure) -> RouterOptions {
    var result = RouterOptions()
    guard let opts else { return result }
    let version = UnsafeRawPointer(opts).load(as: UInt32.self)
    guard knownRouterOptionsVersions.contains(version) else {
        throw .misuse("opts->version is \(version); this library knows versions 1 to \(SY_ROUTER_OPTIONS_VERSION) (call sy_router_options_init)")
    }
    // The fields of the caller's version; the later ones stay zero (their defaults).
    var o = sy_router_options()
    withUnsafeMutableBytes(of: &o) { $0.copyMemory(from: UnsafeRawBufferPointer(start: opts, count: routerOptionsSize(version))) }
    let unknown = o.flags & ~SY_OPT_KNOWN_FLAGS
    guard unknown == 0 else {
        throw .invalid("opts->flags has unknown bits 0x\(String(unknown, radix: 16)); this library knows 0x\(String(SY_OPT_KNOWN_FLAGS, radix: 16))")
    }
    let has = { (bit: UInt32) in o.flags & bit != 0 }
    result.strictTrailingSlash = has(SY_OPT_STRICT_TRAILING_SLASH)
    result.keepEmptySegments = has(SY_OPT_KEEP_EMPTY_SEGMENTS)
    result.caseInsensitiveLiterals = has(SY_OPT_CASE_INSENSITIVE_LITERALS)
    result.plusAsSpaceInPath = has(SY_OPT_PLUS_AS_SPACE_IN_PATH)
    result.plusAsSpaceInQuery = !has(SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY)
    result.decodePath = !has(SY_OPT_NO_DECODE_PATH)
    result.trailingWildcardNeedsSegment = has(SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT)
    result.parameterPrecedence = has(SY_OPT_QUERY_OVER_PATH) ? .queryOverPath : .pathOverQuery
    result.dialect = has(SY_OPT_URLPATTERN_DIALECT) ? .urlpattern : .switchyard

    switch o.host_handling {
    case Int32(SY_HOST_WEB_SCHEMES.rawValue): result.hostHandling = .webSchemes
    case Int32(SY_HOST_ALWAYS_SEGMENT.rawValue): result.hostHandling = .alwaysSegment
    case Int32(SY_HOST_WHEN_DOTTED.rawValue): result.hostHandling = .hostWhenDotted
    default: throw .invalid("opts->host_handling \(o.host_handling) is not an sy_host_handling value")
    }
    switch o.precedence {
    case Int32(SY_PRECEDENCE_SPECIFICITY.rawValue): result.precedence = .specificity
    case Int32(SY_PRECEDENCE_REGISTRATION_ORDER.rawValue): result.precedence = .registrationOrder
    case Int32(SY_PRECEDENCE_MOST_LITERALS.rawValue): result.precedence = .mostLiterals
    default: throw .invalid("opts->precedence \(o.precedence) is not an sy_precedence value")
    }

    // Limits: 0 keeps the default; the ceilings are the core's (RouterOptions.Limits.ceilings,
    // which the header lists).
    func limit(_ value: UInt32, _ name: String, max: Int, into field: inout Int) throws(CFailure) {
        guard value != 0 else { return }
        guard Int(value) <= max else { throw .invalid("opts->\(name) is \(value); at most \(max) is allowed") }
        field = Int(value)
    }
    let ceilings = RouterOptions.Limits.ceilings
    try limit(o.max_url_length, "max_url_length", max: ceilings.maxURLLength, into: &result.limits.maxURLLength)
    try limit(o.max_segments, "max_segments", max: ceilings.maxSegments, into: &result.limits.maxSegments)
    try limit(o.max_parameters, "max_parameters", max: ceilings.maxParameters, into: &result.limits.maxParameters)
    try limit(o.max_pattern_length, "max_pattern_length", max: ceilings.maxPatternLength,
              into: &result.limits.maxPatternLength)
    try limit(o.max_document_size, "max_document_size", max: ceilings.maxDocumentSize,
              into: &result.limits.maxDocumentSize)
    try limit(o.max_redirects, "max_redirects", max: ceilings.maxRedirects, into: &result.limits.maxRedirects)
    try limit(o.max_candidates, "max_candidates", max: ceilings.maxCandidates, into: &result.limits.maxCandidates)
    try limit(o.max_alternatives, "max_alternatives", max: ceilings.maxAlternatives,
              into: &result.limits.maxAlternatives)

    if let schemes = o.web_schemes {
        let count = o.web_schemes_count
        guard count >= 0 else { throw .invalid("opts->web_schemes_count is over SIZE_MAX / 2") }
        var set = Set<String>()
        for i in 0..<count {
            let name = "opts->web_schemes[\(i)]"
            guard let scheme = try optionalString(schemes[i], name: name) else {
                throw .invalid("\(name) is absent")
            }
            set.insert(scheme)
        }
        result.webSchemes = set
    } else if o.web_schemes_count != 0 {
        throw .misuse("opts->web_schemes is NULL but opts->web_schemes_count is \(o.web_schemes_count)")
    }
    return result
}
