// Candidates and explanations from C: sy_router_candidates / sy_match_next_candidate walk
// the core's Candidates sequence with one sy_match, and sy_router_explain writes the core's
// Explanation as JSON into a caller's buffer. Neither is on the resolve path.
import CSwitchyard
import Switchyard

/// Leaves `box` describing its match (a candidate just moved in) with `walk` beside it,
/// in the stack snapshot that the next resolve or dispatch drops.
private func keep(_ walk: Candidates.Iterator, in box: MatchBox) {
    box.stack = StackSnapshot(box.match.stack, candidates: walk)
}

@c @implementation
public func sy_router_candidates(_ match: OpaquePointer?, _ router: OpaquePointer?,
                                 _ url: UnsafePointer<CChar>?, _ urlLen: Int,
                                 _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    let matchBox = try? MatchBox.from(match)
    if let matchBox, matchBox.match.isHeldByDispatch { return report(heldByDispatch, into: err) }
    let status = entry(err) { () throws(CFailure) in
        let matchBox = try MatchBox.from(match)
        let routerBox = try RouterBox.from(router)
        let text = try urlArgument(url, urlLen)
        var walk = try core { try routerBox.router.candidates(for: text) }.makeIterator()
        if let first = walk.next() {
            matchBox.match.takeResult(of: first)
        } else {
            // A miss: the match reads as a resolve's miss (its URL kept); the walk is over,
            // and the next call says so.
            _ = try core { try routerBox.router.resolve(text, into: matchBox.match) }
        }
        keep(walk, in: matchBox)
    }
    if status != SY_OK { matchBox?.reset() }
    return status
}

@c @implementation
public func sy_match_next_candidate(_ match: OpaquePointer?, _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    entry(err) { () throws(CFailure) in
        let box = try MatchBox.from(match)
        if box.match.isHeldByDispatch { throw heldByDispatch }
        guard var walk = box.stack?.candidates else {
            throw .misuse("the match has no candidates to go on with: start them with sy_router_candidates() "
                          + "(they are over after the last one, and after a resolve or dispatch of the match)")
        }
        guard let next = walk.next() else {
            box.reset()
            return
        }
        box.match.takeResult(of: next)
        keep(walk, in: box)
    }
}

@c @implementation
public func sy_router_explain(_ buf: UnsafeMutablePointer<CChar>?, _ cap: Int,
                              _ lenOut: UnsafeMutablePointer<Int>?,
                              _ router: OpaquePointer?,
                              _ url: UnsafePointer<CChar>?, _ urlLen: Int,
                              _ err: UnsafeMutablePointer<sy_error>?) -> sy_status {
    lenOut?.pointee = 0
    return entry(err) { () throws(CFailure) in
        let capacity = try outputCapacity(buf, cap)
        let box = try RouterBox.from(router)
        let text = try urlArgument(url, urlLen)
        var json = try core { try box.router.explain(text) }.json()
        try copyOut(&json, what: "the explanation", into: buf, capacity: capacity, lenOut: lenOut)
    }
}
