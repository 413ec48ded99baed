/// The query's part of the merged parameter map (SEMANTICS §4) for a long query: each name
/// once, at its first item, with the value of its last item, unless a path parameter has
/// it; then the defaults no path parameter or query item has. Comparing each item with every
/// one before it is quadratic in the number of items (4,000 distinct names in a 32 KiB URL:
/// 16 million comparisons), so past a few items the item indices are sorted by name in the
/// buffer's own scratch (a heap sort: no allocation once warm, at most 2 n log n comparisons
/// whatever the names), and each name's first and last items are read off its run.
extension MatchBuffer {
    /// Up to this many query items the merged map compares them pairwise (the common URL).
    static let pairwiseQueryItems = 16

    /// Appends the query items and the defaults to the merged map, which holds the path
    /// parameters (`pathCount` of them).
    func appendQueryAndDefaultsSorted(_ url: UnsafeBufferPointer<UInt8>, _ names: MergedNames, pathCount: Int) {
        let st = state
        let n = st.pointee.view.query.count
        st.pointee.queryOrder.reserve(2 &* n)
        // [0, n): item indices, sorted by (name, index); [n, 2n): for an item that is the
        // first of its name, the index of the name's last item, else -1.
        let order = st.pointee.queryOrder.base
        for i in 0..<n {
            order[i] = Int32(truncatingIfNeeded: i)
            order[n &+ i] = -1
        }
        heapSort(order, n) { a, b in
            let c = compareNames(a, b, url)
            return c != 0 ? c < 0 : a < b
        }
        var i = 0
        while i < n {
            var j = i &+ 1
            while j < n && compareNames(order[i], order[j], url) == 0 { j &+= 1 }
            order[n &+ Int(order[i])] = order[j &- 1]
            i = j
        }
        for k in 0..<n where order[n &+ k] >= 0 {
            let t = view.query[k].name
            if mergedContains(textPointer(t, url), Int(t.count), names, url, limit: pathCount)
                || names.contractTakes(textPointer(t, url), Int(t.count)) { continue }
            merged.append(Merged(nameFrom: .query, nameIndex: Int32(truncatingIfNeeded: k), valueFrom: .query,
                                 valueIndex: order[n &+ k]))
        }
        names.route?._withUnsafeGuaranteedRef { route in
            for (d, def) in route.defaults.enumerated() {
                guard let p = def.nameSpan.base else { continue }
                let len = def.nameSpan.count
                if mergedContains(p, len, names, url, limit: pathCount) || sortedQueryHas(p, len, order, n, url) { continue }
                merged.append(Merged(nameFrom: .defaults, nameIndex: Int32(d), valueFrom: .defaults, valueIndex: Int32(d)))
            }
        }
    }

    /// The order of query items `a` and `b` by name: bytes compared, then lengths.
    private func compareNames(_ a: Int32, _ b: Int32, _ url: UnsafeBufferPointer<UInt8>) -> Int {
        let ta = view.query[Int(a)].name
        return compareName(textPointer(ta, url), Int(ta.count), b, url)
    }

    /// The order of the name `p[0..<len]` and query item `b`'s name.
    private func compareName(_ p: UnsafePointer<UInt8>, _ len: Int, _ b: Int32, _ url: UnsafeBufferPointer<UInt8>) -> Int {
        countQueryNameComparison()
        let tb = view.query[Int(b)].name
        let q = textPointer(tb, url), m = Int(tb.count)
        var k = 0
        let common = min(len, m)
        while k < common {
            if p[k] != q[k] { return p[k] < q[k] ? -1 : 1 }
            k &+= 1
        }
        return len == m ? 0 : (len < m ? -1 : 1)
    }

    /// Whether a query item is named `p[0..<len]`: a binary search of the sorted items.
    private func sortedQueryHas(_ p: UnsafePointer<UInt8>, _ len: Int, _ order: UnsafeMutablePointer<Int32>, _ n: Int,
                                _ url: UnsafeBufferPointer<UInt8>) -> Bool {
        var lo = 0, hi = n
        while lo < hi {
            let mid = lo &+ (hi &- lo) / 2
            let c = compareName(p, len, order[mid], url)
            if c == 0 { return true }
            if c < 0 { hi = mid } else { lo = mid &+ 1 }
        }
        return false
    }
}

/// Sorts `a[0..<n]` in place by `less`: a heap sort, which needs no memory of its own and
/// makes at most about 2 n log2 n comparisons on any input.
private func heapSort(_ a: UnsafeMutablePointer<Int32>, _ n: Int, _ less: (Int32, Int32) -> Bool) {
    func siftDown(_ start: Int, _ end: Int) {
        var root = start
        while true {
            var child = 2 &* root &+ 1
            if child >= end { return }
            if child &+ 1 < end && less(a[child], a[child &+ 1]) { child &+= 1 }
            if !less(a[root], a[child]) { return }
            let t = a[root]; a[root] = a[child]; a[child] = t
            root = child
        }
    }
    if n < 2 { return }
    var start = n / 2
    while start > 0 {
        start &-= 1
        siftDown(start, n)
    }
    var end = n
    while end > 1 {
        end &-= 1
        let t = a[0]; a[0] = a[end]; a[end] = t
        siftDown(0, end)
    }
}
