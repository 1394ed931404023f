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
/// let thumbnail = try thumbnailer.thumbnail(ofFileAt: URL(filePath: "IMG_0001.jpg"))
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

    /// A thumbnail of the image file at `url`.
    /// - Throws: ``ImageError`` wrapped in ``ImageError/inFile(path:_:)``, or ``ImageError/notAFileURL(url:)``.
    public func thumbnail(ofFileAt url: URL) throws(ImageError) -> Thumbnail {
        try thumbnail(of: ImageSource(url), overlapping: true)
    }

    /// A thumbnail of the image file at `path`.
    /// - Throws: ``ImageError`` wrapped in ``ImageError/inFile(path:_:)``.
    public func thumbnail(ofFileAt path: String) throws(ImageError) -> Thumbnail {
        try thumbnail(of: .file(path: path), overlapping: true)
    }

    /// A thumbnail of an encoded image in memory, read in place (not copied).
    /// - Throws: ``ImageError``.
    public func thumbnail(of data: Data) throws(ImageError) -> Thumbnail {
        try thumbnail(of: .data(data), overlapping: true)
    }

    /// A thumbnail of an encoded image in memory.
    /// - Throws: ``ImageError``.
    public func thumbnail(of bytes: [UInt8]) throws(ImageError) -> Thumbnail {
        try thumbnail(of: .bytes(bytes), overlapping: true)
    }

    /// A thumbnail of an image from any source, encoded as `options.format`.
    /// - Throws: ``ImageError`` (``ImageError/cancelled`` when the task is cancelled), wrapped in
    ///   ``ImageError/inFile(path:_:)`` for a file.
    public func thumbnail(of source: ImageSource) throws(ImageError) -> Thumbnail {
        try thumbnail(of: source, overlapping: true)
    }

    /// ``thumbnail(ofFileAt:)-2lj5d``, made off the calling actor (on the global concurrent
    /// executor), so awaiting it on the main actor never blocks it.
    /// - Throws: ``ImageError``; ``ImageError/cancelled`` when the task is cancelled (the decode
    ///   stops within one batch of rows).
    @concurrent
    public func thumbnail(ofFileAt url: URL) async throws(ImageError) -> Thumbnail {
        try thumbnail(of: ImageSource(url), overlapping: true)
    }

    /// ``thumbnail(ofFileAt:)-7pu6k``, made off the calling actor; cancellable.
    @concurrent
    public func thumbnail(ofFileAt path: String) async throws(ImageError) -> Thumbnail {
        try thumbnail(of: .file(path: path), overlapping: true)
    }

    /// ``thumbnail(of:)-8kq5n``, made off the calling actor; cancellable.
    @concurrent
    public func thumbnail(of data: Data) async throws(ImageError) -> Thumbnail {
        try thumbnail(of: .data(data), overlapping: true)
    }

    /// ``thumbnail(of:)-9ou2``, made off the calling actor; cancellable.
    @concurrent
    public func thumbnail(of bytes: [UInt8]) async throws(ImageError) -> Thumbnail {
        try thumbnail(of: .bytes(bytes), overlapping: true)
    }

    /// ``thumbnail(of:)-2qjjx``, made off the calling actor; cancellable.
    @concurrent
    public func thumbnail(of source: ImageSource) async throws(ImageError) -> Thumbnail {
        try thumbnail(of: source, overlapping: true)
    }

    /// - Parameter overlapping: resample, and let the codec decode, on a second core too (pointless
    ///   when every core already runs an image of a batch).
    func thumbnail(of source: ImageSource, overlapping: Bool) throws(ImageError) -> Thumbnail {
        do throws(ImageError) {
            return try makeThumbnail(of: source, overlapping: overlapping)
        } catch {
            throw error.attributed(to: source)
        }
    }

    private func makeThumbnail(of source: ImageSource, overlapping: Bool) throws(ImageError) -> Thumbnail {
        let encoder = try codecs.encoder(for: options.format)
        let made = try makeThumbnailImage(of: source, overlapping: overlapping)
        try checkCancellation()
        let quality = options.quality(forSource: made.sourceInfo.format)
        // Pixels left as stored keep the source's orientation tag, so viewers still turn them upright.
        let encoding = EncodeOptions(
            quality: quality, chromaSubsampling: options.chromaSubsampling, progressive: options.progressive,
            background: options.background, orientation: made.orientationApplied ? .up : made.sourceInfo.orientation)
        let data = try encoder.encode(made.image, options: encoding)
        return Thumbnail(
            data: data, format: encoder.format, fileExtension: encoder.fileExtension, size: made.image.size,
            quality: quality, sourceInfo: made.sourceInfo, decodedSize: made.decodedSize,
            orientationApplied: made.orientationApplied, warnings: made.warnings)
    }

    /// The thumbnail's pixels, not encoded.
    /// - Throws: ``ImageError`` (``ImageError/cancelled`` when the task is cancelled), wrapped in
    ///   ``ImageError/inFile(path:_:)`` for a file.
    public func thumbnailImage(of source: ImageSource) throws(ImageError) -> ThumbnailImage {
        do throws(ImageError) {
            return try makeThumbnailImage(of: source, overlapping: true)
        } catch {
            throw error.attributed(to: source)
        }
    }

    private func makeThumbnailImage(of source: ImageSource, overlapping: Bool) throws(ImageError) -> ThumbnailImage {
        try options.validate()
        try checkCancellation()
        let decoder = try codecs.decoder(for: source)
        let info = try decoder.probe(source, limits: options.decoding.limits)
        let target = ThumbnailSizing.size(fitting: info.size, maxPixelSize: options.maxPixelSize)
        let orientation = options.appliesOrientation ? info.orientation : .up
        var decoding = options.decoding
        decoding.minimumSize = options.minimumDecodeSize(for: target, stored: info.size)
        // A lone image may use a second core to decode too; in a busy batch it would only contend.
        if overlapping && ProcessorCount.active >= 2 { decoding.maxThreads = max(decoding.maxThreads, 2) }
        let resampler = Resampler(
            outputSize: target, filter: options.filter, space: options.space,
            premultipliesAlpha: info.hasAlpha, orientation: orientation)
        let report: DecodeReport
        let image: RGBAImage
        if overlapping {
            var sink = CancellableSink(base: OverlappedResampling(resampler))
            report = try decoder.decode(source, options: decoding, into: &sink)
            try checkCancellation()
            image = sink.base.makeImage()
        } else {
            var sink = CancellableSink(base: resampler)
            report = try decoder.decode(source, options: decoding, into: &sink)
            try checkCancellation()
            image = sink.base.makeImage()
        }
        return ThumbnailImage(
            image: image, sourceInfo: report.info, decodedSize: report.outputSize,
            orientationApplied: orientation != .up, warnings: report.warnings)
    }

    private func checkCancellation() throws(ImageError) {
        if Task.isCancelled { throw .cancelled }
    }
}
