/// Errors thrown by the log file's configuration and reading APIs. (Appending never throws:
/// its failures go to the ``LogFallbackSink`` as ``LogFileFault``s.)
public enum LogFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cap in bytes is below ``LogPolicy/minimumBytes``.
    case capacityTooSmall(requested: Int, minimum: Int)
    /// A rotate policy keeps from 1 to ``LogPolicy/maximumFiles`` older files.
    case invalidFileCount(Int)
    /// A file operation failed: the path is not a file name (empty or ending in `/`:
    /// `FileError.Problem.notAFileName`), names something other than a regular file (a directory,
    /// FIFO, device, socket or symbolic link, which is not followed:
    /// `FileError.Problem.notARegularFile`), or reading the log (or one of its rotated files)
    /// or writing a snapshot failed with an `errno` (`FileError.Problem.system`).
    case file(FileError)

    /// The `FileError` of ``file(_:)``; `nil` for the configuration errors.
    public var fileError: FileError? {
        if case .file(let error) = self { return error }
        return nil
    }

    /// A one-line explanation naming the offending value.
    public var description: String {
        switch self {
        case .capacityTooSmall(let requested, let minimum):
            "log cap of \(requested) bytes is below the minimum of \(minimum) bytes"
        case .invalidFileCount(let count):
            "a rotating log keeps 1 to \(LogPolicy.maximumFiles) older files, got \(count)"
        case .file(let error): "log \(error)"
        }
    }
}
