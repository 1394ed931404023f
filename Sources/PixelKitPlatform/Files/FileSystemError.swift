import PixelKitFileErrors

/// Why a file operation failed: the system call's `errno`, or a refusal made before any harm.
/// The platform layer's own result, with the path as bytes; modules turn it into the public
/// ``FileError`` through its one initializer, ``FileError/init(_:)``.
package enum FileSystemError: Error, Sendable, Hashable {
    /// A system call failed; `code` is its `errno`.
    case system(path: PlatformPath, operation: Operation, code: Int32)
    /// A path that is not a regular file: an input (a FIFO would block, a device never ends), or
    /// with `operation` `.create` an output in the way (a directory, FIFO or device).
    case notRegularFile(path: PlatformPath, kind: FileKind, operation: Operation = .open)
    /// An output path that names no file to write: empty, ending in `/`, `.` or `..`.
    case notAFileName(path: PlatformPath)
    /// An output path whose last component is a symbolic link, which is never followed.
    case symbolicLink(path: PlatformPath)
    /// An input larger than the limit in force.
    case tooLarge(path: PlatformPath, limit: Int)
    /// An output that is the same file (device and inode) as `input`, an input of the same run:
    /// writing it would replace the input, so nothing is written.
    case wouldReplaceInput(path: PlatformPath, input: PlatformPath)

    /// The operation that failed: the public ``FileOperation``.
    package typealias Operation = FileOperation

    /// The path the error is about.
    package var path: PlatformPath {
        switch self {
        case .system(let path, _, _), .notRegularFile(let path, _, _), .notAFileName(let path),
             .symbolicLink(let path), .tooLarge(let path, _), .wouldReplaceInput(let path, _):
            path
        }
    }

    /// `strerror`'s text for `code`.
    package static func reason(_ code: Int32) -> String { FileError.systemMessage(code) }
}

extension FileError {
    /// The public error for a failure of the platform layer: the one translation every module uses.
    /// A symbolic link in an output's way is ``Problem/notARegularFile(_:)`` of kind `.symbolicLink`.
    package init(_ error: FileSystemError) {
        let path = error.path.displayName
        switch error {
        case .system(_, let operation, let code): self.init(path: path, operation: operation, errno: code)
        case .notRegularFile(_, let kind, let operation): self.init(path: path, operation: operation, problem: .notARegularFile(kind))
        case .symbolicLink: self.init(path: path, operation: .create, problem: .notARegularFile(.symbolicLink))
        case .notAFileName: self.init(path: path, operation: .create, problem: .notAFileName)
        case .tooLarge(_, let limit): self.init(path: path, operation: .read, problem: .tooLarge(limit: limit))
        case .wouldReplaceInput(_, let input):
            self.init(path: path, operation: .create, problem: .wouldReplaceInput(input: input.displayName))
        }
    }
}
