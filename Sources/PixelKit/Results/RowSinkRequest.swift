/// Your own ``RowSink`` as one of the results of a shared decode
/// (`CodecRegistry.results(of:decoding:_:)`): it receives the rows at the shared decode's size
/// (at least ``minimumSize``) and comes back, having consumed them, as the result.
public struct RowSinkRequest<Sink: RowSink & Sendable>: ImageResultRequest {
    /// The sink, before any row.
    public var sink: Sink
    /// The smallest decoded size the sink can work from (`nil`: full resolution).
    public var minimumSize: PixelSize?

    /// A request feeding `sink` rows at least `minimumSize` large (`nil`, the default: full resolution).
    public init(_ sink: Sink, minimumSize: PixelSize? = nil) {
        self.sink = sink
        self.minimumSize = minimumSize
    }

    /// The smallest decoded size this result can be computed from (`nil`: full resolution).
    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? { minimumSize }

    /// The sink that reduces the decoded rows to this result.
    public func makeSink(for info: ImageInfo, in decode: SharedDecode) -> any ResultSink<Sink> {
        FinishedAsItself(sink: sink)
    }

    private struct FinishedAsItself: ResultSink {
        var sink: Sink
        mutating func begin(size: PixelSize) { sink.begin(size: size) }
        mutating func consume(_ row: PixelRow) { sink.consume(row) }
        var isSatisfied: Bool { sink.isSatisfied }
        func finish(report: DecodeReport) -> Sink { sink }
    }
}
