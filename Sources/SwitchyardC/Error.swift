// The sy_error side of every entry point: clear on entry, fill on failure, and the
// mapping from the core's SwitchyardError to a status, a message and a byte position.
import CSwitchyard
import Switchyard

/// Why an entry point failed: what it returns and what it writes into `sy_error`.
/// Internal helpers throw this (typed), so each entry point converts exactly one error
/// type and never needs `try!`.
struct CFailure: Error {
    var status: sy_status
    var message: String
    var position: Int?
    /// For sy_router_add_routes: the index of the route at fault (sy_error.route_index).
    var routeIndex: Int?
    /// For a rule document's error: its byte in the document (sy_error.document_position).
    var documentPosition: Int?

    init(_ status: sy_status, _ message: String, position: Int? = nil, routeIndex: Int? = nil) {
        self.status = status
        self.message = message
        self.position = position
        self.routeIndex = routeIndex
    }

    /// The core's error, with its fixed C status (SwitchyardError.Code.cStatus).
    init(_ error: SwitchyardError) {
        self.init(sy_status(rawValue: error.code.cStatus), error.message, position: error.position)
        documentPosition = error.place?.offset
    }

    static func misuse(_ message: String) -> CFailure { CFailure(SY_ERR_MISUSE, message) }
    static func invalid(_ message: String, position: Int? = nil) -> CFailure {
        CFailure(SY_ERR_INVALID_ARGUMENT, message, position: position)
    }

    /// The same failure about route `index` of a batch: its message starts with
    /// "routes[index]: " and route_index is set.
    func aboutRoute(_ index: Int) -> CFailure {
        CFailure(status, "routes[\(index)]: " + message, position: position, routeIndex: index)
    }
}

/// Runs a core call and turns whatever it throws into a CFailure. The core's API is
/// declared `throws(SwitchyardError)`, but anything else (a future untyped throw) becomes
/// SY_ERR_INTERNAL instead of escaping.
func core<T>(_ body: () throws -> T) throws(CFailure) -> T {
    do {
        return try body()
    } catch let error as SwitchyardError {
        throw CFailure(error)
    } catch {
        throw CFailure(SY_ERR_INTERNAL, "unexpected error from the core: \(error)")
    }
}

/// Puts `*err` in the cleared state the header promises: code SY_OK, position -1,
/// route_index -1, document_position -1, message "". Only message[0] is written, to keep
/// resolve cheap.
@inline(__always)
func clearError(_ err: UnsafeMutablePointer<sy_error>?) {
    guard let err else { return }
    err.pointee.code = SY_OK
    err.pointee.position = -1
    err.pointee.route_index = -1
    err.pointee.document_position = -1
    err.pointee.message.0 = 0
}

/// Writes a failure into `*err` (if given) and returns its status.
func report(_ failure: CFailure, into err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    guard let err else { return failure.status }
    err.pointee.code = failure.status
    err.pointee.position = clampedPosition(failure.position)
    err.pointee.route_index = clampedPosition(failure.routeIndex)
    err.pointee.document_position = clampedPosition(failure.documentPosition)
    var message = failure.message
    if message.isEmpty { message = String(describing: statusDescription(failure.status)) }
    withUnsafeMutableBytes(of: &err.pointee.message) { raw in
        message.withUTF8 { utf8 in
            let n = utf8PrefixLength(utf8, maxBytes: raw.count - 1)
            if n > 0, let base = utf8.baseAddress { raw.baseAddress?.copyMemory(from: base, byteCount: n) }
            raw[n] = 0
        }
    }
    return failure.status
}

/// Runs an entry point's body with the header's error rule: clear, run, report.
@inline(__always)
func entry(_ err: UnsafeMutablePointer<sy_error>?, _ body: () throws(CFailure) -> Void) -> sy_status {
    clearError(err)
    do {
        try body()
        return SY_OK
    } catch {
        return report(error, into: err)
    }
}

/// Positions (and batch indexes) come as Int?; the C fields are int32_t with -1 for "none".
func clampedPosition(_ position: Int?) -> Int32 {
    guard let position, position >= 0 else { return -1 }
    return position > Int(Int32.max) ? Int32.max : Int32(position)
}

/// The longest prefix of `bytes` (valid UTF-8) of at most `maxBytes` bytes that ends on a
/// character boundary: a cut never lands before a continuation byte (10xxxxxx).
func utf8PrefixLength(_ bytes: UnsafeBufferPointer<UInt8>, maxBytes: Int) -> Int {
    if bytes.count <= maxBytes { return bytes.count }
    var cut = max(maxBytes, 0)
    while cut > 0 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    return cut
}
