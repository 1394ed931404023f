import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import RotatingLog

/// The options that name a log and its policy, shared by `pixelkit log` and `pixelkit log tail`.
struct LogFileOptions: ParsableArguments {
    @Option(help: "The log file: a regular file or a new name (a directory, FIFO, device or symbolic link is refused).")
    var file: String

    @Option(help: "Cap of one file in bytes (at least 1024).")
    var maxBytes: Int = LogPolicy.default.maxBytes

    @Option(help: "trim (drop the older half at a line boundary) or rotate (F.1 … F.K).")
    var policy: String = "trim"

    @Option(help: "With --policy rotate: how many older files F.1 … F.K to keep (1 … \(LogPolicy.maximumFiles)).")
    var maxFiles: Int = 5

    /// The log, or exit status 1 with a message for a bad option.
    func open() throws -> LogFile {
        let chosen: LogPolicy
        switch policy {
        case "trim": chosen = .trim(maxBytes: maxBytes)
        case "rotate": chosen = .rotate(maxBytes: maxBytes, maxFiles: maxFiles)
        default:
            throw ValidationError("--policy must be trim or rotate, got '\(EchoedText.cut(policy))'")
        }
        return try LogFile(path: file, policy: chosen)
    }
}
