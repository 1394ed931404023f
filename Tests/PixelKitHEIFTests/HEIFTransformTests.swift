import PixelKit
import PixelKitHEIF
import PixelKitTestSupport
import Testing

/// HEIF's transformative properties (`irot`, `imir`) are applied by libheif, and the size the codec
/// reports is the size after them. The inputs are `heif/rainbow-451x461.heic` with the boxes added
/// (`heif-transforms/add-transforms.py`), so the oracle is the untransformed file's own decode,
/// rotated or mirrored here.
@Suite struct HEIFTransformTests {
    static let registry = CodecRegistry([HEIFCodec()])

    static func decoded(_ file: String) throws -> RGBAImage {
        try registry.decodeImage(.file(path: Fixtures.path(file))).image
    }

    /// `image` turned a quarter anticlockwise, `turns` times (HEIF's `irot` direction).
    static func rotatedAnticlockwise(_ image: RGBAImage, turns: Int) -> RGBAImage {
        var result = image
        for _ in 0..<(turns % 4) {
            let (width, height) = (result.width, result.height)
            var pixels = [UInt8](repeating: 0, count: result.pixels.count)
            for y in 0..<height {
                for x in 0..<width {
                    // (x, y) moves to (y, width - 1 - x) in the height × width result.
                    let from = (y * width + x) * 4, to = ((width - 1 - x) * height + y) * 4
                    pixels[to..<to + 4] = result.pixels[from..<from + 4]
                }
            }
            result = RGBAImage(width: height, height: width, pixels: pixels)
        }
        return result
    }

    static func mirrored(_ image: RGBAImage, leftRight: Bool) -> RGBAImage {
        var pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (sourceX, sourceY) = leftRight ? (image.width - 1 - x, y) : (x, image.height - 1 - y)
                let from = (sourceY * image.width + sourceX) * 4, to = (y * image.width + x) * 4
                pixels[to..<to + 4] = image.pixels[from..<from + 4]
            }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    @Test func aQuarterTurnIsAppliedAndTheProbeReportsTheTurnedSize() throws {
        let info = try Self.registry.probe(.file(path: Fixtures.path("heif-transforms/rainbow-irot-90.heic")))
        #expect(info.size == PixelSize(width: 461, height: 451))
        #expect(info.orientation == .up)
        let original = try Self.decoded("heif/rainbow-451x461.heic")
        let turned = try Self.decoded("heif-transforms/rainbow-irot-90.heic")
        #expect(turned.width == 461 && turned.height == 451)
        #expect(turned.pixels == Self.rotatedAnticlockwise(original, turns: 1).pixels)
    }

    @Test func aMirrorIsAppliedAfterTheTurn() throws {
        let original = try Self.decoded("heif/rainbow-451x461.heic")
        let turned = Self.rotatedAnticlockwise(original, turns: 3)
        let result = try Self.decoded("heif-transforms/rainbow-irot-270-imir.heic")
        #expect(result.width == 461 && result.height == 451)
        // Readers disagree on which way `imir` axis 0 flips (libheif 1.15 flips top to bottom), so
        // either flip of the turned image is accepted, but not the unflipped one.
        let flips = [Self.mirrored(turned, leftRight: true).pixels, Self.mirrored(turned, leftRight: false).pixels]
        #expect(flips.contains(result.pixels))
        #expect(result.pixels != turned.pixels)
    }

    @Test func thumbnailsOfATurnedFileAreUpright() throws {
        let thumbnail = try Thumbnailer(codecs: Self.registry, options: ThumbnailOptions(maxPixelSize: 100))
            .thumbnailImage(of: .file(path: Fixtures.path("heif-transforms/rainbow-irot-90.heic")))
        #expect(thumbnail.image.width == 100 && thumbnail.image.height == 98)
    }
}
