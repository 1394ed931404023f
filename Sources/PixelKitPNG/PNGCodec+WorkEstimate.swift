import PixelKit

extension PNGCodec.Session {
    /// The decode's work and memory from the header (`PNGWorkEstimate`: stored bytes per pixel,
    /// an interlaced image's full frame), as decodes check them.
    /// - Throws: `ImageError.limitExceeded` past the allowance.
    public func estimateWork(options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let options = options.forInput(source)
        try options.limits.check(info.size)    // the facts first, as the decode checks them
        let estimate = PNGWorkEstimate.estimate(info)
        try options.limits.check(estimate)
        return estimate
    }
}
