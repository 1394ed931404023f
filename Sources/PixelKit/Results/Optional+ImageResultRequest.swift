/// A request that may be absent: `nil` computes nothing, needs no pixels, and its result is `nil`
/// (for a caller that computes only what it does not have yet).
extension Optional: ImageResultRequest where Wrapped: ImageResultRequest {
    /// What this request computes.
    public typealias Output = Wrapped.Output?

    /// Checks the options before the input is read.
    public func validate() throws(ImageError) {
        try self?.validate()
    }

    /// The smallest decoded size this result can be computed from (`nil`: full resolution).
    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        guard let self else { return PixelSize(width: 1, height: 1) }
        return self.minimumDecodeSize(for: info)
    }

    /// The sink that reduces the decoded rows to this result.
    public func makeSink(for info: ImageInfo, in decode: SharedDecode) throws(ImageError) -> any ResultSink<Wrapped.Output?> {
        guard let self else { return Absent() }
        return Present(base: try self.makeSink(for: info, in: decode))
    }

    private struct Absent: ResultSink {
        func begin(size: PixelSize) {}
        func consume(_ row: PixelRow) {}
        var isSatisfied: Bool { true }
        func finish(report: DecodeReport) -> Wrapped.Output? { nil }
    }

    private struct Present: ResultSink {
        var base: any ResultSink<Wrapped.Output>
        mutating func begin(size: PixelSize) { base.begin(size: size) }
        mutating func consume(_ row: PixelRow) { base.consume(row) }
        var isSatisfied: Bool { base.isSatisfied }
        mutating func finish(report: DecodeReport) throws(ImageError) -> Wrapped.Output? { try base.finish(report: report) }
    }
}
