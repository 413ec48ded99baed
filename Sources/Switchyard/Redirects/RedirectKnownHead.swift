/// Reading a URL a redirect produced without reading its head again (SEMANTICS.md §8
/// "Redirects"). A template whose scheme and authority hold no placeholder
/// (`myapp://app/skill/{language}`, `https://example.com/{x}`; RedirectFixedHead.swift)
/// starts every URL it produces with the same head bytes, followed by `/`, `?`, `#` or
/// nothing. What the URL reader finds in that head (the scheme, whether it is a web one, the
/// host and port, or the authority read as a segment, where the path starts) depends on those
/// bytes alone, so it is read once, when the route is added, by the reader itself (`KnownHead`).
/// The next hop of a chain then takes it from there (`URLView.readProducedPrefix`) and reads
/// only what the values can change: the validating scan over the whole URL (which also finds
/// where the path ends and whether anything needs decoding) and, for a web URL, the bytes after
/// the authority that decide whether a browser reads it differently. From there on the walk
/// is the one every URL takes.
///
/// The produced URL's head is compared with the template's byte for byte before the known
/// head is used; a URL whose head differs (none does: the builder writes the template's head)
/// is read in full. A MatchBuffer in `RedirectCheckMode.differential` reads every such URL both
/// ways and records any difference, and in `.full` mode it never takes this path: the redirect
/// corpus test and the rules fuzz target compare the two on every URL they produce.

/// What the URL reader finds in a redirect template's head, read with the router's settings.
struct KnownHead: @unchecked Sendable {  // the template pointer: immutable bytes the route owns
    /// The scheme's `:`.
    var schemeEnd = 0
    var isWeb = false
    var hasHost = false
    var host = TextRef(start: 0, count: 0, decoded: false)
    var port = TextRef(start: 0, count: 0, decoded: false)
    /// The authority, when the router reads it as the first path segment.
    var authority: (Int, Int)? = nil
    /// Where the path starts: the head's length.
    var pathStart = 0
    /// A web URL read as a browser reads it, whose head is in that form already
    /// (`URLView.plainWebAuthorityEnd`): the rest of the URL decides whether it stays so.
    var plainWeb = false
    /// Whether the head holds a byte that may need decoding (`%`, `+`).
    var mayDecode = false
    /// The template's bytes (the route's store, which lives as long as the route).
    var template: UnsafePointer<UInt8>? = nil
}

/// The head of the template `tp` as `read` reads it, for a template whose first `fixedHead`
/// bytes are its scheme and authority, without placeholder; nil when the known head cannot
/// be used (a relative template, a head the reader refuses, rewrites or decodes).
func readKnownHead(_ tp: UnsafePointer<UInt8>, fixedHead: Int, _ layout: TemplateLayout,
                   _ read: ReadConfig) -> KnownHead? {
    guard layout.schemeEnd > 0, layout.hasAuthority, fixedHead == layout.authority.upperBound else { return nil }
    var view = URLView()
    defer { view.free() }
    do throws(SwitchyardError) {
        var config = read
        config.maxURLLength = Int.max  // the template's length was checked
        let prefix = try view.readPrefix(UnsafeBufferPointer(start: tp, count: fixedHead), config)
        guard view.rewrite == .none, view.hasScheme, Int(view.scheme.count) == layout.schemeEnd,
              prefix.pathStart == fixedHead, !view.host.decoded, !view.port.decoded else { return nil }
        let browser = view.isWeb && URLView.readsAsBrowser(scheme: tp, layout.schemeEnd)
        if browser && URLView.plainWebAuthorityEnd(tp, fixedHead, schemeEnd: layout.schemeEnd) != fixedHead {
            return nil
        }
        return KnownHead(schemeEnd: layout.schemeEnd, isWeb: view.isWeb, hasHost: view.hasHost, host: view.host,
                         port: view.port, authority: prefix.authority, pathStart: fixedHead, plainWeb: browser,
                         mayDecode: prefix.mayDecode)
    } catch {
        return nil
    }
}

