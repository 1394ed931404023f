/// A decoder that can say what decoding an input will cost before it decodes: the work its
/// pixels will take (pixels coded more than once counted each time) and the working memory.
///
/// Its decodes check the same estimate against ``DecodingLimits/check(_:)`` before they start, so
/// an input refused here is refused by a decode too.
public protocol WorkEstimatingDecoder: ImageDecoder {
    /// What decoding `source` at full size under `options` will cost, read from its header only
    /// (no pixel is decoded), with the limits bound to the input's length.
    /// - Throws: ``ImageError`` as reading the header does, and ``ImageError/limitExceeded(_:)``
    ///   when the estimate exceeds ``DecodingLimits/workAllowance`` or ``DecodingLimits/memoryAllowance``.
    func estimateWork(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate
}
