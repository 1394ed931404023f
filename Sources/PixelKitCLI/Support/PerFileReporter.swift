import ArgumentParser
import PixelKit

/// Runs a per-file job over many files: each success prints its JSON line, each failure prints
/// `{"file":…, "error":…}` on stdout and the message on stderr, and the others still run.
/// The command exits 1 at the end if any file failed.
struct PerFileReporter {
    private(set) var failures = 0

    mutating func run(file: String, _ job: () throws -> JSONValue) {
        do {
            StandardStreams.printLine(try job())
        } catch {
            report(file: file, error: error)
        }
    }

    mutating func report(file: String, error: any Error) {
        failures += 1
        let message = Self.message(for: error)
        StandardStreams.printLine(.object([("file", .string(file)), ("error", .string(message))]))
        StandardStreams.printError("pixelkit: \(file): \(message)")
    }

    /// An error's message for a line that already names the file: an `ImageError` without the
    /// path its `inFile` wrapper adds (which would print the path twice).
    static func message(for error: any Error) -> String {
        if let error = error as? ImageError { return error.kind.description }
        return String(describing: error)
    }

    func finish() throws {
        if failures > 0 { throw ExitCode(1) }
    }
}
