import PixelKit

/// The work of decoding a PNG, from its header: inflating and unfiltering follow the stored bytes,
/// so a pixel costs its stored bytes over an RGBA8 pixel's four (a 16-bit RGBA pixel twice a plain
/// one); an interlaced image's seven passes are gathered into one full frame (its memory) and sent
/// again from it (half a pass more).
enum PNGWorkEstimate {
    /// The estimate for decoding the image `info` describes to RGBA8.
    static func estimate(_ info: ImageInfo) -> DecodeWorkEstimate {
        let pixels = info.size.pixelCount
        let storedBytesPerPixel = channels(info.colorModel) * (info.bitDepth > 8 ? 2 : 1)
        var work = DecodeWorkEstimate.product(pixels, max(storedBytesPerPixel, 4)) / 4
        var memory = 0
        if info.isProgressive {
            work = DecodeWorkEstimate.sum(work, pixels / 2)
            memory = DecodeWorkEstimate.product(pixels, 4)
        }
        return DecodeWorkEstimate(workPixels: work, memoryBytes: memory)
    }

    /// Samples per stored pixel.
    private static func channels(_ model: ImageInfo.ColorModel) -> Int {
        switch model {
        case .gray, .palette: 1
        case .grayAlpha: 2
        case .rgb, .ycbcr: 3
        case .rgba, .cmyk, .ycck: 4
        }
    }
}
