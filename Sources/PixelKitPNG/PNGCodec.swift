import PixelKit

/// PNG reading and writing through libspng: register it with `CodecRegistry([JPEGCodec(), PNGCodec()])`.
///
/// Decoding streams 8-bit RGBA rows (see `decode(_:options:into:)` for the conversions); PNG has
/// no reduced decode, so `DecodeOptions.minimumSize` is ignored and rows always have the stored size.
///
/// **Strict and lenient.** Every chunk CRC is checked. The recoverable problems — the warnings — are:
/// - an *ancillary* chunk (text, gamma, ICC profile, tRNS, …) before the image data whose CRC does
///   not match: lenient drops the chunk (a dropped tRNS leaves the image opaque) and reports a
///   warning; strict throws `ImageError.malformed`. After the image data, lenient drops such chunks
///   without a warning (libspng does not tell), strict throws;
/// - input that ends after at least one row was decoded (cut inside the image data, or a missing
///   IEND): lenient delivers every row, the pixels it could not decode transparent black, and reports
///   a warning; strict throws `ImageError.truncated`;
/// - a gray or RGB image's tRNS color key beyond its bit depth (a 1-bit image's gray key 255),
///   which can match no pixel: lenient ignores the chunk (every pixel opaque; `probe` too reports
///   `hasAlpha` false) and reports a warning; strict throws `ImageError.malformed`. (Pillow instead
///   compares the key with samples scaled to 8 bits, so a 1-bit image's key 255 hides its white.)
///
/// Everything else is an error in both modes: a CRC mismatch in a critical chunk (IHDR, PLTE, IDAT,
/// IEND), a corrupt compressed stream, an invalid header, input that ends before any row.
/// libspng drops ancillary chunks with invalid *contents* (not CRC) silently, without a warning.
/// When a sink is satisfied early, the rest of the file is neither read nor checked.
public struct PNGCodec: ImageDecoder, ImageEncoder {
    /// zlib compression level for encoding, 0 (store) … 9 (smallest).
    public let compressionLevel: Int

    /// - Parameter compressionLevel: zlib level for encoding, clamped to 0…9. The default is 3, not
    ///   zlib's 6: on a synthetic 12 MP RGB image level 6 took 2.3× as long (3.5 s against 1.5 s)
    ///   for a 2.5 % smaller file (libspng's own advice for truecolor is 1…5).
    public init(compressionLevel: Int = 3) {
        self.compressionLevel = min(max(compressionLevel, 0), 9)
    }

    /// `.png`.
    public var format: ImageFormat { .png }
    /// `"png"`.
    public var fileExtension: String { "png" }
    /// The 8 bytes of the PNG signature.
    public var signatureLength: Int { PNGHeader.signature.count }

