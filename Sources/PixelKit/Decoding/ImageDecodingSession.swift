/// One input opened by a decoder (``ImageDecoder/open(_:options:)``): it holds its source, states
/// the header's facts, and decodes once, continuing from the header without reading it again.
///
/// A session is for one decode, as Nuke's decoders are "one-shot objects created for a single image
/// decoding session". ``ImageReader`` enforces that at compile time (it is non-copyable); a codec's
/// own session type decoded a second time must still be correct: it reads its header again.
/// Sessions need not be `Sendable` (a library's state may be tied to the thread that opened it):
/// use one on one thread at a time.
public protocol ImageDecodingSession {
    /// The facts the header states.
    var info: ImageInfo { get }
    /// The color space the samples are in, as the header states it (an embedded ICC profile, an
    /// nclx box, a PNG `sRGB` chunk), which ``ImageReader`` converts from: ``ColorSpace/sRGB`` for
    /// an untagged image or a format without color information (GIF). A codec that finds a profile
    /// it cannot use says so with ``ColorSpace/unconvertible(_:)`` rather than failing the open.
    ///
    /// Required, with no default, so that a session that wraps another (to count, log or filter
    /// its rows) cannot silently drop the wrapped image's profile: it forwards it.
    var colorSpace: ColorSpace { get }
    /// What decoding this input at full size under `options` will cost, counted from the header
    /// (no pixel decoded: the pixels actually coded, a grid's tiles, a progressive file's
    /// coefficients), checked against the allowance its input's length gives
    /// (``DecodingLimits/workAllowance``, ``DecodingLimits/memoryAllowance``): the refusal its
    /// decode would meet, before any decoding work, for a caller that must decide before it
    /// commits to the decode (a service taking a decode slot). The default counts each stored
    /// pixel once, at a JPEG's cost.
    /// - Throws: ``ImageError/limitExceeded(_:)`` past the allowance.
    func estimateWork(options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate
    /// Decodes rows top to bottom into `sink`, continuing from the header, at full size or (when
    /// `options.minimumSize` allows) a cheaper reduced size, never allocating more than
    /// `options.limits` allow (the header's facts are checked against them again). `options`'
    /// strictness and deadline govern the decode.
    /// - Throws: ``ImageError``.
    consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport
}

extension ImageDecodingSession {
    /// Each stored pixel decoded once, at a JPEG's cost, within `options.limits`' allowance.
    public func estimateWork(options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
        let estimate = DecodeWorkEstimate(plainDecodeOf: info.size)
        try options.limits.check(estimate)
        return estimate
    }
}

/// A session that can deliver a CMYK image's stored samples instead of its naive RGB, for a CMYK
/// profile to convert: when ``ImageReader`` will convert them it sets
/// ``DecodeOptions/deliversStoredCMYK``, and the session then delivers C, M, Y, K in each pixel's
/// four bytes, counting ink as ``storedCMYKSamples`` says. PixelKit's JPEG session is one; a codec
/// of CMYK images written outside the package conforms the same way.
public protocol StoredCMYKDelivering: ImageDecodingSession {
    /// How the delivered C, M, Y, K bytes count ink.
    var storedCMYKSamples: CMYKSamples { get }
}
