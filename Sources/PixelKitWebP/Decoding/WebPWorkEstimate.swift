import PixelKit

/// The work and memory of decoding a still WebP, from its header: libwebp decodes into one RGBA
/// buffer of the output's size; a lossless (VP8L) image also holds a full-size ARGB buffer and runs
/// its transforms (up to four: predictor, cross-color, subtract-green, color indexing) over it, so
/// its pixels count twice.
enum WebPWorkEstimate {
    /// Work per pixel of a lossless image relative to a lossy one's.
    static let losslessCostPerPixel = 2

    /// The estimate for decoding `header`'s image to `outputSize` (its size, or libwebp's scaled output).
    static func estimate(_ header: WebPCodec.Session, outputSize: PixelSize) -> DecodeWorkEstimate {
        let pixels = header.info.size.pixelCount
        let output = DecodeWorkEstimate.product(outputSize.pixelCount, 4)
        guard header.isLossless else { return DecodeWorkEstimate(workPixels: pixels, memoryBytes: output) }
        return DecodeWorkEstimate(
            workPixels: DecodeWorkEstimate.product(pixels, losslessCostPerPixel),
            memoryBytes: DecodeWorkEstimate.sum(output, DecodeWorkEstimate.product(pixels, 4)))
    }
}
