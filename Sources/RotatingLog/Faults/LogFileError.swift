import SystemPackage

/// Errors thrown by the log file's configuration and reading APIs. (Appending never throws:
/// its failures go to the ``LogFallbackSink`` as ``LogFileFault``s.)
public enum LogFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cap in bytes is below ``LogPolicy/minimumBytes``.
    case capacityTooSmall(requested: Int, minimum: Int)
    /// A rotate policy needs at least one older file.
    case invalidFileCount(Int)
    /// The path is empty or ends with `/`.
    case invalidPath(String)
    /// Reading the log (or one of its rotated files) failed.
    case readFailed(path: String, errno: Errno)
    /// Writing a snapshot for sharing failed.
    case snapshotFailed(path: String, errno: Errno)

    /// A one-line explanation naming the offending value.
    public var description: String {
        switch self {
        case .capacityTooSmall(let requested, let minimum):
            "log cap of \(requested) bytes is below the minimum of \(minimum) bytes"
        case .invalidFileCount(let count): "a rotating log needs at least 1 older file, got \(count)"
        case .invalidPath(let path): "invalid log file path '\(path)'"
        case .readFailed(let path, let errno): "cannot read '\(path)': \(errno)"
        case .snapshotFailed(let path, let errno): "cannot write snapshot '\(path)': \(errno)"
        }
    }
}
