// sy_route and sy_param-as-input: the init function and the translation into a core Route.
import CSwitchyard
import Switchyard

/// Versions of sy_route this library reads (fields are only ever appended).
let knownRouteVersions: ClosedRange<UInt32> = 1...3

/// The size of an sy_route of `version`: a caller built for an older header has a
/// smaller struct (and, in an array, a smaller stride), and nothing past it is its.
func routeSize(_ version: UInt32) -> Int {
    let end: Int?
    switch version {
    case 1: end = MemoryLayout<sy_route>.offset(of: \sy_route.search)
    case 2: end = MemoryLayout<sy_route>.offset(of: \sy_route.parent)
    default: end = nil
    }
    return end ?? MemoryLayout<sy_route>.size
}

@c @implementation
public func sy_route_init(_ route: UnsafeMutablePointer<sy_route>?, _ version: UInt32) -> sy_status {
    guard let route, knownRouteVersions.contains(version) else { return SY_ERR_MISUSE }
    // Only the caller's version's bytes: assigning a whole sy_route would write past a
    // version 1 struct.
    let raw = UnsafeMutableRawPointer(route)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: routeSize(version))
    raw.storeBytes(of: version, as: UInt32.self)
    return SY_OK
}

/// The core Route described by the C route at `pointer`, read as its version's size says
/// (see `readRoute`).
func coreRoute(at pointer: UnsafeRawPointer, name: @autoclosure () -> String) throws(CFailure) -> Route {
    try coreRoute(try readRoute(pointer, name: name()), name: name())
}

/// The route at `pointer` as a whole sy_route: the fields of its version, copied, and
/// the later ones zero (absent). Reading `pointee` would read past a version 1 struct.
private func readRoute(_ pointer: UnsafeRawPointer, name: @autoclosure () -> String) throws(CFailure) -> sy_route {
    let version = pointer.load(as: UInt32.self)
    guard knownRouteVersions.contains(version) else {
        throw .misuse("\(name()).version is \(version); this library knows versions 1 to \(SY_ROUTE_VERSION) (call sy_route_init)")
    }
    var r = sy_route()
    withUnsafeMutableBytes(of: &r) { $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: routeSize(version))) }
    return r
}

/// The core Route described by a C route; `name` is how messages refer to it
/// ("route" or "routes[3]"). Everything is copied: nothing borrowed outlives the call.
/// `r` comes from readRoute, so its version is known and its later fields are zero.
private func coreRoute(_ r: sy_route, name: @autoclosure () -> String) throws(CFailure) -> Route {
    let unknown = r.flags & ~SY_ROUTE_KNOWN_FLAGS
    guard unknown == 0 else {
        throw .invalid("\(name()).flags has unknown bits 0x\(String(unknown, radix: 16))")
    }
    guard let pattern = try optionalString(r.pattern, name: "\(name()).pattern") else {
        throw .misuse("\(name()).pattern is absent")
    }
    let target = try optionalString(r.target, name: "\(name()).target")
    let redirect = try optionalString(r.redirect, name: "\(name()).redirect")
    let destination: Destination
    switch (target, redirect) {
    case (let t?, nil): destination = .target(t)
    case (nil, let u?): destination = .redirect(u)
    case (_?, _?): throw .invalid("\(name()) has both a target and a redirect; give exactly one")
    case (nil, nil): throw .invalid("\(name()) has neither a target nor a redirect; give exactly one")
    }
    let routeName = try optionalString(r.name, name: "\(name()).name")
    let defaults = try coreDefaults(r.defaults, r.defaults_count, name: "\(name()).defaults")
    var route = Route(pattern, destination: destination, name: routeName, priority: Int(r.priority),
                      defaults: defaults, appendParams: r.flags & SY_ROUTE_NO_APPEND_PARAMS == 0)
    switch (r.flags & SY_ROUTE_DIALECT_URLPATTERN != 0, r.flags & SY_ROUTE_DIALECT_SWITCHYARD != 0) {
    case (true, true): throw .invalid("\(name()).flags has both SY_ROUTE_DIALECT_URLPATTERN and SY_ROUTE_DIALECT_SWITCHYARD")
    case (true, false): route.dialect = .urlpattern
    case (false, true): route.dialect = .switchyard
    case (false, false): break
    }
    route.ignoreCase = r.flags & SY_ROUTE_IGNORE_CASE != 0
    // Version 2. The core refuses them outside the urlpattern dialect and reports
    // their pattern errors by component and byte, as for Swift callers.
    // Each is set only when given: setting even nil copies the route's rare fields, which
    // a batch of many routes would pay for on every route.
    if let search = try optionalString(r.search, name: "\(name()).search") { route.searchPattern = search }
    if let hash = try optionalString(r.hash, name: "\(name()).hash") { route.hashPattern = hash }
    // Version 3. The core checks the link (one route of that name, the parameters its URL
    // needs, no loop) when the route is added, as for Swift callers.
    if let parent = try optionalString(r.parent, name: "\(name()).parent") { route.parent = parent }
    return route
}

/// The entries of a C array of sy_param in order (read as input: name, type, and the value
/// field the type selects).
func coreParameterList(_ array: UnsafePointer<sy_param>?, _ count: Int, name: @autoclosure () -> String) throws(CFailure)
    -> [(key: String, value: ParameterValue)]
{
    guard count >= 0 else { throw .invalid("\(name())_count is over SIZE_MAX / 2") }
    guard let array else {
        guard count == 0 else { throw .misuse("\(name()) is NULL but \(name())_count is \(count)") }
        return []
    }
    var result: [(key: String, value: ParameterValue)] = []
    result.reserveCapacity(count)
    for i in 0..<count {
        let p = array[i]
        let label = "\(name())[\(i)]"
        guard let key = try optionalString(p.name, name: "\(label).name"), !key.isEmpty else {
            throw .invalid("\(label).name is absent or empty")
        }
        guard p.reserved == 0 else { throw .invalid("\(label).reserved must be 0") }
        let value: ParameterValue
        switch p.type {
        case Int32(SY_VALUE_STRING.rawValue):
            guard let text = try optionalString(p.text, name: "\(label).text (of '\(key)')") else {
                throw .invalid("\(label).text is absent for a SY_VALUE_STRING default")
            }
            value = .string(text)
        case Int32(SY_VALUE_INT.rawValue):
            value = .int(p.int_value)
        case Int32(SY_VALUE_FLOAT.rawValue):
            guard p.float_value.isFinite else { throw .invalid("\(label).float_value is not finite") }
            value = .float(p.float_value)
        default:
            throw .invalid("\(label).type \(p.type) is not an sy_value_type")
        }
        result.append((key, value))
    }
    return result
}

/// `coreParameterList` as a map; a name given twice is refused.
func coreDefaults(_ array: UnsafePointer<sy_param>?, _ count: Int, name: @autoclosure () -> String) throws(CFailure)
    -> [String: ParameterValue]
{
    // Most routes have none: no label is made for them (a batch of many routes would pay
    // for one string per route).
    if count == 0 { return [:] }
    let label = name()
    var result: [String: ParameterValue] = [:]
    for (key, value) in try coreParameterList(array, count, name: label) {
        guard result.updateValue(value, forKey: key) == nil else { throw .invalid("\(label) gives '\(key)' twice") }
    }
    return result
}
