/// Compatibility presets: one value that makes a router read patterns and URLs the way another
/// router does, so an app's route table and links keep working when it moves to Switchyard.
/// Each preset is only a choice of options (Options.swift); docs/CONFORMANCE.md says, per
/// router, what its preset sets and what still differs.

extension RouterOptions {
    /// The routers a preset imitates; also the pattern syntaxes `patternReading` knows.
    public enum Preset: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
        /// Switchyard's own profile (docs/SEMANTICS.md): the default options.
        case switchyard
        /// JLRoutes (Objective-C).
        case jlroutes
        /// URLNavigator / URLMatcher (Swift).
        case urlnavigator
        /// MGJRouter (Objective-C).
        case mgjrouter
        /// DeepLinkKit (Objective-C).
        case deeplinkkit
        /// WAAppRouting (Objective-C).
        case waapprouting
        /// The kickstarter-ios `Navigation` router.
        case kickstarter
        /// Vapor's RoutingKit.
        case routingkit
    }

    /// The hosts Kickstarter's router recognises (its web, API and e-mail hosts), by prefix.
    public static let kickstarterHostPrefixes = [
        "www.kickstarter.com", "api.kickstarter.com", "click.e.kickstarter.com", "clicks.kickstarter.com",
        "email.kickstarter.com", "emails.kickstarter.com",
    ]

    /// The options of `preset`: its pattern reading and every router-wide choice. Set single
    /// options afterwards to follow a router's own flags (docs/CONFORMANCE.md lists them, e.g.
    /// JLRoutes' `shouldDecodePlusSymbols` is `plusAsSpaceInPath`, `plusAsSpaceInQuery` and
    /// `encodedPlusAsSpace`). Limits and web schemes keep their defaults.
    public static func preset(_ preset: Preset) -> RouterOptions {
        var o = RouterOptions()
        o.patternReading = preset
        switch preset {
        case .switchyard:
            break
        case .jlroutes:
            o.hostHandling = .hostWhenDotted
            o.precedence = .registrationOrder
            o.plusAsSpaceInPath = true
            o.encodedPlusAsSpace = true
            o.fragmentAsPath = true
            o.schemeTables = true
        case .urlnavigator:
            o.hostHandling = .alwaysSegment
            o.precedence = .mostLiterals
            o.decodePath = false
            o.caseSensitiveScheme = true
            o.plusAsSpaceInQuery = false
        case .mgjrouter:
            o.hostHandling = .alwaysSegment
            o.precedence = .codePoint
            o.parameterPrecedence = .queryOverPath
            o.plusAsSpaceInQuery = false
        case .deeplinkkit:
            o.hostHandling = .alwaysSegment
            o.precedence = .registrationOrder
            o.plusAsSpaceInQuery = false
        case .waapprouting:
            o.trailingWildcardNeedsSegment = true
            o.plusAsSpaceInQuery = false
        case .kickstarter:
            o.hostHandling = .alwaysHost
            o.hostPrefixes = kickstarterHostPrefixes
            o.parameterPrecedence = .queryOverPath
            o.plusAsSpaceInQuery = false
        case .routingkit:
            o.keepEmptySegments = true
            o.plusAsSpaceInQuery = false
        }
        return o
    }

    /// The options of the preset named `name` (`"jlroutes"`, ...). An unknown name is
    /// `invalidArgument`, with a message listing the known ones.
    public static func preset(named name: String) throws(SwitchyardError) -> RouterOptions {
        try preset(Preset(checking: name))
    }

    /// Whether these options are exactly `preset`'s.
    public func isPreset(_ preset: Preset) -> Bool { self == RouterOptions.preset(preset) }
}

extension RouterOptions.Preset {
    /// The preset named `name`, or `invalidArgument` listing the known names.
    public init(checking name: String) throws(SwitchyardError) {
        guard let p = RouterOptions.Preset(rawValue: name) else {
            let shown = String(decoding: name.utf8.prefix(64), as: UTF8.self)
            throw SwitchyardError(.invalidArgument,
                "unknown preset '\(shown)'; the presets are \(RouterOptions.Preset.knownNames)")
        }
        self = p
    }

    /// The preset names, comma-separated, for messages.
    public static var knownNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
