import PixelKit

/// JPEG for PixelKit: decodes and encodes through libjpeg(-turbo), row by row.
///
/// ```swift
/// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
/// var sink = MySink()
/// let report = try codecs.decode(.file(path: "photo.jpg"), options: .init(minimumSize: PixelSize(width: 1, height: 1)), into: &sink)
/// ```
///
/// Decoding uses libjpeg's defaults (accurate integer DCT, fancy upsampling), so full-size pixels are
/// those of `djpeg` and of libjpeg-turbo-based tools. A `minimumSize` selects the smallest n/8 scale
/// that still covers it. Gray images come out as R = G = B; CMYK/YCCK (inverted, as Adobe writes it)
/// as R = C·K/255, G = M·K/255, B = Y·K/255 rounded to nearest, without a color profile, like Pillow
/// (ImageMagick truncates); alpha is always 255. Only 8-bit JPEGs are supported (12-bit throws `ImageError.unsupported`).
public struct JPEGCodec: ImageDecoder, ImageEncoder {
    /// The JPEG codec; it has no settings (decode and encode options travel with each call).
    public init() {}

    /// `.jpeg`.
    public var format: ImageFormat { .jpeg }
    /// `"jpg"`.
    public var fileExtension: String { "jpg" }

    /// A JPEG starts with SOI (FF D8) followed by a marker (FF).
    public var signatureLength: Int { 3 }

    /// Whether the bytes start with FF D8 FF.
    public func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        leadingBytes.starts(with: [0xFF, 0xD8, 0xFF])
    }

    /// Opens `source` for one decode: libjpeg's `jpeg_read_header` up to the first scan's header,
    /// keeping the EXIF orientation and an MPO's image count (the APP2 `MPF` segment's MP Index, as
    /// `ImageInfo.frames`), within `options`' limits (the frame, the image count, `maxChunkCount`
    /// against the APPn and COM segments), strictness and deadline. A file is opened once and stays
    /// open with the session, whose decode continues from the header (see ``Session``).
    /// - Throws: `ImageError` (`.limitExceeded` when the frame breaks the limits, or an MPO declares
    ///   more than `limits.maxFrames` images).
    public func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        try source.withContents { (contents) throws(ImageError) in try Session(source, contents, options: options) }
    }

    /// The decode behind ``Session/decode(options:into:)`` (without a session: reading the header
    /// first), with a choice of decoder for the progressive 1/8 shortcut, and of when the split
    /// decoder is used (tests and benchmarks).
    func decode<Sink: RowSink>(
        _ source: ImageSource, session: Session? = nil, options: DecodeOptions,
        shortcutEngine: JPEGRowDecoder.ShortcutEngine,
        minimumEntropyBytes: Int = JPEGRowDecoder.defaultMinimumEntropyBytes,
        minimumSplitBytes: Int = JPEGRowDecoder.defaultMinimumSplitBytes,
        splitScales: Set<Int> = JPEGRowDecoder.defaultSplitScales, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let options = options.forInput(source)
        let budget = JPEGBudget(options)
        return try source.withContents { (contents) throws(ImageError) -> DecodeReport in
            var decompressor: JPEGDecompressor
            let header: JPEGHeader
            if let session, let continued = try session.takeDecompressor(for: contents, options: options, budget: budget) {
                decompressor = continued
                header = session.header
            } else {
                // No session, or one a decode already used: read the header (from the session's own opening of a file).
                decompressor = try Session.decompressor(for: contents, reopening: session?.input, options: options, budget: budget)
                header = try decompressor.readHeader(limits: options.limits)
            }
            let input = decompressor.input
            return try JPEGRowDecoder.decode(
                with: &decompressor, header: header, input: input, options: options, budget: budget, shortcutEngine: shortcutEngine,
                minimumEntropyBytes: minimumEntropyBytes, minimumSplitBytes: minimumSplitBytes, splitScales: splitScales,
                into: &sink)
        }
    }

    /// Encodes through libjpeg's compressor with TurboJPEG's `tjCompress2` settings and the accurate
    /// DCT (baseline, the same bytes as `tjCompress2` with `TJFLAG_ACCURATEDCT` when
    /// `options.optimizesHuffmanTables` is off; by default the Huffman tables are fitted to the
    /// image): quality 0…1 maps to libjpeg quality 1…100 (`max(1, round(q · 100))`), the chroma
    /// subsampling asked for, optionally progressive (six scans instead of libjpeg's simple
    /// progression's ten: the same pixels in fewer bytes). Pixels that are not opaque are composited over
    /// `options.background`. The only metadata written is `options.orientation` (an EXIF segment).
    /// - Throws: `ImageError.invalidOptions` for a quality outside 0…1 (or NaN) or an empty image,
    ///   `.encodingFailed` with libjpeg's message.
    public func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        let encoder = try JPEGRowEncoder(size: image.size, options: options)
        try image.forEachRow { (row) throws(ImageError) in try encoder.consume(row) }
        return try encoder.finish()
    }

    /// The same encoder taking the rows one by one, as a thumbnail's are made.
    public func rowEncoder(for size: PixelSize, options: EncodeOptions) throws(ImageError) -> (any ImageRowEncoder)? {
        try JPEGRowEncoder(size: size, options: options)
    }

    /// The header's facts as `ImageInfo`, after checking the frame and an MPO's image count against `limits`.
    static func info(from header: JPEGHeader, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        try limits.check(header.size)
        guard header.imageCount <= limits.maxFrames else {
            throw .limitExceeded(.frameCount(frames: header.imageCount, limit: limits.maxFrames))
        }
        var info = ImageInfo(
            format: .jpeg, size: header.size,
            orientation: EXIFOrientationReader.orientation(fromTIFF: header.exif) ?? .up,
            bitDepth: header.bitDepth, hasAlpha: false, colorModel: header.colorModel,
            isProgressive: header.isProgressive, frames: max(header.imageCount, 1))
        info.describeColor(header.colorSpace, embedsProfile: header.colorSpace != nil)
        return info
    }
}
