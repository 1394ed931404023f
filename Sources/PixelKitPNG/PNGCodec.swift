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

    /// Opens `source` for one decode, reading everything before the image data once — the stored
    /// size checked against `options.limits` before libspng sees the file, one walk of the chunk
    /// headers (counting the ancillary chunks and an APNG's frames), then libspng's IHDR, tRNS and
    /// `eXIf` — and keeping the libspng decoder that read it, for ``Session/decode(options:into:)``
    /// to continue from. The facts: size, bit depth, color model, alpha (an alpha channel or a tRNS
    /// chunk) and interlacing. A strict open fails on a bad ancillary CRC there, as a strict decode
    /// does; a lenient one drops the chunk and the decode reports the warning.
    /// - Throws: `ImageError` — `.limitExceeded` when the size breaks the limits (before anything
    ///   sized by the header is allocated), `.malformed`/`.truncated` with libspng's message,
    ///   `.emptyInput`, `.file`; (strict) `.malformed` for a bad ancillary CRC before the image data.
    public func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        let source = try source.opened()
        return try PNGInput.with(source) { (input) throws(ImageError) -> Session in
            let (info, state) = try PNGRowDecoder.readHeader(input, options: options)
            return Session(info: info, prepared: state, source: source)
        }
    }

    /// Reads the header and decodes in one borrow of `source`'s contents: a session's decode when
    /// it cannot continue from its header.
    static func decodeReadingHeader<Sink: RowSink>(
        _ source: ImageSource, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try PNGInput.with(source) { (input) throws(ImageError) -> DecodeReport in
            let (info, state) = try PNGRowDecoder.readHeader(input, options: options)
            return try PNGRowDecoder.decode(continuing: state, info: info, options: options, into: &sink)
        }
    }

    /// An 8-bit PNG: RGB when every pixel is opaque, else RGBA; Adam7-interlaced when
    /// `options.progressive`. Lossless, so `quality` and the JPEG settings are ignored.
    /// - Throws: `ImageError.encodingFailed` with libspng's message.
    public func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        try PNGWriter.encode(image, interlaced: options.progressive, compressionLevel: compressionLevel, colorProfile: options.colorProfile)
    }
}
