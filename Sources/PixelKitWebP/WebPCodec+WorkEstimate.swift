import PixelKit

extension WebPCodec.Session {
    /// The full-size decode's work and memory from the header (`WebPWorkEstimate`; an animation's
    /// first frame counts as one image of the canvas's size), as decodes check them.
    /// - Throws: `ImageError.limitExceeded` past the allowance.
    public func estimateWork(options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let options = options.forInput(source)
        try options.limits.check(info.size)    // the facts first, as the decode checks them
        let estimate = WebPWorkEstimate.estimate(self, outputSize: info.size)
        try options.limits.check(estimate)
        return estimate
    }
}
