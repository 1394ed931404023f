import PixelKit

/// A JPEG XL input read forward in bounded chunks — a file with `pread` through the operation's
/// opened `ImageFile`, so it is never held whole in memory, or bytes already in memory — with
/// `DecodingLimits.maxInputBytes` enforced as the bytes arrive.
struct JXLInput {
    /// What one read asks for at least: small enough that the deadline is checked often, large
    /// enough that libjxl's per-call overhead does not show.
    static let chunkBytes = 64 << 10

    private enum Storage {
        case file(ImageFile)
        case memory([UInt8])
    }

    private let storage: Storage
    private let limit: Int
    /// Bytes handed out so far (the offset of the next read).
    private(set) var offset = 0
    /// Whether every byte of the input has been handed out.
    private(set) var isAtEnd = false

    /// The input of `source`, refusing more than `limit` bytes.
    /// - Throws: `.limitExceeded(.inputSize)` for a larger input, `.emptyInput`, `.file`.
    init(_ source: ImageSource, limit: Int) throws(ImageError) {
        self.limit = limit
        if let file = try source.openedFile() {
            guard file.size <= limit else { throw .limitExceeded(.inputSize(bytes: file.size, limit: limit)) }
            storage = .file(file)
        } else {
            storage = .memory(try source.allBytes(limit: limit))
        }
        if case .memory(let bytes) = storage, bytes.isEmpty { throw .emptyInput }
        if case .file(let file) = storage, file.size == 0 { throw .emptyInput }
    }

    /// The next bytes, at most `maxBytes` (empty at the end of the input).
    /// - Throws: `.limitExceeded(.inputSize)` once more than the limit has been read (a file
    ///   growing after it was opened), `.file`.
    mutating func next(upTo maxBytes: Int = chunkBytes) throws(ImageError) -> [UInt8] {
        guard !isAtEnd else { return [] }
        let chunk: [UInt8]
        switch storage {
        case .file(let file):
            // One byte past the limit is enough to know the input is too large.
            chunk = try file.bytes(at: offset, count: min(maxBytes, limit + 1 - offset))
        case .memory(let bytes):
            chunk = Array(bytes[offset..<min(bytes.count, offset + maxBytes)])
        }
        offset += chunk.count
        if offset > limit { throw .limitExceeded(.inputSize(bytes: offset, limit: limit)) }
        if chunk.count < maxBytes { isAtEnd = true }
        return chunk
    }
}
