import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import PixelKitPlatform

/// Runs a per-file job over many files: each success prints its JSON line, each failure prints
/// `{"file":…, "error":…}` on stdout and the message on stderr, and the others still run.
/// The command exits 1 at the end if any file failed.
struct PerFileReporter {
    private(set) var failures = 0
    /// Erases a progress bar before each line is printed (thumbnail); nil elsewhere.
    var progressBar: ProgressBar?

    init(progressBar: ProgressBar? = nil) {
        self.progressBar = progressBar
    }

    mutating func run(file: String, _ job: () throws -> any Encodable) {
        do {
            try print(try job())
        } catch {
            report(file: file, error: error)
        }
    }

    /// Prints one successful result.
    /// - Throws: `EncodingError` for a value JSON cannot carry (a non-finite number); nothing is printed then.
    func print(_ line: any Encodable) throws {
        let text = try OrderedJSONEncoder.encode(line)
        progressBar?.clear()
        StandardStreams.printLine(text)
    }

    /// Prints a failed file's `{"file","error"}` line and `pixelkit: FILE: reason` on stderr (file
    /// name cut to 200 characters there), the file named once in each (``CommandLineVoice``).
    mutating func report(file: String, error: any Error) {
        report(file: file, message: CommandLineVoice.reason(for: error, naming: file))
    }

    mutating func report(file: String, message: String) {
        failures += 1
        progressBar?.clear()
        // Strings always encode.
        if let line = try? OrderedJSONEncoder.encode(FileLine(file: file, FailureField(message))) {
            StandardStreams.printLine(line)
        }
        StandardStreams.printError(CommandLineVoice.prefix + EchoedText.cut(file) + ": " + message)
    }

    func finish() throws {
        if failures > 0 { throw ExitCode(1) }
    }
}
