import PixelKit

extension WebPCodec: WorkEstimatingDecoder {
    /// The full-size decode's work and memory from the header (``WebPWorkEstimate``; an animation's
    /// first frame counts as one image of the canvas's size), as decodes check them.
    /// - Throws: `ImageError` as ``readHeader(_:options:)``, and `.limitExceeded` past the allowance.
    public func estimateWork(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let options = options.forInput(source)
        let header = try readHeader(source, options: options)
        let estimate = WebPWorkEstimate.estimate(header, outputSize: header.info.size)
        try options.limits.check(estimate)
        return estimate
    }
}
