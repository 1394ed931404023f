import Foundation

/// Runs the built `pixelkit` executable (`pixelkit fetch …`) as a child process.
enum FetchProcess {
    // @unchecked: the JSON objects come from JSONSerialization and are only read.
    struct Output: @unchecked Sendable {
        var status: Int32
        var lines: [[String: Any]]
        var standardError: String
        /// The child's peak resident set (Linux: its last `VmHWM`, sampled every 5 ms while it ran),
        /// or nil where /proc is not available.
        var peakResidentBytes: Int?
    }

    /// The executable sits next to the test bundle in the build folder.
    static var executable: URL {
        let bundle = Bundle.main.bundleURL
        for folder in [bundle.deletingLastPathComponent(), bundle, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("pixelkit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("pixelkit")
    }

    /// Starts `pixelkit ARGUMENTS` (a child about to be killed) with its output in pipes nobody reads:
    /// its few lines fit in a pipe's buffer. Only pipes: `Process` closes the descriptors of other
    /// handles it is given, and a second close by their owner can hit a descriptor reused meanwhile
    /// (another test's socket).
    /// `environment` adds to (or replaces) this process's variables.
    static func startDiscardingOutput(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        let input = Pipe()
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.close()
        return process
    }

    /// ``run(_:)`` on a Dispatch thread (see ``TestSupport/offPool(_:)``).
    static func runOffPool(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        try await TestSupport.offPool { try run(arguments, environment: environment) }
    }

    /// Runs `pixelkit ARGUMENTS` to the end and parses its JSON lines; `environment` adds to (or
    /// replaces) this process's variables.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let input = Pipe()
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.close()
        let peak = PeakSampler(pid: process.processIdentifier)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line -> [String: Any] in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? ["unparsed": String(line)]
        }
        return Output(
            status: process.terminationStatus, lines: lines, standardError: String(decoding: errorData, as: UTF8.self),
            peakResidentBytes: peak.stop())
    }

    /// Samples one child's high-water mark (`VmHWM` in /proc/PID/status), which only grows, until
    /// stopped: that child's own peak. getrusage(RUSAGE_CHILDREN) would report the largest child the
    /// whole test process ever waited for, which in a full run is some other test's.
    final class PeakSampler: @unchecked Sendable {
        private let lock = NSLock()
        private var peak: Int?
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)

        init(pid: Int32) {
            Thread { [self] in
                while true {
                    if let sample = Self.highWaterMark(pid: pid) {
                        lock.withLock { peak = max(peak ?? 0, sample) }
                    }
                    if lock.withLock({ stopped }) { break }
                    usleep(5_000)
                }
                done.signal()
            }.start()
        }

        /// The peak seen; call once the child has exited.
        func stop() -> Int? {
            lock.withLock { stopped = true }
            done.wait()
            return lock.withLock { peak }
        }

        private static func highWaterMark(pid: Int32) -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                  let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
            return kilobytes * 1024
        }
    }
}
