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
        StandardStreams.writeError("\r[\(bar)] \(progress.completed)/\(progress.total)\(failures)")
    }

    func finish() { StandardStreams.writeError("\n") }
}