    /// Whether the bytes start with the PNG signature (`89 50 4E 47 0D 0A 1A 0A`).
    public func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        leadingBytes.starts(with: PNGHeader.signature)
    }

    /// Size, bit depth, color model, alpha (an alpha channel or a tRNS chunk) and interlacing, read
    /// from the chunks before the image data without decoding pixels: ``readHeader(_:options:)``'s
    /// facts, read leniently (a bad ancillary CRC drops the chunk).
    /// - Throws: `ImageError` — `.limitExceeded` when the size breaks `limits` (before anything sized
    ///   by the header is allocated), `.malformed`/`.truncated` with libspng's message, `.emptyInput`,
    ///   `.file`.
    public func probe(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        try readHeader(source, options: DecodeOptions(strictness: .lenient, limits: limits)).info
    }

    /// Reads everything before the image data once — the stored size checked against
    /// `options.limits` before libspng sees the file, one walk of the chunk headers (counting the
    /// ancillary chunks and an APNG's frames), then libspng's IHDR, tRNS and `eXIf` — and keeps the
    /// libspng decoder that read it, for ``decode(_:header:options:into:)`` to continue from. A
    /// strict read fails on a bad ancillary CRC there, as a strict decode does; a lenient one drops
    /// the chunk and the decode reports the warning.
    /// - Throws: `ImageError` as for ``probe(_:limits:)``, plus (strict) `.malformed` for a bad
    ///   ancillary CRC before the image data.
    public func readHeader(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Header {
        try PNGInput.with(source) { (input) throws(ImageError) -> Header in
            let (info, state) = try PNGRowDecoder.readHeader(input, options: options)
            return Header(info: info, prepared: TakenOnce(state), source: source)
        }
    }

    /// Decodes rows top to bottom as 8-bit RGBA: gray replicated to RGB, 1/2/4-bit samples scaled by
    /// bit replication, palette expanded, tRNS applied as alpha (a matching gray/RGB color key gets
    /// alpha 0), 16-bit samples reduced to their high byte, no gamma correction. A file is read as
    /// it decodes, never whole. A lenient decode stops early once `sink.isSatisfied` (for interlaced
    /// images, after the last pass, which needs a whole frame checked against
    /// `limits.maxMemoryBytes`); a strict one always reads to IEND, checking every CRC, so it fails
    /// exactly when the full decode does. Cancellation and `options.deadline` are checked before
    /// every row and, for a file, at every read. The header is read once: this is
    /// ``readHeader(_:options:)`` and ``decode(_:header:options:into:)``.
    /// - Throws: `ImageError` as for `probe`, plus `.limitExceeded(.chunkSize)` for a metadata chunk
    ///   above `limits.maxChunkBytes`, `.limitExceeded(.chunkCount)` for more ancillary chunks than
    ///   `limits.maxChunkCount`, `.limitExceeded(.memory)`, `.limitExceeded(.deadline)`,
    ///   `.cancelled`, and (strict) the warnings above.
    public func decode<Sink: RowSink>(_ source: ImageSource, options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
        let options = options.forInput(source)
        return try PNGInput.with(source) { (input) throws(ImageError) -> DecodeReport in
            let (info, state) = try PNGRowDecoder.readHeader(input, options: options)
            return try PNGRowDecoder.decode(continuing: state, info: info, options: options, into: &sink)
        }
    }

    /// Decodes `source` as ``decode(_:options:into:)`` does, continuing from `header` (read from
    /// the same source by ``readHeader(_:options:)``): libspng's decoder goes on from the image
    /// data, so neither the file's first bytes nor the chunks before the image data are read
    /// again. The header's facts are checked against `options.limits` (with the input's
    /// pixels-per-byte limit, which a header read does not check).
    ///
    /// The header is read again, under `options`, when continuing is not possible: a header used
    /// a second time, read with another strictness or `maxChunkBytes`, whose facts break
    /// `options.limits` (the read again then throws the limit's error, as a plain decode does), or
    /// from other bytes in memory than `source`'s.
    /// - Throws: `ImageError` as for ``decode(_:options:into:)``.
    public func decode<Sink: RowSink>(
        _ source: ImageSource, header: Header, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let options = options.forInput(source)
        if let state = header.prepared.take(), PNGRowDecoder.canContinue(state, info: header.info, options: options) {
            switch (state.reader.input, source) {
            case (.file(let stream), .openFile(let file)) where stream.file === file:
                return try PNGRowDecoder.decode(continuing: state, info: header.info, options: options, into: &sink)
            case (.file, .file), (.file, .rawPath):
                // The same path, read through the file the header opened (still open in it).
                return try PNGRowDecoder.decode(continuing: state, info: header.info, options: options, into: &sink)
            case (.buffer, .bytes), (.buffer, .data):
                let report = try source.withContents { (contents) throws(ImageError) -> DecodeReport? in
                    // libspng points at the bytes the header read borrowed: the same bytes only.
                    guard case .memory(let buffer) = contents, buffer.baseAddress == state.bufferAddress,
                        buffer.count == state.bufferCount else { return nil }
                    return try PNGRowDecoder.decode(continuing: state, info: header.info, options: options, into: &sink)
                }
                if let report { return report }
            default:
                break
            }
        }
        return try decode(source, options: options, into: &sink)
    }

    /// An 8-bit PNG: RGB when every pixel is opaque, else RGBA; Adam7-interlaced when
    /// `options.progressive`. Lossless, so `quality` and the JPEG settings are ignored.
    /// - Throws: `ImageError.encodingFailed` with libspng's message.
    public func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        try PNGWriter.encode(image, interlaced: options.progressive, compressionLevel: compressionLevel)
    }
}
