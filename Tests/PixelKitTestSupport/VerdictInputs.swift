import PixelKit
import PixelKitJPEG
import PixelKitPNG

/// Inputs for the one-verdict tests, made at run time from committed fixtures: JPEGs large enough
/// for the fast paths (the split decoder takes baseline files with ≥ 256 KiB of entropy-coded data).
package enum VerdictInputs {
    /// `photos/coffee.png` (600×400) tiled 3×3, with a little deterministic noise so that the
    /// entropy-coded data is large: 1800×1200, the width of the reported file.
    package static func photo(width: Int = 1800, height: Int = 1200) throws -> RGBAImage {
        let tile = try StrictVerdict.codecs.decodeImage(.file(path: Fixtures.path("photos/coffee.png"))).image
        let noise = JPEGTesting.randomBytes(count: width * height, seed: 27)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let source = ((y % tile.height) * tile.width + x % tile.width) * 4
                let target = (y * width + x) * 4
                let delta = Int(noise[y * width + x] & 15) - 8
                for channel in 0..<3 {
                    pixels[target + channel] = UInt8(clamping: Int(tile.pixels[source + channel]) + delta)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A baseline 4:2:0 JPEG of `photo()` (≈ 0.9 MB, well above the split decoder's threshold).
    package static let baselineJPEG: [UInt8] = try! JPEGCodec().encode(photo(), options: EncodeOptions(quality: 0.9))

    /// A progressive JPEG of a 900×600 `photo()` (libjpeg's default script: the DC scan first).
    package static let progressiveJPEG: [UInt8] = try! JPEGCodec().encode(photo(width: 900, height: 600), options: EncodeOptions(quality: 0.9, progressive: true))

    /// The offset of the first `FF marker` segment at the top level (SOI, then length-prefixed
    /// segments up to the first SOS).
    package static func segment(_ marker: UInt8, in bytes: [UInt8]) -> Int? {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            if bytes[index + 1] == marker { return index }
            if bytes[index + 1] == 0xDA { return nil }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        return nil
    }
}