extension MatchBuffer {
    /// `readPrefix` for a URL that the redirect with the known head `head` produced; nil when
    /// the URL must be read in full. A URL that cannot be read leaves no URL described.
    @inline(__always)
    func readProducedPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ head: UnsafePointer<KnownHead>,
                            _ read: ReadConfig) throws(SwitchyardError) -> URLView.Prefix? {
        do throws(SwitchyardError) {
            return try state.pointee.view.readProducedPrefix(bytes, head, read)
        } catch {
            state.pointee.source = .none
            throw error
        }
    }

    /// How many produced URLs were read both ways (`.differential` only).
    package var producedHeadsCompared: Int { state.pointee.redirectScratch?.pointee.headsCompared ?? 0 }

    /// In `.differential` mode: reads `url` (produced by a redirect whose head is `head`) both
    /// ways, and records the first difference between what the two readings found.
    func compareProducedReadings(_ url: UnsafeBufferPointer<UInt8>, _ head: UnsafePointer<KnownHead>,
                                 _ read: ReadConfig) {
        guard let difference = producedReadingDifference(url, head, read) else { return }
        let scratch = redirectScratch
        scratch.pointee.headsCompared += 1
        if let difference, scratch.pointee.disagreement == nil {
            scratch.pointee.disagreement = "'\(messageText(url))': \(difference)"
        }
    }
}

/// Reads `url` from the known head `head` and in full: nil when the known head does not
/// apply to it, else the difference between the two readings (nil inside when they agree).
func producedReadingDifference(_ url: UnsafeBufferPointer<UInt8>, _ head: UnsafePointer<KnownHead>,
                               _ read: ReadConfig) -> String?? {
    var known = URLView(), full = URLView()
    defer { known.free(); full.free() }
    let knownText: String
    do throws(SwitchyardError) {
        guard let prefix = try known.readProducedPrefix(url, head, read) else { return nil }
        knownText = describeReading(known, prefix)
    } catch {
        knownText = "error \(error.code): \(error.message)"
    }
    let fullText: String
    do throws(SwitchyardError) {
        let prefix = try full.readPrefix(url, read)
        fullText = describeReading(full, prefix)
    } catch {
        fullText = "error \(error.code): \(error.message)"
    }
    if knownText == fullText { return .some(nil) }
    return .some("read from the known head as \(knownText), read in full as \(fullText)")
}

extension Router {
    /// For tests: reads `url` as if the redirect template `template` had produced it, from
    /// the template's known head and in full. `applies` is false when the template has no
    /// known head or the URL does not start with it; `difference` says how the two readings
    /// differ, nil when they agree.
    package func compareProducedReading(template: String, url: [UInt8]) -> (applies: Bool, difference: String?) {
        let t = Array(template.utf8)
        let read = patternConfig.read
        return t.withUnsafeBufferPointer { tb in
            guard let tp = tb.baseAddress else { return (false, nil) }
            let layout = TemplateLayout(tp, tb.count)
            let head = readTemplateHead(tp, layout, read.forRedirectSafety)
            let fixed = redirectFixedHeadLength(tp, tb.count, layout, head)
            guard fixed > 0, var known = readKnownHead(tp, fixedHead: fixed, layout, read) else { return (false, nil) }
            known.template = tp
            return url.withUnsafeBufferPointer { ub in
                withUnsafePointer(to: known) { h in
                    guard let result = producedReadingDifference(ub, h, read) else { return (false, nil) }
                    return (true, result)
                }
            }
        }
    }
}

/// What a reading of a URL's head found, as text to compare.
private func describeReading(_ v: URLView, _ prefix: URLView.Prefix) -> String {
    func ref(_ t: TextRef) -> String { "\(t.start)+\(t.count)\(t.decoded ? "d" : "")" }
    let authority = prefix.authority.map { "\($0.0)..<\($0.1)" } ?? "none"
    return "scheme \(v.hasScheme) \(ref(v.scheme)) web \(v.isWeb) host \(v.hasHost) \(ref(v.host)) port \(ref(v.port))"
        + " rewrite \(v.rewrite) authority \(authority) path \(prefix.pathStart)..<\(prefix.pathEnd)"
        + " mayDecode \(prefix.mayDecode)"
}

