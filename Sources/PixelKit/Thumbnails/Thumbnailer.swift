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
        do throws(ImageError) {
            return try makeThumbnail(of: source.opened(), overlapping: overlapping)
        } catch {
            throw error.attributed(to: source)
        }
    }

    private func makeThumbnail(of source: ImageSource, overlapping: Bool) throws(ImageError) -> Thumbnail {
        let encoder = try codecs.encoder(for: options.format)
        var encoding = EncodeOptions()
        let made = try makePixels(of: source, overlapping: overlapping) { (info, size, orientationApplied, storedProfile) throws(ImageError) in
            // Pixels left as stored keep the source's orientation tag, so viewers still turn them
            // upright, and pixels left in the source's colors keep its profile.
            encoding = EncodeOptions(
                quality: options.quality(forSource: info.format), chromaSubsampling: options.chromaSubsampling,
                progressive: options.progressive, optimizesHuffmanTables: options.optimizesHuffmanTables, background: options.background,
                orientation: orientationApplied ? .up : info.orientation, colorProfile: storedProfile)
            // Turned rows are only final once the last input row is in, so only unturned ones stream,
            // and only where a second core resamples (and so encodes) while the decoder decodes.
            return overlapping && !orientationApplied ? try encoder.rowEncoder(for: size, options: encoding) : nil
        }
        try checkCancellation()
        let data: [UInt8]
        let size: PixelSize
        switch made.pixels {
        case .image(let image):
            data = try encoder.encode(image, options: encoding)
            size = image.size
        case .encoded(let bytes, let encodedSize):
            data = bytes
            size = encodedSize
        }
        return Thumbnail(
            data: data, format: encoder.format, fileExtension: encoder.fileExtension, size: size,
            quality: encoding.quality, sourceInfo: made.sourceInfo, decodedSize: made.decodedSize,
            orientationApplied: made.orientationApplied, warnings: made.warnings)
    }

    /// The thumbnail's pixels, not encoded, from any source (see ``ImageSourceConvertible``).
    /// - Throws: ``ImageError`` (``ImageError/cancelled`` when the task is cancelled), wrapped in
    ///   ``ImageError/inFile(path:_:)`` for a file.
    public func thumbnailImage(of source: some ImageSourceConvertible) throws(ImageError) -> ThumbnailImage {
        let source = try source.imageSource
        do throws(ImageError) {
            let made = try makePixels(of: source.opened(), overlapping: options.usesSecondThread)
            guard case .image(let image) = made.pixels else { preconditionFailure("no row encoder was given") }
            return ThumbnailImage(
                image: image, sourceInfo: made.sourceInfo, decodedSize: made.decodedSize,
                orientationApplied: made.orientationApplied, warnings: made.warnings)
        } catch {
            throw error.attributed(to: source)
        }
    }

    /// A thumbnail's pixels, or its file when they went to a row encoder as they were made, and the
    /// facts of its source.
    private struct MadePixels {
        enum Pixels {
            case image(RGBAImage)
            case encoded([UInt8], size: PixelSize)
        }
        var pixels: Pixels
        var sourceInfo: ImageInfo
        var decodedSize: PixelSize
        var orientationApplied: Bool
        var warnings: [DecodeWarning]
    }

    /// Decodes and resamples. `rowEncoder` is called once with the source's facts, the thumbnail's
    /// size before turning, whether its rows are turned and the source's ICC profile when the rows
    /// keep its colors (``DecodeOptions/outputColorSpace`` `nil`); an encoder it returns takes the rows
    /// while the source is decoded (overlapping only), and the image is never held.
    private func makePixels(
        of source: ImageSource, overlapping: Bool,
        rowEncoder: (ImageInfo, PixelSize, Bool, ColorProfile?) throws(ImageError) -> (any ImageRowEncoder)? = { _, _, _, _ in nil }
    ) throws(ImageError) -> MadePixels {
        try options.validate()
        try checkCancellation()
        // The header is read once; the decode below continues from it.
        let reader = try codecs.reader(for: source, options: options.decoding)
        let info = reader.info
        let target = ThumbnailSizing.size(fitting: info.size, maxPixelSize: options.maxPixelSize)
        let orientation = options.appliesOrientation ? info.orientation : .up
        var decoding = options.decoding
        decoding.minimumSize = options.minimumDecodeSize(for: target, stored: info.size)
        // A lone image may use a second core to decode too; in a busy batch it would only contend,
        // and a caller who keeps the cores busy otherwise says so (`usesSecondThread` off).
        if !options.usesSecondThread {
            decoding.maxThreads = 1
        } else if overlapping && ProcessorCount.active >= 2 {
            decoding.maxThreads = max(decoding.maxThreads, 2)
        }
        let resampler = Resampler(
            outputSize: target, filter: options.filter, space: options.space,
            premultipliesAlpha: info.hasAlpha, orientation: orientation)
        let report: DecodeReport
        let pixels: MadePixels.Pixels
        var storedProfile: ColorProfile?
        // An RGB profile only: the thumbnail is RGB (a CMYK source's stored rows are its naive RGB).
        if options.decoding.outputColorSpace == nil, case .icc(let profile) = reader.colorSpace, profile.dataColorSpace == .rgb {
            storedProfile = profile
        }
        let encoder = try rowEncoder(info, target, orientation != .up, storedProfile)
        if overlapping {
            let streams = encoder != nil
            var sink = CancellableSink(base: OverlappedResampling(resampler, encodingRowsWith: encoder))
            report = try reader.decode(options: decoding, into: &sink)
            try checkCancellation()
            pixels = streams ? .encoded(try sink.base.finishEncoding(), size: target) : .image(sink.base.makeImage())
        } else {
            var sink = CancellableSink(base: resampler)
            report = try reader.decode(options: decoding, into: &sink)
            try checkCancellation()
            pixels = .image(sink.base.makeImage())
        }
        return MadePixels(
            pixels: pixels, sourceInfo: report.info, decodedSize: report.outputSize,
            orientationApplied: orientation != .up, warnings: report.warnings)
    }

    private func checkCancellation() throws(ImageError) {
        if Task.isCancelled { throw .cancelled }
    }
}
