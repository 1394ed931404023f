import PixelKit

extension JPEGCodec.Session {
    /// The full-size decode's work and memory from the header: its pixels, and a progressive
    /// file's coefficient buffers (the whole image's, libjpeg's). The scans are not walked: a
    /// progressive file's refinement scans are charged as each starts, and the decode stops at the
    /// first that passes `DecodingLimits.workAllowance`.
    /// - Throws: `ImageError.limitExceeded` past the allowance.
    public func estimateWork(options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let options = options.forInput(source)
        try options.limits.check(info.size)    // the facts first, as the decode checks them
        let estimate = DecodeWorkEstimate(
            workPixels: header.size.pixelCount, memoryBytes: header.isProgressive ? header.coefficientBytes : 0)
        try options.limits.check(estimate)
        return estimate
    }
}
