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
        print("runs per method: \(runCount) after 1 warm-up; peak memory = child process peak RSS minus its RSS when the method started\n")

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
                var figures: [String: MethodFigures] = [:]
                for method in job.methods where job.runs(method, on: input) {
                    progress.show("\(job.name): \(method.name) on \(input.label)")
                    do {
                        let child = try ChildProcess.run(job: job.name, method: method.name, input: input.path, runs: runCount, warmup: 1)
                        figures[method.name] = MethodFigures(
                            method: method.name, stats: TimingStats(samples: child.samples_ns),
                            baselineRSS: child.baseline_rss_bytes, peakRSS: child.peak_rss_bytes, result: child.result)
                    } catch {
                        progress.clear()
                        print("  \(method.name): failed — \(error)")
                    }
                }
                progress.clear()
                report.add(job: job.name, input: input, methods: job.methods, figures: figures,
                           goals: job.goals(for: input, figures: figures))
            }
        }
        report.printSummary()
        if let json { try report.writeJSON(to: json) }
    }
}
