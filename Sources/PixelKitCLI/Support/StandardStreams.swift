#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to the standard streams without touching C's global `stdout`/`stderr`
/// variables, which Swift 6 strict concurrency rejects.
enum StandardStreams {
    static func printLine(_ json: JSONValue) { writeAll(json.serialized + "\n", to: STDOUT_FILENO) }
    static func printLine(_ text: String) { writeAll(text + "\n", to: STDOUT_FILENO) }
    static func printError(_ text: String) { writeAll(text + "\n", to: STDERR_FILENO) }
    /// Writes to stderr without a newline (progress lines redrawn in place with `\r`).
    static func writeError(_ text: String) { writeAll(text, to: STDERR_FILENO) }
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
