/// A codec's reading half: recognises its format from the first bytes, reads headers, and
/// decodes to RGBA8 rows. Conform to plug a format into a `CodecRegistry`; the core never needs to
/// know the codec exists.
///
/// Decoders are values shared across threads: keep per-decode state inside `decode`.
/// Both reading methods throw ``ImageError`` by type; a source's bytes are easiest to reach with
/// ``ImageSource/withContents(_:)`` (a file's path, or memory borrowed in place).
public protocol ImageDecoder: Sendable {
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
}
