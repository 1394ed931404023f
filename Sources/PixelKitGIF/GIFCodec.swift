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
/// **Probe and limits.** The probe walks the block structure without decompressing anything: the
/// canvas and the first frame (both checked against `DecodingLimits.maxDimension` and
/// `maxPixelCount`, so the LZW output of the frame decoded is bounded), whether the first frame has
/// transparency or leaves part of the canvas uncovered (`hasAlpha`) and how many frames there are,
/// refusing more than `maxFrames` frames or `maxChunkCount` extensions; `maxInputBytes` bounds the
/// input. A decode does the same walk first.
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

    /// Canvas size, palette depth, transparency and interlacing of the first frame, from a walk of
    /// the blocks that decompresses nothing.
    /// - Throws: `ImageError` — `.limitExceeded` when the canvas, the first frame, the frames or
    ///   the extensions break `limits`; `.malformed`, `.truncated`, `.emptyInput`, `.file`.
    public func probe(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        try GIFInput.with(source, limit: limits.maxInputBytes) { (input) throws(ImageError) -> ImageInfo in
            try GIFStructure.walk(input, limits: limits).info
        }
    }

    /// The canvas and first frame's facts and giflib opened up to the first frame's pixel data,
    /// read once for ``decode(_:header:options:into:)`` to continue from: the block walk of
    /// ``probe(_:limits:)`` under `options.limits`, then giflib from the first byte again (the file's
    /// first 64 KiB are kept from the walk, not read twice). giflib's own errors are kept for the
    /// decode, which reports them where a plain decode does.
    /// - Throws: `ImageError` as for ``probe(_:limits:)``.
    public func readHeader(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Header {
        try GIFInput.with(source, limit: options.limits.maxInputBytes) { (input) throws(ImageError) -> Header in
            let (structure, state) = try GIFRowDecoder.readHeader(input, limits: options.limits)
            return Header(structure: structure, prepared: TakenOnce(state), source: source)
        }
    }

    /// Decodes the first frame on its canvas, top to bottom, as straight-alpha RGBA8 (always at
    /// full size: GIF has no reduced decode). The blocks are walked once: this is
    /// ``readHeader(_:options:)`` and ``decode(_:header:options:into:)``.
    /// - Throws: `ImageError` as for ``probe(_:limits:)``, plus `.limitExceeded(.memory)` when an
    ///   interlaced frame's indices exceed the memory limit, and in strict mode the damage listed in
    ///   the type's documentation; `.cancelled` or the deadline's limit when interrupted.
    public func decode<Sink: RowSink>(
        _ source: ImageSource, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let options = Self.decoding(source, options)
        return try GIFInput.with(source, limit: options.limits.maxInputBytes) { (input) throws(ImageError) -> DecodeReport in
            let (structure, state) = try GIFRowDecoder.readHeader(input, limits: options.limits)
            return try GIFRowDecoder.decode(continuing: state, structure, options: options, into: &sink)
        }
    }

    /// Decodes `source` as ``decode(_:options:into:)`` does, continuing from `header` (read from the
    /// same source by ``readHeader(_:options:)``): giflib goes on from the first frame's pixel
    /// data, without the blocks being walked or the file's start read again. The header's facts
    /// are checked against `options.limits` (with the input's pixels-per-byte limit, which a header
    /// read does not check).
    ///
    /// The header is read again, under `options`, when continuing is not possible: a header used a
    /// second time, whose facts break `options.limits` (the read again then throws the limit's
    /// error, as a plain decode does), or read from other bytes in memory than `source`'s.
    /// - Throws: `ImageError` as for ``decode(_:options:into:)``.
    public func decode<Sink: RowSink>(
        _ source: ImageSource, header: Header, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let options = Self.decoding(source, options)
        if let state = header.prepared.take(), state.input.count <= options.limits.maxInputBytes,
            header.structure.passes(options.limits) {
            switch source {
            case .openFile(let file) where state.input.isReading(file):
                return try GIFRowDecoder.decode(continuing: state, header.structure, options: options, into: &sink)
            case .file, .rawPath:
                // The same path, read through the file the header opened (still open in it).
                if state.bufferAddress == nil {
                    return try GIFRowDecoder.decode(continuing: state, header.structure, options: options, into: &sink)
                }
            case .bytes, .data:
                let report = try source.withContents { (contents) throws(ImageError) -> DecodeReport? in
                    // The input points at the bytes the header read borrowed: the same bytes only.
                    guard case .memory(let buffer) = contents, let address = state.bufferAddress,
                        buffer.baseAddress == address, buffer.count == state.bufferCount else { return nil }
                    return try GIFRowDecoder.decode(continuing: state, header.structure, options: options, into: &sink)
                }
                if let report { return report }
            case .openFile:
                break
            }
        }
        return try decode(source, options: options, into: &sink)
    }

    /// The options a decode runs under: LZW and frame compositing cost about twice a PNG's per pixel
    /// (see DecodingLimits.maxPixelsPerInputByte).
    private static func decoding(_ source: ImageSource, _ options: DecodeOptions) -> DecodeOptions {
        options.forInput(source, costPerPixel: 2)
    }
}
