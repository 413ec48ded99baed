/// `Codable` for the values an app may keep or send: routes, parameter values and router
/// options. A `Route` uses the field names of a rule document's route object
/// (docs/RULES.md), so an encoded route reads like one; `RouterOptions` has no counterpart
/// in rule documents and uses its Swift property names. Decoding never checks limits or
/// patterns: `Router(options:)` and `Router.add(_:)` do, with their usual errors.

extension ParameterValue: Codable {
    /// A string, an integer or a floating-point number.
    ///
    /// Decoding tries a whole number first: with a JSON coder a float with no fractional
    /// part (`2.0`, which JSON may write as `2`) can come back as `.int(2)`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let i = try? c.decode(Int64.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .float(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else {
            throw DecodingError.typeMismatch(ParameterValue.self, .init(codingPath: decoder.codingPath,
                debugDescription: "a parameter value is a string or a number"))
        }
    }

    /// The string or the number itself.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .int(let i): try c.encode(i)
        case .float(let d): try c.encode(d)
        }
    }
}

extension Route: Codable {
    private enum Field: String, CodingKey {
        case pattern, target, redirect, name, parent, priority, defaults, requires, stack
        case appendParams = "append_params"
        case elseRoutes = "else"
    }

    /// A rule document's route object: `pattern`, then `target` or `redirect` (exactly
    /// one), and optionally `name`, `parent`, `priority` (0), `defaults` ({}) and, for a
    /// redirect, `append_params` (true), `requires` and `else` (an object of requirement names
    /// to route names), and `stack` (its stack policy). A route's handler and value are not encoded.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        let pattern = try c.decode(String.self, forKey: .pattern)
        let target = try c.decodeIfPresent(String.self, forKey: .target)
        let redirect = try c.decodeIfPresent(String.self, forKey: .redirect)
        let destination: Destination
        switch (target, redirect) {
        case (let t?, nil): destination = .target(t)
        case (nil, let r?): destination = .redirect(r)
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "route '\(pattern)' needs exactly one of \"target\" and \"redirect\""))
        }
        self.init(pattern, destination: destination,
                  name: try c.decodeIfPresent(String.self, forKey: .name),
                  priority: try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0,
                  defaults: try c.decodeIfPresent([String: ParameterValue].self, forKey: .defaults) ?? [:],
                  appendParams: try c.decodeIfPresent(Bool.self, forKey: .appendParams) ?? true)
        parent = try c.decodeIfPresent(String.self, forKey: .parent)
        requires = try c.decodeIfPresent([String].self, forKey: .requires) ?? []
        elseRoutes = try c.decodeIfPresent([String: String].self, forKey: .elseRoutes) ?? [:]
        stackPolicy = try c.decodeIfPresent(StackPolicy.self, forKey: .stack)
    }

    /// The fields above; `name` and `parent` only when set, `append_params` only for a redirect.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        try c.encode(pattern, forKey: .pattern)
        switch destination {
        case .target(let t): try c.encode(t, forKey: .target)
        case .redirect(let r):
            try c.encode(r, forKey: .redirect)
            try c.encode(appendParams, forKey: .appendParams)
        }
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(parent, forKey: .parent)
        try c.encode(priority, forKey: .priority)
        try c.encode(defaults, forKey: .defaults)
        // Only when set: a route that loses its requirements on the way would open unchecked.
        if !requires.isEmpty { try c.encode(requires, forKey: .requires) }
        if !elseRoutes.isEmpty { try c.encode(elseRoutes, forKey: .elseRoutes) }
        try c.encodeIfPresent(stackPolicy, forKey: .stack)
    }
}

extension StackPolicy: Codable {
    /// A rule document's `"stack"`: an object of `"tab"`, `"default"` and entry kinds to
    /// modes, or one mode for every entry kind.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        func mode(_ word: String) throws -> StackMode {
            guard let m = StackMode(rawValue: word) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription:
                    "unknown stack mode '\(word)' (the modes are \"replace\", \"extend\" and \"merge\")")
            }
            return m
        }
        if let single = try? c.decode(String.self) {
            self.init(otherwise: try mode(single))
            return
        }
        var policy = StackPolicy()
        for (key, value) in try c.decode([String: String].self) {
            switch key {
            case "tab": policy.tab = value
            case "default": policy.otherwise = try mode(value)
            default: policy.modes[try EntryKind(key)] = try mode(value)
            }
        }
        self = policy
    }

    /// The object form, `"default"` always written.
    public func encode(to encoder: any Encoder) throws {
        var members = ["default": otherwise.rawValue]
        if let tab { members["tab"] = tab }
        for (entry, mode) in modes { members[entry.name] = mode.rawValue }
        var c = encoder.singleValueContainer()
        try c.encode(members)
    }
}

extension Destination: Codable {
    private enum Field: String, CodingKey { case target, redirect }

    /// `{"target": "..."}` or `{"redirect": "..."}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        if let t = try c.decodeIfPresent(String.self, forKey: .target) {
            self = .target(t)
        } else if let r = try c.decodeIfPresent(String.self, forKey: .redirect) {
            self = .redirect(r)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a destination needs \"target\" or \"redirect\""))
        }
    }

    /// `{"target": "..."}` or `{"redirect": "..."}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        switch self {
        case .target(let t): try c.encode(t, forKey: .target)
        case .redirect(let r): try c.encode(r, forKey: .redirect)
        }
    }
}

