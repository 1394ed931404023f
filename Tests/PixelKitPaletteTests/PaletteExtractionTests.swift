import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette
import PixelKitWebP
import Testing
import Themes

@Suite struct PaletteExtractionTests {
    /// An image of horizontal bands, each `(color, rows)`, 64 pixels wide.
    static func bands(_ bands: [((UInt8, UInt8, UInt8, UInt8), Int)]) -> RGBAImage {
        var pixels: [UInt8] = []
        for (color, rows) in bands {
            for _ in 0..<(rows * 64) { pixels += [color.0, color.1, color.2, color.3] }
        }
        return RGBAImage(width: 64, height: bands.reduce(0) { $0 + $1.1 }, pixels: pixels)
    }

    static func palette(of image: RGBAImage, maximumColors: Int = 128) -> (swatches: [Swatch], source: RGBAColor, isFallback: Bool) {
        var histogram = ColorHistogram()
        image.send(to: &histogram)
        return PaletteBuilder.build(from: histogram, maximumColors: maximumColors)
    }

    /// The synchronous overload (an async context would pick the async one).
    static func synchronousPalette(_ codecs: CodecRegistry, _ bytes: [UInt8]) throws -> Palette {
        try codecs.palette(of: bytes)
    }

    @Test func threeColorImageGivesItsColorsWithTheirShares() throws {
        let image = Self.bands([((200, 30, 40, 255), 30), ((20, 120, 40, 255), 20), ((30, 40, 200, 255), 10)])
        let result = Self.palette(of: image)
        #expect(result.swatches.map(\.color.hex) == ["#C81E28", "#147828", "#1E28C8"])
        let shares = result.swatches.map(\.share)
        #expect(abs(shares[0] - 0.5) < 1e-9 && abs(shares[1] - 20.0 / 60) < 1e-9 && abs(shares[2] - 10.0 / 60) < 1e-9)
        #expect(!result.isFallback)
        // Red covers half the image and is the most chromatic, so it wins the score.
        #expect(result.source.hex == "#C81E28")
    }

    @Test func hueProportionOutweighsChromaAsInMaterialColorUtilities() {
        // 60 % brownish grey (chroma ≈ 7) against 40 % saturated blue: the score's proportion term
        // (0.7 per percent within ±15° of hue) beats the blue's chroma; materialyoucolor 3.0.4 ranks
        // #786E64 then #145AE6 for these pixels, and so must we.
        let image = Self.bands([((120, 110, 100, 255), 60), ((20, 90, 230, 255), 40)])
        let result = Self.palette(of: image)
        #expect(result.swatches.map(\.color.hex) == ["#786E64", "#145AE6"])
        #expect(result.source.hex == "#786E64")
    }

    @Test func greyImageFallsBackToGoogleBlue() {
        let image = Self.bands([((0, 0, 0, 255), 10), ((128, 128, 128, 255), 10), ((250, 250, 250, 255), 10)])
        let result = Self.palette(of: image)
        #expect(result.isFallback)
        #expect(result.source.hex == "#4285F4")
        #expect(result.swatches.count == 3)
    }

    @Test func translucentPixelsAreLeftOut() {
        let image = Self.bands([((255, 0, 0, 254), 10), ((0, 160, 0, 255), 10)])
        let result = Self.palette(of: image)
        #expect(result.swatches.map(\.color.hex) == ["#00A000"])
        #expect(result.swatches.first?.share == 1)
    }

    @Test func fullyTransparentImageHasNoSwatches() {
        let result = Self.palette(of: Self.bands([((10, 200, 30, 0), 4)]))
        #expect(result.swatches.isEmpty)
        #expect(result.isFallback)
    }

    @Test func colorCountIsCapped() {
        // 4096 distinct colors in a gradient cube.
        var pixels: [UInt8] = []
        for r in 0..<16 { for g in 0..<16 { for b in 0..<16 { pixels += [UInt8(r * 17), UInt8(g * 17), UInt8(b * 17), 255] } } }
        let image = RGBAImage(width: 64, height: 64, pixels: pixels)
        for cap in [1, 5, 128] {
            let result = Self.palette(of: image, maximumColors: cap)
            #expect(result.swatches.count <= cap && !result.swatches.isEmpty)
            #expect(result.swatches.reduce(0) { $0 + $1.share } <= 1)
            #expect(zip(result.swatches, result.swatches.dropFirst()).allSatisfy { $0.share >= $1.share })
        }
    }

    @Test func registryPaletteReadsEncodedImagesAndRoundTripsThroughJSON() throws {
        let image = Self.bands([((230, 120, 20, 255), 48), ((40, 40, 40, 255), 16)])
        let png = try PNGCodec().encode(image, options: .init())
        let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
        let palette = try codecs.palette(of: png)
        #expect(palette.info.size == PixelSize(width: 64, height: 64))
        #expect(palette.source.hex == "#E67814")
        #expect(palette.swatches.first?.share == 0.75)
        let json = try OrderedJSONTestCoder.roundTrip(palette)
        #expect(json == palette)
    }

    @Test func asyncPaletteMatchesSyncAndJPEGUsesTheReducedDecode() async throws {
        let image = Self.bands([((30, 140, 220, 255), 64), ((250, 240, 230, 255), 64)])
        let wide = RGBAImage(width: 64, height: 128, pixels: image.pixels)
        let jpeg = try JPEGCodec().encode(wide, options: .init(quality: 0.95))
        let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
        let sync = try Self.synchronousPalette(codecs, jpeg)
        let async = try await codecs.palette(of: jpeg)
        #expect(sync == async)
        #expect(sync.decodedSize == PixelSize(width: 8, height: 16))
        let hct = sync.source.hct
        #expect(abs(hct.hue - RGBAColor(red: 30, green: 140, blue: 220).hct.hue) < 5)
    }

    @Test func scalableDecoderKeepsEnoughPixelsForAPalette() throws {
        // WebP scales to any size: asked for the average's 1×1 minimum it would blend the two halves
        // into one color. The palette keeps at least 1/8 of each side (here 8×16).
        let image = Self.bands([((220, 30, 30, 255), 64), ((30, 60, 220, 255), 64)])
        let tall = RGBAImage(width: 64, height: 128, pixels: image.pixels)
        let webp = try WebPCodec().encode(tall, options: .init(quality: 0.95))
        let palette = try CodecRegistry([WebPCodec()]).palette(of: webp)
        #expect(palette.decodedSize.width >= 8 && palette.decodedSize.height >= 16)
        let hues = palette.swatches.filter { $0.share > 0.2 }.map { $0.color.hct.hue }
        #expect(hues.count == 2)
        #expect(hues.contains { abs($0 - RGBAColor(red: 220, green: 30, blue: 30).hct.hue) < 10 })
        #expect(hues.contains { abs($0 - RGBAColor(red: 30, green: 60, blue: 220).hct.hue) < 10 })
    }
}
