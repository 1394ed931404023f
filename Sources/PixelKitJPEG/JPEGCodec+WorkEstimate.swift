import PixelKit

extension JPEGCodec: WorkEstimatingDecoder {
    /// The full-size decode's work and memory from the header: its pixels, and a progressive
    /// file's coefficient buffers (the whole image's, libjpeg's). The scans are not walked: a
    /// progressive file's refinement scans are charged as each starts, and the decode stops at the
    /// first that passes `DecodingLimits.workAllowance`.
    /// - Throws: `ImageError` as ``readHeader(_:options:)``, and `.limitExceeded` past the allowance.
    public func estimateWork(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let options = options.forInput(source)
        let header = try readHeader(source, options: options).header
        let estimate = DecodeWorkEstimate(
            workPixels: header.size.pixelCount, memoryBytes: header.isProgressive ? header.coefficientBytes : 0)
        try options.limits.check(estimate)
        return estimate
    }
}
