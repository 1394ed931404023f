/// An average color as one of several results of a decode (`CodecRegistry.results(of:decoding:_:)`);
/// `averageColor(of:options:)` is this request alone.
extension AverageOptions: ImageResultRequest {
    public typealias Output = AverageResult

    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        AverageAccuracy.minimumDecodeSize(for: accuracy)
    }

    public func makeSink(for info: ImageInfo, codecs: CodecRegistry) throws(ImageError) -> any ResultSink<AverageResult> {
        switch algorithm {
        case .mean: try makeSink(averager: MeanAverager(alphaPolicy: alphaPolicy), info: info, codecs: codecs)
        case .rms: try makeSink(averager: RootMeanSquareAverager(alphaPolicy: alphaPolicy), info: info, codecs: codecs)
        case .linear: try makeSink(averager: LinearLightAverager(alphaPolicy: alphaPolicy), info: info, codecs: codecs)
        }
    }

    private func makeSink<Averager: ColorAverager>(
        averager: Averager, info: ImageInfo, codecs: CodecRegistry
    ) throws(ImageError) -> any ResultSink<AverageResult> {
        switch sampling {
        case .everyPixel: try makeSink(averager: averager, sampler: EveryPixelSampler(), info: info, codecs: codecs)
        case .box(let gridSize): try makeSink(averager: averager, sampler: BoxSampler(gridSize: gridSize), info: info, codecs: codecs)
        case .stride(let step): try makeSink(averager: averager, sampler: StrideSampler(step: step), info: info, codecs: codecs)
        }
    }

    private func makeSink<Averager: ColorAverager, Sampler: PixelSampler>(
        averager: Averager, sampler: Sampler, info: ImageInfo, codecs: CodecRegistry
    ) throws(ImageError) -> any ResultSink<AverageResult> {
        try SampledAverageRequest(averager: averager, sampler: sampler, accuracy: accuracy, region: region)
            .makeSink(for: info, codecs: codecs)
    }
}

extension AverageAccuracy {
    /// A fast average takes the codec's smallest decode; an exact one every pixel.
    static func minimumDecodeSize(for accuracy: AverageAccuracy) -> PixelSize? {
        accuracy == .fast ? PixelSize(width: 1, height: 1) : nil
    }
}

/// The average with any averager and sampler: what every average request makes.
struct SampledAverageRequest<Averager: ColorAverager, Sampler: PixelSampler>: ImageResultRequest {
    let averager: Averager
    let sampler: Sampler
    let accuracy: AverageAccuracy
    let region: PixelRect?

    func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        AverageAccuracy.minimumDecodeSize(for: accuracy)
    }

    func makeSink(for info: ImageInfo, codecs: CodecRegistry) throws(ImageError) -> any ResultSink<AverageResult> {
        if let region, !region.fits(in: info.size) {
            throw ImageError.regionOutsideImage(region: region, imageSize: info.size)
        }
        // The header's stored size scales a region and weights a reduced decode's edges.
        let weightsEdges = region != nil || accuracy == .fast
        return AverageSink(
            average: SampledAverage(sampler: sampler, accumulator: averager.makeAccumulator(), region: region,
                                    storedSize: weightsEdges ? info.size : nil),
            algorithm: averager.name)
    }

    private struct AverageSink: ResultSink {
        var average: SampledAverage<Sampler, Averager.Accumulator>
        let algorithm: String

        mutating func begin(size: PixelSize) { average.begin(size: size) }
        mutating func consume(_ row: PixelRow) { average.consume(row) }
        var isSatisfied: Bool { average.isSatisfied }

        mutating func finish(report: DecodeReport) -> AverageResult {
            AverageResult(
                color: average.finish(), info: report.info, decodedSize: report.outputSize, algorithm: algorithm,
                isExact: report.outputSize == report.info.size, warnings: report.warnings)
        }
    }
}
