// sy_links_*: app links (the "App links" section of switchyard.h; docs/APP-LINKS.md).
// sy_links_aasa is a handle like sy_router; the other functions take documents as JSON text
// and answer in JSON written into the caller's buffer, as sy_match_to_json() does.
import CSwitchyard
import Switchyard

/// The tag of an sy_links_aasa handle (an arbitrary constant, as those of HandleTag).
private let aasaTag: UInt64 = 0x4C49_4E4B_4141_5341

/// What an sy_links_aasa * points to: the compiled file, and each app ID in memory of its
/// own, so the app_id slices of the decisions stay valid until the handle is freed.
final class LinksAASABox: HandleBox {
    let aasa: AASA
    private let appIDBytes: [String: (UnsafeMutablePointer<CChar>, Int)]

    init(_ aasa: AASA) {
        self.aasa = aasa
        var bytes: [String: (UnsafeMutablePointer<CChar>, Int)] = [:]
        for id in aasa.appIDs {
            let utf8 = Array(id.utf8)
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: max(utf8.count, 1))
            for (k, b) in utf8.enumerated() { p[k] = CChar(bitPattern: b) }
            bytes[id] = (p, utf8.count)
        }
        appIDBytes = bytes
        super.init(tag: aasaTag)
    }

    deinit {
        for (p, _) in appIDBytes.values { p.deallocate() }
    }

    func appID(_ id: String) -> sy_str {
        guard let (p, n) = appIDBytes[id] else { return absentString }
        return sy_str(ptr: UnsafePointer(p), len: n)
    }

    static func from(_ handle: OpaquePointer?, name: StaticString = "aasa") throws(CFailure) -> LinksAASABox {
        guard let handle else { throw .misuse("\(name) is NULL") }
        let box = withHandle(handle) { $0.tag == aasaTag ? unsafeDowncast($0, to: LinksAASABox.self) : nil }
        guard let box else { throw wrongHandle(name, "sy_links_aasa") }
        return box
    }
}

@c @implementation
public func sy_links_aasa_new(_ out: UnsafeMutablePointer<OpaquePointer?>?,
                              _ json: UnsafePointer<CChar>?, _ jsonLen: Int,
                              _ flags: UInt32, _ sizeLimit: Int,
                              _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        guard let out else { throw .misuse("out is NULL") }
        out.pointee = nil
        if flags & ~SY_LINKS_AASA_KNOWN_FLAGS != 0 {
            throw .invalid("flags has unknown bits 0x\(String(flags & ~SY_LINKS_AASA_KNOWN_FLAGS, radix: 16))")
        }
        guard sizeLimit >= 0 else { throw .invalid("size_limit is over SIZE_MAX / 2") }
        let bytes = try bytesArgument(json, jsonLen, name: "json")
        var options = AASA.Options()
        options.allowHTTP = flags & SY_LINKS_ALLOW_HTTP != 0
        if sizeLimit > 0 { options.sizeLimit = sizeLimit }
        let aasa = try core { try AASA(bytes: UnsafeRawBufferPointer(bytes), options: options) }
        out.pointee = LinksAASABox(aasa).retainedHandle()
    }
}

@c @implementation
public func sy_links_aasa_free(_ aasa: OpaquePointer?) {
    HandleBox.release(aasa, tag: aasaTag)
}

@c @implementation
public func sy_links_aasa_findings(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                                   _ lenOut: UnsafeMutablePointer<Int>?,
                                   _ aasa: OpaquePointer?,
                                   _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    lenOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        let box = try LinksAASABox.from(aasa)
        let capacity = try outputCapacity(buf, cap)
        var json = box.aasa.findingsJSON
        try copyOut(&json, what: "the JSON", into: buf, capacity: capacity, lenOut: lenOut)
    }
}

@c @implementation
public func sy_links_aasa_decide(_ out: UnsafeMutablePointer<sy_links_decision>?, _ cap: Int,
                                 _ countOut: UnsafeMutablePointer<Int>?,
                                 _ aasa: OpaquePointer?,
                                 _ host: UnsafePointer<CChar>?, _ hostLen: Int,
                                 _ url: UnsafePointer<CChar>?, _ urlLen: Int,
                                 _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    countOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        let box = try LinksAASABox.from(aasa)
        let capacity = try outputCapacity(out, cap, name: "out")
        let hostText = try stringArgument(host, hostLen, name: "host")
        let urlText = try urlArgument(url, urlLen)
        let decisions = try core { try box.aasa.decisions(host: hostText, url: urlText) }
        countOut?.pointee = decisions.count
        guard decisions.count <= capacity else {
            throw CFailure(SY_ERR_BUFFER_TOO_SMALL,
                           "out holds \(capacity) decisions; there are \(decisions.count)")
        }
        guard let out else { return }
        for (i, d) in decisions.enumerated() {
            out[i] = sy_links_decision(
                app_id: box.appID(d.appID),
                verdict: Int32(d.verdict == .match ? SY_LINKS_MATCH.rawValue : SY_LINKS_BLOCK.rawValue),
                detail_index: Int32(clamping: d.detailIndex), rule_index: Int32(clamping: d.ruleIndex), reserved: 0)
        }
    }
}

