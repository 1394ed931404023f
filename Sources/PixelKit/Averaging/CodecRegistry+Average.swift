#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CodecRegistry {
    /// The average color of an image from any source (an ``ImageSource``, a file `URL`, `Data`,
    /// `[UInt8]` or a path `String`: see ``ImageSourceConvertible``), with the built-in averagers
    /// and samplers, read row by row in memory proportional to its width.
    ///
    /// ```swift
    /// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// let average = try codecs.averageColor(of: URL(filePath: "photo.jpg"))
    /// print(average.color.hex)   // "#6B5A4C"
    /// ```
    /// - Throws: ``ImageError`` wrapped in ``ImageError/inFile(path:_:)`` for a file (the message
    ///   names it), ``ImageError/notAFileURL(url:)`` for a URL that is not a file's,
    ///   ``ImageError/cancelled`` when the current task is cancelled.
    public func averageColor(of source: some ImageSourceConvertible, options: AverageOptions = .init()) throws(ImageError) -> AverageResult {
        try computeAverageColor(of: source.imageSource, options: options)
    }

    /// The synchronous `averageColor(of:options:)`, decoded off the calling actor (on the global
    /// concurrent executor), so awaiting it on the main actor never blocks it.
    /// - Throws: as the synchronous `averageColor(of:options:)`; ``ImageError/cancelled`` when the
    ///   task is cancelled (the decode stops within one batch of rows).
    @concurrent
    public func averageColor(of source: some ImageSourceConvertible, options: AverageOptions = .init()) async throws(ImageError) -> AverageResult {
        try computeAverageColor(of: source.imageSource, options: options)
    }

    /// The synchronous work behind every `averageColor` with built-in options (a name of its own,
    /// so that the async overloads cannot call themselves).
    func computeAverageColor(of source: ImageSource, options: AverageOptions) throws(ImageError) -> AverageResult {
        try computeResults(of: source, decoding: options.decoding, options)
    }

    /// The average color with any averager and sampler, including your own.
    /// - Parameters:
    ///   - source: The encoded image: an ``ImageSource``, a file `URL`, `Data`, `[UInt8]` or a path `String`.
    ///   - averager: Makes the accumulator that combines the colors (``MeanAverager``,
    ///     ``RootMeanSquareAverager``, ``LinearLightAverager`` or your own).
    ///   - sampler: Chooses the pixels that count (``EveryPixelSampler``, ``StrideSampler``,
    ///     ``BoxSampler`` or your own).
    ///   - accuracy: ``AverageAccuracy/fast`` lets the codec decode reduced;
    ///     ``AverageAccuracy/exact`` decodes every pixel.
    ///   - region: Stored-pixel rectangle to average; must lie inside the image.
    ///   - decoding: Strictness and limits for the decode (its `minimumSize` is set from `accuracy`).
    /// - Throws: ``ImageError`` (``ImageError/regionOutsideImage(region:imageSize:)`` for a region
    ///   that does not fit, ``ImageError/cancelled`` when the current task is cancelled), wrapped in
    ///   ``ImageError/inFile(path:_:)`` for a file; ``ImageError/notAFileURL(url:)`` for a URL that
    ///   is not a file's.
    public func averageColor<Averager: ColorAverager, Sampler: PixelSampler>(
        of source: some ImageSourceConvertible, averager: Averager, sampler: Sampler, accuracy: AverageAccuracy = .fast,
        region: PixelRect? = nil, decoding: DecodeOptions = .init()
    ) throws(ImageError) -> AverageResult {
        try computeResults(
            of: source.imageSource, decoding: decoding,
            SampledAverageRequest(averager: averager, sampler: sampler, accuracy: accuracy, region: region))
    }
}
