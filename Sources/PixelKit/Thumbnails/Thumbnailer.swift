#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes small, upright thumbnails of large images in bounded memory: the codec decodes at a
/// reduced size when it can (a JPEG at the smallest n/8 scale covering the target, or twice the
/// target when that is cheap: `ThumbnailOptions.minimumDecodeSize(for:stored:)`), the rows
/// stream through a `Resampler` to the target size and orientation, and the result is encoded.
/// The full-size image is never held.
///
/// ```swift
/// let thumbnailer = Thumbnailer(codecs: CodecRegistry([JPEGCodec(), PNGCodec()]))
/// let thumbnail = try thumbnailer.thumbnail(of: URL(filePath: "IMG_0001.jpg"))
/// print(thumbnail.size)   // 2000×1500 (longest side 2000, upright)
/// ```
///
/// A value that can be shared across tasks; see `forEachThumbnail` for batches.
public struct Thumbnailer: Sendable {
    /// The codecs that read the sources and write the thumbnails.
    public var codecs: CodecRegistry
    /// How every thumbnail is made.
    public var options: ThumbnailOptions

    /// A thumbnailer using `codecs` (it needs a decoder for each source format and an encoder for `options.format`).
    public init(codecs: CodecRegistry, options: ThumbnailOptions = .init()) {
        self.codecs = codecs
        self.options = options
    }

    /// A thumbnail of an image from any source (an ``ImageSource``, a file `URL`, `Data`, `[UInt8]`
    /// or a path `String`: see ``ImageSourceConvertible``), encoded as `options.format`.
    /// - Throws: ``ImageError`` (``ImageError/cancelled`` when the task is cancelled), wrapped in
    ///   ``ImageError/inFile(path:_:)`` for a file; ``ImageError/notAFileURL(url:)`` for a URL that
    ///   is not a file's.
    public func thumbnail(of source: some ImageSourceConvertible) throws(ImageError) -> Thumbnail {
        try thumbnail(of: source.imageSource, overlapping: options.usesSecondThread)
    }

    /// The synchronous `thumbnail(of:)`, made off the calling actor (on the global concurrent
    /// executor), so awaiting it on the main actor never blocks it.
    /// - Throws: as the synchronous `thumbnail(of:)`; ``ImageError/cancelled`` when the task is
    ///   cancelled (the decode stops within one batch of rows).
    @concurrent
    public func thumbnail(of source: some ImageSourceConvertible) async throws(ImageError) -> Thumbnail {
        try thumbnail(of: source.imageSource, overlapping: options.usesSecondThread)
    }

    /// - Parameter overlapping: resample, and let the codec decode, on a second core too (pointless
    ///   when every core already runs an image of a batch); never when `options.usesSecondThread` is off.
    func thumbnail(of source: ImageSource, overlapping: Bool) throws(ImageError) -> Thumbnail {
        try makeThumbnail(of: source, overlapping: overlapping, EncodedThumbnailRequest(options: options, overlapping: overlapping))
    }

    /// The thumbnail's pixels, not encoded, from any source (see ``ImageSourceConvertible``).
    /// - Throws: ``ImageError`` (``ImageError/cancelled`` when the task is cancelled), wrapped in
    ///   ``ImageError/inFile(path:_:)`` for a file.
    public func thumbnailImage(of source: some ImageSourceConvertible) throws(ImageError) -> ThumbnailImage {
        try makeThumbnail(of: source.imageSource, overlapping: options.usesSecondThread, ThumbnailImageRequest(options))
    }

    /// `request` alone from one decode of `source`; every error, the options' too, named after its file.
    private func makeThumbnail<Request: ImageResultRequest>(
        of source: ImageSource, overlapping: Bool, _ request: Request
    ) throws(ImageError) -> Request.Output {
        var decoding = options.decoding
        // A lone image may use a second core to decode too; in a busy batch it would only contend,
        // and a caller who keeps the cores busy otherwise says so (`usesSecondThread` off).
        if !options.usesSecondThread {
            decoding.maxThreads = 1
        } else if overlapping && ProcessorCount.active >= 2 {
            decoding.maxThreads = max(decoding.maxThreads, 2)
        }
        do throws(ImageError) {
            return try codecs.results(of: source, decoding: decoding, request)
        } catch {
            throw error.attributed(to: source)
        }
    }
}
