import PixelKit
import PixelKitPlatform

/// Reads a whole theme file but never more than a limit, through the package's one regular-file
/// reader (a FIFO, device or directory is refused at once): the one place the theme loader touches
/// the file system.
enum BoundedFileReader {
    /// The file's bytes; throws `fileTooLarge` as soon as more than `limit` bytes exist.
    static func read(path: String, limit: Int) throws(ThemeFileError) -> [UInt8] {
        do {
            return try RegularFileReader().readWhole(PlatformPath(path), limit: limit)
        } catch {
            throw ThemeFileError(path: "", problem: problem(error, limit: limit))
        }
    }

    /// The theme file problem for a failed read.
    static func problem(_ error: FileSystemError, limit: Int) -> ThemeFileError.Problem {
        switch error {
        case .tooLarge: .fileTooLarge(byteCount: limit + 1, limit: limit)
        case .notRegularFile(_, let kind): .notARegularFile(FileKind(kind))
        case .system(let path, _, let code): .unreadable(reason: "\"\(path.displayName)\": \(FileSystemError.reason(code))")
        case .notAFileName(let path), .symbolicLink(let path): .unreadable(reason: "\"\(path.displayName)\" is not a file name")
        case .wouldReplaceInput(let path, _): .unreadable(reason: "\"\(path.displayName)\" is an input of this run")
        }
    }
}