@c @implementation
public func sy_links_android_match(_ matchedOut: UnsafeMutablePointer<Int32>?,
                                   _ kind: Int32, _ flags: UInt32,
                                   _ pattern: UnsafePointer<CChar>?, _ patternLen: Int,
                                   _ text: UnsafePointer<CChar>?, _ textLen: Int,
                                   _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    matchedOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        guard let matchedOut else { throw .misuse("matched_out is NULL") }
        let kinds: [Int32: AndroidPatternKind] = [
            Int32(SY_LINKS_ANDROID_LITERAL.rawValue): .literal, Int32(SY_LINKS_ANDROID_PREFIX.rawValue): .prefix,
            Int32(SY_LINKS_ANDROID_SIMPLE_GLOB.rawValue): .simpleGlob,
            Int32(SY_LINKS_ANDROID_ADVANCED_GLOB.rawValue): .advancedGlob,
            Int32(SY_LINKS_ANDROID_SUFFIX.rawValue): .suffix, Int32(SY_LINKS_ANDROID_HOST.rawValue): .host,
        ]
        guard let k = kinds[kind] else { throw .invalid("kind is \(kind): not an sy_links_android_kind") }
        if flags & ~SY_LINKS_ANDROID_KNOWN_FLAGS != 0 {
            throw .invalid("flags has unknown bits 0x\(String(flags & ~SY_LINKS_ANDROID_KNOWN_FLAGS, radix: 16))")
        }
        let p = try stringArgument(pattern, patternLen, name: "pattern")
        let t = try stringArgument(text, textLen, name: "text")
        let compiled = try core { try AndroidPattern(k, p, legacySimpleGlob: flags & SY_LINKS_LEGACY_SIMPLE_GLOB != 0) }
        matchedOut.pointee = compiled.matches(t) ? 1 : 0
    }
}

@c @implementation
public func sy_links_android_dynamic(_ openOut: UnsafeMutablePointer<Int32>?,
                                     _ rulesJSON: UnsafePointer<CChar>?, _ rulesLen: Int,
                                     _ pathAndQuery: UnsafePointer<CChar>?, _ pathLen: Int,
                                     _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    openOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        guard let openOut else { throw .misuse("open_out is NULL") }
        let rules = try stringArgument(rulesJSON, rulesLen, name: "rules_json")
        let path = try stringArgument(pathAndQuery, pathLen, name: "path_and_query")
        let compiled = try core { try AndroidDynamicRules(json: rules) }
        openOut.pointee = try core { try compiled.evaluate(path) } == .open ? 1 : 0
    }
}

@c @implementation
public func sy_links_android_evaluate(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                                      _ lenOut: UnsafeMutablePointer<Int>?,
                                      _ appJSON: UnsafePointer<CChar>?, _ appLen: Int,
                                      _ assetLinksJSON: UnsafePointer<CChar>?, _ assetLinksLen: Int,
                                      _ url: UnsafePointer<CChar>?, _ urlLen: Int,
                                      _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    lenOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        let capacity = try outputCapacity(buf, cap)
        let app = try stringArgument(appJSON, appLen, name: "app_json")
        // NULL with length 0 means "no assetlinks.json", not an empty document.
        let links = assetLinksJSON == nil && assetLinksLen == 0
            ? nil : try stringArgument(assetLinksJSON, assetLinksLen, name: "assetlinks_json")
        let urlText = try urlArgument(url, urlLen)
        var answer = try core { () throws(SwitchyardError) -> String in
            let android = try AndroidApp(json: app)
            let assetLinks = try links.map { (text) throws(SwitchyardError) in try AssetLinks(json: text) }
            let verdict = try android.evaluate(url: urlText, assetLinks: assetLinks)
            return verdict.json(findings: android.findings + (assetLinks?.findings ?? []))
        }
        try copyOut(&answer, what: "the JSON", into: buf, capacity: capacity, lenOut: lenOut)
    }
}

@c @implementation
public func sy_links_generate(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                              _ lenOut: UnsafeMutablePointer<Int>?,
                              _ router: OpaquePointer?,
                              _ requestJSON: UnsafePointer<CChar>?, _ requestLen: Int,
                              _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    lenOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        let box = try RouterBox.from(router)
        let capacity = try outputCapacity(buf, cap)
        let bytes = try bytesArgument(requestJSON, requestLen, name: "request_json")
        var answer = try core { () throws(SwitchyardError) -> String in
            let request = try AppLinksRequest(json: UnsafeRawBufferPointer(bytes))
            return try box.router.appLinks(request).json
        }
        try copyOut(&answer, what: "the JSON", into: buf, capacity: capacity, lenOut: lenOut)
    }
}

@c @implementation
public func sy_links_cross_check(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                                 _ lenOut: UnsafeMutablePointer<Int>?,
                                 _ router: OpaquePointer?,
                                 _ aasa: OpaquePointer?,
                                 _ host: UnsafePointer<CChar>?, _ hostLen: Int,
                                 _ appID: UnsafePointer<CChar>?, _ appIDLen: Int,
                                 _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    lenOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        let routerBox = try RouterBox.from(router)
        let aasaBox = try LinksAASABox.from(aasa)
        let capacity = try outputCapacity(buf, cap)
        let hostText = try stringArgument(host, hostLen, name: "host")
        let app = try stringArgument(appID, appIDLen, name: "app_id")
        var answer = try core { try routerBox.router.crossCheck(aasaBox.aasa, host: hostText, appID: app).json }
        try copyOut(&answer, what: "the JSON", into: buf, capacity: capacity, lenOut: lenOut)
    }
}
