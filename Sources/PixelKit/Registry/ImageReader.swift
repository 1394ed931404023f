/// One input, opened once and its header read once, and the session that continues from that
/// header (``CodecRegistry/reader(for:options:)``): look at ``info`` to choose how to decode, then
/// ``decode(options:into:)`` without the input being opened or its header parsed again.
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
    public var info: ImageInfo { session.info }
    /// The input, opened (errors are named after its file).
    public let source: ImageSource
    private let session: any ImageDecodingSession

    init(_ decoder: some ImageDecoder, source: ImageSource, options: DecodeOptions) throws(ImageError) {
        self.source = source
        do throws(ImageError) {
            session = try decoder.open(source, options: options)
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
            return try session.decode(options: options, into: &sink)
        } catch {
            throw error.attributed(to: source)
        }
    }
}
