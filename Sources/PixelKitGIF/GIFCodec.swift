import PixelKit

/// GIF reading through giflib: register it with
/// `CodecRegistry([JPEGCodec(), PNGCodec(), GIFCodec()])`.
///
/// **Decoding** delivers the first frame as 8-bit RGBA rows of the canvas (the logical screen):
/// the frame's pixels inside its rectangle, transparent outside it, alpha 0 at the frame's
/// transparent index (the Graphic Control Extension's), colors from the frame's local color table
/// or the global one (gray levels when the file has neither). Interlaced frames are reordered. An
/// animated file gives its first frame, with no warning: that is what a still picture of it shows.
/// The file is read as giflib asks for bytes (in 64 KiB windows through the package's file
/// reader), never whole; bytes in memory are read in place.
///
/// **Opening and limits.** Opening (and so probing) walks the block structure without decompressing anything: the
/// canvas and the first frame (both checked against `DecodingLimits.maxDimension` and
/// `maxPixelCount`, so the LZW output of the frame decoded is bounded), whether the first frame has
/// transparency or leaves part of the canvas uncovered (`hasAlpha`) and how many frames there are,
/// refusing more than `maxFrames` frames or `maxChunkCount` extensions; `maxInputBytes` bounds the
/// input.
///
/// **Damage.** A file that is not a GIF, or whose blocks end before the first frame's data, is
/// `ImageError.malformed(format: .gif, …)` or `.truncated(format: .gif, …)`. Damage inside the first
/// frame's pixel data (LZW codes giflib rejects, data that ends early) is a warning in lenient
/// mode, the rows not decoded left transparent, and the same typed error in strict mode; so are
/// stray bytes between blocks (skipped, as viewers do; zero bytes are skipped silently) and a file
/// ending inside a later frame.
///
/// GIF is read only: thumbnails of a GIF are written as JPEG or PNG.
public struct GIFCodec: ImageDecoder {
    /// A GIF codec; it has no settings.
    public init() {}

    /// `PixelKit.ImageFormat.gif`.
    public var format: ImageFormat { .gif }
    /// The 6 bytes of the signature.
    public var signatureLength: Int { GIFStructure.signatureLength }

    /// Whether the bytes start `GIF87a` or `GIF89a`.
    public func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        GIFStructure.isGIF(leadingBytes)
    }

    /// Opens `source` for one decode: the canvas and first frame's facts (size, palette depth,
    /// transparency and interlacing) from a walk of the blocks that decompresses nothing, then giflib
    /// opened up to the first frame's pixel data for ``Session/decode(options:into:)`` to continue
    /// from (the file's first 64 KiB are kept from the walk, not read twice). giflib's own errors are
    /// kept for the decode, which reports them where a fresh decode does.
    /// - Throws: `ImageError` — `.limitExceeded` when the canvas, the first frame, the frames or
    ///   the extensions break the limits; `.malformed`, `.truncated`, `.emptyInput`, `.file`.
    public func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        let source = try source.opened()
        return try GIFInput.with(source, limit: options.limits.maxInputBytes) { (input) throws(ImageError) -> Session in
            let (structure, state) = try GIFRowDecoder.readHeader(input, limits: options.limits)
            return Session(structure: structure, prepared: state, source: source)
        }
    }

    /// Walks the blocks and decodes in one borrow of `source`'s contents: a session's decode when
    /// it cannot continue from its header.
    static func decodeReadingHeader<Sink: RowSink>(
        _ source: ImageSource, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try GIFInput.with(source, limit: options.limits.maxInputBytes) { (input) throws(ImageError) -> DecodeReport in
            let (structure, state) = try GIFRowDecoder.readHeader(input, limits: options.limits)
            return try GIFRowDecoder.decode(continuing: state, structure, options: options, into: &sink)
        }
    }

    /// The options a decode runs under: LZW and frame compositing cost about twice a PNG's per pixel
    /// (see DecodingLimits.maxPixelsPerInputByte).
    static func decoding(_ source: ImageSource, _ options: DecodeOptions) -> DecodeOptions {
        options.forInput(source, costPerPixel: 2)
    }
}
