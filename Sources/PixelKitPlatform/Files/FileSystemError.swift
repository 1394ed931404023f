/// Why a file operation failed: the system call's `errno`, or a refusal made before any harm.
/// Each module turns it into its own typed error (``ImageError`` in the core, the theme errors in `Themes`).
package enum FileSystemError: Error, Sendable, Hashable {
    /// A system call failed; `code` is its `errno`.
    case system(path: PlatformPath, operation: Operation, code: Int32)
    /// An input that is not a regular file (a FIFO would block, a device never ends).
    case notRegularFile(path: PlatformPath, kind: PlatformFileKind)
    /// An output path that names no file to write: empty, ending in `/`, `.` or `..`.
    case notAFileName(path: PlatformPath)
    /// An output path whose last component is a symbolic link, which is never followed.
    case symbolicLink(path: PlatformPath)
    /// An input larger than the limit in force.
    case tooLarge(path: PlatformPath, limit: Int)
    /// An output that is the same file (device and inode) as `input`, an input of the same run:
    /// writing it would replace the input, so nothing is written.
    case wouldReplaceInput(path: PlatformPath, input: PlatformPath)

    /// The system call that failed.
    package enum Operation: String, Sendable, Hashable {
        case open, read, write, synchronize = "fsync", rename, status = "stat", directorySync = "fsync (directory)"
        /// Creating an output's temporary file, or inspecting the output's name before writing.
        case create

        /// Whether the operation belongs to writing (an output) rather than reading (an input).
        package var isWrite: Bool {
            switch self {
            case .open, .read, .status: false
            case .write, .synchronize, .rename, .directorySync, .create: true
            }
        }
    }

    /// The path the error is about.
    package var path: PlatformPath {
        switch self {
        case .system(let path, _, _), .notRegularFile(let path, _), .notAFileName(let path),
             .symbolicLink(let path), .tooLarge(let path, _), .wouldReplaceInput(let path, _):
            path
        }
    }

    /// `strerror`'s text for `code`.
    package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
