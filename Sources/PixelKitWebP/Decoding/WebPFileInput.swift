import PixelKit
import PixelKitPlatform

/// A WebP file read forward in chunks from the operation's opened file (`ImageFile`, with `pread`
/// at this reader's own offset), so that libwebp's incremental decoder can be fed without the whole
/// file resident, and `maxInputBytes` is enforced as the bytes arrive. The descriptor is borrowed.
struct WebPFileInput {
    /// What one read asks for: small enough that libwebp's incremental buffer (the unconsumed data
    /// plus one chunk) stays well under the file's size for a lossy file.
    static let chunkBytes = 64 << 10

    private let file: ImageFile
    private let limit: Int
    /// Bytes read so far (the offset of the next read).
    private(set) var count = 0
    /// Whether a read has met the end of the file.
    private(set) var isAtEnd = false

    /// The file of `source` (a path opened now, a regular file only), or nil for bytes in memory.
    init?(_ source: ImageSource, limit: Int) throws(ImageError) {
        guard let file = try source.openedFile() else { return nil }
        self.file = file
        self.limit = limit
    }

    /// The file's size when it was opened (`fstat`).
    var size: Int? { file.size }

    /// The next bytes, at most `maxBytes` (empty at the end of the file).
    /// - Throws: ``ImageError/limitExceeded(_:)`` as soon as the file is found to exceed `limit`
    ///   (the error `ImageSource.allBytes(limit:)` gives), ``ImageError/file(_:)``.
    mutating func next(upTo maxBytes: Int = chunkBytes) throws(ImageError) -> [UInt8] {
        // One byte past the limit is enough to know the file is too large.
        let wanted = min(maxBytes, limit < Int.max ? limit + 1 - count : Int.max - count)
        var bytes = [UInt8](repeating: 0, count: max(wanted, 0))
        let got = try file.fill(&bytes, at: count)
        bytes.removeLast(bytes.count - got)
        count += got
        if count > limit { throw ImageError(FileSystemError.tooLarge(path: file.platformPath, limit: limit)) }
        if got < wanted { isAtEnd = true }
        return bytes
    }

    /// Everything left in the file, appended to `leading`.
    mutating func rest(after leading: [UInt8]) throws(ImageError) -> [UInt8] {
        var bytes = leading
        while !isAtEnd {
            bytes += try next(upTo: 1 << 20)
        }
        return bytes
    }
}
