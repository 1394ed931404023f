#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PixelKit

/// A one-line progress bar redrawn in place on standard error (only used when it is a terminal).
struct ProgressBar {
    let total: Int
    private let width = 30

    init(total: Int) { self.total = total }

    func show(_ progress: ThumbnailProgress) {
        let filled = total == 0 ? width : progress.completed * width / total
        let failures = progress.failed > 0 ? " (\(progress.failed) failed)" : ""
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        Self.writeError("\r[\(bar)] \(progress.completed)/\(progress.total)\(failures)")
    }

    func finish() { Self.writeError("\n") }

    private static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
