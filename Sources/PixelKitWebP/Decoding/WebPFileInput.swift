import PixelKit

/// A WebP file read forward in chunks from the operation's opened file (`ImageFile`, with `pread`
/// at this reader's own offset) — its first chunk by the header read, the rest by the decode from
/// where the header ended — so that libwebp's incremental decoder can be fed without the whole file
/// resident, and `maxInputBytes` is enforced as the bytes arrive. The descriptor is borrowed.
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

    /// `file`, read from `offset` on (the bytes before it were read already); `isAtEnd` when a
    /// read has met its end.
    init(_ file: ImageFile, limit: Int, from offset: Int = 0, isAtEnd: Bool = false) {
        self.file = file
        self.limit = limit
        count = offset
        self.isAtEnd = isAtEnd
    }

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
        // The file is larger than `limit`: reported as `ImageFile.allBytes(limit:)` reports it.
        if count > limit { throw .limitExceeded(.inputSize(bytes: limit + 1, limit: limit)) }
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
