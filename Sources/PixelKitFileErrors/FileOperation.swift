/// The file operation that failed (for an `errno`, the system call that returned it).
public enum FileOperation: String, Sendable, Hashable, CustomStringConvertible {
    /// Opening an input (`open(2)`, then checking it is a regular file).
    case open
    /// Reading an opened input.
    case read
    /// Asking for an input's status (`fstat(2)`, `stat(2)`).
    case status = "stat"
    /// Creating an output's temporary file, or inspecting the output's name before writing.
    case create
    /// Writing an output.
    case write
    /// Flushing an output to the disk (`fsync(2)`).
    case synchronize = "fsync"
    /// Flushing the output's directory, so the rename survives a crash.
    case directorySync = "fsync (directory)"
    /// Renaming the finished temporary file over the output.
    case rename
    /// Creating a directory (and the missing ones above it) for outputs.
    case createDirectory = "mkdir"

    /// Whether the operation belongs to writing (an output) rather than reading (an input).
    public var isWrite: Bool {
        switch self {
        case .open, .read, .status: false
        case .create, .write, .synchronize, .directorySync, .rename, .createDirectory: true
        }
    }

    /// The name of the system call or step: `open`, `fsync`, ….
    public var description: String { rawValue }
}
