/// The codecs an application uses, chosen per input by sniffing its first bytes.
///
/// A value: build it once (`CodecRegistry([JPEGCodec(), PNGCodec()])`) and pass it around or keep it
/// in a `let`; there is no global state. Codecs registered later take precedence over earlier ones,
/// so an application can replace a built-in codec with its own.
public struct CodecRegistry: Sendable {
    public private(set) var decoders: [any ImageDecoder] = []
    public private(set) var encoders: [any ImageEncoder] = []

    public init() {}

    /// A registry with these codecs; each one that also conforms to `ImageEncoder` is registered as an encoder too.
    public init(_ codecs: [any ImageDecoder]) {
        for codec in codecs { register(codec) }
    }

    /// Adds a decoder (and, if it is also an `ImageEncoder`, an encoder), ahead of those already registered.
    public mutating func register(_ codec: any ImageDecoder) {
        decoders.insert(codec, at: 0)
        if let encoder = codec as? any ImageEncoder { encoders.insert(encoder, at: 0) }
    }

    /// Adds an encoder ahead of those already registered.
    public mutating func register(encoder: any ImageEncoder) {
        encoders.insert(encoder, at: 0)
    }

    /// The decoder recognising these leading bytes, if any.
    public func decoder(forLeadingBytes bytes: [UInt8]) -> (any ImageDecoder)? {
        decoders.first { $0.recognizes(Array(bytes.prefix($0.signatureLength))) }
    }

    /// The decoder for a source, by sniffing its first bytes.
    /// - Throws: `ImageError.emptyInput`, `.unreadableFile` or `.unknownFormat`.
    public func decoder(for source: ImageSource) throws(ImageError) -> any ImageDecoder {
        let length = decoders.map(\.signatureLength).max() ?? 0
        let leading = try source.leadingBytes(max(length, 16))
        guard !leading.isEmpty else { throw .emptyInput }
        guard let decoder = decoder(forLeadingBytes: leading) else { throw .unknownFormat(leadingBytes: leading) }
        return decoder
    }

    /// The encoder for a format, if one is registered.
    public func encoder(for format: ImageFormat) throws(ImageError) -> any ImageEncoder {
        guard let encoder = encoders.first(where: { $0.format == format }) else { throw .noEncoder(format: format) }
        return encoder
    }

    /// Reads the header of an image in any registered format.
    public func probe(_ source: ImageSource, limits: DecodingLimits = .init()) throws -> ImageInfo {
        try decoder(for: source).probe(source, limits: limits)
    }

    /// Decodes an image in any registered format into `sink`, row by row.
    public func decode<Sink: RowSink>(
        _ source: ImageSource, options: DecodeOptions = .init(), into sink: inout Sink
    ) throws -> DecodeReport {
        try decoder(for: source).decode(source, options: options, into: &sink)
    }

    /// Decodes a whole image into memory. Prefer `decode(_:options:into:)` with a streaming sink
    /// when the pixels can be processed row by row.
    public func decodeImage(_ source: ImageSource, options: DecodeOptions = .init()) throws -> (image: RGBAImage, report: DecodeReport) {
        var collector = RGBAImageCollector()
        let report = try decode(source, options: options, into: &collector)
        return (collector.image, report)
    }
}
