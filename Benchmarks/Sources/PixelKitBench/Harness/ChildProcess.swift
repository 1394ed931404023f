import Foundation

/// Runs one benchmark method in a child process of this executable, so that its peak memory is
/// its own: the child resets its peak after start-up, runs the method, and reports both figures.
enum ChildProcess {
    /// The figures a child reports on its single line of standard output.
    struct Report: Codable, Sendable {
        var samples_ns: [Double]
        /// CPU time of each run (all threads, and processes it waited for).
        var cpu_samples_ns: [Double]
        /// Resident memory when the method started (idle process + libraries).
        var baseline_rss_bytes: Int
        /// Peak resident memory while the method ran (whole child process).
        var peak_rss_bytes: Int
        /// The method's result (an rgba list, a hash…), printed so accuracy differences are visible.
        var result: String
    }

    static func run(job: String, method: String, input: String, runs: Int, warmup: Int) throws -> Report {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        process.arguments = ["child", "--job", job, "--method", method, "--input", input,
                             "--runs", String(runs), "--warmup", String(warmup)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last else {
            throw BenchError.childFailed(method: method, input: input, message: errorText)
        }
        return try JSONDecoder().decode(Report.self, from: Data(line.utf8))
    }
}

enum BenchError: Error, CustomStringConvertible {
    case childFailed(method: String, input: String, message: String)
    case unknownMethod(job: String, method: String)

    var description: String {
        switch self {
        case .childFailed(let method, let input, let message): "\(method) on \(input) failed: \(message)"
        case .unknownMethod(let job, let method): "job \(job) has no method \(method)"
        }
    }
}
