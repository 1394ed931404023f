#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A single self-overwriting status line on stderr, shown only when stderr is a terminal, and
/// lines of progress that stay.
struct ProgressLine {
    let enabled = isatty(STDERR_FILENO) != 0

    func show(_ text: String) {
        guard enabled else { return }
        emit("\r\u{1B}[2K" + String(text.prefix(100)))
    }

    /// A line that stays: on stderr whether or not it is a terminal (written at once, so a log
    /// shows the run's progress as it happens), after clearing the status line.
    func log(_ text: String) {
        clear()
        emit(text + "\n")
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
