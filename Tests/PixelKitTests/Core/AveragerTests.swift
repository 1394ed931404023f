@testable import PixelKit
import Testing

@Suite("Averagers and samplers")
struct AveragerTests {
    /// Averages an in-memory image with the given averager and sampler.
    func average<A: ColorAverager, S: PixelSampler>(_ image: RGBAImage, _ averager: A, _ sampler: S, region: PixelRect? = nil) -> RGBAColor {
        var sink = SampledAverage(sampler: sampler, accumulator: averager.makeAccumulator(), region: region, storedSize: image.size)
        image.send(to: &sink)
        return sink.finish()
    }

    /// Left half black, right half white, opaque.
    func halfBlackHalfWhite(width: Int = 4, height: Int = 2) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: (0, 0, 0, 255))
        for y in 0..<height { for x in width / 2..<width { for c in 0..<3 { image.pixels[(y * width + x) * 4 + c] = 255 } } }
        return image
    }

    @Test func meanOfBlackAndWhiteIsMidGray() {
        let color = average(halfBlackHalfWhite(), MeanAverager(), EveryPixelSampler())
        #expect(color == RGBAColor(red: 127.5, green: 127.5, blue: 127.5, alpha: 255))
    }

    @Test func rootMeanSquareOfBlackAndWhite() {
        // sqrt((0² + 255²) / 2) = 255 / √2
        let color = average(halfBlackHalfWhite(), RootMeanSquareAverager(), EveryPixelSampler())
        #expect(abs(color.red - 255 / 2.0.squareRoot()) < 1e-9)
    }

    @Test func linearLightOfBlackAndWhiteIsBrighterThanMean() {
        // Linear mean 0.5 re-encoded: 1.055 × 0.5^(1/2.4) − 0.055 = 0.735357 → 187.516 on 0…255.
        let color = average(halfBlackHalfWhite(), LinearLightAverager(), EveryPixelSampler())
        #expect(abs(color.red - 187.516) < 0.01)
        #expect(color.hex == "#BCBCBC")
    }

    @Test func alphaWeightingIgnoresTransparentPixels() {
        // Left: transparent black; right: opaque blue.
        var image = RGBAImage(width: 2, height: 1, filledWith: (0, 0, 0, 0))
        image.pixels[4...7] = [0, 0, 255, 255]
        for averager in [AnyAverager(MeanAverager()), AnyAverager(RootMeanSquareAverager()), AnyAverager(LinearLightAverager())] {
            let weighted = averager.run(image, alpha: .weighted)
            #expect(abs(weighted.blue - 255) < 1e-9 && weighted.red == 0 && abs(weighted.alpha - 127.5) < 1e-9)
            let ignored = averager.run(image, alpha: .ignored)
            #expect(ignored.blue < 255)
        }
    }

    @Test func fullyTransparentImageFallsBackToStoredColors() {
        let image = RGBAImage(width: 2, height: 2, filledWith: (200, 100, 50, 0))
        let color = average(image, MeanAverager(alphaPolicy: .weighted), EveryPixelSampler())
        #expect(color == RGBAColor(red: 200, green: 100, blue: 50, alpha: 0))
    }

    @Test func exactSumsSurviveWideRows() {
        // 70,000 pixels in one row crosses the 65,535-pixel block boundary of the integer fast path.
        let width = 70_000
        var image = RGBAImage(width: width, height: 1, filledWith: (255, 255, 255, 255))
        for x in 0..<width where x % 3 == 0 { image.pixels[x * 4] = 0 }
        let expectedRed = Double((0..<width).filter { $0 % 3 != 0 }.count) * 255 / Double(width)
        for policy in AlphaPolicy.allCases {
            let color = average(image, MeanAverager(alphaPolicy: policy), EveryPixelSampler())
            #expect(abs(color.red - expectedRed) < 1e-9)
            let rms = average(image, RootMeanSquareAverager(alphaPolicy: policy), EveryPixelSampler())
            #expect(abs(rms.red - (expectedRed * 255).squareRoot()) < 1e-9)
        }
    }

    @Test func boxSamplerGivesEachCellEqualWeight() {
        // 3×1 image, grid 2: cell of x is floor(x·2/3), so cells are x∈{0,1} and x∈{2}.
        // Cell means 127.5 and 255 → 191.25, whereas the per-pixel mean is 170.
        var image = RGBAImage(width: 3, height: 1, filledWith: (255, 255, 255, 255))
        image.pixels[0...2] = [0, 0, 0]
        let boxed = average(image, MeanAverager(), BoxSampler(gridSize: 2))
        #expect(boxed.red == 191.25)
        #expect(average(image, MeanAverager(), EveryPixelSampler()).red == 170)
    }

    @Test func boxSamplerOnExactGridEqualsTheMean() {
        let image = gradient(width: 80, height: 40)
        let boxed = average(image, MeanAverager(), BoxSampler(gridSize: 40))
        let exact = average(image, MeanAverager(), EveryPixelSampler())
        #expect(abs(boxed.red - exact.red) < 1e-9 && abs(boxed.green - exact.green) < 1e-9)
    }

    @Test func strideSamplerTakesEveryNthPixel() {
        let image = gradient(width: 10, height: 10)
        let strided = average(image, MeanAverager(), StrideSampler(step: 3))
        // Sampled x, y ∈ {0, 3, 6, 9}; the gradient's red is x × 25, green y × 25.
        #expect(strided.red == 4.5 * 25)
        #expect(strided.green == 4.5 * 25)
    }

    @Test func regionAveragesOnlyTheRectangle() {
        let image = halfBlackHalfWhite(width: 8, height: 4)
        let right = average(image, MeanAverager(), EveryPixelSampler(), region: PixelRect(x: 4, y: 1, width: 4, height: 2))
        #expect(right.red == 255)
        let straddling = average(image, MeanAverager(), EveryPixelSampler(), region: PixelRect(x: 2, y: 0, width: 4, height: 4))
        #expect(straddling.red == 127.5)
    }

    @Test func regionScalesToAReducedDecode() {
        let region = PixelRect(x: 4000, y: 0, width: 32, height: 16).scaled(
            from: PixelSize(width: 4032, height: 3024), to: PixelSize(width: 504, height: 378))
        #expect(region == PixelRect(x: 500, y: 0, width: 4, height: 2))
    }

    @Test func edgeCoverageOfAnEighthScaleDecode() {
        // 427 = 53 × 8 + 3: the last of 54 output pixels covers 3 stored pixels.
        let coverage = EdgeCoverage(stored: PixelSize(width: 640, height: 427), decoded: PixelSize(width: 80, height: 54))
        #expect(coverage == EdgeCoverage(lastColumn: 1, lastRow: 3.0 / 8))
        #expect(EdgeCoverage(stored: PixelSize(width: 17, height: 9), decoded: PixelSize(width: 3, height: 2)) == EdgeCoverage(lastColumn: 1.0 / 8, lastRow: 1.0 / 8))
        #expect(EdgeCoverage(stored: PixelSize(width: 40, height: 40), decoded: PixelSize(width: 40, height: 40)) == .uniform)
    }

    @Test func reducedDecodeWeightsPartialEdgeBlocks() {
        // A 9×1 image decoded at 1/8 to 2×1: block means 0 (8 pixels) and 255 (1 pixel).
        // True mean 255/9; equal weighting would give 127.5.
        var decoded = RGBAImage(width: 2, height: 1, filledWith: (0, 0, 0, 255))
        decoded.pixels[4...6] = [255, 255, 255]
        var sink = SampledAverage(sampler: EveryPixelSampler(), accumulator: MeanAverager().makeAccumulator(),
                                  storedSize: PixelSize(width: 9, height: 1))
        decoded.send(to: &sink)
        #expect(abs(sink.finish().red - 255.0 / 9) < 1e-9)
    }

    func gradient(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: (0, 0, 0, 255))
        for y in 0..<height {
            for x in 0..<width {
                image.pixels[(y * width + x) * 4] = UInt8(x * 25 % 256)
                image.pixels[(y * width + x) * 4 + 1] = UInt8(y * 25 % 256)
            }
        }
        return image
    }
}

/// Runs any of the built-in averagers with a chosen alpha policy (test convenience).
struct AnyAverager {
    let run: (RGBAImage, AlphaPolicy) -> RGBAColor
    init(_ averager: MeanAverager) { run = { image, policy in AnyAverager.apply(MeanAverager(alphaPolicy: policy), image) } }
    init(_ averager: RootMeanSquareAverager) { run = { image, policy in AnyAverager.apply(RootMeanSquareAverager(alphaPolicy: policy), image) } }
    init(_ averager: LinearLightAverager) { run = { image, policy in AnyAverager.apply(LinearLightAverager(alphaPolicy: policy), image) } }
    func run(_ image: RGBAImage, alpha: AlphaPolicy) -> RGBAColor { run(image, alpha) }
    static func apply<A: ColorAverager>(_ averager: A, _ image: RGBAImage) -> RGBAColor {
        var sink = SampledAverage(sampler: EveryPixelSampler(), accumulator: averager.makeAccumulator())
        image.send(to: &sink)
        return sink.finish()
    }
}
