/// Wall-time statistics of repeated runs, in nanoseconds.
struct TimingStats: Sendable {
    var samples: [Double]

    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    var minimum: Double { samples.min() ?? .nan }
    var maximum: Double { samples.max() ?? .nan }
}

/// Runs `body` `warmup` times uncounted, then `iterations` times counted; each sample is one call's
/// wall time divided by `operationsPerCall` (so a loop of N evaluations reports per evaluation).
func measure(
    iterations: Int, warmup: Int = 1, operationsPerCall: Int = 1, _ body: () throws -> Void
) rethrows -> TimingStats {
    let clock = ContinuousClock()
    for _ in 0..<warmup { try body() }
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now)
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(nanoseconds / Double(operationsPerCall))
    }
    return TimingStats(samples: samples)
}

/// Consumes a value in a function the optimiser may not look into, so the work that produced
/// it is not removed (the same device as package-benchmark's `blackHole`).
@_optimize(none)
func blackHole<T>(_ value: T) {}
