/// One in-process micro-benchmark figure (springs, colors, layouts…): a per-operation time
/// against a goal stated by the issue that asked for it.
struct MicroResult: Sendable {
    var job: String
    var name: String
    var stats: TimingStats
    /// The unit of `stats` per operation, e.g. "ns/sample".
    var unit: String
    /// The goal as the issue words it (e.g. "≤ 50 ns"), and whether the median meets it.
    var goal: String?
    var goalMet: Bool?
    /// Extra figures worth printing (e.g. records/s, speed-up vs a baseline).
    var notes: [String] = []
}

/// A job that measures in-process: each module's benchmark conforms and is listed in `MicroJobs.all`.
protocol MicroBenchmarkJob {
    static var name: String { get }
    static func run(quick: Bool) throws -> [MicroResult]
}
