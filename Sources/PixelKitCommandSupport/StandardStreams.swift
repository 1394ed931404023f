import PixelKitPlatform

/// Writes to the standard streams without touching C's global `stdout`/`stderr`
/// variables, which Swift 6 strict concurrency rejects.
///
/// A failed write to standard output (a full disk, `/dev/full`, a closed pipe) ends the process
/// with exit status 1 and a message on standard error: output that was not delivered must not
/// look like success.
package enum StandardStreams {
    /// Prints `value` as one line of JSON (``OrderedJSONEncoder``).
    /// - Throws: `EncodingError` for a value JSON cannot carry (a non-finite number); nothing is printed then.
    package static func printLine(_ value: some Encodable) throws { printLine(try OrderedJSONEncoder.encode(value)) }

    package static func printLine(_ text: String) {
        if case .failure(let error) = writeAll(text + "\n", to: STDOUT_FILENO) {
            printError("pixelkit: cannot write to standard output: \(error.reason) (errno \(error.code))")
            exit(1)
        }
    }

    package static func printError(_ text: String) { _ = writeAll(text + "\n", to: STDERR_FILENO) }
    /// Writes to stderr without a newline (progress lines redrawn in place with `\r`).
    package static func writeError(_ text: String) { _ = writeAll(text, to: STDERR_FILENO) }
    package static var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    private static func writeAll(_ text: String, to descriptor: Int32) -> Result<Void, SystemErrno> {
        var text = text
        return text.withUTF8 { FileSystemCalls.live.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
}
