/// A result computed from an image's decoded rows: an average, a BlurHash, a palette, a thumbnail,
/// your own ``RowSink`` (``RowSinkRequest``). Pass several to `CodecRegistry.results(of:decoding:_:)`
/// and they are all fed by one decode of the input; the single operations (`averageColor`,
/// `blurHash`, `palette`, `Thumbnailer`) are that call with one request.
///
/// Conform your own type to compute a result of your own alongside the built-in ones: say how small
/// a decode it can work from, and make the sink that reduces the rows to it.
public protocol ImageResultRequest: Sendable {
    /// What the request computes.
    associatedtype Output: Sendable

    /// Checks the options before the input is read (the default accepts any).
    /// - Throws: ``ImageError/invalidOptions(_:)`` naming the offending value.
    func validate() throws(ImageError)

    /// The smallest decoded size this result can be computed from, given the header's facts
    /// (`nil`: full resolution). Several requests share the decode at the largest size any of them
    /// needs; a result that needs no pixels answers 1×1.
    func minimumDecodeSize(for info: ImageInfo) -> PixelSize?

    /// A sink for the decode's rows that finishes into the result.
    /// - Parameters:
    ///   - info: The header's facts.
    ///   - decode: The registry decoding the input and the colors of its rows (``SharedDecode``).
    /// - Throws: ``ImageError`` when the request cannot apply to this image (e.g. a region outside it).
    func makeSink(for info: ImageInfo, in decode: SharedDecode) throws(ImageError) -> any ResultSink<Output>
}

extension ImageResultRequest {
    /// Accepts any options.
    public func validate() throws(ImageError) {}
}

/// A ``RowSink`` that turns the rows it was given into a result once the decode is over.
public protocol ResultSink<Output>: RowSink {
    /// What the sink makes.
    associatedtype Output: Sendable

    /// The result, from the rows consumed and the decode's `report` (its decoded size and warnings).
    /// - Throws: ``ImageError`` when the rows cannot make the result (e.g. fewer than announced).
    mutating func finish(report: DecodeReport) throws(ImageError) -> Output
}
