import PixelKit

/// Turns a filled ``ColorHistogram`` into swatches and a source color: Wu, then weighted k-means,
/// then the score. Work and memory are bounded by the histogram's 32,768 cells and the color count,
/// never by the image.
public enum PaletteBuilder {
    /// The swatches (most populous first) and the source color of the pixels in `histogram`.
    public static func build(
        from histogram: ColorHistogram, maximumColors: Int = 128,
        fallbackSource: RGBAColor = PaletteOptions().fallbackSource
    ) -> (swatches: [Swatch], source: RGBAColor, isFallback: Bool) {
        let cells = histogram.occupiedCells
        let total = Double(histogram.opaquePixelCount)
        guard !cells.isEmpty, total > 0 else { return ([], fallbackSource, true) }
        let count = min(max(maximumColors, 1), 256)
        let seeds = WuQuantizer(cells).quantize(maximumColors: count)
        let clusters = WeightedKMeans.cluster(cells, seeds: seeds)
            .sorted { $0.population != $1.population ? $0.population > $1.population : $0.color.hex < $1.color.hex }
        var swatches = clusters.map { Swatch(color: $0.color, share: min($0.population / total, 1)) }
        // The populations add up to the total; only floating-point rounding can push the sum past 1.
        // Every share is scaled by one factor, which keeps them most populous first (rounding is
        // monotonic); taking the excess off the first share alone could drop it below the second.
        for _ in 0..<4 {
            let sum = swatches.reduce(0) { $0 + $1.share }
            guard sum > 1 else { break }
            let factor = (1 / sum).nextDown
            for index in swatches.indices { swatches[index].share *= factor }
        }
        let ranked = SourceColorScore.rank(clusters.map { ($0.color, $0.population) })
        guard let best = ranked.first else { return (swatches, fallbackSource, true) }
        return (swatches, best.color, false)
    }
}
