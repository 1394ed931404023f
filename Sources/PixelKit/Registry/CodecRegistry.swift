#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The codecs an application uses, chosen per input by sniffing its first bytes.
///
/// A value: build it once (`CodecRegistry([JPEGCodec(), PNGCodec()])`) and pass it around or keep it
/// in a `let`; there is no global state. Codecs registered later take precedence over earlier ones,
/// so an application can replace a built-in codec with its own.
///
/// Every entry point throws ``ImageError`` by type; errors met reading a file come wrapped in
/// ``ImageError/inFile(path:_:)`` so that their message names the file.
///
/// Every operation opens a file input once (an ``ImageFile``): the sniff, the probe and the decoders
/// it runs all read that one descriptor with `pread`.
public struct CodecRegistry: Sendable {
    /// The registered decoders, most recently registered first (the order they are asked in).
    private(set) var decoders: [any ImageDecoder] = []
    /// The registered encoders, most recently registered first.
    private(set) var encoders: [any ImageEncoder] = []
    /// What converts decoded rows to ``DecodeOptions/outputColorSpace`` (see ``ImageReader``): by
    /// default the core's Swift fast path (``MatrixShaperProvider``: matrix/TRC profiles, Display
    /// P3, Rec. 2020); set `PixelKitColor`'s `ColorManagement.shared` to convert every profile
    /// (lookup tables, CMYK) through lcms2.
    public var colorTransforms: any ColorTransformProvider = MatrixShaperProvider()

    /// An empty registry: register codecs with ``register(_:)``.
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
    /// - Throws: ``ImageError/emptyInput``, ``ImageError/file(_:)`` or
    ///   ``ImageError/unknownFormat(leadingBytes:)`` (the last two named after the file).
    public func decoder(for source: ImageSource) throws(ImageError) -> any ImageDecoder {
        do throws(ImageError) {
            let length = decoders.map(\.signatureLength).max() ?? 0
            let leading = try source.leadingBytes(max(length, 16))
            guard !leading.isEmpty else { throw ImageError.emptyInput }
            guard let decoder = decoder(forLeadingBytes: leading) else { throw ImageError.unknownFormat(leadingBytes: leading) }
            return decoder
        } catch {
            throw error.attributed(to: source)
        }
    }

    /// The encoder for a format, if one is registered.
    /// - Throws: ``ImageError/noEncoder(format:)``.
    public func encoder(for format: ImageFormat) throws(ImageError) -> any ImageEncoder {
        guard let encoder = encoders.first(where: { $0.format == format }) else { throw .noEncoder(format: format) }
        return encoder
    }

    /// Reads the header of an image in any registered format, from any source: an ``ImageSource``,
    /// a file `URL`, `Data`, `[UInt8]` or a path `String` (see ``ImageSourceConvertible``).
    ///
    /// ```swift
    /// let info = try codecs.probe("photo.jpg")
    /// print(info.size, info.format)
    /// ```
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file;
    ///   ``ImageError/notAFileURL(url:)`` for a URL that is not a file's.
    public func probe(_ source: some ImageSourceConvertible, limits: DecodingLimits = .init()) throws(ImageError) -> ImageInfo {
        try readInfo(of: source.imageSource, limits: limits)
    }

    /// The synchronous `probe(_:limits:)`, read off the calling actor (on the global concurrent
    /// executor), so awaiting it on the main actor never blocks it on a slow disk.
    /// - Throws: as the synchronous `probe(_:limits:)`.
    @concurrent
    public func probe(_ source: some ImageSourceConvertible, limits: DecodingLimits = .init()) async throws(ImageError) -> ImageInfo {
        try readInfo(of: source.imageSource, limits: limits)
    }

    /// The work behind every `probe` (a name of its own, so that the async overloads cannot call themselves).
    private func readInfo(of source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        let source = try source.opened()
        let decoder = try decoder(for: source)
        do throws(ImageError) {
            return try decoder.probe(source, limits: limits)
        } catch {
            throw error.attributed(to: source)
        }
    }

    /// Decodes an image in any registered format into `sink`, row by row, in
    /// `options.outputColorSpace` (a ``reader(for:options:)``'s decode).
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file.
    public func decode<Sink: RowSink>(
        _ source: ImageSource, options: DecodeOptions = .init(), into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try reader(for: source, options: options).decode(options: options, into: &sink)
    }

    /// Opens `source` once, sniffs its format and reads its header once, within `options`' limits,
    /// strictness and deadline: the returned reader states the image's facts and decodes from
    /// where the header ended (nothing is opened or parsed twice). For work that sizes its decode
    /// from the header, as thumbnails, fast averages and palettes do.
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file.
    public func reader(for source: some ImageSourceConvertible, options: DecodeOptions = .init()) throws(ImageError) -> ImageReader {
        let source = try source.imageSource.opened()
        return try ImageReader(decoder(for: source), source: source, options: options, colorTransforms: colorTransforms)
    }

    /// Decodes a whole image into memory. Prefer `decode(_:options:into:)` with a streaming sink
    /// when the pixels can be processed row by row.
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file.
    public func decodeImage(
        _ source: ImageSource, options: DecodeOptions = .init()
    ) throws(ImageError) -> (image: RGBAImage, report: DecodeReport) {
        var collector = RGBAImageCollector()
        let report = try decode(source, options: options, into: &collector)
        return (collector.image, report)
    }
}
