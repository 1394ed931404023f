/// A thumbnail, encoded as ``ThumbnailOptions/format``: one of several results of a decode
/// (`CodecRegistry.results(of:decoding:_:)`); `Thumbnailer.thumbnail(of:)` is this request alone.
extension ThumbnailOptions: ImageResultRequest {
    /// What this request computes.
    public typealias Output = Thumbnail

    /// The size ``minimumDecodeSize(for:stored:)`` asks for this image's thumbnail.
    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        minimumDecodeSize(for: ThumbnailSizing.size(fitting: info.size, maxPixelSize: maxPixelSize), stored: info.size)
    }

    /// The sink that reduces the decoded rows to this result.
    public func makeSink(for info: ImageInfo, in decode: SharedDecode) throws(ImageError) -> any ResultSink<Thumbnail> {
        try EncodedThumbnailRequest(options: self, overlapping: usesSecondThread).makeSink(for: info, in: decode)
    }
}

/// An encoded thumbnail, resampled on a second core or not (a batch keeps each image on one).
struct EncodedThumbnailRequest: ImageResultRequest {
    let options: ThumbnailOptions
    let overlapping: Bool

    func validate() throws(ImageError) { try options.validate() }

    func minimumDecodeSize(for info: ImageInfo) -> PixelSize? { options.minimumDecodeSize(for: info) }

    func makeSink(for info: ImageInfo, in decode: SharedDecode) throws(ImageError) -> any ResultSink<Thumbnail> {
        let encoder = try decode.codecs.encoder(for: options.format)
        return EncodingSink(thumbnail: try ThumbnailSink(options: options, info: info, encoder: encoder, storedProfile: decode.storedProfile,
            colorConversion: decode.foldedColorConversion, overlapping: overlapping))
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
