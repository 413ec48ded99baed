// sy_router_run_fixtures: route fixtures (the "Route fixtures" section of switchyard.h;
// docs/TESTING-ROUTES.md). The counts go into the caller's struct, the report as JSON into
// its buffer, as the sy_links_* answers do.
import CSwitchyard
import Switchyard

@c @implementation
public func sy_router_run_fixtures(_ result: UnsafeMutablePointer<sy_fixture_result>?,
                                   _ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                                   _ lenOut: UnsafeMutablePointer<Int>?,
                                   _ router: OpaquePointer?,
                                   _ fixturesJSON: UnsafePointer<CChar>?, _ fixturesLen: Int,
                                   _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    result?.pointee = sy_fixture_result()
    lenOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        guard let result else { throw .misuse("result is NULL") }
        let box = try RouterBox.from(router)
        let capacity = try outputCapacity(buf, cap)
        let bytes = try bytesArgument(fixturesJSON, fixturesLen, name: "fixtures_json")
        let report = try core { () throws(SwitchyardError) -> FixtureReport in
            let limit = box.router.options.limits.maxDocumentSize
            return box.router.runFixtures(try RouteFixtures(bytes: UnsafeRawBufferPointer(bytes), maxBytes: limit))
        }
        result.pointee = sy_fixture_result(cases: report.total, passed: report.passed, failed: report.failed,
                                           fixture_errors: report.fixtureErrors,
                                           uncovered_routes: report.uncovered.count)
        var answer = report.json
        try copyOut(&answer, what: "the report", into: buf, capacity: capacity, lenOut: lenOut)
    }
}
