// sy_router_options: its init function and its translation into the core's RouterOptions.
import CSwitchyard
import Switchyard

/// Versions of sy_router_options this library reads (fields are only ever appended).
let knownRouterOptionsVersions: ClosedRange<UInt32> = 1...4

/// The size of an sy_router_options of `version`: a caller built for an older header has
/// a shorter struct, and nothing past its last field may be read or written.
func routerOptionsSize(_ version: UInt32) -> Int {
    let end: Int?
    switch version {
    case 1: end = MemoryLayout<sy_router_options>.offset(of: \sy_router_options.max_candidates)
    case 2: end = MemoryLayout<sy_router_options>.offset(of: \sy_router_options.max_alternatives)
    case 3: end = MemoryLayout<sy_router_options>.offset(of: \sy_router_options.pattern_reading)
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
    result.fragmentAsPath = has(SY_OPT_FRAGMENT_AS_PATH)
    result.encodedPlusAsSpace = has(SY_OPT_ENCODED_PLUS_AS_SPACE)
    result.caseSensitiveScheme = has(SY_OPT_CASE_SENSITIVE_SCHEME)
    result.schemeTables = has(SY_OPT_SCHEME_TABLES)
    result.parallelBuild = !has(SY_OPT_NO_PARALLEL_BUILD)
    guard o.pattern_reading >= 0, Int(o.pattern_reading) < patternReadings.count else {
        throw .invalid("opts->pattern_reading \(o.pattern_reading) is not an sy_pattern_reading value")
    }
    result.patternReading = patternReadings[Int(o.pattern_reading)]
    result.hostPrefixes = try stringList(o.host_prefixes, o.host_prefixes_count, name: "host_prefixes")
    result.globalFallbackSchemes = try stringList(o.global_fallback_schemes, o.global_fallback_schemes_count,
                                                  name: "global_fallback_schemes")

    switch o.host_handling {
    case Int32(SY_HOST_WEB_SCHEMES.rawValue): result.hostHandling = .webSchemes
    case Int32(SY_HOST_ALWAYS_SEGMENT.rawValue): result.hostHandling = .alwaysSegment
    case Int32(SY_HOST_WHEN_DOTTED.rawValue): result.hostHandling = .hostWhenDotted
    case Int32(SY_HOST_ALWAYS_HOST.rawValue): result.hostHandling = .alwaysHost
    default: throw .invalid("opts->host_handling \(o.host_handling) is not an sy_host_handling value")
    }
    switch o.precedence {
    case Int32(SY_PRECEDENCE_SPECIFICITY.rawValue): result.precedence = .specificity
    case Int32(SY_PRECEDENCE_REGISTRATION_ORDER.rawValue): result.precedence = .registrationOrder
    case Int32(SY_PRECEDENCE_MOST_LITERALS.rawValue): result.precedence = .mostLiterals
    case Int32(SY_PRECEDENCE_CODE_POINT.rawValue): result.precedence = .codePoint
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

/// sy_pattern_reading values, in order (each is a preset's name too).
let patternReadings: [RouterOptions.Preset] = [
    .switchyard, .jlroutes, .urlnavigator, .mgjrouter, .deeplinkkit, .waapprouting, .kickstarter, .routingkit,
]

/// The strings of an (array, count) pair of sy_router_options; NULL with 0 is none.
private func stringList(_ array: UnsafePointer<sy_str>?, _ count: Int, name: String) throws(CFailure) -> [String] {
    guard let array else {
        if count != 0 { throw .misuse("opts->\(name) is NULL but opts->\(name)_count is \(count)") }
        return []
    }
    guard count >= 0 else { throw .invalid("opts->\(name)_count is over SIZE_MAX / 2") }
    var out: [String] = []
    for i in 0..<count {
        guard let s = try optionalString(array[i], name: "opts->\(name)[\(i)]") else {
            throw .invalid("opts->\(name)[\(i)] is absent")
        }
        out.append(s)
    }
    return out
}

/// Kickstarter's host prefixes as sy_str, made once and kept for the process: a preset's
/// struct points to them.
nonisolated(unsafe) private let kickstarterHostPrefixStrings: UnsafeMutableBufferPointer<sy_str> = {
    let list = RouterOptions.kickstarterHostPrefixes
    let out = UnsafeMutableBufferPointer<sy_str>.allocate(capacity: list.count)
    for (k, prefix) in list.enumerated() {
        let bytes = Array(prefix.utf8)
        let text = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (j, b) in bytes.enumerated() { text[j] = CChar(bitPattern: b) }
        text[bytes.count] = 0
        out[k] = sy_str(ptr: UnsafePointer(text), len: bytes.count)
    }
    return out
}()

@c @implementation
public func sy_router_options_preset(_ opts: UnsafeMutablePointer<sy_router_options>?, _ name: UnsafePointer<CChar>?,
                                     _ nameLen: Int, _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        guard let opts else { throw .misuse("opts is NULL") }
        guard name != nil else { throw .misuse("name is NULL") }
        let version = UnsafeRawPointer(opts).load(as: UInt32.self)
        guard version >= 4, knownRouterOptionsVersions.contains(version) else {
            throw .misuse("opts->version is \(version); a preset needs a struct of version 4 or later (sy_router_options_init(&opts, SY_ROUTER_OPTIONS_VERSION))")
        }
        let text = try stringArgument(name, nameLen, name: "name")
        let preset = try core { try RouterOptions.Preset(checking: text) }
        let o = RouterOptions.preset(preset)
        var c = sy_router_options()
        c.version = version
        let bit = { (on: Bool, flag: UInt32) in on ? flag : 0 }
        c.flags = bit(o.strictTrailingSlash, SY_OPT_STRICT_TRAILING_SLASH)
            | bit(o.keepEmptySegments, SY_OPT_KEEP_EMPTY_SEGMENTS)
            | bit(o.caseInsensitiveLiterals, SY_OPT_CASE_INSENSITIVE_LITERALS)
            | bit(o.plusAsSpaceInPath, SY_OPT_PLUS_AS_SPACE_IN_PATH)
            | bit(!o.plusAsSpaceInQuery, SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY)
            | bit(!o.decodePath, SY_OPT_NO_DECODE_PATH)
            | bit(o.trailingWildcardNeedsSegment, SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT)
            | bit(o.queryOverPath, SY_OPT_QUERY_OVER_PATH)
            | bit(o.fragmentAsPath, SY_OPT_FRAGMENT_AS_PATH)
            | bit(o.encodedPlusAsSpace, SY_OPT_ENCODED_PLUS_AS_SPACE)
            | bit(o.caseSensitiveScheme, SY_OPT_CASE_SENSITIVE_SCHEME)
            | bit(o.schemeTables, SY_OPT_SCHEME_TABLES)
            | bit(!o.parallelBuild, SY_OPT_NO_PARALLEL_BUILD)
        switch o.hostHandling {
        case .webSchemes: c.host_handling = Int32(SY_HOST_WEB_SCHEMES.rawValue)
        case .alwaysSegment: c.host_handling = Int32(SY_HOST_ALWAYS_SEGMENT.rawValue)
        case .hostWhenDotted: c.host_handling = Int32(SY_HOST_WHEN_DOTTED.rawValue)
        case .alwaysHost: c.host_handling = Int32(SY_HOST_ALWAYS_HOST.rawValue)
        }
        switch o.precedence {
        case .specificity: c.precedence = Int32(SY_PRECEDENCE_SPECIFICITY.rawValue)
        case .registrationOrder: c.precedence = Int32(SY_PRECEDENCE_REGISTRATION_ORDER.rawValue)
        case .mostLiterals: c.precedence = Int32(SY_PRECEDENCE_MOST_LITERALS.rawValue)
        case .codePoint: c.precedence = Int32(SY_PRECEDENCE_CODE_POINT.rawValue)
        }
        c.pattern_reading = Int32(patternReadings.firstIndex(of: o.patternReading) ?? 0)
        if !o.hostPrefixes.isEmpty {
            c.host_prefixes = UnsafePointer(kickstarterHostPrefixStrings.baseAddress)
            c.host_prefixes_count = kickstarterHostPrefixStrings.count
        }
        withUnsafeBytes(of: &c) { bytes in
            if let from = bytes.baseAddress {
                UnsafeMutableRawPointer(opts).copyMemory(from: from, byteCount: min(bytes.count, routerOptionsSize(version)))
            }
        }
    }
}
