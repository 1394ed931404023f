/// The rows of a decode resampled to a thumbnail: the sink behind every thumbnail request. Given an
/// encoder, rows that are not turned are encoded as they are resampled (on a second core, while the
/// decoder decodes), so the thumbnail's image is never held.
struct ThumbnailSink: RowSink {
    /// The thumbnail's size before turning.
    let target: PixelSize
    let orientationApplied: Bool
    /// The encoder and its options, for a thumbnail to encode.
    private let encoding: (encoder: any ImageEncoder, options: EncodeOptions)?
    private var streams = false
    /// Resampling on a second core (``OverlappedResampling``), or on the decoding thread.
    private var overlapped: OverlappedResampling?
    private var direct: Resampler?

    /// - Parameters:
    ///   - encoder: The encoder of `options.format`, for a thumbnail to encode; `nil` for its pixels.
    ///   - overlapping: Resample, and encode, on a second core too (pointless when every core
    ///     already runs an image of a batch).
    init(options: ThumbnailOptions, info: ImageInfo, encoder: (any ImageEncoder)?, overlapping: Bool) throws(ImageError) {
        target = ThumbnailSizing.size(fitting: info.size, maxPixelSize: options.maxPixelSize)
        let orientation = options.appliesOrientation ? info.orientation : .up
        orientationApplied = orientation != .up
        let resampler = Resampler(
            outputSize: target, filter: options.filter, space: options.space,
            premultipliesAlpha: info.hasAlpha, orientation: orientation)
        if let encoder {
            // Pixels left as stored keep the source's orientation tag, so viewers still turn them upright.
            let encodeOptions = EncodeOptions(
                quality: options.quality(forSource: info.format), chromaSubsampling: options.chromaSubsampling,
                progressive: options.progressive, background: options.background,
                orientation: orientationApplied ? .up : info.orientation)
            encoding = (encoder, encodeOptions)
        } else {
            encoding = nil
        }
        guard overlapping else {
            direct = resampler
            return
        }
        // Turned rows are only final once the last input row is in, so only unturned ones stream,
        // and only where a second core resamples (and so encodes) while the decoder decodes.
        var rowEncoder: (any ImageRowEncoder)?
        if let encoding, !orientationApplied {
            rowEncoder = try encoding.encoder.rowEncoder(for: target, options: encoding.options)
        }
        streams = rowEncoder != nil
        overlapped = OverlappedResampling(resampler, encodingRowsWith: rowEncoder)
    }

    mutating func begin(size: PixelSize) {
        overlapped?.begin(size: size)
        direct?.begin(size: size)
    }

    mutating func consume(_ row: PixelRow) {
        overlapped?.consume(row)
        direct?.consume(row)
    }

    /// The resampled image.
    mutating func makeImage() -> RGBAImage {
        overlapped?.makeImage() ?? direct!.makeImage()
    }

    /// The thumbnail's file and size, encoded as the rows came or now.
    mutating func encode() throws(ImageError) -> (data: [UInt8], size: PixelSize, quality: Double, format: ImageFormat, fileExtension: String) {
        guard let encoding else { preconditionFailure("no encoder was given") }
        let data: [UInt8]
        let size: PixelSize
        if streams, overlapped != nil {
            data = try overlapped!.finishEncoding()
            size = target
        } else {
            let image = makeImage()
            data = try encoding.encoder.encode(image, options: encoding.options)
            size = image.size
        }
        return (data, size, encoding.options.quality, encoding.encoder.format, encoding.encoder.fileExtension)
    }
}

/// A thumbnail, encoded as ``ThumbnailOptions/format``: one of several results of a decode
/// (`CodecRegistry.results(of:decoding:_:)`); `Thumbnailer.thumbnail(of:)` is this request alone.
extension ThumbnailOptions: ImageResultRequest {
    public typealias Output = Thumbnail

    /// The size ``minimumDecodeSize(for:stored:)`` asks for this image's thumbnail.
    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        minimumDecodeSize(for: ThumbnailSizing.size(fitting: info.size, maxPixelSize: maxPixelSize), stored: info.size)
    }

    public func makeSink(for info: ImageInfo, codecs: CodecRegistry) throws(ImageError) -> any ResultSink<Thumbnail> {
        try EncodedThumbnailRequest(options: self, overlapping: true).makeSink(for: info, codecs: codecs)
    }
}

/// A thumbnail's pixels, not encoded: one of several results of a decode
/// (`CodecRegistry.results(of:decoding:_:)`); ``Thumbnailer/thumbnailImage(of:)`` is this request alone.
public struct ThumbnailImageRequest: ImageResultRequest {
    /// How the thumbnail is made (its `format`, `quality` and other encoding options are not used).
    public var options: ThumbnailOptions

    /// A request for the pixels of the thumbnail `options` describe.
    public init(_ options: ThumbnailOptions) {
        self.options = options
    }

    public func validate() throws(ImageError) { try options.validate() }

    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? { options.minimumDecodeSize(for: info) }

    public func makeSink(for info: ImageInfo, codecs: CodecRegistry) throws(ImageError) -> any ResultSink<ThumbnailImage> {
        ImageSink(thumbnail: try ThumbnailSink(options: options, info: info, encoder: nil, overlapping: true))
    }

    private struct ImageSink: ResultSink {
        var thumbnail: ThumbnailSink

        mutating func begin(size: PixelSize) { thumbnail.begin(size: size) }
        mutating func consume(_ row: PixelRow) { thumbnail.consume(row) }

        mutating func finish(report: DecodeReport) -> ThumbnailImage {
            ThumbnailImage(
                image: thumbnail.makeImage(), sourceInfo: report.info, decodedSize: report.outputSize,
                orientationApplied: thumbnail.orientationApplied, warnings: report.warnings)
        }
    }
}

/// An encoded thumbnail, resampled on a second core or not (a batch keeps each image on one).
struct EncodedThumbnailRequest: ImageResultRequest {
    let options: ThumbnailOptions
    let overlapping: Bool

    func validate() throws(ImageError) { try options.validate() }

    func minimumDecodeSize(for info: ImageInfo) -> PixelSize? { options.minimumDecodeSize(for: info) }

    func makeSink(for info: ImageInfo, codecs: CodecRegistry) throws(ImageError) -> any ResultSink<Thumbnail> {
        let encoder = try codecs.encoder(for: options.format)
        return EncodingSink(thumbnail: try ThumbnailSink(options: options, info: info, encoder: encoder, overlapping: overlapping))
    }

    private struct EncodingSink: ResultSink {
        var thumbnail: ThumbnailSink

        mutating func begin(size: PixelSize) { thumbnail.begin(size: size) }
        mutating func consume(_ row: PixelRow) { thumbnail.consume(row) }

        mutating func finish(report: DecodeReport) throws(ImageError) -> Thumbnail {
            if Task.isCancelled { throw .cancelled }
            let encoded = try thumbnail.encode()
            return Thumbnail(
                data: encoded.data, format: encoded.format, fileExtension: encoded.fileExtension, size: encoded.size,
                quality: encoded.quality, sourceInfo: report.info, decodedSize: report.outputSize,
                orientationApplied: thumbnail.orientationApplied, warnings: report.warnings)
        }
    }
}
