/// Wall-time statistics of repeated runs, in nanoseconds, with the CPU time of each run.
struct TimingStats: Sendable {
    var samples: [Double]
    /// CPU time of each run in nanoseconds: every thread's, user and system, plus that of the
    /// processes it started and waited for. Above the wall time when a method keeps two cores busy;
    /// empty where not measured.
    var cpuSamples: [Double] = []

    var median: Double { Self.median(of: samples) }
    var minimum: Double { samples.min() ?? .nan }
    var maximum: Double { samples.max() ?? .nan }
    var cpuMedian: Double { Self.median(of: cpuSamples) }

    private static func median(of values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// CPU time used so far by this process and by the children it has waited for, in nanoseconds.
func consumedCPUTime() -> Double {
    ResourceUsage.process.cpuNanoseconds + ResourceUsage.waitedChildren.cpuNanoseconds
}

/// Runs `body` `warmup` times uncounted, then `iterations` times counted; each sample is one call's
/// wall time (and CPU time) divided by `operationsPerCall` (so a loop of N evaluations reports per
/// evaluation).
func measure(
    iterations: Int, warmup: Int = 1, operationsPerCall: Int = 1, _ body: () throws -> Void
) rethrows -> TimingStats {
    let clock = ContinuousClock()
    for _ in 0..<warmup { try body() }
    var samples: [Double] = []
    var cpuSamples: [Double] = []
    samples.reserveCapacity(iterations)
    cpuSamples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let cpuStart = consumedCPUTime()
        let start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now)
        let cpu = consumedCPUTime() - cpuStart
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(nanoseconds / Double(operationsPerCall))
        cpuSamples.append(cpu / Double(operationsPerCall))
    }
    return TimingStats(samples: samples, cpuSamples: cpuSamples)
}

/// Consumes a value in a function the optimiser may not look into, so the work that produced
/// it is not removed (the same device as package-benchmark's `blackHole`).
@_optimize(none)
func blackHole<T>(_ value: T) {}
