// `SwiftBench --memory-latency`: the time of one dependent load from a random cache line of
// regions of 1, 4 and 32 MiB, as the walk of a large table pays it at each level it misses.
// It prices the 100,000-route table's simulated cache misses (docs/PERFORMANCE.md,
// "Memory, layout and the VM"); a diagnostic of the machine, not a benchmark of Switchyard.
import Glibc

enum MemoryLatency {
    static func run() {
        for mib in [1, 4, 32] {
            let ns = dependentLoadNs(bytes: mib << 20)
            log("memory latency: \(mib) MiB region, one dependent load from a random line: " +
                (ns < 0 ? "mmap failed" : "\(Double(Int(ns * 10)) / 10) ns"))
        }
    }

    /// A random cyclic chain through every line of a fresh region (2 MiB aligned, huge pages
    /// asked as the Table's memory asks them), walked after a warm-up pass.
    static func dependentLoadNs(bytes: Int) -> Double {
        let align = 2 << 20
        guard let raw = mmap(nil, bytes + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return -1 }
        defer { munmap(raw, bytes + align) }
        let base = (Int(bitPattern: raw) + align - 1) & ~(align - 1)
        guard let region = UnsafeMutableRawPointer(bitPattern: base) else { return -1 }
        _ = madvise(region, bytes, 14)  // MADV_HUGEPAGE
        let lines = bytes / 64
        var order = Array(0..<lines)
        var rng = SplitMix64(state: 0x1A7E)
        order.shuffle(using: &rng)
        let words = region.assumingMemoryBound(to: Int.self)
        for k in 0..<lines { words[order[k] &* 8] = order[(k + 1) % lines] &* 8 }
        var i = 0
        for _ in 0..<lines { i = words[i] }  // warm-up: one lap, every line and page touched
        let loads = 4_000_000
        let t0 = nowNs()
        for _ in 0..<loads { i = words[i] }
        let elapsed = nowNs() - t0
        sink &+= i
        return Double(elapsed) / Double(loads)
    }
}
