import CSpng
import PixelKit

/// One PNG input prepared for libspng under a set of limits: checks the stored size before libspng
/// allocates anything, creates configured decoder contexts, and turns libspng's error codes into
/// `ImageError`s that carry the offending detail.
struct PNGReader {
    let input: PNGInput
    let limits: DecodingLimits
    /// Past it (or once the task is cancelled) reads from a file stop, and `imageError` says why.
    let deadline: DecodeDeadline?
    /// IHDR's width and height read from the raw bytes, when the file starts like a PNG.
    let storedSize: PixelSize?

    /// - Throws: `ImageError.emptyInput` for zero bytes; `.limitExceeded` when IHDR's (non-zero)
    ///   width and height break `limits`. (The chunks before the image data are counted by
    ///   `PNGChunkScan.prelude`.)
    init(input: PNGInput, limits: DecodingLimits, deadline: DecodeDeadline? = nil) throws(ImageError) {
        let leading = try input.leadingBytes(24)
        guard !leading.isEmpty else { throw .emptyInput }
        self.input = input
        self.limits = limits
        self.deadline = deadline
        self.storedSize = PNGHeader.storedSize(leadingBytes: leading)
        // A zero width or height is malformed, not a limit: libspng reports it.
        if let size = storedSize, size.width > 0, size.height > 0 { try limits.check(size) }
    }

    private init(input: PNGInput, limits: DecodingLimits, deadline: DecodeDeadline?, storedSize: PixelSize?) {
        self.input = input
        self.limits = limits
        self.deadline = deadline
        self.storedSize = storedSize
    }

    /// This reader for a decode that continues from its header under `options` (their limits name
    /// the errors, their deadline stops a file's reads), without reading anything.
    func continuing(under options: DecodeOptions) -> PNGReader {
        if case .file(let stream) = input { stream.deadline = options.deadline }
        return PNGReader(input: input, limits: options.limits, deadline: options.deadline, storedSize: storedSize)
    }

    /// libspng 0.7 stores at most this many ancillary chunks (its `SPNG_CHUNK_COUNT_LIMIT` default,
    /// which 0.7.3 does not let callers change), whatever `maxChunkCount` says.
    static let libspngChunkCountLimit = 1000

    /// A fresh decoder reading the input from its start. CRC mismatches in critical chunks always
    /// fail; `ancillaryChecksums` says what a mismatch in an ancillary chunk does.
    func makeDecoder(ancillaryChecksums: spng_crc_action) throws(SpngFailure) -> SpngContext {
        guard let context = SpngContext(encoder: false) else { throw SpngFailure(code: SPNG_EMEM.rawValue) }
        try context.setImageLimits(width: Self.clamped(limits.maxDimension), height: Self.clamped(limits.maxDimension))
        let chunkBytes = max(0, limits.maxChunkBytes)
        try context.setChunkLimits(chunkBytes: chunkBytes, cacheBytes: Self.chunkCacheBytes(forChunkBytes: chunkBytes))
        try context.setChecksumAction(critical: SPNG_CRC_ERROR, ancillary: ancillaryChecksums)
        try input.attach(to: context, deadline: deadline)
        return context
    }

    /// All stored metadata chunks together may take this many bytes: room for a few chunks at the
    /// size limit (an ICC profile plus EXIF plus text), still a fixed bound.
    static func chunkCacheBytes(forChunkBytes chunkBytes: Int) -> Int {
        let (product, overflow) = chunkBytes.multipliedReportingOverflow(by: 4)
        return overflow ? Int.max : product
    }

    /// libspng accepts image limits up to 2³¹ − 1.
    private static func clamped(_ dimension: Int) -> UInt32 { UInt32(max(1, min(dimension, Int(Int32.max)))) }

    /// The `ImageError` for a libspng failure on this input, with libspng's own message.
    func imageError(_ failure: SpngFailure) -> ImageError {
        if failure.code == SPNG_IO_ERROR.rawValue {
            // A read the stream refused because the decode was interrupted.
            do throws(ImageError) {
                try DecodeOptions(deadline: deadline).checkInterruption()
            } catch {
                return error
            }
        }
        if failure.isTruncation {
            // A chunk longer than the limit is refused whether or not its bytes are all there.
            if let bytes = PNGChunkScan.firstOversizedAncillaryChunk(in: input, limit: limits.maxChunkBytes) {
                return .limitExceeded(.chunkSize(bytes: bytes, limit: limits.maxChunkBytes))
            }
            return .truncated(format: .png, message: failure.message)
        }
        if failure.isDimensionRejection, let size = storedSize, size.width > 0, size.height > 0 {
            return .limitExceeded(.dimension(width: size.width, height: size.height, limit: limits.maxDimension))
        }
        if failure.isChunkLimit {
            if let bytes = PNGChunkScan.firstOversizedAncillaryChunk(in: input, limit: limits.maxChunkBytes) {
                return .limitExceeded(.chunkSize(bytes: bytes, limit: limits.maxChunkBytes))
            }
            // libspng also stops at its own count of stored chunks (after the image data, say).
            let limit = min(max(1, limits.maxChunkCount), Self.libspngChunkCountLimit)
            if let count = PNGChunkScan.ancillaryChunkCount(in: input, above: limit) {
                return .limitExceeded(.chunkCount(kind: "PNG ancillary chunks", count: count, limit: limit))
            }
            // Inflated text can pass the limit with a short stored chunk: then its size is unknown
            // (inflation stops at the limit) and the smallest violating size is reported.
            return .limitExceeded(.chunkSize(bytes: limits.maxChunkBytes + 1, limit: limits.maxChunkBytes))
        }
        if failure.code == SPNG_ECHUNK_UNKNOWN_CRITICAL.rawValue {
            return .unsupported(format: .png, feature: failure.message)
        }
        // The file stream answers SPNG_IO_ERROR only after a failed read, whose errno it keeps.
        if failure.code == SPNG_IO_ERROR.rawValue, case .file(let stream) = input, let code = stream.readErrorCode {
            return .file(FileError(path: stream.file.path, operation: .read, errno: code))
        }
        return .malformed(format: .png, message: failure.message)
    }
}