extension RouterOptions: Codable {
    private enum Field: String, CodingKey {
        case webSchemes, hostHandling, strictTrailingSlash, keepEmptySegments, plusAsSpaceInQuery
        case plusAsSpaceInPath, decodePath, caseInsensitiveLiterals, trailingWildcardNeedsSegment
        case precedence, parameterPrecedence, limits
        case patternReading, fragmentAsPath, encodedPlusAsSpace, caseSensitiveScheme, hostPrefixes
        case schemeTables, globalFallbackSchemes, parallelBuild
    }

    /// Every property by its Swift name; a missing one keeps its default, so `{}` decodes
    /// as `RouterOptions()`. The enums are their case names (`"webSchemes"`).
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: Field.self)
        func read<T: Decodable>(_ field: Field, _ value: inout T) throws {
            if let v = try c.decodeIfPresent(T.self, forKey: field) { value = v }
        }
        try read(.webSchemes, &webSchemes)
        try read(.hostHandling, &hostHandling)
        try read(.strictTrailingSlash, &strictTrailingSlash)
        try read(.keepEmptySegments, &keepEmptySegments)
        try read(.plusAsSpaceInQuery, &plusAsSpaceInQuery)
        try read(.plusAsSpaceInPath, &plusAsSpaceInPath)
        try read(.decodePath, &decodePath)
        try read(.caseInsensitiveLiterals, &caseInsensitiveLiterals)
        try read(.trailingWildcardNeedsSegment, &trailingWildcardNeedsSegment)
        try read(.precedence, &precedence)
        try read(.parameterPrecedence, &parameterPrecedence)
        try read(.limits, &limits)
        try read(.patternReading, &patternReading)
        try read(.fragmentAsPath, &fragmentAsPath)
        try read(.encodedPlusAsSpace, &encodedPlusAsSpace)
        try read(.caseSensitiveScheme, &caseSensitiveScheme)
        try read(.hostPrefixes, &hostPrefixes)
        try read(.schemeTables, &schemeTables)
        try read(.globalFallbackSchemes, &globalFallbackSchemes)
        try read(.parallelBuild, &parallelBuild)
    }

    /// Every property by its Swift name (web schemes sorted, so equal options encode alike).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        try c.encode(webSchemes.sorted(), forKey: .webSchemes)
        try c.encode(hostHandling, forKey: .hostHandling)
        try c.encode(strictTrailingSlash, forKey: .strictTrailingSlash)
        try c.encode(keepEmptySegments, forKey: .keepEmptySegments)
        try c.encode(plusAsSpaceInQuery, forKey: .plusAsSpaceInQuery)
        try c.encode(plusAsSpaceInPath, forKey: .plusAsSpaceInPath)
        try c.encode(decodePath, forKey: .decodePath)
        try c.encode(caseInsensitiveLiterals, forKey: .caseInsensitiveLiterals)
        try c.encode(trailingWildcardNeedsSegment, forKey: .trailingWildcardNeedsSegment)
        try c.encode(precedence, forKey: .precedence)
        try c.encode(parameterPrecedence, forKey: .parameterPrecedence)
        try c.encode(limits, forKey: .limits)
        try c.encode(patternReading, forKey: .patternReading)
        try c.encode(fragmentAsPath, forKey: .fragmentAsPath)
        try c.encode(encodedPlusAsSpace, forKey: .encodedPlusAsSpace)
        try c.encode(caseSensitiveScheme, forKey: .caseSensitiveScheme)
        try c.encode(hostPrefixes, forKey: .hostPrefixes)
        try c.encode(schemeTables, forKey: .schemeTables)
        try c.encode(globalFallbackSchemes, forKey: .globalFallbackSchemes)
        try c.encode(parallelBuild, forKey: .parallelBuild)
    }
}

extension RouterOptions.Limits: Codable {
    private enum Field: String, CodingKey {
        case maxURLLength, maxSegments, maxParameters, maxPatternLength, maxDocumentSize, maxRedirects
        case maxAlternatives, maxCandidates
    }

    /// Every limit by its Swift name; a missing one keeps its default.
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: Field.self)
        func read(_ field: Field, _ value: inout Int) throws {
            if let v = try c.decodeIfPresent(Int.self, forKey: field) { value = v }
        }
        try read(.maxURLLength, &maxURLLength)
        try read(.maxSegments, &maxSegments)
        try read(.maxParameters, &maxParameters)
        try read(.maxPatternLength, &maxPatternLength)
        try read(.maxDocumentSize, &maxDocumentSize)
        try read(.maxRedirects, &maxRedirects)
        try read(.maxAlternatives, &maxAlternatives)
        try read(.maxCandidates, &maxCandidates)
    }

    /// Every limit by its Swift name.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        try c.encode(maxURLLength, forKey: .maxURLLength)
        try c.encode(maxSegments, forKey: .maxSegments)
        try c.encode(maxParameters, forKey: .maxParameters)
        try c.encode(maxPatternLength, forKey: .maxPatternLength)
        try c.encode(maxDocumentSize, forKey: .maxDocumentSize)
        try c.encode(maxRedirects, forKey: .maxRedirects)
        try c.encode(maxAlternatives, forKey: .maxAlternatives)
        try c.encode(maxCandidates, forKey: .maxCandidates)
    }
}
