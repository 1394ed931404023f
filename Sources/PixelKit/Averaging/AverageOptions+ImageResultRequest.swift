/// An average color as one of several results of a decode (`CodecRegistry.results(of:decoding:_:)`);
/// `averageColor(of:options:)` is this request alone.
extension AverageOptions: ImageResultRequest {
    /// What this request computes.
    public typealias Output = AverageResult

    /// The smallest decoded size this result can be computed from (`nil`: full resolution).
    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        AverageAccuracy.minimumDecodeSize(for: accuracy)
    }

    /// The sink that reduces the decoded rows to this result.
    public func makeSink(for info: ImageInfo, in decode: SharedDecode) throws(ImageError) -> any ResultSink<AverageResult> {
        switch algorithm {
        case .mean: try makeSink(averager: MeanAverager(alphaPolicy: alphaPolicy), info: info, in: decode)
        case .rms: try makeSink(averager: RootMeanSquareAverager(alphaPolicy: alphaPolicy), info: info, in: decode)
        case .linear: try makeSink(averager: LinearLightAverager(alphaPolicy: alphaPolicy), info: info, in: decode)
        }
    }

    private func makeSink<Averager: ColorAverager>(
        averager: Averager, info: ImageInfo, in decode: SharedDecode
    ) throws(ImageError) -> any ResultSink<AverageResult> {
        switch sampling {
        case .everyPixel: try makeSink(averager: averager, sampler: EveryPixelSampler(), info: info, in: decode)
        case .box(let gridSize): try makeSink(averager: averager, sampler: BoxSampler(gridSize: gridSize), info: info, in: decode)
        case .stride(let step): try makeSink(averager: averager, sampler: StrideSampler(step: step), info: info, in: decode)
        }
    }

    private func makeSink<Averager: ColorAverager, Sampler: PixelSampler>(
        averager: Averager, sampler: Sampler, info: ImageInfo, in decode: SharedDecode
    ) throws(ImageError) -> any ResultSink<AverageResult> {
        try SampledAverageRequest(averager: averager, sampler: sampler, accuracy: accuracy, region: region)
            .makeSink(for: info, in: decode)
    }
}

extension AverageAccuracy {
    /// A fast average takes the codec's smallest decode; an exact one every pixel.
    static func minimumDecodeSize(for accuracy: AverageAccuracy) -> PixelSize? {
        accuracy == .fast ? PixelSize(width: 1, height: 1) : nil
    }
}
