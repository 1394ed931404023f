import Foundation

/// Reads a whole file but never more than a limit: the one place the theme loader touches the file system.
enum BoundedFileReader {
    /// The file's bytes; throws `fileTooLarge` as soon as more than `limit` bytes exist.
    static func read(path: String, limit: Int) throws(ThemeFileError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ThemeFileError(path: "", problem: .unreadable(reason: "cannot open \"\(path)\""))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw ThemeFileError(path: "", problem: .unreadable(reason: "\(error)"))
        }
        guard data.count <= limit else {
            throw ThemeFileError(path: "", problem: .fileTooLarge(byteCount: data.count, limit: limit))
        }
        return [UInt8](data)
    }
}
