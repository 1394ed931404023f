import PixelKit

extension HEIFCodec.Session {
    /// The primary image's decode, from its boxes (`HEIFWorkEstimate`: every grid tile reference
    /// at its tile's size), at four times a JPEG's cost per pixel as decodes count it.
    /// - Throws: `ImageError.limitExceeded` past the allowance, or past `maxChunkCount` boxes.
    public func estimateWork(options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let limits = options.limits.forInput(source, costPerPixel: HEIFWorkEstimate.costPerPixel)
        try limits.check(info.size)    // the facts first, as the decode checks them
        let estimate = try HEIFWorkEstimate.estimate(self, limits: limits)
        try limits.check(estimate)
        return estimate
    }
}
