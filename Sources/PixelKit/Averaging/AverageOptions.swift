/// How to compute an image's average color.
public struct AverageOptions: Sendable, Hashable {
    /// How the colors are combined: ``AverageAlgorithm/mean``, `rms` or `linear`.
    public var algorithm: AverageAlgorithm
    /// Whether alpha weights the colors or is ignored.
    public var alphaPolicy: AlphaPolicy
    /// A reduced decode (`.fast`) or every pixel at full size (`.exact`).
    public var accuracy: AverageAccuracy
    /// Which pixels are averaged: every one, a stride, or box-reduced cells.
    public var sampling: Sampling
    /// A rectangle of the image (stored pixel coordinates, before orientation) to average instead
    /// of the whole image — e.g. where a widget's text will sit.
    public var region: PixelRect?
    /// Strictness and limits for the decode.
    public var decoding: DecodeOptions

    /// Average options; the defaults give the alpha-weighted mean of every pixel of a reduced decode.
    public init(
        algorithm: AverageAlgorithm = .mean, alphaPolicy: AlphaPolicy = .weighted, accuracy: AverageAccuracy = .fast,
        sampling: Sampling = .everyPixel, region: PixelRect? = nil, decoding: DecodeOptions = .init()
    ) {
        self.algorithm = algorithm
        self.alphaPolicy = alphaPolicy
        self.accuracy = accuracy
        self.sampling = sampling
        self.region = region
        self.decoding = decoding
    }

    /// The built-in samplers; a custom ``PixelSampler`` goes through
    /// ``CodecRegistry/averageColor(of:averager:sampler:accuracy:region:decoding:)``.
    public enum Sampling: Sendable, Hashable {
        /// Every pixel of the decoded image (``EveryPixelSampler``).
        case everyPixel
        /// Area-average to `gridSize × gridSize` cells first (the blog post used 40).
        case box(gridSize: Int)
        /// Every `step`-th pixel of every `step`-th row.
        case stride(step: Int)
    }
}

/// The averaging method.
public enum AverageAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// Arithmetic mean of the sRGB components (`MeanAverager`).
    case mean
    /// Root mean square of the sRGB components (`RootMeanSquareAverager`).
    case rms
    /// Mean in linear light, re-encoded to sRGB (`LinearLightAverager`).
    case linear
}

/// Speed against exactness.
public enum AverageAccuracy: String, Sendable, Hashable, CaseIterable {
    /// Let the codec decode reduced (JPEG at 1/8 scale: each pixel is the mean of an 8×8 block,
    /// so the image mean moves by only the rounding, typically < 0.1). Lossless formats decode in full anyway.
    case fast
    /// Every pixel at full resolution with exact integer sums: the true mean.
    case exact
}
