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
        // The reader names the file itself (`pixelkit: theme.json: cannot read: …`): the reason does not.
        case .system(_, _, let code): .unreadable(reason: "\(FileSystemError.reason(code)) (errno \(code))")
        case .symbolicLink: .notARegularFile(.symbolicLink)
        case .notAFileName: .unreadable(reason: "not a file name (empty, or ending in '/')")
        case .wouldReplaceInput: .unreadable(reason: "it is an input of this run")
        }
    }
}
