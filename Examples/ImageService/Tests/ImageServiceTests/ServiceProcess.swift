import Foundation

/// The built `image-service` executable, started as a user would, on a free loopback port.
final class ServiceProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The executable sits next to the test bundle in the build folder.
    static var executable: URL {
        let bundle = Bundle.main.bundleURL
        for folder in [bundle.deletingLastPathComponent(), bundle, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("image-service")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("image-service")
    }

    /// Starts the service on port 0 and waits for the port it prints; its log (standard error)
    /// goes to `logPath` if given.
    init(storage: String, arguments: [String] = [], logPath: String? = nil) throws {
        process.executableURL = Self.executable
        process.arguments = ["--port", "0", "--storage", storage] + arguments
        let output = Pipe()
        process.standardOutput = output
        if let logPath {
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        // Reads byte by byte so nothing after the first line is consumed; the line comes within milliseconds.
        let handle = output.fileHandleForReading
        var text = ""
        repeat {
            var line = [UInt8]()
            while true {
                let byte = handle.readData(ofLength: 1)
                guard let first = byte.first else { throw StartError(output: String(decoding: line, as: UTF8.self)) }
                if first == UInt8(ascii: "\n") { break }
                line.append(first)
            }
            text = String(decoding: line, as: UTF8.self)
        } while !text.hasPrefix("listening on ")
        guard text.hasPrefix("listening on "), let port = text.split(separator: ":").last.flatMap({ Int($0) }) else {
            throw StartError(output: text)
        }
        self.port = port
    }

    struct StartError: Error { var output: String }

    /// Ends the process at once, as a crash or the OOM killer would.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { kill() }
    }
}
