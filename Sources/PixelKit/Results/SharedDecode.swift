/// The decode a result's sink is fed by (``ImageResultRequest/makeSink(for:in:)``): the registry
/// decoding the input, and the colors its rows are in when they are left as stored.
public struct SharedDecode: Sendable {
    /// The registry decoding the input (for a result that encodes, e.g. a thumbnail).
    public let codecs: CodecRegistry
    /// The source's RGB ICC profile when the decode keeps the stored numbers
    /// (``DecodeOptions/outputColorSpace`` `nil`), for a result that embeds it (a thumbnail keeps
    /// its source's colors and carries its profile); `nil` when the rows are converted, or the
    /// source has no usable RGB profile.
    public let storedProfile: ColorProfile?
    /// The conversion this request's rows were left without, for its sink to apply itself
    /// (``ColorConversionFolding``); nil when the rows arrive converted.
    let foldedColorConversion: MatrixShaperTransform?
}
