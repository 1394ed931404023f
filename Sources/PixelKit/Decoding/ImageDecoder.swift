/// A codec's reading half: recognises its format from the first bytes, reads headers, and
/// decodes to RGBA8 rows. Conform to plug a format into a `CodecRegistry`; the core never needs to
/// know the codec exists.
///
/// Decoders are values shared across threads: keep per-decode state inside `decode`.
/// Both reading methods throw ``ImageError`` by type; a source's bytes are easiest to reach with
/// ``ImageSource/withContents(_:)`` (a file's path, or memory borrowed in place).
///
/// ## Parsing a header once
///
/// An operation that needs the header's facts before it decodes (a thumbnail sizes its decode from
/// the stored size) reads the header with ``readHeader(_:options:)`` and hands it back to
/// ``decode(_:header:options:into:)``, so the decoder continues where the header ended instead of
/// parsing it again. A decoder that keeps nothing beyond the facts needs neither: its ``Header`` is
/// ``ImageInfo`` and both default to ``probe(_:limits:)`` and ``decode(_:options:into:)``.
public protocol ImageDecoder: Sendable {
    /// What the decoder keeps of a header it read: the facts (``ImageHeader/info``) and whatever it
    /// needs to decode the same input without parsing the header again.
    associatedtype Header: ImageHeader = ImageInfo

    /// The format this decoder reads.
    var format: ImageFormat { get }
    /// How many leading bytes `recognizes(_:)` needs to decide.
    var signatureLength: Int { get }
    /// Whether the leading bytes (at most `signatureLength` of them) look like this format.
    func recognizes(_ leadingBytes: [UInt8]) -> Bool
    /// The header's facts, without decoding pixels. Checks `limits` against the dimensions.
    func probe(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo
    /// Decodes rows top to bottom into `sink`, at full size or (when `options.minimumSize` allows)
    /// a cheaper reduced size, never allocating more than `options.limits` allow.
    func decode<Sink: RowSink>(_ source: ImageSource, options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport

    /// Reads the header of `source` for a decode that follows, within `options`' limits, strictness
    /// and deadline (its `minimumSize` is not known yet and is ignored).
    /// - Throws: ``ImageError``, as ``probe(_:limits:)``.
    func readHeader(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Header
    /// Decodes `source`, whose header `header` is (read by ``readHeader(_:options:)`` from this
    /// same source), continuing from it. `options` govern the decode as in
    /// ``decode(_:options:into:)``; the header's facts are checked against their limits again.
    /// Decode a header once: a header used a second time may be read again.
    func decode<Sink: RowSink>(
        _ source: ImageSource, header: Header, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport
}

extension ImageDecoder where Header == ImageInfo {
    /// The header's facts, by ``probe(_:limits:)`` (a decoder that keeps nothing else).
    public func readHeader(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> ImageInfo {
        try probe(source, limits: options.limits)
    }

    /// ``decode(_:options:into:)``, which reads what it needs of the header itself.
    public func decode<Sink: RowSink>(
        _ source: ImageSource, header: ImageInfo, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try decode(source, options: options, into: &sink)
    }
}
