/// The walk's check of a `urlpattern` route (URLPatternRoute.swift): met as a remainder at
/// the node of its literal segments, it matches only when its regexps match the URL's
/// pathname, search and hash, and its groups become the match's parameters. Tables without
/// such routes never come here.

/// The Pike VM steps (`LinearRegex.countingSteps`) one walk may spend on the tails and
/// constraints it tries, together: about 5 ms of work. Past it the resolve is a limit
/// error, whatever the routes (docs/SECURITY.md, "Regular expressions").
let regexStepBudget = 1 << 20

/// What a tail check or a constraint reads, kept in the MatchBuffer: where the URL's
/// components are, the engine's scratch, sized for the table's largest regexp when the
/// table is taken (so no resolve allocates for one), and the steps the walk may still spend.
struct TailInput {
    var scratch = GrowBuffer<Int32>(capacity: 16)
    var slots = GrowBuffer<Int32>(capacity: 8)
    /// Steps left to this walk's regexps; below 0: spent (every further match fails, and
    /// the resolve ends with a limit error).
    var budget = regexStepBudget
    /// Byte ranges in the URL; start -1: the component is absent (matched as "").
    /// The pathname's range is in the decode buffer instead when `pathIsDecoded`: the
    /// browser's serialization of a web path that differs from the bytes given.
    var pathStart = 0, pathEnd = 0
    var pathIsDecoded = false
    var queryStart = -1, queryEnd = -1
    var fragmentStart = -1, fragmentEnd = -1
    /// Set when an app's parameter type failed on a segment of this walk (ParameterTypes.swift).
    var typeFailure: SwitchyardError? = nil

    func free() { scratch.free(); slots.free() }
}

extension MatchBuffer {
    /// Makes room for the tail checks and constraints of `table` (called when a MatchBuffer
    /// takes a table).
    func reserveTails(_ table: Table) {
        guard table.view.usesRegexes else { return }
        let st = state
        if st.pointee.tail == nil {
            let p = UnsafeMutablePointer<TailInput>.allocate(capacity: 1)
            p.initialize(to: TailInput())
            st.pointee.tail = p
        }
        st.pointee.tail!.pointee.scratch.reserve(max(table.tailScratchCount, table.constraintScratchCount))
        st.pointee.tail!.pointee.slots.reserve(table.tailSlotCount)
    }

    /// Notes where the URL's pathname, query and fragment are, for the tail checks of this
    /// resolve, and gives its regexps their step budget. The pathname starts at the path,
    /// or for a URL whose authority is a path segment (`myapp://user/42`) at the `/` before
    /// it (`/user/42`). The path of a web URL, or of one without a scheme, is the one a
    /// browser reads (BrowserPath.swift, SEMANTICS.md "The urlpattern dialect"): where that
    /// differs from the bytes given, it is written to the decode buffer, before any walk
    /// takes that buffer's address.
    func prepareTail(_ p: UnsafePointer<UInt8>, _ prefix: URLView.Prefix, _ end: Int) {
        let st = state
        guard let tail = st.pointee.tail else { return }
        tail.pointee.budget = regexStepBudget
        tail.pointee.typeFailure = nil
        tail.pointee.pathIsDecoded = false
        if let (a, _) = prefix.authority, a > 0, p[a - 1] == 0x2F {
            tail.pointee.pathStart = a - 1
        } else {
            let start = min(prefix.pathStart, end)
            tail.pointee.pathStart = start
            if st.pointee.tableView?.pointee.tails != nil, !st.pointee.view.hasScheme || st.pointee.view.isWeb,
               start < end ? p[start] == 0x2F && browserPathDiffers(p, start, end) : st.pointee.view.isWeb {
                // A web URL's empty path is `/` to a browser.
                let at = st.pointee.view.decoded.count
                st.pointee.view.decoded.appendBrowserPath(p, start, max(start, end))
                tail.pointee.pathStart = at
                tail.pointee.pathEnd = st.pointee.view.decoded.count
                tail.pointee.pathIsDecoded = true
            }
        }
        if !tail.pointee.pathIsDecoded { tail.pointee.pathEnd = end }
        tail.pointee.queryStart = st.pointee.view.rawQueryStart
        tail.pointee.queryEnd = st.pointee.view.rawQueryEnd
        if st.pointee.view.hasFragment {
            let f = st.pointee.view.fragment
            tail.pointee.fragmentStart = Int(f.start)
            tail.pointee.fragmentEnd = Int(f.start) + Int(f.count)
        } else {
            tail.pointee.fragmentStart = -1
        }
    }
}

extension MatchBuffer {
    /// After a walk: a limit error when its regexps spent the step budget (a match they
    /// could not finish may have let another route win, so there is no answer to give).
    func checkRegexBudget() throws(SwitchyardError) {
        guard let tail = state.pointee.tail, tail.pointee.budget < 0 else { return }
        if let failure = tail.pointee.typeFailure { throw failure }
        throw SwitchyardError(.limit, "the regular expressions tried on this URL took more than \(regexStepBudget) steps, the limit of one resolve")
    }
}

extension Walker {
    /// Whether the `urlpattern` route of entry `e` matches the URL; if so its groups that
    /// took part are appended to the captures (each with its name's index in `intValue`).
    @inline(never)
    mutating func matchTail(_ e: TableEntry) -> Bool {
        guard let input = buffer.pointee.tail, let tails = buffer.pointee.tableView?.pointee.tails, let matcher = tails[Int(e.route)] else { return false }
        let saved = captureCount
        if !matchComponent(matcher.pathname, input.pointee.pathStart, input.pointee.pathEnd, input,
                           inDecoded: input.pointee.pathIsDecoded)
            || !matchComponent(matcher.search, input.pointee.queryStart, input.pointee.queryEnd, input, inDecoded: false)
            || !matchComponent(matcher.hash, input.pointee.fragmentStart, input.pointee.fragmentEnd, input, inDecoded: false) {
            captureCount = saved
            return false
        }
        return true
    }

    private mutating func matchComponent(_ c: URLPatternMatcher.Component?, _ start: Int, _ end: Int,
                                         _ input: UnsafeMutablePointer<TailInput>, inDecoded: Bool) -> Bool {
        guard let c else { return true }
        let from = start < 0 ? 0 : start
        let count = start < 0 ? 0 : end - start
        let text = UnsafeBufferPointer(start: (inDecoded ? decoded : url) + from, count: count)
        let slots = UnsafeMutableBufferPointer(start: input.pointee.slots.base, count: input.pointee.slots.capacity)
        let scratch = UnsafeMutableBufferPointer(start: input.pointee.scratch.base, count: input.pointee.scratch.capacity)
        guard input.pointee.budget >= 0,
              c.regex.match(text, groups: slots, scratch: scratch, budget: &input.pointee.budget) == true else { return false }
        for g in c.groups {
            let s = Int(slots[2 * Int(g.number)]), e = Int(slots[2 * Int(g.number) + 1])
            if s < 0 || e < s || (g.emptyIsAbsent && s == e) { continue }
            captures[captureCount] = Capture(
                text: TextRef(start: Int32(truncatingIfNeeded: from + s), count: Int32(truncatingIfNeeded: e - s), decoded: inDecoded),
                kind: .param, intValue: Int64(g.nameIndex))
            captureCount += 1
        }
        return true
    }
}
