extension CodecRegistry {
    /// What decoding `source` will cost, read from its header before any pixel is decoded
    /// (``ImageReader/estimateWork(options:)`` of a reader opened for it), for a caller that must
    /// decide before it commits to the decode. To decode afterwards without opening the input
    /// again, open the ``ImageReader`` yourself.
    ///
    /// An input whose decode would exceed its allowance (``DecodingLimits/workAllowance``,
    /// ``DecodingLimits/memoryAllowance``, both following the input's length) throws here, cheaply,
    /// as its decode would.
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file.
    public func estimateWork(of source: some ImageSourceConvertible, options: DecodeOptions = .init()) throws(ImageError) -> DecodeWorkEstimate {
        try reader(for: source, options: options).estimateWork(options: options)
    }
}
