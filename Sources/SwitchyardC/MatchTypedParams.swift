// sy_match_param_int, _float, _bool, _text: one parameter by name, read as one type, with
// a status that tells "not there" from "not of that type" from a bad argument. `out` is
// written only on SY_OK, so a value put there first is a default. The reading rules are
// the Swift module's own (ParameterValue.integer, .doubleValue, .boolValue), so a typed
// read gives the same answer in C, Swift and Python.
import CSwitchyard
import Switchyard

@c @implementation
public func sy_match_param_int(_ out: UnsafeMutablePointer<Int64>?,
                               _ match: OpaquePointer?,
                               _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                               _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    typedParameter(out, match, name, nameLen, err, typeName: "an integer") { p in
        p.kind == .int ? p.intValue : p.value.integer(Int64.self)
    }
}

@c @implementation
public func sy_match_param_float(_ out: UnsafeMutablePointer<Double>?,
                                 _ match: OpaquePointer?,
                                 _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                                 _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    typedParameter(out, match, name, nameLen, err, typeName: "a number") { p in
        switch p.kind {
        case .float: return p.floatValue
        // A number the route typed is a number: an int reads as the nearest double.
        case .int: return Double(p.intValue)
        case .string: return p.value.doubleValue
        }
    }
}

@c @implementation
public func sy_match_param_bool(_ out: UnsafeMutablePointer<Int32>?,
                                _ match: OpaquePointer?,
                                _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                                _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    typedParameter(out, match, name, nameLen, err, typeName: "a boolean") { p in
        p.value.boolValue.map { $0 ? 1 : 0 }
    }
}

@c @implementation
public func sy_match_param_text(_ out: UnsafeMutablePointer<sy_str>?,
                                _ match: OpaquePointer?,
                                _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                                _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    typedParameter(out, match, name, nameLen, err, typeName: "text") { p in
        // Present even when empty: a parameter that is there has a present text.
        p.text.base == nil ? syStr(emptyBytes, 0) : slice(p.text)
    }
}

/// The shared body of the typed getters: checks the arguments, finds the merged parameter
/// `name`, and writes `read(parameter)` through `out`; nil from `read` is SY_ERR_TYPE.
/// "Not there" is an expected answer, so it builds no message when `err` is NULL.
@inline(__always)
private func typedParameter<T>(_ out: UnsafeMutablePointer<T>?,
                               _ match: OpaquePointer?,
                               _ name: UnsafePointer<CChar>?, _ nameLen: Int,
                               _ err: UnsafeMutablePointer<sy_error>?,
                               typeName: StaticString,
                               _ read: (RawParameter) -> T?) -> sy_status {
    var status = SY_OK
    let entry = matchEntry(match, err) { (m) throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        let key = try bytesArgument(name, nameLen, name: "name")
        guard m.matched, let p = m.rawParameter(named: key) else {
            status = SY_ERR_NOT_FOUND
            if err != nil { throw notFound(key, matched: m.matched) }
            return
        }
        guard let value = read(p) else {
            status = SY_ERR_TYPE
            if err != nil { throw wrongType(key, p, wanted: typeName) }
            return
        }
        out.pointee = value
    }
    return entry == SY_OK ? status : entry
}

private func notFound(_ key: UnsafeBufferPointer<UInt8>, matched: Bool) -> CFailure {
    let name = String(decoding: key, as: UTF8.self)
    return CFailure(SY_ERR_NOT_FOUND, matched
        ? "the match has no parameter named \"\(name)\""
        : "the last resolve matched no route, so there is no parameter \"\(name)\"")
}

private func wrongType(_ key: UnsafeBufferPointer<UInt8>, _ p: RawParameter,
                       wanted: StaticString) -> CFailure {
    let name = String(decoding: key, as: UTF8.self)
    let has: String
    switch p.kind {
    case .int: has = "the integer \(p.intValue)"
    case .float: has = "the number \(p.floatValue)"
    case .string: has = "the text \"\(p.text.string ?? "")\""
    }
    return CFailure(SY_ERR_TYPE, "the parameter \"\(name)\" is \(has), which is not \(wanted)")
}
