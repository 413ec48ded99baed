// `URL` overloads, for apps that have Foundation's URL in hand. Behind the package trait
// `FoundationURL` (on by default in SwiftPM; the CMake build of the C library leaves it off),
// so the C library and the resolve path never depend on Foundation: these only hand the
// URL's text to the String overloads.
#if FoundationURL
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension Router {
    /// Resolves `url` (its `absoluteString`) like `resolve(_:)` with a String: the match,
    /// or nil when no route matches.
    public func resolve(_ url: URL) throws(SwitchyardError) -> Match? {
        try resolve(url.absoluteString)
    }

    /// Resolves `url` (its `absoluteString`) into `match` like `resolve(_:into:)` with a
    /// String. Returns whether a route matched.
    @discardableResult
    public func resolve(_ url: URL, into match: MatchBuffer) throws(SwitchyardError) -> Bool {
        try resolve(url.absoluteString, into: match)
    }
}
#endif
#endif
