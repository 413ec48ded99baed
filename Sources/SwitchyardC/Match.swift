// sy_match: new / free and the accessors. Infallible accessors return values directly and
// treat NULL or a wrong handle as an empty match; fallible ones follow the entry() shape.
import CSwitchyard
import Switchyard

@c @implementation
public func sy_match_new(_ out: UnsafeMutablePointer<OpaquePointer?>?,
                         _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        out.pointee = MatchBox().retainedHandle()
    }
}

@c @implementation
public func sy_match_free(_ match: OpaquePointer?) {
    HandleBox.release(match, tag: HandleTag.match)
}

@c @implementation
public func sy_match_found(_ match: OpaquePointer?) -> Int32 {
    withMatch(match, or: 0) { $0.matched ? 1 : 0 }
}

@c @implementation
public func sy_match_url(_ match: OpaquePointer?) -> sy_str {
    withMatch(match, or: absentString) { m in
        let span = m.rawURL
        // The header promises a present URL for every live match, "" before any resolve.
        return span.base == nil ? syStr(emptyBytes, 0) : syStr(span.base, span.count)
    }
}

@c @implementation
public func sy_match_pattern(_ match: OpaquePointer?) -> sy_str {
    withMatch(match, or: absentString) { slice($0.rawPattern) }
}

@c @implementation
public func sy_match_target(_ match: OpaquePointer?) -> sy_str {
    withMatch(match, or: absentString) { slice($0.rawTarget) }
}

@c @implementation
public func sy_match_name(_ match: OpaquePointer?) -> sy_str {
    withMatch(match, or: absentString) { slice($0.rawName) }
}

@c @implementation
public func sy_match_fragment(_ match: OpaquePointer?) -> sy_str {
    withMatch(match, or: absentString) { slice($0.rawFragment) }
}

@c @implementation
public func sy_match_remainder(_ match: OpaquePointer?) -> sy_str {
    withMatch(match, or: absentString) { slice($0.rawRemainder) }
}

@c @implementation
public func sy_match_path_param_count(_ match: OpaquePointer?) -> Int {
    withMatch(match, or: 0) { $0.rawPathParameterCount }
}

@c @implementation
public func sy_match_path_param_at(_ out: UnsafeMutablePointer<sy_param>?,
                                   _ match: OpaquePointer?, _ i: Int,
                                   _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    out?.pointee = sy_param()
    return matchEntry(match, err) { (m) throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        let count = m.rawPathParameterCount
        guard i >= 0, i < count, let p = m.rawPathParameter(at: i) else {
            throw .invalid("index \(UInt(bitPattern: i)) is out of range: the match has \(count) path parameters")
        }
        out.pointee = cParam(p)
    }
}

@c @implementation
public func sy_match_query_count(_ match: OpaquePointer?) -> Int {
    withMatch(match, or: 0) { $0.rawQueryCount }
}

@c @implementation
public func sy_match_query_at(_ nameOut: UnsafeMutablePointer<sy_str>?,
                              _ valueOut: UnsafeMutablePointer<sy_str>?,
                              _ match: OpaquePointer?, _ i: Int,
                              _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    nameOut?.pointee = absentString
    valueOut?.pointee = absentString
    return matchEntry(match, err) { (m) throws(CFailure) in
        guard let nameOut else { throw .misuse("name_out is NULL") }
        guard let valueOut else { throw .misuse("value_out is NULL") }
        let count = m.rawQueryCount
        guard i >= 0, i < count, let item = m.rawQueryItem(at: i) else {
            throw .invalid("index \(UInt(bitPattern: i)) is out of range: the match has \(count) query items")
        }
        nameOut.pointee = slice(item.name)
        valueOut.pointee = slice(item.value)
    }
}

@c @implementation
public func sy_match_param_count(_ match: OpaquePointer?) -> Int {
    withMatch(match, or: 0) { $0.rawParamCount }
}

@c @implementation
public func sy_match_param_at(_ out: UnsafeMutablePointer<sy_param>?,
                              _ match: OpaquePointer?, _ i: Int,
                              _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    out?.pointee = sy_param()
    return matchEntry(match, err) { (m) throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        let count = m.rawParamCount
        guard i >= 0, i < count, let p = m.rawParameter(at: i) else {
            throw .invalid("index \(UInt(bitPattern: i)) is out of range: the match has \(count) params")
        }
        out.pointee = cParam(p)
    }
}

@c @implementation
public func sy_match_param(_ out: UnsafeMutablePointer<sy_param>?,
                           _ foundOut: UnsafeMutablePointer<Int32>?,
                           _ match: OpaquePointer?,
                           _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                           _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    out?.pointee = sy_param()
    foundOut?.pointee = 0
    return matchEntry(match, err) { (m) throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        let key = try bytesArgument(name, nameLen, name: "name")
        guard let p = m.rawParameter(named: key) else { return }
        out.pointee = cParam(p)
        foundOut?.pointee = 1
    }
}

// The deprecated 1-or-0 getters: the typed getters' answer, folded. `out` may be NULL
// here, so the value goes through a local.

@c @implementation
public func sy_match_int(_ match: OpaquePointer?,
                         _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                         _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    var value: Int64 = 0
    guard sy_match_param_int(&value, match, name, nameLen, nil) == SY_OK else { return 0 }
    out?.pointee = value
    return 1
}

@c @implementation
public func sy_match_float(_ match: OpaquePointer?,
                           _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                           _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    var value: Double = 0
    guard sy_match_param_float(&value, match, name, nameLen, nil) == SY_OK else { return 0 }
    out?.pointee = value
    return 1
}

@c @implementation
public func sy_match_text(_ match: OpaquePointer?,
                          _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                          _ out: UnsafeMutablePointer<sy_str>?) -> Int32 {
    var value = sy_str()
    guard sy_match_param_text(&value, match, name, nameLen, nil) == SY_OK else { return 0 }
    out?.pointee = value
    return 1
}

@c @implementation
public func sy_match_redirect_count(_ match: OpaquePointer?) -> Int {
    withMatch(match, or: 0) { $0.rawRedirectCount }
}

@c @implementation
public func sy_match_redirect_at(_ match: OpaquePointer?, _ i: Int) -> sy_str {
    withMatch(match, or: absentString) { m in
        guard i >= 0, i < m.rawRedirectCount, let span = m.rawRedirect(at: i) else { return absentString }
        return slice(span)
    }
}

/// A core span as an sy_str (absent stays absent).
@inline(__always)
func slice(_ span: ByteSpan) -> sy_str { syStr(span.base, span.count) }

/// A core parameter as the header's sy_param (the unused value field is 0).
func cParam(_ p: RawParameter) -> sy_param {
    var out = sy_param()
    out.name = slice(p.name)
    out.text = slice(p.text)
    switch p.kind {
    case .string: out.type = Int32(SY_VALUE_STRING.rawValue)
    case .int: out.type = Int32(SY_VALUE_INT.rawValue); out.int_value = p.intValue
    case .float: out.type = Int32(SY_VALUE_FLOAT.rawValue); out.float_value = p.floatValue
    }
    return out
}
