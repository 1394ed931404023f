import BlurHash
import PixelKit

/// The decode step: makes what an ``ImagePreparation`` asks for from an image's bytes, reusing the
/// average color and BlurHash its stored summary already has.
struct ImagePreparer: Sendable {
    let codecs: CodecRegistry
    let decoding: DecodeOptions

    /// The prepared image and the summary updated with what was computed.
    func prepare(
        _ preparation: ImagePreparation, bytes: [UInt8], summary: ImageSummary, origin: ImageOrigin
    ) throws(ImagePipelineError) -> (image: PreparedImage, summary: ImageSummary) {
        var summary = summary
        var image = PreparedImage(info: summary.info, origin: origin)
        let source = ImageSource.bytes(bytes)
        if let thumbnail = preparation.thumbnail {
            let options = ThumbnailOptions(maxPixelSize: thumbnail.maxPixelSize, quality: thumbnail.quality, decoding: decoding)
            let made = try runCore { try Thumbnailer(codecs: codecs, options: options).thumbnailImage(of: source) }
            image.thumbnail = made.image
            if let format = thumbnail.encoding {
                let encoder = try runCore { try codecs.encoder(for: format) }
                let data = try runCore { try encoder.encode(made.image, options: EncodeOptions(quality: thumbnail.quality)) }
                image.encodedThumbnail = EncodedImage(data: data, format: format, fileExtension: encoder.fileExtension)
            }
        }
        if preparation.averageColor {
            if summary.averageColor == nil {
                try checkCancellation()
                summary.averageColor = try runCore { try codecs.averageColor(of: source, options: AverageOptions(decoding: decoding)).color }
            }
            image.averageColor = summary.averageColor
        }
        if preparation.blurHash {
            if summary.blurHash == nil {
                try checkCancellation()
                summary.blurHash = try runCore { try codecs.blurHash(of: source, options: BlurHashFileOptions(decoding: decoding)).hash }
            }
            image.blurHash = summary.blurHash
        }
        try checkCancellation()
        return (image, summary)
    }

    /// The summary of freshly loaded bytes: their header facts (no decode).
    /// - Throws: ``ImagePipelineError/unrecognizedContent(url:leadingBytes:)`` (with at most 16 bytes) when no codec knows them.
    func summarize(_ bytes: [UInt8], name: String) throws(ImagePipelineError) -> ImageSummary {
        do {
            let info = try codecs.probe(.bytes(bytes), limits: decoding.limits)
            return ImageSummary(info: info, byteCount: bytes.count)
        } catch ImageError.unknownFormat(let leading) {
            throw .unrecognizedContent(url: name, leadingBytes: Array(leading.prefix(16)))
        } catch ImageError.emptyInput {
            throw .unrecognizedContent(url: name, leadingBytes: [])
        } catch {
            throw mapCoreError(error)
        }
    }

    private func checkCancellation() throws(ImagePipelineError) {
        if Task.isCancelled { throw .cancelled }
    }
}
