/// The work and memory an input may cost, and their check against a ``DecodeWorkEstimate``.
///
/// Both follow the input's length, as ``DecodingLimits/maxPixelsPerInputByte`` does, so that an
/// input of at most 1 MB costs at most 64 MP of work (divided by the codec's cost per pixel) and
/// 256 MB of working memory whatever its header declares, while any image of up to
/// ``DecodingLimits/ratioFreePixelCount`` pixels keeps the work and memory of its pixels.
extension DecodingLimits {
    /// Working memory per pixel the ratio rule allows: one RGBA8 frame.
    static let memoryBytesPerAllowedPixel = 4
    /// Working memory allowed an image of up to ``ratioFreePixelCount`` pixels whatever its input's
    /// size, per pixel: room for a 4096×4096 CMYK progressive JPEG's coefficients (2 bytes × 4
    /// components), or a 16-bit RGBA frame.
    static let memoryBytesPerRatioFreePixel = 8

    /// The most work (in pixels at the codec's cost) a decode of this input may do: the larger of
    /// ``ratioFreePixelCount`` and the input's length × ``maxPixelsPerInputByte`` (divided by the
    /// codec's cost per pixel); ``maxPixelCount`` when the input's length is unknown.
    public var workAllowance: Int {
        guard let inputByteCount else { return maxPixelCount }
        let ratio = max(maxPixelsPerInputByte / max(pixelCost, 1), 1)
        return max(ratioFreePixelCount, DecodeWorkEstimate.product(max(inputByteCount, 1), ratio))
    }

    /// The most working memory a decode of this input may hold: the larger of ``ratioFreePixelCount``
    /// × 8 bytes and the input's length × ``maxPixelsPerInputByte`` × 4 bytes, and never more than
    /// ``maxMemoryBytes`` (alone, when the input's length is unknown).
    public var memoryAllowance: Int {
        guard let inputByteCount else { return maxMemoryBytes }
        let floor = DecodeWorkEstimate.product(ratioFreePixelCount, Self.memoryBytesPerRatioFreePixel)
        let ratio = DecodeWorkEstimate.product(max(inputByteCount, 1), max(maxPixelsPerInputByte, 1), Self.memoryBytesPerAllowedPixel)
        return min(maxMemoryBytes, max(floor, ratio))
    }

    /// Throws when `estimate` exceeds ``workAllowance`` (``LimitViolation/work(pixels:inputBytes:limit:)``)
    /// or ``memoryAllowance`` (``LimitViolation/memory(bytes:limit:)``).
    public func check(_ estimate: DecodeWorkEstimate) throws(ImageError) {
        let work = workAllowance
        if estimate.workPixels > work {
            throw .limitExceeded(.work(pixels: estimate.workPixels, inputBytes: inputByteCount, limit: work))
        }
        let memory = memoryAllowance
        if estimate.memoryBytes > memory { throw .limitExceeded(.memory(bytes: estimate.memoryBytes, limit: memory)) }
    }
}
