import ArgumentParser
import Foundation

/// The benchmark users run: every job on the embedded and generated inputs (and `--input` files),
/// a table on stdout, goals checked, and optionally every figure as JSON.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the benchmarks (the default).")

    @Flag(help: "A short run (fewer inputs and runs, under 30 s once inputs are cached).")
    var quick = false

    @Option(help: "Write every figure as JSON to this file.")
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
        var report = BenchReport(machine: MachineDescription.summary, quick: quick)
        print("PixelKit benchmark — machine: \(report.machine)")
        print("""
            \(runCount) interleaved rounds (A B C … A B C …): each round runs every method once (the start-up \
            job's whole processes \(StartUpBenchmark.runsPerRound) times), in a child process of its own after 1 warm-up; \
            times are medians over rounds, ratios are taken round by round (the spread is their min–max); \
            peak memory = child peak RSS minus its RSS when the method started

            """)

        // In-process jobs first, while this process is still single-threaded: the logger's
        // multi-process figure forks, which is only safe before Foundation starts threads.
        for job in JobLists.microJobs where wanted(job.name) {
            progress.show("\(job.name) micro-benchmarks")
            let results = try job.run(quick: quick)
            progress.clear()
            report.add(micro: results)
        }
        let catalog = try InputCatalog.make(userFiles: inputs, quick: quick) { progress.show($0) }
        for job in JobLists.processJobs where wanted(job.name) {
            for input in job.inputs(from: catalog, quick: quick) {
                let methods = job.methods.filter { job.runs($0, on: input) }
                let figures = runInterleaved(
                    job: job.name, methods: methods, input: input, rounds: runCount, runsPerRound: job.runsPerRound, progress: progress)
                progress.clear()
                report.add(job: job.name, input: input, methods: job.methods, figures: figures,
                           goals: job.goals(for: input, figures: figures))
            }
        }
        report.printSummary()
        if let json { try report.writeJSON(to: json) }
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
                    progress.clear()
                    print("  \(method.name): failed — \(error)")
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
