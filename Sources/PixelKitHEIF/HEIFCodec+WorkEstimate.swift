import PixelKit

extension HEIFCodec: WorkEstimatingDecoder {
    /// The primary image's decode, from its boxes (``HEIFWorkEstimate``: every grid tile reference
    /// at its tile's size), at four times a JPEG's cost per pixel as decodes count it.
    /// - Throws: `ImageError` as ``readHeader(_:options:)``, and `.limitExceeded` past the allowance.
    public func estimateWork(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let limits = options.limits.forInput(source, costPerPixel: HEIFWorkEstimate.costPerPixel)
        let estimate = try HEIFWorkEstimate.estimate(readHeader(source, options: options), limits: limits)
        try limits.check(estimate)
        return estimate
    }
}
