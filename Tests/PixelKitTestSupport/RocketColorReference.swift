/// `photos/rocket.jpg` embeds Adobe RGB (1998): its mean in sRGB, converted with that profile by
/// lcms2 (Pillow 13's ImageCms, relative colorimetric, to lcms2's built-in sRGB), as PixelKit's
/// operations convert it by default. (Its stored numbers' mean, 52.27, 61.29, 82.27, is libvips'.)
package enum RocketColorReference {
    package static let sRGBMean = (red: 41.477701, green: 58.281338, blue: 81.603817)

    /// Whether `hex` (`#RRGGBB`) is a fast average of the converted colors: each channel within 3
    /// levels of ``sRGBMean`` (issue 40's fast tolerance), the hex's rounding included.
    package static func isFastAverage(hex: String?) -> Bool {
        guard let hex, hex.count == 7, hex.first == "#" else { return false }
        let digits = Array(hex.dropFirst())
        let channels = stride(from: 0, to: 6, by: 2).compactMap { Int(String(digits[$0...$0 + 1]), radix: 16) }
        guard channels.count == 3 else { return false }
        return zip(channels, [sRGBMean.red, sRGBMean.green, sRGBMean.blue]).allSatisfy { abs(Double($0) - $1) <= 3.5 }
    }
}
