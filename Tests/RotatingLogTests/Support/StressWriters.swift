import Foundation

/// Starts `RotatingLogStressWriter` processes (the helper executable built beside the test bundle).
enum StressWriters {
    static let executable: URL? = {
        let name = "RotatingLogStressWriter"
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        for directory in candidates {
            var folder = directory
            for _ in 0..<4 {
                let url = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()

    struct Missing: Error, CustomStringConvertible {
        var description: String { "RotatingLogStressWriter not found next to the test bundle" }
    }

    /// Launches one writer; `count` 0 writes until killed.
    /// `standardError`, if given, receives the writer's fault reports.
    static func start(
        file: String, writer: Int, count: Int, policy: String = "trim", maxBytes: Int, maxFiles: Int = 3,
        standardError: URL? = nil
    ) throws -> Process {
        guard let executable else { throw Missing() }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--file", file, "--writer", String(writer), "--count", String(count),
            "--policy", policy, "--max-bytes", String(maxBytes), "--max-files", String(maxFiles),
        ]
        if let standardError {
            _ = FileManager.default.createFile(atPath: standardError.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: standardError)
        }
        try process.run()
        return process
    }
}
