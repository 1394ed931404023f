/// Errors thrown by the log file's configuration and reading APIs. (Appending never throws:
/// its failures go to the ``LogFallbackSink`` as ``LogFileFault``s.)
public enum LogFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cap in bytes is below ``LogPolicy/minimumBytes``.
    case capacityTooSmall(requested: Int, minimum: Int)
    /// A rotate policy keeps from 1 to ``LogPolicy/maximumFiles`` older files.
    case invalidFileCount(Int)
    /// The path is empty or ends with `/`.
    case invalidPath(String)
    /// The path names something other than a regular file (`kind`: a directory, a FIFO, a device,
    /// a socket or a symbolic link, which is not followed).
    case notRegularFile(path: String, kind: String)
    /// Reading the log (or one of its rotated files) failed.
    case readFailed(path: String, errno: LogSystemError)
    /// Writing a snapshot for sharing failed.
    case snapshotFailed(path: String, errno: LogSystemError)

    /// A one-line explanation naming the offending value.
    public var description: String {
        switch self {
        case .capacityTooSmall(let requested, let minimum):
            "log cap of \(requested) bytes is below the minimum of \(minimum) bytes"
        case .invalidFileCount(let count):
            "a rotating log keeps 1 to \(LogPolicy.maximumFiles) older files, got \(count)"
        case .invalidPath(let path): "invalid log file path '\(path)'"
        case .notRegularFile(let path, let kind): "log '\(path)' is \(kind), not a regular file"
        case .readFailed(let path, let errno): "cannot read '\(path)': \(errno)"
        case .snapshotFailed(let path, let errno): "cannot write snapshot '\(path)': \(errno)"
        }
    }
}
