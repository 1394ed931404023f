import BlurHash
import PixelKit
import PixelKitPalette

/// The decode step: makes what an ``ImagePreparation`` asks for from an image's bytes, reusing the
/// average color, BlurHash and palette its stored summary already has.
struct ImagePreparer: Sendable {
    let codecs: CodecRegistry
    let decoding: DecodeOptions

    /// The prepared image and the summary updated with what was computed.
    func prepare(
        _ preparation: ImagePreparation, source: ImageSource, summary: ImageSummary, origin: ImageOrigin
    ) throws(ImagePipelineError) -> (image: PreparedImage, summary: ImageSummary) {
        do throws(ImageError) {
            return try prepareImage(preparation, source: source, summary: summary, origin: origin)
        } catch {
            throw ImagePipelineError(Self.unattributed(error, from: source))
        }
    }

    private func prepareImage(
        _ preparation: ImagePreparation, source: ImageSource, summary: ImageSummary, origin: ImageOrigin
    ) throws(ImageError) -> (image: PreparedImage, summary: ImageSummary) {
        var summary = summary
        var image = PreparedImage(info: summary.info, origin: origin)
        // Only what the summary does not have yet, all from one open and one decode of the image, on
        // one thread: the pipeline runs several decodes at once (issue 42).
        let thumbnailOptions = preparation.thumbnail.map {
            ThumbnailOptions(maxPixelSize: $0.maxPixelSize, format: $0.encoding ?? .jpeg, quality: $0.quality, progressive: $0.progressive,
                             decoding: decoding, usesSecondThread: false)
        }
        let thumbnailRequest = thumbnailOptions.map(ThumbnailImageRequest.init)
        let averageRequest: AverageOptions? = preparation.averageColor && summary.averageColor == nil ? AverageOptions() : nil
        let blurHashRequest: BlurHashFileOptions? = preparation.blurHash && summary.blurHash == nil ? BlurHashFileOptions() : nil
        let paletteRequest: PaletteOptions? = preparation.palette && summary.palette == nil ? PaletteOptions() : nil
        if thumbnailRequest != nil || averageRequest != nil || blurHashRequest != nil || paletteRequest != nil {
            var shared = decoding
            shared.maxThreads = 1
            let (made, average, blurHash, palette) = try codecs.results(
                of: source, decoding: shared, thumbnailRequest, averageRequest, blurHashRequest, paletteRequest)
            if let made, let thumbnail = preparation.thumbnail, let thumbnailOptions {
                image.thumbnail = made.image
                summary.warnings = summary.warnings.adding(made.warnings.map(\.message))
                if let format = thumbnail.encoding {
                    let encoder = try codecs.encoder(for: format)
                    let data = try encoder.encode(made.image, options: thumbnailOptions.encodeOptions(forSource: summary.info.format))
                    image.encodedThumbnail = EncodedImage(data: data, format: format, fileExtension: encoder.fileExtension)
                }
            }
            if let average {
                summary.averageColor = average.color
                summary.warnings = summary.warnings.adding(average.warnings.map(\.message))
            }
            if let blurHash {
                summary.blurHash = blurHash.hash
                summary.warnings = summary.warnings.adding(blurHash.warnings.map(\.message))
            }
            if let palette { summary.palette = palette }
        }
        if preparation.averageColor { image.averageColor = summary.averageColor }
        if preparation.blurHash { image.blurHash = summary.blurHash }
        if preparation.palette { image.palette = summary.palette }
        try checkCancellation()
        image.warnings = summary.warnings
        return (image, summary)
    }

    /// The summary of freshly loaded bytes (`byteCount` of them, in memory or in a file): their header
    /// facts (no decode).
    /// - Throws: ``ImagePipelineError/unrecognizedContent(url:leadingBytes:)`` (with at most 16 bytes) when no codec knows them.
    func summarize(_ source: ImageSource, byteCount: Int, name: String) throws(ImagePipelineError) -> ImageSummary {
        let info: ImageInfo
        do throws(ImageError) {
            info = try codecs.probe(source, limits: decoding.limits)
        } catch {
            switch Self.unattributed(error, from: source) {
            case .unknownFormat(let leading): throw .unrecognizedContent(url: name, leadingBytes: Array(leading.prefix(16)))
            case .emptyInput: throw .unrecognizedContent(url: name, leadingBytes: [])
            case let other: throw ImagePipelineError(other)
            }
        }
        return ImageSummary(info: info, byteCount: byteCount)
    }

    /// `error` without the name of the download's file (the registry attributes errors to the file a
    /// source names): that file is the pipeline's, the request names the URL.
    static func unattributed(_ error: ImageError, from source: ImageSource) -> ImageError {
        if case .inFile(let path, let inner) = error, case .openFile(let file) = source, path == file.path { return inner }
        return error
    }

    private func checkCancellation() throws(ImageError) {
        if Task.isCancelled { throw .cancelled }
    }
}
