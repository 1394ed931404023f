/// The arithmetic mean of sRGB-encoded components ("simple" in the blog post): what most tools
/// report as an image's average color.
public struct MeanAverager: ColorAverager {
    public var alphaPolicy: AlphaPolicy
    public init(alphaPolicy: AlphaPolicy = .weighted) { self.alphaPolicy = alphaPolicy }
    public var name: String { "mean" }
    public func makeAccumulator() -> PowerMeanAccumulator { PowerMeanAccumulator(squared: false, alphaPolicy: alphaPolicy) }
}

/// The root mean square of sRGB-encoded components ("squareRoot" in the blog post): brighter than
/// the mean where an image mixes light and dark, closer to how the colors read to the eye.
public struct RootMeanSquareAverager: ColorAverager {
    public var alphaPolicy: AlphaPolicy
    public init(alphaPolicy: AlphaPolicy = .weighted) { self.alphaPolicy = alphaPolicy }
    public var name: String { "rms" }
    public func makeAccumulator() -> PowerMeanAccumulator { PowerMeanAccumulator(squared: true, alphaPolicy: alphaPolicy) }
}
