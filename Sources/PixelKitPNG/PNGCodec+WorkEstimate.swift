import PixelKit

extension PNGCodec: WorkEstimatingDecoder {
    /// The decode's work and memory from the header (``PNGWorkEstimate``: stored bytes per pixel,
    /// an interlaced image's full frame), as decodes check them.
    /// - Throws: `ImageError` as ``readHeader(_:options:)``, and `.limitExceeded` past the allowance.
    public func estimateWork(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let options = options.forInput(source)
        let estimate = PNGWorkEstimate.estimate(try readHeader(source, options: options).info)
        try options.limits.check(estimate)
        return estimate
    }
}
