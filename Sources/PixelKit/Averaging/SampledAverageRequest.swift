/// The average with any averager and sampler: what every average request makes.
struct SampledAverageRequest<Averager: ColorAverager, Sampler: PixelSampler>: ImageResultRequest {
    let averager: Averager
    let sampler: Sampler
    let accuracy: AverageAccuracy
    let region: PixelRect?

    func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        AverageAccuracy.minimumDecodeSize(for: accuracy)
    }

    func makeSink(for info: ImageInfo, in decode: SharedDecode) throws(ImageError) -> any ResultSink<AverageResult> {
        if let region, !region.fits(in: info.size) {
            throw ImageError.regionOutsideImage(region: region, imageSize: info.size)
        }
        // The header's stored size scales a region and weights a reduced decode's edges.
        let weightsEdges = region != nil || accuracy == .fast
        return AverageSink(
            average: SampledAverage(sampler: sampler, accumulator: makeAccumulator(converting: decode.foldedColorConversion),
                                    region: region, storedSize: weightsEdges ? info.size : nil),
            algorithm: averager.name)
    }

    /// A fresh accumulator; one that sums the rows as `conversion` converts them when they arrive
    /// in the source's colors (only ``AverageOptions`` folds a conversion, for accumulators that can).
    private func makeAccumulator(converting conversion: MatrixShaperTransform?) -> Averager.Accumulator {
        let accumulator = averager.makeAccumulator()
        guard let conversion else { return accumulator }
        guard var converting = accumulator as? PowerMeanAccumulator, Sampler.self == EveryPixelSampler.self else {
            preconditionFailure("a conversion folded into \(Averager.self) with \(Sampler.self), which cannot apply it")
        }
        converting.sourceConversion = conversion
        return converting as! Averager.Accumulator   // `accumulator`'s own type: cannot fail
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
