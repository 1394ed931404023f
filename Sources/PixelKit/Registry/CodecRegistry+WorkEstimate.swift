extension CodecRegistry {
    /// What decoding `source` will cost, read from its header before any pixel is decoded, for a
    /// caller that must decide before it commits to the decode (a service taking a decode slot):
    /// the codec's own count where it keeps one (``WorkEstimatingDecoder``), otherwise one pass
    /// over the stored pixels.
    ///
    /// An input whose decode would exceed its allowance (``DecodingLimits/workAllowance``,
    /// ``DecodingLimits/memoryAllowance``, both following the input's length) throws here, cheaply,
    /// as its decode would.
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file.
    public func estimateWork(of source: some ImageSourceConvertible, options: DecodeOptions = .init()) throws(ImageError) -> DecodeWorkEstimate {
        let source = try source.imageSource.opened()
        let decoder = try decoder(for: source)
        do throws(ImageError) {
            if let estimating = decoder as? any WorkEstimatingDecoder {
                return try estimating.estimateWork(source, options: options)
            }
            return DecodeWorkEstimate(plainDecodeOf: try decoder.probe(source, limits: options.limits).size)
        } catch {
            throw error.attributed(to: source)
        }
    }
}
