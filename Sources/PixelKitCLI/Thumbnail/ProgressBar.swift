import PixelKitCommandSupport
import PixelKit

/// A one-line progress bar redrawn in place on standard error.
///
/// It draws only when standard error is a terminal, and standard output often is the same
/// terminal: so ``clear()`` must be called before any output line is written, which erases the
/// bar (the next ``show(_:)`` draws it again below that line).
final class ProgressBar {
    private let isTerminal: Bool
    private let write: (String) -> Void
    private let width = 30
    private var isDrawn = false

    /// A bar on standard error, drawn only if it is a terminal.
    convenience init() {
        self.init(isTerminal: StandardStreams.errorIsTerminal, write: StandardStreams.writeError)
    }

    /// A bar writing to `write` (tests capture it), drawn only when `isTerminal`.
    init(isTerminal: Bool, write: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.write = write
    }

    func show(_ progress: ThumbnailProgress) {
        guard isTerminal else { return }
        let filled = progress.total == 0 ? width : min(width, progress.completed * width / progress.total)
        let failures = progress.failed > 0 ? " (\(progress.failed) failed)" : ""
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        write("\r\u{1B}[2K[\(bar)] \(progress.completed)/\(progress.total)\(failures)")
        isDrawn = true
    }

    /// Erases the bar's line, if drawn, so the next line written starts at the left margin.
    func clear() {
        guard isDrawn else { return }
        write("\r\u{1B}[2K")
        isDrawn = false
    }
}
