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
        switch options.algorithm {
        case .mean: return try averageColor(of: source, averager: MeanAverager(alphaPolicy: options.alphaPolicy), options: options)
        case .rms: return try averageColor(of: source, averager: RootMeanSquareAverager(alphaPolicy: options.alphaPolicy), options: options)
        case .linear: return try averageColor(of: source, averager: LinearLightAverager(alphaPolicy: options.alphaPolicy), options: options)
        }
    }

    private func averageColor<Averager: ColorAverager>(
        of source: ImageSource, averager: Averager, options: AverageOptions
    ) throws(ImageError) -> AverageResult {
        switch options.sampling {
        case .everyPixel: return try averageColor(of: source, averager: averager, sampler: EveryPixelSampler(), options: options)
        case .box(let gridSize): return try averageColor(of: source, averager: averager, sampler: BoxSampler(gridSize: gridSize), options: options)
        case .stride(let step): return try averageColor(of: source, averager: averager, sampler: StrideSampler(step: step), options: options)
        }
    }

    private func averageColor<Averager: ColorAverager, Sampler: PixelSampler>(
        of source: ImageSource, averager: Averager, sampler: Sampler, options: AverageOptions
    ) throws(ImageError) -> AverageResult {
        try averageColor(of: source, averager: averager, sampler: sampler, accuracy: options.accuracy,
                         region: options.region, decoding: options.decoding)
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
        let source = try source.imageSource
        if Task.isCancelled { throw .cancelled }
        // One opening, one header read: the header's stored size scales a region and weights a
        // reduced decode's edges, and the decode continues from it.
        let reader = try reader(for: source, options: decoding)
        let info = reader.info
        if let region, !region.fits(in: info.size) {
            throw ImageError.regionOutsideImage(region: region, imageSize: info.size).attributed(to: reader.source)
        }
        var options = decoding
        options.minimumSize = accuracy == .fast ? PixelSize(width: 1, height: 1) : nil
        let weightsEdges = region != nil || accuracy == .fast
        var sink = CancellableSink(base: SampledAverage(
            sampler: sampler, accumulator: averager.makeAccumulator(), region: region, storedSize: weightsEdges ? info.size : nil))
        do throws(ImageError) {
            let report = try reader.decode(options: options, into: &sink)
            if Task.isCancelled { throw ImageError.cancelled }
            return AverageResult(
                color: sink.base.finish(), info: report.info, decodedSize: report.outputSize, algorithm: averager.name,
                isExact: report.outputSize == report.info.size, warnings: report.warnings)
        } catch {
            throw error.attributed(to: source)
        }
    }
}
