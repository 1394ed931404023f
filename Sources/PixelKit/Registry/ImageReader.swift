/// One input, opened once and its header read once, and the decoder that continues from that
/// header (``CodecRegistry/reader(for:options:)``): look at ``info`` to choose how to decode, then
/// ``decode(options:into:)`` without the header being opened or parsed again.
///
/// ```swift
/// let reader = try codecs.reader(for: url)
/// let target = PixelSize(width: reader.info.size.width / 4, height: reader.info.size.height / 4)
/// var collector = RGBAImageCollector()
/// let report = try reader.decode(options: DecodeOptions(minimumSize: target), into: &collector)
/// ```
///
/// A reader decodes once (`decode` consumes it); it holds its input open until then.
public struct ImageReader: ~Copyable {
    /// The facts the header states.
    public var info: ImageInfo { continuation.info }
    /// The input, opened (errors are named after its file).
    public let source: ImageSource
    private let continuation: any HeaderContinuation

    init<Decoder: ImageDecoder>(_ decoder: Decoder, source: ImageSource, options: DecodeOptions) throws(ImageError) {
        self.source = source
        do throws(ImageError) {
            continuation = DecoderWithHeader(
                decoder: decoder, source: source, header: try decoder.readHeader(source, options: options))
        } catch {
            throw error.attributed(to: source)
        }
    }

    /// Decodes rows top to bottom into `sink`, continuing from the header: `options` govern the
    /// decode as in ``CodecRegistry/decode(_:options:into:)`` (the header's facts are checked
    /// against their limits again).
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file.
    public consuming func decode<Sink: RowSink>(options: DecodeOptions = .init(), into sink: inout Sink) throws(ImageError) -> DecodeReport {
        do throws(ImageError) {
            return try continuation.decode(options: options, into: &sink)
        } catch {
            throw error.attributed(to: source)
        }
    }
}

/// A decoder with a header it read, with the header's type erased.
private protocol HeaderContinuation {
    var info: ImageInfo { get }
    func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport
}

private struct DecoderWithHeader<Decoder: ImageDecoder>: HeaderContinuation {
    let decoder: Decoder
    let source: ImageSource
    let header: Decoder.Header

    var info: ImageInfo { header.info }

    func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
        try decoder.decode(source, header: header, options: options, into: &sink)
    }
}
