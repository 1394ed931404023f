import PixelKit
import PixelKitPlatform

/// A WebP file read in chunks through the package's `RegularFileReader`, so that libwebp's
/// incremental decoder can be fed without the whole file resident, and `maxInputBytes` is enforced
/// as the bytes arrive. Owns the descriptor: `close()` it when done.
struct WebPFileInput {
    /// What one read asks for: small enough that libwebp's incremental buffer (the unconsumed data
    /// plus one chunk) stays well under the file's size for a lossy file.
    static let chunkBytes = 64 << 10

    private let reader = RegularFileReader()
    private let descriptor: Int32
    private let path: PlatformPath
    private let limit: Int
    /// Bytes read so far.
    private(set) var count = 0
    /// Whether a read has met the end of the file.
    private(set) var isAtEnd = false

    /// Opens the file of `source` (a regular file only), or returns nil for bytes in memory.
    init?(_ source: ImageSource, limit: Int) throws(ImageError) {
        guard let path = source.platformPath, let descriptor = try source.openRegularFile() else { return nil }
        self.descriptor = descriptor
        self.path = path
        self.limit = limit
    }

    func close() { reader.calls.close(descriptor) }

    /// The file's size now (`fstat`), or nil when it cannot be read.
    var size: Int? {
        guard case .success(let status) = reader.calls.status(descriptor) else { return nil }
        return Int(status.size)
    }

    /// The next bytes, at most `maxBytes` (empty at the end of the file).
    /// - Throws: ``ImageError/limitExceeded(_:)`` as soon as the file is found to exceed `limit`
    ///   (the error `ImageSource.allBytes(limit:)` gives), ``ImageError/file(_:)``.
    mutating func next(upTo maxBytes: Int = chunkBytes) throws(ImageError) -> [UInt8] {
        // One byte past the limit is enough to know the file is too large.
        let wanted = min(maxBytes, limit < Int.max ? limit + 1 - count : Int.max - count)
        let bytes: [UInt8]
        do { bytes = try reader.read(descriptor: descriptor, path: path, upTo: wanted) } catch { throw ImageError(error) }
        count += bytes.count
        if count > limit { throw ImageError(FileSystemError.tooLarge(path: path, limit: limit)) }
        if bytes.count < wanted { isAtEnd = true }
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
