// sy_version_number / sy_version_string: the run-time twins of the SY_VERSION_* macros.
import CSwitchyard

/// The one place the library states its version; bindings/c/tests check it against the
/// header's macros, so the two cannot drift apart silently.
enum LibraryVersion {
    static let major: UInt32 = 0
    static let minor: UInt32 = 1
    static let patch: UInt32 = 0
    /// StaticString literals are NUL-terminated and live as long as the library.
    static let string: StaticString = "0.1.0"
}

@c @implementation
public func sy_version_number() -> UInt32 {
    LibraryVersion.major * 10000 + LibraryVersion.minor * 100 + LibraryVersion.patch
}

@c @implementation
public func sy_version_string() -> UnsafePointer<CChar>? {
    staticCString(LibraryVersion.string)
}

/// A `const char *` for a StaticString literal (static storage, NUL-terminated).
func staticCString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}
