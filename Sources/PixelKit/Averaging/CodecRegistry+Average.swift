#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CodecRegistry {
    /// The average color of an image file, read row by row in memory proportional to its width.
    ///
    /// ```swift
    /// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// let average = try codecs.averageColor(ofFileAt: URL(filePath: "photo.jpg"))
    /// print(average.color.hex)   // "#6B5A4C"
    /// ```
    /// - Throws: ``ImageError`` wrapped in ``ImageError/inFile(path:_:)`` (the message names the
    ///   file), or ``ImageError/notAFileURL(url:)``.
    public func averageColor(ofFileAt url: URL, options: AverageOptions = .init()) throws(ImageError) -> AverageResult {
        try computeAverageColor(of: ImageSource(url), options: options)
    }

    /// The average color of the image file at `path` (see ``averageColor(ofFileAt:options:)-1ozep``).
    /// - Throws: ``ImageError`` wrapped in ``ImageError/inFile(path:_:)``.
    public func averageColor(ofFileAt path: String, options: AverageOptions = .init()) throws(ImageError) -> AverageResult {
        try computeAverageColor(of: .file(path: path), options: options)
    }

    /// The average color of an encoded image in memory, read in place (not copied).
    /// - Throws: ``ImageError``.
    public func averageColor(of data: Data, options: AverageOptions = .init()) throws(ImageError) -> AverageResult {
        try computeAverageColor(of: .data(data), options: options)
    }

    /// The average color of an encoded image in memory.
    /// - Throws: ``ImageError``.
    public func averageColor(of bytes: [UInt8], options: AverageOptions = .init()) throws(ImageError) -> AverageResult {
        try computeAverageColor(of: .bytes(bytes), options: options)
    }

    /// The average color of an image from any source, with the built-in averagers and samplers.
    /// - Throws: ``ImageError`` (``ImageError/cancelled`` when the current task is cancelled).
    public func averageColor(of source: ImageSource, options: AverageOptions = .init()) throws(ImageError) -> AverageResult {
        try computeAverageColor(of: source, options: options)
    }

    /// ``averageColor(ofFileAt:options:)-1ozep``, decoded off the calling actor (on the global
    /// concurrent executor), so awaiting it on the main actor never blocks it.
    /// - Throws: ``ImageError``; ``ImageError/cancelled`` when the task is cancelled (the decode
    ///   stops within one batch of rows).
    @concurrent
    public func averageColor(ofFileAt url: URL, options: AverageOptions = .init()) async throws(ImageError) -> AverageResult {
        try computeAverageColor(of: ImageSource(url), options: options)
    }

    /// ``averageColor(ofFileAt:options:)-4gr4b``, decoded off the calling actor; cancellable.
    @concurrent
    public func averageColor(ofFileAt path: String, options: AverageOptions = .init()) async throws(ImageError) -> AverageResult {
        try computeAverageColor(of: .file(path: path), options: options)
    }

    /// ``averageColor(of:options:)-98z4b``, decoded off the calling actor; cancellable.
    @concurrent
    public func averageColor(of data: Data, options: AverageOptions = .init()) async throws(ImageError) -> AverageResult {
        try computeAverageColor(of: .data(data), options: options)
    }

    /// ``averageColor(of:options:)-3a1ho``, decoded off the calling actor; cancellable.
    @concurrent
    public func averageColor(of bytes: [UInt8], options: AverageOptions = .init()) async throws(ImageError) -> AverageResult {
        try computeAverageColor(of: .bytes(bytes), options: options)
    }

    /// ``averageColor(of:options:)-7vy09``, decoded off the calling actor; cancellable.
    @concurrent
    public func averageColor(of source: ImageSource, options: AverageOptions = .init()) async throws(ImageError) -> AverageResult {
        try computeAverageColor(of: source, options: options)
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
    ///   - source: The encoded image.
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
    ///   ``ImageError/inFile(path:_:)`` for a file.
    public func averageColor<Averager: ColorAverager, Sampler: PixelSampler>(
        of source: ImageSource, averager: Averager, sampler: Sampler, accuracy: AverageAccuracy = .fast,
        region: PixelRect? = nil, decoding: DecodeOptions = .init()
    ) throws(ImageError) -> AverageResult {
        if Task.isCancelled { throw .cancelled }
        let decoder = try decoder(for: source)
        do throws(ImageError) {
            // The stored size (a header read, cheap) scales a region and weights a reduced decode's edges.
            var storedSize: PixelSize?
            if region != nil || accuracy == .fast {
                let info = try decoder.probe(source, limits: decoding.limits)
                if let region, !region.fits(in: info.size) {
                    throw ImageError.regionOutsideImage(region: region, imageSize: info.size)
                }
                storedSize = info.size
            }
            var options = decoding
            options.minimumSize = accuracy == .fast ? PixelSize(width: 1, height: 1) : nil
            var sink = CancellableSink(base: SampledAverage(
                sampler: sampler, accumulator: averager.makeAccumulator(), region: region, storedSize: storedSize))
            let report = try decoder.decode(source, options: options, into: &sink)
            if Task.isCancelled { throw ImageError.cancelled }
            return AverageResult(
                color: sink.base.finish(), info: report.info, decodedSize: report.outputSize, algorithm: averager.name,
                isExact: report.outputSize == report.info.size, warnings: report.warnings)
        } catch {
            throw error.attributed(to: source)
        }
    }
}
