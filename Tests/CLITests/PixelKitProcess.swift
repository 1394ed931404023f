import Foundation

/// Runs the built `pixelkit` executable, as scripts do, and parses its JSON lines.
struct PixelKitProcess {
    struct Output {
        var status: Int32
        var lines: [[String: Any]]
        /// Standard output's lines as printed, for checks of field order and exact bytes.
        var rawLines: [String]
        var standardError: String
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ relative: String) -> String {
        repository.appendingPathComponent("Tests/PixelKitTestSupport/Fixtures").appendingPathComponent(relative).path
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

    static func run(_ arguments: [String], input: String? = nil) throws -> Output {
        try run(arguments, inputData: input.map { Data($0.utf8) })
    }

    /// Runs with `inputData` on stdin; `standardOutput` replaces the captured pipe (e.g. `/dev/full`);
    /// `environment` adds variables to the inherited ones; `executable` replaces the built `pixelkit`; after `timeout` the process is killed
    /// (status 9 by signal) so a hang fails instead of blocking.
    static func run(
        _ arguments: [String], inputData: Data?, standardOutput: FileHandle? = nil, environment: [String: String] = [:],
        executable: URL = executable, timeout: Duration = .seconds(120)
    ) throws -> Output {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = standardOutput ?? output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { if process.isRunning { kill(pid, SIGKILL) } }
        let seconds = Double(timeout.components.seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        defer { watchdog.cancel() }
        let writer = inputData.map { data in
            Thread {
                // A process that refuses its input exits early: the write then fails (EPIPE), harmlessly.
                try? standardInput.fileHandleForWriting.write(contentsOf: data)
                try? standardInput.fileHandleForWriting.close()
            }
        }
        if let writer { writer.start() } else { try standardInput.fileHandleForWriting.close() }
        // Both streams are drained at once: a child filling one pipe while we wait on the other would hang.
        let errorBox = DataBox()
        let errorReader = Thread { errorBox.data = errors.fileHandleForReading.readDataToEndOfFile(); errorBox.done.signal() }
        errorReader.start()
        let data = standardOutput == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        errorBox.done.wait()
        let errorData = errorBox.data
        process.waitUntilExit()
        let rawLines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let lines = rawLines.map { line -> [String: Any] in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? ["unparsed": String(line)]
        }
        return Output(status: process.terminationStatus, lines: lines, rawLines: rawLines, standardError: String(decoding: errorData, as: UTF8.self))
    }
}

/// Standard error read on another thread.
private final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
