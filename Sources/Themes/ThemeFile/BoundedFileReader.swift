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
        } catch .tooLarge {
            throw ThemeFileError(path: "", problem: .fileTooLarge(byteCount: limit + 1, limit: limit))
        } catch {
            // The file error names the file; the theme error's path is the JSON path (none here).
            throw ThemeFileError(path: "", problem: .file(FileError(error)))
        }
    }
}
