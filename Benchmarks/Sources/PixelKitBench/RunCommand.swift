import ArgumentParser
import Foundation

/// The benchmark users run: every job on the embedded and generated inputs (and `--input` files),
/// goals checked. A line of progress per finished table goes to stderr at once (so a log shows it);
/// the report goes to stdout at the end, its first screen a summary; optionally every figure as
/// JSON, with an SVG plot of the headline ratios beside it.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the benchmarks (the default).")

    @Flag(help: "A short run: fewer inputs, 3 rounds. Measured on a 2-core machine once built: 4 min 38 s, and 8 min 20 s at load average 8; the report says how long it took.")
    var quick = false

    @Option(help: "Write every figure as JSON to this file, and an SVG plot of the headline ratios beside it (out.json → out.svg).")
    var json: String?

    @Option(name: .customLong("input"), help: "An extra image to measure (repeatable).")
    var inputs: [String] = []

    @Option(help: "Counted runs per method (default 7, or 3 with --quick).")
    var runs: Int?

    @Option(help: "Comma-separated jobs to run (default: all). Known: \(RunCommand.jobNames.joined(separator: ", ")).")
    var jobs: String?

    static var jobNames: [String] { JobLists.processJobs.map { $0.name } + JobLists.microJobs.map { $0.name } }

    func run() throws {
        let selected = jobs.map { Set($0.split(separator: ",").map(String.init)) }
        func wanted(_ name: String) -> Bool { selected?.contains(name) ?? true }
        let progress = ProgressLine()
        let runCount = runs ?? (quick ? 3 : 7)
        let started = ContinuousClock.now
        var report = BenchReport(machine: MachineDescription.summary, quick: quick, rounds: runCount)
        progress.log("""
            PixelKit benchmark: \(runCount) interleaved rounds (A B C … A B C …), each method once per round in a child \
            process of its own after 1 warm-up; the report follows when every job is done.
            """)

        // In-process jobs first, while this process is still single-threaded: the logger's
        // multi-process figure forks, which is only safe before Foundation starts threads.
        for job in JobLists.microJobs where wanted(job.name) {
            progress.show("\(job.name) micro-benchmarks")
            let results = try job.run(quick: quick)
            progress.log(report.add(micro: results))
        }
        let catalog = try InputCatalog.make(userFiles: inputs, quick: quick) { progress.show($0) }
        for job in JobLists.processJobs where wanted(job.name) {
            for input in job.inputs(from: catalog, quick: quick) {
                let methods = job.methods.filter { job.runs($0, on: input) }
                let figures = runInterleaved(
                    job: job.name, methods: methods, input: input, rounds: runCount, runsPerRound: job.runsPerRound, progress: progress)
                progress.log(report.add(job: job.name, input: input, methods: job.methods, figures: figures,
                                        goals: job.goals(for: input, figures: figures)))
            }
        }
        let elapsed = started.duration(to: .now)
        if let json { try report.writeJSON(to: json) }
        report.printReport(
            elapsedSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            plotPath: json.map(BenchReport.plotPath(forJSON:)))
    }

    /// Runs every method once per round, rounds one after another (A B C A B C …), so that each
    /// ratio compares neighbouring runs and drift in the machine's speed cancels out. A method that
    /// fails once is dropped from the table (its message printed).
    private func runInterleaved(
        job: String, methods: [BenchMethod], input: BenchInput, rounds: Int, runsPerRound: Int, progress: ProgressLine
    ) -> [String: MethodFigures] {
        var children: [String: [ChildProcess.Report]] = [:]
        var failed: Set<String> = []
        for round in 1...max(1, rounds) {
            for method in methods where !failed.contains(method.name) {
                progress.show("\(job): \(method.name) on \(input.label), round \(round)/\(rounds)")
                do {
                    let child = try ChildProcess.run(job: job, method: method.name, input: input.path, runs: runsPerRound, warmup: 1)
                    children[method.name, default: []].append(child)
                } catch {
                    progress.log("  \(method.name): failed — \(error)")
                    failed.insert(method.name)
                    children[method.name] = nil
                }
            }
        }
        var figures: [String: MethodFigures] = [:]
        for (name, reports) in children {
            // Memory: the round whose child rose highest above its own idle level.
            let worst = reports.max { $0.peak_rss_bytes - $0.baseline_rss_bytes < $1.peak_rss_bytes - $1.baseline_rss_bytes }!
            figures[name] = MethodFigures(
                method: name, stats: TimingStats(samples: reports.flatMap(\.samples_ns), cpuSamples: reports.flatMap(\.cpu_samples_ns)),
                baselineRSS: worst.baseline_rss_bytes, peakRSS: worst.peak_rss_bytes, result: reports[reports.count - 1].result)
        }
        return figures
    }
}
