#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A single self-overwriting status line on stderr, shown only when stderr is a terminal.
struct ProgressLine {
    let enabled = isatty(STDERR_FILENO) != 0

    func show(_ text: String) {
        guard enabled else { return }
        emit("\r\u{1B}[2K" + String(text.prefix(100)))
    }

    func clear() {
        guard enabled else { return }
        emit("\r\u{1B}[2K")
    }

    private func emit(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
