import PixelKitPlatform

/// Writes to the standard streams without touching C's global `stdout`/`stderr`
/// variables, which Swift 6 strict concurrency rejects.
///
/// A failed write to standard output (a full disk, `/dev/full`, a closed pipe) ends the process
/// with exit status 1 and a message on standard error: output that was not delivered must not
/// look like success.
enum StandardStreams {
    /// Prints `value` as one line of JSON (``OrderedJSONEncoder``).
    /// - Throws: `EncodingError` for a value JSON cannot carry (a non-finite number); nothing is printed then.
    static func printLine(_ value: some Encodable) throws { printLine(try OrderedJSONEncoder.encode(value)) }

    static func printLine(_ text: String) {
        if let code = writeAll(text + "\n", to: STDOUT_FILENO) {
            printError("pixelkit: cannot write to standard output: \(String(cString: strerror(code))) (errno \(code))")
            exit(1)
        }
    }

    static func printError(_ text: String) { _ = writeAll(text + "\n", to: STDERR_FILENO) }
    /// Writes to stderr without a newline (progress lines redrawn in place with `\r`).
    static func writeError(_ text: String) { _ = writeAll(text, to: STDERR_FILENO) }
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Writes every byte; returns the `errno` of a failed write, nil on success.
    private static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
