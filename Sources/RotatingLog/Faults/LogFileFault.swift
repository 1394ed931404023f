/// Something that went wrong (or was repaired) while appending. Appending never throws or
/// crashes; each fault is reported once to the ``LogFallbackSink`` per episode (again only
/// after the operation has succeeded in between).
public enum LogFileFault: Sendable, Equatable, CustomStringConvertible {
    /// The log file could not be opened or created; records are dropped until it can.
    case openFailed(path: String, errno: LogSystemError)
    /// A record could not be written (e.g. `ENOSPC`); it was dropped.
    case writeFailed(path: String, errno: LogSystemError)
    /// The system wrote only part of a record (a full disk); the fragment was cut off again (or, if
    /// that failed, ended with a newline so later records stay separable).
    case shortWrite(path: String, written: Int, expected: Int)
    /// Another process held the lock longer than the timeout; the record was written without it.
    case lockTimedOut(path: String, waited: Duration)
    /// `flock` itself failed.
    case lockFailed(path: String, errno: LogSystemError)
    /// Trimming or rotating failed; the file may stay above its cap until a later attempt works.
    case maintenanceFailed(path: String, errno: LogSystemError)
    /// The log's path names something other than a regular file (`kind`: a directory, a FIFO, a
    /// device, a socket or a symbolic link, which is not followed); records are dropped.
    case notRegularFile(path: String, kind: FileKind)
    /// The log file was deleted while in use and has been created again.
    case fileRecreated(path: String)
    /// The log's directory was missing and has been created.
    case directoryCreated(path: String)
    /// A record exceeded the policy's record limit and was cut, ending in a `[truncated N bytes]` marker.
    case recordTruncated(path: String, originalBytes: Int, keptBytes: Int)

    /// A one-line explanation naming the file and the errno.
    public var description: String {
        switch self {
        case .openFailed(let path, let errno): "cannot open log '\(path)': \(errno); dropping records"
        case .notRegularFile(let path, let kind): "log '\(path)' is \(kind), not a regular file; dropping records"
        case .writeFailed(let path, let errno): "cannot write to log '\(path)': \(errno); dropping records"
        case .shortWrite(let path, let written, let expected):
            "short write to log '\(path)': \(written) of \(expected) bytes"
        case .lockTimedOut(let path, let waited): "lock on log '\(path)' not granted within \(waited); wrote without it"
        case .lockFailed(let path, let errno): "cannot lock log '\(path)': \(errno)"
        case .maintenanceFailed(let path, let errno): "cannot trim/rotate log '\(path)': \(errno)"
        case .fileRecreated(let path): "log '\(path)' was deleted; created it again"
        case .directoryCreated(let path): "log directory '\(path)' was missing; created it"
        case .recordTruncated(let path, let originalBytes, let keptBytes):
            "record of \(originalBytes) bytes truncated to \(keptBytes) bytes in log '\(path)'"
        }
    }

    /// Faults of one kind are reported once until the operation succeeds again.
    enum Kind: Hashable {
        case open, write, lock, maintenance, truncation
    }

    /// The kind for once-per-episode reporting; `nil` for notices reported every time.
    var kind: Kind? {
        switch self {
        case .openFailed, .notRegularFile: .open
        case .writeFailed, .shortWrite: .write
        case .lockTimedOut, .lockFailed: .lock
        case .maintenanceFailed: .maintenance
        case .recordTruncated: .truncation
        case .fileRecreated, .directoryCreated: nil
        }
    }
}
