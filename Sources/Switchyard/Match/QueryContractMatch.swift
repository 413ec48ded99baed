/// Query contracts at resolve time (SEMANTICS.md "Query contracts"): the walk asks a route's
/// contract whether the query satisfies it when the route's path has matched, and the
/// winner's typed query values are laid out in the merged parameter map. The query items
/// were read once, before the walk (`readQueryAndFragment`); both steps only read them.
/// Tables without contracts never come here.

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
    /// when unknown items are refused, every query item's name. Allocates nothing.
    func check(_ q: QueryItemsInput, _ tail: UnsafeMutablePointer<TailInput>?) -> QueryVerdict {
        // The items are read in place: a copy of one would retain and release its texts.
        let verdict: QueryVerdict? = items.withUnsafeBufferPointer { items in
            for k in 0..<items.count {
                let key = items[k].keySpan
                var seen = false
                var j = q.count - 1
                while j >= 0 {
                    if q.nameEquals(j, key) {
                        seen = true
                        let v = q.items[j].value
                        let kind = items[k].kind
                        let accepted = kind == .regex
                            ? queryValue(kind, items[k].regex, q.text(v), Int(v.count), tail) != nil
                            : queryValue(kind, nil, q.text(v), Int(v.count), tail) != nil
                        if !accepted { return .notOfType(item: k, query: j) }
                        if !items[k].isList { break }
                    }
                    j -= 1
                }
                if !seen && items[k].isRequired { return .missing(item: k) }
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

/// `Walker.queryAccepts`, out of line. The contract is borrowed from the table's list (which
/// holds it while the walk runs), not retained.
@inline(never)
func queryContractAccepts(_ e: TableEntry, _ buffer: UnsafeMutablePointer<MatchBuffer.State>,
                          _ url: UnsafePointer<UInt8>, _ decoded: UnsafePointer<UInt8>) -> Bool {
    guard let contracts = buffer.pointee.tableView?.pointee.queryContracts,
          let contract = UnsafeRawPointer(contracts + Int(e.route)).load(as: Unmanaged<QueryContract>?.self)
    else { return true }
    let query = buffer.pointee.view.query
    let input = QueryItemsInput(url: url, decoded: decoded, items: UnsafePointer(query.base), count: query.count)
    let tail = buffer.pointee.tail
    return contract._withUnsafeGuaranteedRef { $0.check(input, tail) } == .accepted
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
    /// The winner's declared query items, typed, in declaration order: a scalar's last value
    /// or its default, every value of a list. Appended to the merged map after the path
    /// parameters (whose names a contract never takes).
    func appendContractValues(_ url: UnsafeBufferPointer<UInt8>, _ contract: QueryContract) {
        let st = state
        st.pointee.contractValues.removeAll()
        let query = st.pointee.view.query
        let input = QueryItemsInput(url: url.baseAddress ?? emptyBytes, decoded: UnsafePointer(st.pointee.view.decoded.base),
                                    items: UnsafePointer(query.base), count: query.count)
        // The items are read in place: a copy of one would retain and release its texts.
        contract.items.withUnsafeBufferPointer { items in
            for k in 0..<items.count {
                let name = items[k].nameSpan
                let kind = items[k].kind
                let isList = items[k].isList
                var found = false
                var j = isList ? 0 : query.count - 1
                while j >= 0 && j < query.count {
                    if input.nameEquals(j, items[k].keySpan) {
                        found = true
                        let v = query[j].value
                        appendContractValue(typedQueryParameter(name, ByteSpan(base: input.text(v), count: Int(v.count)), kind))
                        if !isList { break }
                    }
                    j += isList ? 1 : -1
                }
                if !found, items[k].defaultValue != nil {
                    let text = items[k].defaultText
                    switch items[k].defaultValue {
                    case .int(let i)?:
                        appendContractValue(RawParameter(name: name, text: text, kind: .int, intValue: i, floatValue: 0))
                    case .float(let f)?:
                        appendContractValue(RawParameter(name: name, text: text, kind: .float, intValue: 0, floatValue: f))
                    default:
                        appendContractValue(RawParameter(name: name, text: text, kind: .string, intValue: 0, floatValue: 0))
                    }
                }
            }
        }
    }

    private func appendContractValue(_ p: RawParameter) {
        let st = state
        let index = Int32(truncatingIfNeeded: st.pointee.contractValues.count)
        st.pointee.contractValues.append(ContractValue(p))
        st.pointee.merged.append(Merged(nameFrom: .contract, nameIndex: index, valueFrom: .contract, valueIndex: index))
    }

    /// Whether the query name `p[0..<n]` is one the winner's contract declares (its items
    /// are in the merged map under their own names).
    @inline(__always)
    func contractTakes(_ p: UnsafePointer<UInt8>, _ n: Int, _ route: CompiledRoute) -> Bool {
        guard entry.hasQueryContract, let c = route.queryContract else { return false }
        return c.itemIndex(key: p, n) >= 0
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

/// A typed query value of the winner, kept in the MatchBuffer (`State.contractValues`).
struct ContractValue: BitwiseCopyable {
    var nameBase: UnsafePointer<UInt8>?, nameCount: Int
    var textBase: UnsafePointer<UInt8>?, textCount: Int
    var kind: UInt8
    var intValue: Int64
    var floatValue: Double

    init(_ p: RawParameter) {
        nameBase = p.name.base; nameCount = p.name.count
        textBase = p.text.base; textCount = p.text.count
        switch p.kind {
        case .string: kind = 0
        case .int: kind = 1
        case .float: kind = 2
        }
        intValue = p.intValue
        floatValue = p.floatValue
    }

    var name: ByteSpan { ByteSpan(base: nameBase, count: nameCount) }

    var raw: RawParameter {
        RawParameter(name: name, text: ByteSpan(base: textBase, count: textCount),
                     kind: kind == 1 ? .int : kind == 2 ? .float : .string, intValue: intValue, floatValue: floatValue)
    }
}
