import ArgumentParser
import Foundation

/// Runs one method of one job on one input and reports its figures as one JSON line: the
/// parent's way of giving each method its own process and so its own peak memory.
struct ChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "child", abstract: "Internal: run one method in this process.", shouldDisplay: false)

    @Option var job: String
    @Option var method: String
    @Option var input: String
    @Option var runs: Int = 5
    @Option var warmup: Int = 1

    func run() throws {
        guard let jobType = JobLists.processJobs.first(where: { $0.name == job }) else {
            throw ValidationError("unknown job \(job)")
        }
        let body = try jobType.prepare(method: method, input: input)
        ProcessMemory.resetPeak()
        let baseline = ProcessMemory.residentBytes ?? 0
        var result = ""
        let stats = try measure(iterations: runs, warmup: warmup) { result = try body() }
        let report = ChildProcess.Report(
            samples_ns: stats.samples, cpu_samples_ns: stats.cpuSamples, baseline_rss_bytes: baseline,
            peak_rss_bytes: ProcessMemory.peakResidentBytes ?? 0, result: result)
        let data = try JSONEncoder().encode(report)
        print(String(decoding: data, as: UTF8.self))
    }
}
