// Timing and allocation counting, shared by every router in the Swift benchmark.
//
// A sample is one pass over a set's request list in file order, timed with
// clock_gettime(CLOCK_MONOTONIC); its ns per lookup is the pass time divided by the number of
// requests. We report the median and the 99th percentile of those samples, after a warm-up.
// Allocations are counted separately (CAllocCounter) over whole passes after warm-up.
import CAllocCounter
import Glibc

struct Stats {
    var medianNs: Double
    var p99Ns: Double
    var samples: Int
    var allocsPerLookup: Double
}

@inline(__always) func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Keeps results observable so the optimiser cannot drop the lookups.
nonisolated(unsafe) var sink = 0

/// Measures `pass`, which performs `lookups` lookups and returns a checksum.
/// `budgetNs` is the time spent sampling after a warm-up of a quarter of it.
@inline(__always)
func measure(lookups: Int, budgetNs: UInt64, _ pass: () -> Int) -> Stats {
    let warmEnd = nowNs() + budgetNs / 4
    while nowNs() < warmEnd { sink &+= pass() }

    var samples: [Double] = []
    samples.reserveCapacity(1 << 16)
    let end = nowNs() + budgetNs
    var t0 = nowNs()
    while t0 < end || samples.count < 30 {
        sink &+= pass()
        let t1 = nowNs()
        samples.append(Double(t1 - t0) / Double(lookups))
        t0 = t1
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]

    // Allocations after warm-up: enough passes to see even one allocation per 10^4 lookups.
    let passes = max(10, 20_000 / max(1, lookups))
    let a0 = bench_alloc_count()
    for _ in 0..<passes { sink &+= pass() }
    let a1 = bench_alloc_count()
    return Stats(medianNs: median, p99Ns: p99, samples: samples.count,
                 allocsPerLookup: Double(a1 - a0) / Double(passes * lookups))
}

/// One row of bench-results.json.
struct ResultRow {
    var suite: String
    var router: String
    var stats: Stats
    var routes: Int
    var requests: Int
    var mismatches: Int
    var note: String

    var json: String {
        func num(_ d: Double) -> String { d.isFinite ? String((d * 100).rounded() / 100) : "null" }
        func str(_ s: String) -> String {
            var o = "\""
            for c in s.unicodeScalars {
                switch c {
                case "\"": o += "\\\""
                case "\\": o += "\\\\"
                case "\n": o += "\\n"
                default: o.unicodeScalars.append(c)
                }
            }
            return o + "\""
        }
        return "{\"suite\": \(str(suite)), \"router\": \(str(router)), \"language\": \"swift\", "
            + "\"ns_per_lookup\": \(num(stats.medianNs)), \"p99_ns\": \(num(stats.p99Ns)), "
            + "\"allocs_per_lookup\": \(num(stats.allocsPerLookup)), \"samples\": \(stats.samples), "
            + "\"routes\": \(routes), \"requests\": \(requests), \"mismatches\": \(mismatches), "
            + "\"note\": \(str(note))}"
    }
}
