/// Query contracts at resolve time (SEMANTICS.md "Query contracts"): the walk asks a route's
/// contract whether the query satisfies it when the route's path has matched, and the
/// winner's typed query values are laid out in the merged parameter map. The query items
/// were read once, before the walk (`readQueryAndFragment`); both steps only read them, and
/// each item is read once: the check keeps the values it accepted, and the layout takes
/// them from there. Tables without contracts never come here.

/// The query items of a resolve as the contract reads them.
struct QueryItemsInput {
    let url: UnsafePointer<UInt8>
    let decoded: UnsafePointer<UInt8>
    let items: UnsafePointer<QueryRef>
    let count: Int

    @inline(__always)
    func text(_ t: TextRef) -> UnsafePointer<UInt8> { (t.decoded ? decoded : url) + Int(t.start) }

    @inline(__always)
    func nameEquals(_ j: Int, _ key: ByteSpan) -> Bool {
        let t = items[j].name
        guard Int(t.count) == key.count else { return false }
        guard let b = key.base else { return key.count == 0 }
        return bytesEqual(text(t), b, key.count)
    }
}

/// What a contract says about a query: accepted, or the item that decided against it.
enum QueryVerdict: Equatable {
    case accepted
    /// Contract item `item` is required and the query has no item of its name.
    case missing(item: Int)
    /// The value of query item `query` is not of contract item `item`'s type.
    case notOfType(item: Int, query: Int)
    /// Query item `query` is not declared, and the contract refuses unknown items.
    case unknown(query: Int)
}

extension QueryContract {
    /// Checks every declared item (a scalar: its last value; a list: every value), then,
    /// when unknown items are refused, every query item's name. Allocates nothing once
    /// `values` has grown to the contract's size.
    /// `values` gets what the merged map holds for an accepted query, in declaration order:
    /// a scalar's last value or its default, every value of a list in URL order (each with
    /// the query item it came from; `layOutContractValues` points it at its text). After a
    /// refusal it holds part of that.
    func check(_ q: QueryItemsInput, _ tail: UnsafeMutablePointer<TailInput>?,
               into values: inout GrowBuffer<ContractValue>) -> QueryVerdict {
        values.removeAll()
        // The items are read in place: a copy of one would retain and release its texts.
        let verdict: QueryVerdict? = items.withUnsafeBufferPointer { items in
            for k in 0..<items.count {
                let key = items[k].keySpan
                let first = values.count
                var seen = false
                var j = q.count - 1
                while j >= 0 {
                    if q.nameEquals(j, key) {
                        seen = true
                        let v = q.items[j].value
                        let kind = items[k].kind
                        let typed = kind == .regex
                            ? typedQueryValue(kind, items[k].regex, q.text(v), Int(v.count), tail)
                            : typedQueryValue(kind, nil, q.text(v), Int(v.count), tail)
                        guard let typed else { return .notOfType(item: k, query: j) }
                        values.append(ContractValue(name: items[k].nameSpan, query: j, typed))
                        if !items[k].isList { break }
                    }
                    j -= 1
                }
                if !seen {
                    if items[k].isRequired { return .missing(item: k) }
                    if let d = items[k].defaultRecord { values.append(d) }
                } else if items[k].isList {
                    // Read from the last item back: put the list in URL order.
                    var list = UnsafeMutableBufferPointer(start: values.base + first, count: values.count - first)
                    list.reverse()
                }
            }
            return nil
        }
        if let verdict { return verdict }
        if refusesUnknown {
            for j in 0..<q.count {
                let t = q.items[j].name
                if itemIndex(key: q.text(t), Int(t.count)) < 0 { return .unknown(query: j) }
            }
        }
        return .accepted
    }
}

extension Walker {
    /// Whether the query satisfies the contract of entry `e`'s route. Only routes with a
    /// contract call it; it takes the few values it reads, not the walker (a method of the
    /// walker had its caller copy the whole walker for each call).
    @inline(__always)
    func queryAccepts(_ e: TableEntry) -> Bool {
        queryContractAccepts(e, buffer, url, decoded)
    }
}

/// `Walker.queryAccepts`, out of line. A contract that accepts is always followed by the
/// walk taking its entry (a route with a contract has no `urlpattern` tail to fail after
/// it), so the values it read become the buffer's `contractValues`, marked with the route:
/// the winner's are there when the walk ends, whatever other contracts refused after it.
@inline(never)
func queryContractAccepts(_ e: TableEntry, _ buffer: UnsafeMutablePointer<MatchBuffer.State>,
                          _ url: UnsafePointer<UInt8>, _ decoded: UnsafePointer<UInt8>) -> Bool {
    guard let view = buffer.pointee.tableView, let contract = borrowedQueryContract(view, e.route) else { return true }
    let query = buffer.pointee.view.query
    let input = QueryItemsInput(url: url, decoded: decoded, items: UnsafePointer(query.base), count: query.count)
    let tail = buffer.pointee.tail
    let verdict = contract._withUnsafeGuaranteedRef { $0.check(input, tail, into: &buffer.pointee.contractScratch) }
    guard verdict == .accepted else { return false }
    buffer.pointee.keepContractValues(of: e.route)
    return true
}

/// Route `ri`'s query contract in the table behind `view`, borrowed: the table holds it
/// while its view is used, so no reference count changes.
@inline(__always)
func borrowedQueryContract(_ view: UnsafePointer<TableView>, _ ri: Int32) -> Unmanaged<QueryContract>? {
    guard let contracts = view.pointee.queryContracts else { return nil }
    return UnsafeRawPointer(contracts + Int(ri)).load(as: Unmanaged<QueryContract>?.self)
}

