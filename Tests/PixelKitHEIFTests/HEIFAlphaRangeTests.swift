import PixelKit
import PixelKitHEIF
import PixelKitTestSupport
import Testing

/// An AVIF alpha plane coded in limited range (its AV1 sequence header's `color_range = 0`) is
/// expanded to full range: libheif 1.15 passes it on as coded, so the opaque pixels of Pillow's
/// `star.avifs` came out with alpha 235. Full-range alpha is left as it is.
@Suite struct HEIFAlphaRangeTests {
    static let registry = CodecRegistry([HEIFCodec()])

    /// Pillow's `avif/star.avifs` (an AVIF sequence whose default image has limited-range alpha) and
    /// `avif/transparency.avif` (full-range alpha), with Pillow 13.0.0's (libavif 1.4.2) mean alpha.
    static let star = "pillow/star.avifs", starPillowAlpha = 97.33966219690677
    static let translucent = "pillow/transparency.avif", translucentPillowAlpha = 200.4638671875

    static func average(_ file: String, region: PixelRect? = nil) throws -> AverageResult {
        try registry.averageColor(of: Fixtures.path(file), options: AverageOptions(accuracy: .exact, region: region))
    }

    @Test func anOpaqueRegionOfLimitedRangeAlphaAveragesToAlpha255() throws {
        // The 30×30 square at the star's centre: coded 235 throughout, opaque in Pillow's decode.
        let center = try Self.average(Self.star, region: PixelRect(x: 64, y: 64, width: 30, height: 30))
        #expect(center.color.alpha == 255)
    }

    @Test func limitedRangeAlphaMatchesPillowsPixelForPixelMean() throws {
        let whole = try Self.average(Self.star)
        #expect(abs(whole.color.alpha - Self.starPillowAlpha) < 0.000001, "\(whole.color.alpha) against Pillow's \(Self.starPillowAlpha)")
        var collector = RGBAImageCollector()
        _ = try HEIFCodec().decode(.file(path: Fixtures.path(Self.star)), options: .init(), into: &collector)
        let alphas = stride(from: 3, to: collector.image.pixels.count, by: 4).map { collector.image.pixels[$0] }
        #expect(!alphas.contains(235) && alphas.filter { $0 == 255 }.count == 9589)
    }

    @Test func fullRangeAlphaIsUnchanged() throws {
        let result = try Self.average(Self.translucent)
        #expect(result.color.alpha == Self.translucentPillowAlpha)
        #expect(result.info.hasAlpha)
    }
}
