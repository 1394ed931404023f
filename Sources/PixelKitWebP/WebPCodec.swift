import PixelKit

/// WebP reading and writing through libwebp: register it with
/// `CodecRegistry([JPEGCodec(), PNGCodec(), WebPCodec()])`.
///
/// **Decoding** delivers 8-bit RGBA rows of lossy, lossless and alpha files. An animated file
/// delivers its first frame on the canvas (transparent outside the frame), with no warning, and
/// `ImageInfo.frames` counts its frames (`ANMF` chunks, counted without decoding). A lossy still file is read in 64 KiB chunks and fed to libwebp's incremental decoder as it
/// arrives, so the whole file is not held in memory next to the pixels; bytes in memory, animations
/// (the demuxer needs the whole file), lossless files (libwebp's incremental decoder would stop
/// where `WebPDecode` reads on) and files whose image chunk follows more than 64 KiB of metadata
/// are decoded from memory. `DecodingLimits.maxInputBytes` bounds what is read; the canvas size read
/// by `WebPGetFeatures` is checked against the limits before any pixel buffer is allocated.
///
/// **Header once.** ``open(_:options:)`` reads the features and walks the RIFF chunk headers
/// once; ``Session/decode(options:into:)`` continues from that ``Session``, handing the bytes it
/// read to libwebp first, so a file's start is read once for an operation's header and decode.
///
/// **Orientation.** The `Orientation` tag of an extended file's `EXIF` chunk (its TIFF structure,
/// or `Exif\0\0` and one, as some writers store it) is `ImageInfo.orientation`, read by the same
/// parser as JPEG's, whether or not the `VP8X` flags announce the chunk (as libwebp's demuxer
/// finds it); thumbnails apply it. An `EXIF` chunk above `DecodingLimits.maxChunkBytes` is refused
/// (`ImageError.limitExceeded(.chunkSize)`).
///
/// **Threads.** With `DecodeOptions.maxThreads` ≥ 2 libwebp filters and emits rows on a second
/// thread while the calling thread parses the next (`use_threads`); the pixels are the same.
///
/// **Reduced decoding.** When `DecodeOptions.minimumSize` is smaller than the image, libwebp's own
/// scaler (`WebPDecoderConfig.options.use_scaling`, an area-averaging rescaler working on the
/// decoded rows) delivers the smallest size that keeps the aspect ratio and is at least the minimum,
/// so the pixel buffer has the output's size, not the stored one's. A lossy file with alpha is
/// delivered at full size instead: libwebp's scaler averages its color and alpha planes separately
/// (colors under transparent pixels would count as much as visible ones), while the sink weights
/// each full-size pixel by its alpha. Lossless files are premultiplied before libwebp scales them, so
/// their scaled rows are alpha-weighted. The frame of an animated file is always delivered at full
/// size. `minimumSize == nil` decodes at full size.
///
/// **Damage.** libwebp reports a status code, not a message: input that ends early is
/// `ImageError.truncated(format:message:)`, a corrupt bitstream
/// `ImageError.malformed(format:message:)`, a feature libwebp cannot decode
/// `ImageError.unsupported(format:feature:)`, each naming the status. libwebp recovers no rows from
/// a damaged file, so strict and lenient decoding behave alike.
///
/// **Encoding** writes lossy WebP at `EncodeOptions.quality` × 100 (libwebp's quality factor),
/// keeping alpha when any pixel is not opaque. No metadata is written: `EncodeOptions.orientation`
/// is ignored (thumbnails apply orientation to the pixels by default).
public struct WebPCodec: ImageDecoder, ImageEncoder {
    /// A WebP codec; it has no settings.
    public init() {}

    /// `PixelKit.ImageFormat.webp`.
    public var format: ImageFormat { .webp }
    /// `"webp"`.
    public var fileExtension: String { "webp" }
    /// The 12 bytes of the RIFF header: `RIFF`, the size, `WEBP`.
    public var signatureLength: Int { WebPHeader.signatureLength }

    /// Whether the bytes start `RIFF????WEBP`.
    public func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        WebPHeader.isWebP(leadingBytes)
    }

    /// Opens `source` for one decode, reading its header once: `WebPGetFeatures` on a file's first
    /// 64 KiB (the whole file when its image chunk lies further in), then one walk of the RIFF chunk
    /// headers past them, counting chunks and frames against `options.limits` and reading the EXIF
    /// orientation. The facts: canvas size, alpha, lossy/lossless and animation; for an extended
    /// (`VP8X`) file, the frame count and the EXIF orientation. The session keeps the bytes read
    /// (see ``Session``).
    /// - Throws: `ImageError` — `.limitExceeded` when the size breaks the limits, for more chunks or
    ///   frames than they allow or an oversized `EXIF` chunk; `.malformed`, `.truncated` or
    ///   `.unsupported` naming libwebp's status, `.emptyInput`, `.file`.
    public func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        try options.checkInterruption()
        return try Session(reading: source, limits: options.limits)
    }

    /// Lossy WebP at `options.quality` (0…1 → libwebp's 0…100), with alpha only when some pixel is
    /// not opaque, and `options.colorProfile` in an `ICCP` chunk. Other settings do not apply to
    /// WebP and are ignored.
    /// - Throws: `ImageError.encodingFailed` naming libwebp's error (e.g. a side above 16,383 pixels).
    public func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        let webp = try WebPWriter.encode(image, quality: options.quality)
        return options.colorProfile.map { WebPColorProfileWriter.inserting($0.bytes, into: webp, size: image.size) } ?? webp
    }
}
