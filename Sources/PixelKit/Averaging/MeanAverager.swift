/// The arithmetic mean of sRGB-encoded components ("simple" in the blog post): what most tools
/// report as an image's average color.
public struct MeanAverager: ColorAverager {
    /// Whether alpha weights the colors or is ignored.
    public var alphaPolicy: AlphaPolicy
    /// An arithmetic-mean averager.
    public init(alphaPolicy: AlphaPolicy = .weighted) { self.alphaPolicy = alphaPolicy }
    /// `"mean"`.
    public var name: String { "mean" }
    /// A fresh ``PowerMeanAccumulator`` summing the values.
    public func makeAccumulator() -> PowerMeanAccumulator { PowerMeanAccumulator(squared: false, alphaPolicy: alphaPolicy) }
}

/// The root mean square of sRGB-encoded components ("squareRoot" in the blog post): brighter than
/// the mean where an image mixes light and dark, closer to how the colors read to the eye.
public struct RootMeanSquareAverager: ColorAverager {
    /// Whether alpha weights the colors or is ignored.
    public var alphaPolicy: AlphaPolicy
    /// A root-mean-square averager.
    public init(alphaPolicy: AlphaPolicy = .weighted) { self.alphaPolicy = alphaPolicy }
    /// `"rms"`.
    public var name: String { "rms" }
    /// A fresh ``PowerMeanAccumulator`` summing the squares.
    public func makeAccumulator() -> PowerMeanAccumulator { PowerMeanAccumulator(squared: true, alphaPolicy: alphaPolicy) }
}
