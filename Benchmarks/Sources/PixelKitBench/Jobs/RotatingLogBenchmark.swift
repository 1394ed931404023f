import Foundation
import RotatingLog

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends per second to a shared ``LogFile`` (lock + status check + one real `write` per record, no fsync
/// unless stated), from one process and from 4 forked processes, against a faithful rendition of the
/// seed post's `WidgetLogger.log` (new `DateFormatter`, file attribute check, `FileHandle` per call).
/// Issue 8's goals: ≥ 200k records/s from one process and ≥ 20× the seed approach.
enum RotatingLogBenchmark: MicroBenchmarkJob {
    static let name = "log"

    static func run(quick: Bool) throws -> [MicroResult] {
        let directory = NSTemporaryDirectory() + "PixelKitBench-RotatingLog-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let records = quick ? 5_000 : 50_000
        let iterations = quick ? 3 : 7

        let log = try LogFile(path: directory + "/single.log")
        let single = measure(iterations: iterations, operationsPerCall: records) {
            for index in 0..<records { log.log("benchmark record \(index) with a typical amount of text") }
        }
        let singleRate = 1e9 / single.median

        let syncedRecords = quick ? 50 : 300
        let synced = try LogFile(path: directory + "/synced.log", options: .init(synchronizeEachRecord: true))
        let syncedStats = measure(iterations: 3, operationsPerCall: syncedRecords) {
            for index in 0..<syncedRecords { synced.log("benchmark record \(index) with a typical amount of text") }
        }

        let seedRecords = quick ? 300 : 2_000
        let seed = SeedWidgetLogger(fileURL: URL(fileURLWithPath: directory + "/seed.log"))
        let seedStats = measure(iterations: iterations, operationsPerCall: seedRecords) {
            for index in 0..<seedRecords { seed.log("benchmark record \(index) with a typical amount of text") }
        }
        let speedup = seedStats.median / single.median

        var results = [
            MicroResult(
                job: name, name: "append, 1 process (trim 2 MiB)", stats: single, unit: "ns/record",
                goal: "≥ 200k records/s", goalMet: singleRate >= 200_000,
                notes: [String(format: "%.0f records/s", singleRate)]),
            MicroResult(
                job: name, name: "append with fsync per record", stats: syncedStats, unit: "ns/record",
                notes: [String(format: "%.0f records/s", 1e9 / syncedStats.median)]),
            MicroResult(
                job: name, name: "seed approach (DateFormatter + attributes + FileHandle per call)", stats: seedStats,
                unit: "ns/record", goal: "LogFile ≥ 20× faster", goalMet: speedup >= 20,
                notes: [String(format: "%.0f records/s", 1e9 / seedStats.median), String(format: "LogFile is %.1f× faster", speedup)]),
        ]
        let longLine = try appendOneLongLine(megabytes: quick ? 16 : 128, directory: directory, iterations: quick ? 1 : 3)
        results.append(longLine)
        #if os(Linux)
        let perProcess = quick ? 5_000 : 50_000
        let concurrent = try measure(iterations: quick ? 1 : 3, warmup: 0, operationsPerCall: 4 * perProcess) {
            try appendFromForkedProcesses(4, records: perProcess, path: directory + "/shared.log")
        }
        results.append(MicroResult(
            job: name, name: "append, 4 processes on one file (trim 64 KiB)", stats: concurrent, unit: "ns/record (aggregate)",
            notes: [String(format: "%.0f records/s in total", 1e9 / concurrent.median)]))
        #endif
        return results
    }

    /// Issue 16: one line of `megabytes` MiB without a newline, streamed through ``LogLineSplitter``
    /// into a 2 MiB trimmed log as `pixelkit log` does (64 KiB reads, pieces at the record limit).
    /// It was quadratic (42 s and 414 MB for 128 MiB); the goal is ≤ 2 s for 128 MiB (peak memory,
    /// ≤ 64 MB, is measured on `pixelkit log` with `/usr/bin/time -v`).
    private static func appendOneLongLine(megabytes: Int, directory: String, iterations: Int) throws -> MicroResult {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let chunks = megabytes * 16
        let stats = try measure(iterations: iterations, warmup: 0) {
            unlink(directory + "/long.log")
            let log = try LogFile(path: directory + "/long.log")
            var splitter = LogLineSplitter(pieceBytes: log.policy.maxRecordBytes - 256)
            var pieces = 0
            let append = { (piece: ArraySlice<UInt8>, line: Int) in
                log.append(LogRecord(
                    timestamp: log.clock.now(), label: "bench", message: String(decoding: piece, as: UTF8.self),
                    file: "stdin", function: "log", line: UInt(line)))
                pieces += 1
            }
            for _ in 0..<chunks { chunk.withUnsafeBytes { splitter.feed($0, emit: append) } }
            splitter.finish(emit: append)
            guard pieces > megabytes else { throw LongLineNotSplit() }  // pieces of just under 1 MiB
        }
        let seconds = stats.median / 1e9
        return MicroResult(
            job: name, name: "one \(megabytes) MiB line without a newline (trim 2 MiB)", stats: stats, unit: "ns/line",
            goal: megabytes == 128 ? "≤ 2 s" : nil, goalMet: megabytes == 128 ? seconds <= 2 : nil,
            notes: [String(format: "%.2f s, %.0f MB/s", seconds, Double(megabytes) * 1.048576 / seconds)])
    }

    struct LongLineNotSplit: Error {}

    #if os(Linux)
    struct ChildFailed: Error {}

    /// Forks `count` writers (the benchmark is single-threaded here, so the children may run Swift code)
    /// and waits for all of them.
    private static func appendFromForkedProcesses(_ count: Int, records: Int, path: String) throws {
        unlink(path)
        var children: [pid_t] = []
        for writer in 0..<count {
            let child = fork()
            if child == 0 {
                guard let log = try? LogFile(path: path, policy: .trim(maxBytes: 64 * 1024)) else { _exit(1) }
                for index in 0..<records { log.log("writer \(writer) record \(index) with a typical amount of text") }
                _exit(0)
            }
            guard child > 0 else { throw ChildFailed() }
            children.append(child)
        }
        for child in children {
            var status: Int32 = 0
            waitpid(child, &status, 0)
            guard status == 0 else { throw ChildFailed() }
        }
    }
    #endif
}

/// The seed post's `WidgetLogger.log`, ported faithfully (minus the app-group container lookup):
/// a new `DateFormatter` per call, `fileExists` + `attributesOfItem` for the size, the Data-based trim
/// past 2 MB, and a `FileHandle` opened, seeked, written and closed per record.
private struct SeedWidgetLogger {
    let fileURL: URL

    func log(_ message: String, file: String = #file, function: String = #function, line: Int = #line) {
        let dateFormatter = DateFormatter()
        dateFormatter.dateFormat = "MMM d, HH:mm:ss.SSS"
        let dateString = dateFormatter.string(from: Date())
        let timestampedMessage = "\(dateString) [\((file as NSString).lastPathComponent)/\(function)/\(line)]: \(message)\n"
        guard let messageData = timestampedMessage.data(using: .utf8) else { return }
        if FileManager.default.fileExists(atPath: fileURL.path) {
            do {
                let fileAttributes = try FileManager.default.attributesOfItem(atPath: fileURL.path)
                let twoMegabytes = 2 * 1_024 * 1_024
                if let size = fileAttributes[.size] as? Int, size > twoMegabytes {
                    let logsData = try Data(contentsOf: fileURL, options: .mappedIfSafe)
                    let dataSize = logsData.count
                    let halfwayPoint = dataSize / 2
                    guard let range = logsData.range(of: Data("\n".utf8), options: [], in: halfwayPoint..<dataSize) else { return }
                    try logsData.subdata(in: range.endIndex..<dataSize).write(to: fileURL, options: .atomic)
                }
                let fileHandle = try FileHandle(forWritingTo: fileURL)
                fileHandle.seekToEndOfFile()
                fileHandle.write(messageData)
                fileHandle.closeFile()
            } catch {
                print("Error trying to write to end of file: \(error)")
            }
        } else {
            try? timestampedMessage.write(to: fileURL, atomically: true, encoding: .utf8)
        }
    }
}
