/// A job whose methods run in child processes, each method's time and peak memory its own.
/// To add one: conform, and list it in `ProcessJobs.all`.
protocol ProcessJob {
    /// Short name used on the command line and in the JSON (`"average"`, `"thumbnail"`).
    static var name: String { get }
    /// Methods in the order they are printed; the first marked `isBaseline` is the ratio's reference.
    static var methods: [BenchMethod] { get }
    /// The inputs this job runs on, from the catalog (embedded + generated + user's).
    static func inputs(from catalog: InputCatalog, quick: Bool) -> [BenchInput]
    /// Prepares an input and returns a closure that runs the method once and describes its result.
    /// Called in the child; setup cost (reading options, allocating tables) stays out of the timing.
    static func prepare(method: String, input: String) throws -> () throws -> String
    /// Goals the issue set, checked against the figures of one input.
    static func goals(for input: BenchInput, figures: [String: MethodFigures]) -> [GoalCheck]
    /// Whether `method` applies to `input` (a JPEG-only floor does not run on PNGs).
    static func runs(_ method: BenchMethod, on input: BenchInput) -> Bool
    /// Timed runs of each method in each round's child (after its warm-up): 1, unless one run is
    /// too short to time alone.
    static var runsPerRound: Int { get }
}

extension ProcessJob {
    static func runs(_ method: BenchMethod, on input: BenchInput) -> Bool { true }
    static var runsPerRound: Int { 1 }
}

/// A method of a job.
struct BenchMethod: Sendable {
    var name: String
    var summary: String
    var role: Role = .candidate

    enum Role: Sendable { case candidate, seedBaseline, cFloor }
}

/// Measured figures of one method on one input.
struct MethodFigures: Sendable {
    var method: String
    var stats: TimingStats
    var baselineRSS: Int
    var peakRSS: Int
    var result: String
    var peakAboveIdle: Int { max(0, peakRSS - baselineRSS) }

    /// This method's time over `other`'s, round by round: each sample divides two runs made in
    /// the same interleaved round, so the machine's drift between rounds cancels out.
    func ratio(to other: MethodFigures) -> TimingStats {
        TimingStats(samples: zip(stats.samples, other.stats.samples).map { $0 / $1 })
    }
}

/// One of the goals, as met or missed on this machine.
struct GoalCheck: Sendable {
    var text: String
    var met: Bool
    var measured: String
}
