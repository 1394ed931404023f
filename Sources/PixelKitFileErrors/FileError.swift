#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file operation that failed: which file, which operation, and why (an `errno` or a refusal
/// made before any harm). The one file-error vocabulary of the package: `ImageError.file`,
/// `ImagePipelineError.file`, the theme errors' `.file` and `LogFileError.file` all carry it, so a
/// failure reads the same, and matches the same, whichever module met it.
///
/// ```swift
/// catch let error where error.fileError?.errno == ENOENT { … }     // an ImageError
/// ```
///
/// ``description`` names the path once ("cannot read photo.jpg: No such file or directory (errno 2)");
/// ``reason`` leaves it out, for a line that already names the file (`pixelkit: photo.jpg: cannot read: …`).
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the operation failed.
    public enum Problem: Sendable, Hashable {
        /// A system call failed with this `errno` (`ENOENT`, `EACCES`, `ENOSPC`, …).
        case system(errno: Int32)
        /// The path names something other than a regular file: a FIFO, socket, device or directory
        /// as input (refused at once, before it can block or never end), or a directory or symbolic
        /// link as output (never written through).
        case notARegularFile(FileKind)
        /// An output path that names no file: empty, or ending in `/`, `.` or `..`.
        case notAFileName
        /// An input larger than `limit` bytes, refused without reading further.
        case tooLarge(limit: Int)
        /// An output that is the same file (device and inode) as `input`, an input of the same run:
        /// writing it would replace the input, so nothing was written.
        case wouldReplaceInput(input: String)
        /// A file written and read back (a download spooled to disk) no longer holds what was written.
        case changedOnDisk
    }

    /// The file's path, as given (names that are not UTF-8 have U+FFFD in place of the bad bytes).
    public let path: String
    /// The operation that failed.
    public let operation: FileOperation
    /// Why.
    public let problem: Problem

    /// A file error.
    public init(path: String, operation: FileOperation, problem: Problem) {
        self.path = path
        self.operation = operation
        self.problem = problem
    }

    /// A failed system call: `errno` `code` from `operation` on `path`.
    public init(path: String, operation: FileOperation, errno code: Int32) {
        self.init(path: path, operation: operation, problem: .system(errno: code))
    }

    /// The `errno` of a failed system call; `nil` for a refusal.
    public var errno: Int32? {
        if case .system(let code) = problem { return code }
        return nil
    }

    /// The kind of file found where a regular file was needed; `nil` for other reasons.
    public var kind: FileKind? {
        if case .notARegularFile(let kind) = problem { return kind }
        return nil
    }

    /// The system's text for an `errno` value (`strerror`), e.g. "No such file or directory".
    public static func systemMessage(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The message without the path, for a line that already names the file
    /// (`pixelkit: NAME: reason`): "cannot read: No such file or directory (errno 2)",
    /// "is a FIFO, not a regular file".
    public var reason: String {
        switch problem {
        case .system(let code): "\(verb): \(Self.systemMessage(code)) (errno \(code))"
        case .notARegularFile(let kind): "is \(kind), not a regular file"
        case .notAFileName: "not a file name (empty, or ending in '/')"
        case .tooLarge(let limit): "is larger than \(limit) bytes"
        case .wouldReplaceInput(let input): "\(verb): it is the input \(input), which would be replaced; nothing was written"
        case .changedOnDisk: "\(verb): changed on disk"
        }
    }

    /// The message naming the path once: "cannot read photo.jpg: No such file or directory (errno 2)",
    /// "photo.jpg is a FIFO, not a regular file".
    public var description: String {
        switch problem {
        case .system(let code): "\(verb) \(path): \(Self.systemMessage(code)) (errno \(code))"
        case .notARegularFile, .tooLarge: "\(path) \(reason)"
        case .notAFileName: "'\(path)' is \(reason)"
        case .wouldReplaceInput(let input): "\(verb) \(path): it is the input \(input), which would be replaced; nothing was written"
        case .changedOnDisk: "\(verb) \(path): changed on disk"
        }
    }

    /// "cannot read", "cannot write" or "cannot create directory", after the operation.
    private var verb: String {
        switch operation {
        case .createDirectory: "cannot create directory"
        case let operation: operation.isWrite ? "cannot write" : "cannot read"
        }
    }
}
