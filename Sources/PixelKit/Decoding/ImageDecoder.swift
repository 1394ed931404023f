/// A codec's reading half: recognises its format from the first bytes and opens one decoding
/// session per input. Conform to plug a format into a `CodecRegistry`; the core never needs to know
/// the codec exists, and everything a built-in codec uses is public (see <doc:AddingACodec>).
///
/// There is one path through a decoder, as libvips' loaders and Nuke's decoders have:
/// ``open(_:options:)`` reads the input's header once and returns an ``ImageDecodingSession`` that
/// knows its source, states the header's facts (``ImageDecodingSession/info``) and decodes once,
/// continuing from where the header ended. Probing is opening and reading the facts
/// (``probe(_:limits:)``); a plain decode is opening and decoding (``decode(_:options:into:)``).
///
/// Decoders are values shared across threads: keep per-input state in the session.
public protocol ImageDecoder: Sendable {
    /// One input being decoded: its header's facts and what the decoder keeps to continue from it.
    associatedtype Session: ImageDecodingSession

    /// The format this decoder reads.
    var format: ImageFormat { get }
    /// How many leading bytes `recognizes(_:)` needs to decide.
    var signatureLength: Int { get }
    /// Whether the leading bytes (at most `signatureLength` of them) look like this format.
    func recognizes(_ leadingBytes: [UInt8]) -> Bool
    /// Opens `source` for decoding: reads its header once, doing the minimum read that states the
    /// facts, within `options`' limits (the dimensions are checked against them), strictness and
    /// deadline. `options.minimumSize` is not known yet and is ignored; the session's decode takes
    /// its own options.
    /// - Throws: ``ImageError`` (``ImageError/limitExceeded(_:)`` for facts that break the limits,
    ///   ``ImageError/malformed(format:message:)``, ``ImageError/truncated(format:message:)``, …).
    func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session
}

extension ImageDecoder {
    /// The header's facts, without decoding pixels: ``open(_:options:)``'s session's
    /// ``ImageDecodingSession/info``, read leniently within `limits`.
    /// - Throws: ``ImageError``, as ``open(_:options:)``.
    public func probe(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        try open(source, options: DecodeOptions(strictness: .lenient, limits: limits)).info
    }

    /// Opens `source` and decodes it into `sink` under `options` (``open(_:options:)``, then the
    /// session's ``ImageDecodingSession/decode(options:into:)``).
    /// - Throws: ``ImageError``.
    public func decode<Sink: RowSink>(
        _ source: ImageSource, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try open(source, options: options).decode(options: options, into: &sink)
    }
}
