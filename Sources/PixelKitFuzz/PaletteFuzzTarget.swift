import PixelKit
import PixelKitPalette
import Themes

/// The palette on arbitrary pixels: byte 0 picks the color count (1…256), byte 1 the row width
/// (1…256 pixels), the rest are RGBA pixels. The swatches' shares lie in 0…1 and sum to at most 1,
/// are sorted most populous first and number at most the count; the source's Material theme meets
/// every contrast pair.
enum PaletteFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let maximumColors = Int(bytes[0]) + 1
        let width = Int(bytes[1]) + 1
        let pixels = Array(bytes.dropFirst(2))
        let height = pixels.count / (width * 4)
        guard height > 0 else { return }
        let image = RGBAImage(width: width, height: height, pixels: Array(pixels.prefix(width * height * 4)))
        var histogram = ColorHistogram()
        image.send(to: &histogram)
        let built = PaletteBuilder.build(from: histogram, maximumColors: maximumColors)
        let shares = built.swatches.map(\.share)
        FuzzCheck.require(shares.allSatisfy { (0...1).contains($0) }, "a share outside 0…1")
        FuzzCheck.require(shares.reduce(0, +) <= 1, "shares sum past 1")
        FuzzCheck.require(zip(shares, shares.dropFirst()).allSatisfy { $0 >= $1 }, "swatches not most populous first")
        FuzzCheck.require(built.swatches.count <= maximumColors, "more swatches than colors asked for")
        FuzzCheck.require(!built.isFallback || built.source == PaletteOptions().fallbackSource,
                          "fallback flag without the fallback color")
        FuzzCheck.require(histogram.opaquePixelCount > 0 || built.swatches.isEmpty, "swatches without opaque pixels")
        FuzzCheck.require(MaterialTheme(seed: built.source).contrastChecks.allSatisfy(\.passes), "theme pair below its contrast")
    }
}
