/// A thumbnail's pixels, not encoded: one of several results of a decode
/// (`CodecRegistry.results(of:decoding:_:)`); ``Thumbnailer/thumbnailImage(of:)`` is this request alone.
public struct ThumbnailImageRequest: ImageResultRequest {
    /// How the thumbnail is made (its `format`, `quality` and other encoding options are not used).
    public var options: ThumbnailOptions

    /// A request for the pixels of the thumbnail `options` describe.
    public init(_ options: ThumbnailOptions) {
        self.options = options
    }

    /// Checks the options before the input is read.
    public func validate() throws(ImageError) { try options.validate() }

    /// The smallest decoded size this result can be computed from (`nil`: full resolution).
    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? { options.minimumDecodeSize(for: info) }

    /// The sink that reduces the decoded rows to this result.
    public func makeSink(for info: ImageInfo, in decode: SharedDecode) throws(ImageError) -> any ResultSink<ThumbnailImage> {
        ImageSink(thumbnail: try ThumbnailSink(options: options, info: info, encoder: nil, storedProfile: nil,
            colorConversion: decode.foldedColorConversion, overlapping: options.usesSecondThread))
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
