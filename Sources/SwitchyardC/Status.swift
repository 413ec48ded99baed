// sy_status_str: a static English name for every status code.
import CSwitchyard

@c @implementation
public func sy_status_str(_ status: sy_status) -> UnsafePointer<CChar>? {
    staticCString(statusDescription(status))
}

/// Kept in step with the sy_status enum in switchyard.h; unknown values (a newer header,
/// or garbage) get a fixed string rather than NULL so callers can always print it.
func statusDescription(_ status: sy_status) -> StaticString {
    switch status.rawValue {
    case 0: return "ok"
    case -1: return "misuse of the API"
    case -2: return "internal error"
    case -3: return "out of memory"
    case -4: return "invalid argument"
    case -5: return "invalid pattern"
    case -6: return "route conflict"
    case -7: return "invalid URL"
    case -8: return "limit exceeded"
    case -9: return "invalid rule document"
    case -10: return "redirect limit exceeded"
    case -11: return "redirect loop"
    case -12: return "I/O error"
    case -13: return "buffer too small"
    case -14: return "unsafe redirect"
    case -15: return "handler failed"
    case -16: return "no such parameter"
    case -17: return "parameter of another type"
    case -20: return "not a resume token"
    case -21: return "resume token tampered with"
    case -22: return "resume token of another key"
    case -23: return "resume token expired"
    case -24: return "route of the resume token gone"
    case -25: return "route of the resume token changed"
    default: return "unknown status"
    }
}
