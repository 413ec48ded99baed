// Parameter types of the app's own: sy_router_register_type (a parse function and its
// user data, released with the type) and sy_router_register_words (ParameterTypes.swift in
// the core holds the rules).
import CSwitchyard
import Switchyard

/// A C parse function and its user data: the closure the core calls holds this box, so the
/// data is released when the last table and the router let go of the type.
private final class CParseFunction: Sendable {
    let parse: sy_type_parse_fn
    let data: ReleasedPointer

    init(_ parse: sy_type_parse_fn, _ data: ReleasedPointer) {
        self.parse = parse
        self.data = data
    }

    func check(_ text: UnsafeBufferPointer<UInt8>) -> ParseOutcome {
        let answer = text.withMemoryRebound(to: CChar.self) { parse($0.baseAddress, $0.count, data.pointer) }
        switch answer {
        case SY_TYPE_ACCEPT: return .accepted
        case SY_TYPE_DECLINE: return .declined
        default: return .failed("its parse function returned \(answer) (neither SY_TYPE_ACCEPT nor SY_TYPE_DECLINE)")
        }
    }
}

/// A C format function and the user data it shares with its parse function.
private final class CFormatFunction: Sendable {
    /// The longest canonical text a format function may give (docs/SECURITY.md, Limits).
    static let maxText = 65536
    let format: sy_type_format_fn
    let data: ReleasedPointer

    init(_ format: sy_type_format_fn, _ data: ReleasedPointer) {
        self.format = format
        self.data = data
    }

    /// The canonical text of `text`; nil when the function declines it.
    func canonical(_ text: String) -> Result<String?, SwitchyardError> {
        var input = Array(text.utf8)
        var cap = 256
        for _ in 0..<2 {
            var out = [CChar](repeating: 0, count: cap)
            var length = 0
            let answer: Int32 = input.withUnsafeMutableBufferPointer { (i: inout UnsafeMutableBufferPointer<UInt8>) -> Int32 in
                out.withUnsafeMutableBufferPointer { (o: inout UnsafeMutableBufferPointer<CChar>) -> Int32 in
                    let text = UnsafeRawPointer(i.baseAddress).map { $0.assumingMemoryBound(to: CChar.self) }
                    return format(text, i.count, o.baseAddress, o.count, &length, data.pointer)
                }
            }
            switch answer {
            case SY_TYPE_ACCEPT: break
            case SY_TYPE_DECLINE: return .success(nil)
            default:
                return .failure(SwitchyardError(.invalidArgument,
                    "its format function returned \(answer) (neither SY_TYPE_ACCEPT nor SY_TYPE_DECLINE)"))
            }
            if length > Self.maxText {
                return .failure(SwitchyardError(.limit,
                    "its format function gave \(length) bytes, over the limit of \(Self.maxText)"))
            }
            if length <= cap {
                let bytes = out[0..<length].map { UInt8(bitPattern: $0) }
                guard let s = validUTF8String(bytes) else {
                    return .failure(SwitchyardError(.invalidArgument, "its format function gave text that is not UTF-8"))
                }
                return .success(s)
            }
            cap = length
        }
        return .failure(SwitchyardError(.invalidArgument, "its format function gave a longer text when called again"))
    }
}

@c @implementation
public func sy_router_register_type(_ router: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                                    _ parse: sy_type_parse_fn?, _ format: sy_type_format_fn?,
                                    _ userData: UnsafeMutableRawPointer?,
                                    _ release: sy_release_fn?,
                                    _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    // Owned from here: any failure below drops the box, which releases the data.
    let owned = ReleasedPointer(userData, release)
    return entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        guard let parse else { throw .misuse("parse is NULL") }
        guard name != nil else { throw .misuse("name is NULL") }
        let name = try stringArgument(name, nameLen, name: "name")
        let function = CParseFunction(parse, owned)
        let check: @Sendable (UnsafeBufferPointer<UInt8>) -> ParseOutcome = { function.check($0) }
        var canonical: (@Sendable (String) -> Result<String?, SwitchyardError>)? = nil
        if let format {
            let formatter = CFormatFunction(format, owned)
            canonical = { formatter.canonical($0) }
        }
        let matcher = ParameterMatcher(name: name, parse: check, format: canonical)
        try core { try box.router.register(matcher) }
    }
}

@c @implementation
public func sy_router_register_words(_ router: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                                     _ words: UnsafePointer<sy_str>?, _ wordCount: Int,
                                     _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        guard name != nil else { throw .misuse("name is NULL") }
        let name = try stringArgument(name, nameLen, name: "name")
        if words == nil && wordCount != 0 { throw .misuse("words is NULL but word_count is \(UInt(bitPattern: wordCount))") }
        if wordCount > ParameterTypeLimits.maxWords {
            throw CFailure(SY_ERR_LIMIT, "a word set has \(UInt(bitPattern: wordCount)) words, over the limit of \(ParameterTypeLimits.maxWords)")
        }
        var list: [String] = []
        for k in 0..<max(0, wordCount) {
            guard let words else { break }
            list.append(try optionalString(words[k], name: "words[\(k)]") ?? "")
        }
        try core { try box.router.register(words: list, as: name) }
    }
}
