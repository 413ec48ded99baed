// sy_match_params: a whole parameter list, typed, into the caller's array in one call.
import CSwitchyard
import Switchyard

@c @implementation
public func sy_match_params(_ out: UnsafeMutablePointer<sy_param>?, _ cap: Int,
                            _ countOut: UnsafeMutablePointer<Int>?,
                            _ match: OpaquePointer?, _ which: Int32,
                            _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    // The common call, kept apart from the general one so that it stays small: every path
    // parameter straight into the caller's array, in one pass (outputCapacity's rule,
    // inlined: a negative cap is SIZE_MAX). The core's ParameterRecord is sy_param field for
    // field (test_params.c reads every field it writes). Any other call, and a handle that
    // is not a match, take the general way.
    guard which == Int32(SY_PARAMS_PATH.rawValue), let out, let match,
          MemoryLayout<sy_param>.size == MemoryLayout<ParameterRecord>.size else {
        return matchParams(out, cap, countOut, match, which, err)
    }
    return withHandle(match) { box in
        guard box.tag == HandleTag.match else { return matchParams(out, cap, countOut, match, which, err) }
        let capacity = cap < 0 ? Int.max : cap
        let count = unsafeDowncast(box, to: MatchBox.self).match.writePathParameters(
            UnsafeMutableRawPointer(out), capacity: capacity, stringCode: Int32(SY_VALUE_STRING.rawValue),
            intCode: Int32(SY_VALUE_INT.rawValue), floatCode: Int32(SY_VALUE_FLOAT.rawValue))
        countOut?.pointee = count
        guard count <= capacity else { return report(outTooSmall(capacity, count), into: err) }
        clearError(err)
        return SY_OK
    }
}

/// sy_match_params in general: either list, every check, every failure.
@inline(never)
private func matchParams(_ out: UnsafeMutablePointer<sy_param>?, _ cap: Int, _ countOut: UnsafeMutablePointer<Int>?,
                         _ match: OpaquePointer?, _ which: Int32, _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    countOut?.pointee = 0
    return matchEntry(match, err) { (m) throws(CFailure) in
        let capacity = try outputCapacity(out, cap, name: "out")
        let path = try parameterList(which)
        let count = path ? m.rawPathParameterCount : m.rawParamCount
        countOut?.pointee = count
        guard count <= capacity else { throw outTooSmall(capacity, count) }
        guard let out, count > 0 else { return }
        var i = 0
        m.forEachRawParameter(path: path) { p in
            guard i < count else { return }
            out[i] = cParam(p)
            i += 1
        }
        countOut?.pointee = i
    }
}

/// The failure of a list of `count` parameters for an array of `capacity`.
@inline(never)
private func outTooSmall(_ capacity: Int, _ count: Int) -> CFailure {
    CFailure(SY_ERR_BUFFER_TOO_SMALL, "out holds \(capacity) parameters; the match has \(count)")
}

/// Which list an sy_param_list names: true for the path parameters, false for the merged map.
func parameterList(_ which: Int32) throws(CFailure) -> Bool {
    switch which {
    case Int32(SY_PARAMS_MERGED.rawValue): return false
    case Int32(SY_PARAMS_PATH.rawValue): return true
    default: throw .invalid("which is \(which): not SY_PARAMS_MERGED (0) or SY_PARAMS_PATH (1)")
    }
}