extension MatchBuffer.State {
    /// Makes the values the last check read (`contractScratch`) route `ri`'s contract values.
    /// Both buffers keep the same room, so once warm neither grows, whichever one is where.
    @inline(__always)
    mutating func keepContractValues(of ri: Int32) {
        swap(&contractValues, &contractScratch)
        if _slowPath(contractScratch.capacity < contractValues.capacity) { contractScratch.reserve(contractValues.capacity) }
        contractRoute = ri
    }
}

extension Table {
    /// The query contracts of `routes` by route index (nil when none has one), and the most
    /// regexp scratch one of them needs.
    static func queryContracts(_ routes: [CompiledRoute]) -> (UnsafeMutableBufferPointer<QueryContract?>?, Int) {
        guard routes.contains(where: { $0.queryContract != nil }) else { return (nil, 0) }
        let buffer = UnsafeMutableBufferPointer<QueryContract?>.allocate(capacity: routes.count)
        var scratch = 0
        for (i, r) in routes.enumerated() {
            (buffer.baseAddress! + i).initialize(to: r.queryContract)
            scratch = max(scratch, r.queryContract?.regexScratchCount ?? 0)
        }
        return (buffer, scratch)
    }
}

extension MatchBuffer {
    /// Appends the winner's contract values (`contractValues`, which its check in the walk
    /// left there) to the merged map, after the path parameters (whose names a contract
    /// never takes), each pointed at its query value's text.
    func layOutContractValues(_ url: UnsafeBufferPointer<UInt8>, _ contract: Unmanaged<QueryContract>, route ri: Int32) {
        let st = state
        if _slowPath(st.pointee.contractRoute != ri) {
            // Only a walk checks contracts; read the values again for a winner it did not
            // check (it accepts them as the walk would have, with no regexp step budget).
            let query = st.pointee.view.query
            let input = QueryItemsInput(url: url.baseAddress ?? emptyBytes, decoded: UnsafePointer(st.pointee.view.decoded.base),
                                        items: UnsafePointer(query.base), count: query.count)
            _ = contract._withUnsafeGuaranteedRef { $0.check(input, nil, into: &st.pointee.contractScratch) }
            st.pointee.keepContractValues(of: ri)
        }
        let values = st.pointee.contractValues
        for i in 0..<values.count {
            let j = Int(values[i].query)
            if j >= 0 {
                let t = st.pointee.view.query[j].value
                values[i].textBase = textPointer(t, url)
                values[i].textCount = Int(t.count)
            }
            let index = Int32(truncatingIfNeeded: i)
            st.pointee.merged.append(Merged(nameFrom: .contract, nameIndex: index, valueFrom: .contract, valueIndex: index))
        }
    }
}

/// A query value the contract accepted, as a typed parameter (int and float read again:
/// cheaper than keeping every value the check read).
func typedQueryParameter(_ name: ByteSpan, _ text: ByteSpan, _ kind: SegmentKind) -> RawParameter {
    let p = text.base ?? emptyBytes
    switch kind {
    case .int:
        if let v = text.count > 0 ? parseInt64(p, text.count) : nil {
            return RawParameter(name: name, text: text, kind: .int, intValue: v, floatValue: 0)
        }
    case .float:
        if let v = text.count > 0 ? parseDecimal(p, text.count) : nil {
            return RawParameter(name: name, text: text, kind: .float, intValue: 0, floatValue: v)
        }
    default: break
    }
    return RawParameter(name: name, text: text, kind: .string, intValue: 0, floatValue: 0)
}

/// A typed query value of the winner, kept in the MatchBuffer (`State.contractValues`): the
/// contract's check records it with the query item it read, and the merged map's layout
/// points its text at that item's value (a default's text is in the contract's store).
struct ContractValue: BitwiseCopyable {
    var nameBase: UnsafePointer<UInt8>?, nameCount: Int
    var textBase: UnsafePointer<UInt8>?, textCount: Int
    /// The query item whose value this is; -1 for a default.
    var query: Int32
    var kind: UInt8
    var intValue: Int64
    var floatValue: Double

    /// Query item `query`'s value, as the check read it (its text is set when laid out).
    init(name: ByteSpan, query: Int, _ v: TypedQueryValue) {
        nameBase = name.base; nameCount = name.count
        textBase = nil; textCount = 0
        self.query = Int32(truncatingIfNeeded: query)
        kind = ContractValue.code(v.kind)
        intValue = v.intValue
        floatValue = v.floatValue
    }

    /// An item's default `value`, whose text is `defaultText`.
    init(name: ByteSpan, defaultText: ByteSpan, _ value: ParameterValue) {
        nameBase = name.base; nameCount = name.count
        textBase = defaultText.base; textCount = defaultText.count
        query = -1
        intValue = 0
        floatValue = 0
        switch value {
        case .int(let i): kind = ContractValue.code(.int); intValue = i
        case .float(let f): kind = ContractValue.code(.float); floatValue = f
        default: kind = ContractValue.code(.string)
        }
    }

    private static func code(_ k: ParameterKind) -> UInt8 {
        switch k {
        case .string: return 0
        case .int: return 1
        case .float: return 2
        }
    }

    var name: ByteSpan { ByteSpan(base: nameBase, count: nameCount) }

    var raw: RawParameter {
        RawParameter(name: name, text: ByteSpan(base: textBase, count: textCount),
                     kind: kind == 1 ? .int : kind == 2 ? .float : .string, intValue: intValue, floatValue: floatValue)
    }
}
