extension CodecRegistry {
    /// The average color of an image file, read row by row in memory proportional to its width.
    ///
    /// ```swift
    /// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// let average = try codecs.averageColor(ofFileAt: "photo.jpg")
    /// print(average.color.hex)   // "#6B5A4C"
    /// ```
    /// - Throws: `ImageError`.
    public func averageColor(ofFileAt path: String, options: AverageOptions = .init()) throws -> AverageResult {
        try averageColor(of: .file(path: path), options: options)
    }

    /// The average color of an encoded image in memory.
    /// - Throws: `ImageError`.
    public func averageColor(of bytes: [UInt8], options: AverageOptions = .init()) throws -> AverageResult {
        try averageColor(of: .bytes(bytes), options: options)
    }

    /// The average color of an image from any source, with the built-in averagers and samplers.
    /// - Throws: `ImageError`.
    public func averageColor(of source: ImageSource, options: AverageOptions = .init()) throws -> AverageResult {
        switch options.algorithm {
        case .mean: return try averageColor(of: source, averager: MeanAverager(alphaPolicy: options.alphaPolicy), options: options)
        case .rms: return try averageColor(of: source, averager: RootMeanSquareAverager(alphaPolicy: options.alphaPolicy), options: options)
        case .linear: return try averageColor(of: source, averager: LinearLightAverager(alphaPolicy: options.alphaPolicy), options: options)
        }
    }

    private func averageColor<Averager: ColorAverager>(
        of source: ImageSource, averager: Averager, options: AverageOptions
    ) throws -> AverageResult {
        switch options.sampling {
        case .everyPixel: return try averageColor(of: source, averager: averager, sampler: EveryPixelSampler(), options: options)
        case .box(let gridSize): return try averageColor(of: source, averager: averager, sampler: BoxSampler(gridSize: gridSize), options: options)
        case .stride(let step): return try averageColor(of: source, averager: averager, sampler: StrideSampler(step: step), options: options)
        }
    }

    private func averageColor<Averager: ColorAverager, Sampler: PixelSampler>(
        of source: ImageSource, averager: Averager, sampler: Sampler, options: AverageOptions
    ) throws -> AverageResult {
        try averageColor(of: source, averager: averager, sampler: sampler, accuracy: options.accuracy,
                         region: options.region, decoding: options.decoding)
    }

    /// The average color with any averager and sampler, including your own.
    /// - Parameters:
    ///   - region: Stored-pixel rectangle to average; must lie inside the image.
    /// - Throws: `ImageError` (`.regionOutsideImage` for a region that does not fit).
    public func averageColor<Averager: ColorAverager, Sampler: PixelSampler>(
        of source: ImageSource, averager: Averager, sampler: Sampler, accuracy: AverageAccuracy = .fast,
        region: PixelRect? = nil, decoding: DecodeOptions = .init()
    ) throws -> AverageResult {
        let decoder = try decoder(for: source)
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
        var sink = SampledAverage(sampler: sampler, accumulator: averager.makeAccumulator(), region: region, storedSize: storedSize)
        let report = try decoder.decode(source, options: options, into: &sink)
        return AverageResult(
            color: sink.finish(), info: report.info, decodedSize: report.outputSize, algorithm: averager.name,
            isExact: report.outputSize == report.info.size, warnings: report.warnings)
    }
}
