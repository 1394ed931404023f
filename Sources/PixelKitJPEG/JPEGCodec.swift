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

    /// Reads the header (`jpeg_read_header`), the EXIF orientation and an MPO's image count (its
    /// MP Index, as `ImageInfo.frames`); decodes no pixels: `readHeader(_:options:)`'s facts.
    /// - Throws: `ImageError` (`.limitExceeded` when the frame breaks `limits`, or an MPO declares
    ///   more than `limits.maxFrames` images).
    public func probe(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        try readHeader(source, options: DecodeOptions(limits: limits)).info
    }

    /// Reads the header once, for a decode that continues from it (`decode(_:header:options:into:)`):
    /// libjpeg's `jpeg_read_header` up to the first scan's header, keeping the EXIF orientation and
    /// an MPO's image count (the APP2 `MPF` segment's MP Index, as `ImageInfo.frames`), within
    /// `options`' limits (the frame, the image count, `maxChunkCount` against the APPn and COM
    /// segments), strictness and deadline. A file is opened once and stays open with the header.
    /// - Throws: `ImageError`, as `probe(_:limits:)`.
    public func readHeader(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Header {
        try source.withContents { (contents) throws(ImageError) in try Header(contents, options: options) }
    }

    /// Streams RGBA8 rows into `sink` through libjpeg, in batches of up to 16 rows in one reused buffer;
    /// a lenient decode stops early once `sink.isSatisfied` (a strict one decodes on to EOI, lending
    /// no more rows). A `.file` source is read as decoding proceeds (never whole,
    /// so `maxInputBytes` applies to `.bytes` only).
    ///
    /// - `options.minimumSize` picks the smallest n/8 scale covering it (1×1 → 1/8).
    /// - A progressive image at 1/8 with `allowsProgressiveShortcut` stops reading after the scans that
    ///   complete every component's DC, and adds back the expected value of the DC bits those scans
    ///   leave out: the rows' mean is then within a few tenths of the full decode's on photos. Those
    ///   scans are decoded without libjpeg, keeping one DC value per block (one MCU row of them when the
    ///   first scan carries every component, ≈ 1 MB for 12 MP otherwise); files that decoder leaves
    ///   alone (arithmetic coding, CMYK/YCCK, 12-bit, sampling factors other than 1 and 2) go through
    ///   libjpeg's buffered-image mode, which holds every coefficient of the image.
    /// - A baseline YCbCr or gray JPEG (with or without restart intervals) decoded at 1/4 or 1/8 with at least
    ///   256 KiB of entropy-coded data is decoded without libjpeg (`cjpegsplit.h`): exact box
    ///   averages of each block, within a fraction of a level of libjpeg's rows for 4:2:0, 4:4:4 and
    ///   gray, closer than libjpeg's to the full-size image for 4:2:2 and 4:4:0. With `options.maxThreads`
    ///   ≥ 2 and at least 1 MiB of entropy-coded data its scan is entropy-decoded in two halves at
    ///   once; the rows are the same, bit for bit, and the second half's blocks are kept until their
    ///   rows are due (≈ 11 MB for 48 MP at 1/4).
    /// - libjpeg's warnings (truncation, corrupt data) throw `.truncated` / `.malformed` with
    ///   libjpeg's message in `.strict` mode, and are listed in the report in `.lenient` mode.
    /// - One verdict: in `.strict` mode neither the progressive shortcut nor the split decoder is
    ///   used (they read only the DC scans or the first scan); libjpeg decodes at the same scale,
    ///   entropy-decoding every scan up to EOI, so a reduced strict decode fails exactly when the
    ///   full-size one does. In `.lenient` mode those two add "Premature end of JPEG file" when no
    ///   EOI is among the file's last 4 KiB.
    /// - The markers up to the first scan are parsed once, by libjpeg (`readHeader(_:options:)`): the
    ///   DC-scan and split decoders start from libjpeg's parsed header at the first scan's data
    ///   (`cjdc_set_header`, `cjsp_set_header`), and libjpeg itself continues where it stopped.
    /// - Limits are checked from the header, before libjpeg allocates for the image: pixel count,
    ///   dimensions, and libjpeg's whole-image coefficient buffers (or the DC decoder's buffers) plus
    ///   the row batch against `maxMemoryBytes` (also set as libjpeg's own `max_memory_to_use`).
    /// - Throws: `ImageError`; 12-bit files throw `.unsupported(format: .jpeg, feature: "12-bit samples")`.
    public func decode<Sink: RowSink>(_ source: ImageSource, options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
        try decode(source, header: nil, options: options, shortcutEngine: .dcScanDecoder, into: &sink)
    }

    /// `decode(_:options:into:)`, continuing from `header` (read by `readHeader(_:options:)` from this
    /// same source): libjpeg's decompressor goes on from the first scan's header without reading
    /// the header again, under `options`' strictness, limits and deadline (`cjs_set_strict`,
    /// `cjs_set_budget`, `cjs_set_max_memory`: a header that warned fails a strict decode, as a
    /// strict read of it would have). The header's facts are checked against `options.limits`
    /// again. A header decoded a second time is read again, from the same opening of a file.
    /// - Throws: `ImageError`, as `decode(_:options:into:)`.
    public func decode<Sink: RowSink>(
        _ source: ImageSource, header: Header, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try decode(source, header: header, options: options, shortcutEngine: .dcScanDecoder, into: &sink)
    }

    /// `decode(_:header:options:into:)` (without a header: reading it first) with a choice of decoder
    /// for the progressive 1/8 shortcut, and of when the split decoder is used (tests and benchmarks).
    func decode<Sink: RowSink>(
        _ source: ImageSource, header parsed: Header? = nil, options: DecodeOptions,
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
            if let parsed, let continued = try parsed.takeDecompressor(for: contents, options: options, budget: budget) {
                decompressor = continued
                header = parsed.header
            } else {
                // No header, or one a decode already used: read it (from a header's own opening of a file).
                decompressor = try Header.decompressor(for: contents, reopening: parsed?.input, options: options, budget: budget)
                header = try decompressor.readHeader(limits: options.limits)
            }
            let input = decompressor.input
            return try JPEGRowDecoder.decode(
                with: &decompressor, header: header, input: input, options: options, budget: budget, shortcutEngine: shortcutEngine,
                minimumEntropyBytes: minimumEntropyBytes, minimumSplitBytes: minimumSplitBytes, splitScales: splitScales,
                into: &sink)
        }
    }

    /// Encodes through libjpeg's compressor with TurboJPEG's `tjCompress2` settings (the same bytes):
    /// quality 0…1 maps to libjpeg quality 1…100 (`max(1, round(q · 100))`), the chroma subsampling
    /// asked for, optionally progressive. Pixels that are not opaque are composited over
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
        return ImageInfo(
            format: .jpeg, size: header.size,
            orientation: EXIFOrientationReader.orientation(fromTIFF: header.exif) ?? .up,
            bitDepth: header.bitDepth, hasAlpha: false, colorModel: header.colorModel,
            isProgressive: header.isProgressive, frames: max(header.imageCount, 1))
    }
}
