import PixelKit

/// A palette as one of several results of a decode (`CodecRegistry.results(of:decoding:_:)`);
/// `palette(of:options:)` is this request alone.
extension PaletteOptions: ImageResultRequest {
    /// What this request computes.
    public typealias Output = Palette

    /// The reduced decode's smallest side when the image is large enough (see `minimumDecodeSize(for:)`).
    static let minimumSide = 112

    /// Exact: full resolution. Fast: a palette needs pixels, not just their mean, so at least 1/8
    /// of each side, capped at 112 (material-color-utilities quantizes 112 × 112 images): JPEG still
    /// decodes at 1/8 and a HEIC's thumbnail still serves, but a scalable decoder (WebP) cannot
    /// shrink the image to a single pixel.
    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        guard accuracy == .fast else { return nil }
        let size = info.size
        return PixelSize(width: min((size.width + 7) / 8, Self.minimumSide), height: min((size.height + 7) / 8, Self.minimumSide))
    }

    /// The sink that reduces the decoded rows to this result.
    public func makeSink(for info: ImageInfo, in decode: SharedDecode) -> any ResultSink<Palette> {
        PaletteSink(options: self)
    }

    private struct PaletteSink: ResultSink {
        let options: PaletteOptions
        var histogram = ColorHistogram()

        mutating func begin(size: PixelSize) { histogram.begin(size: size) }
        mutating func consume(_ row: PixelRow) { histogram.consume(row) }
        var isSatisfied: Bool { histogram.isSatisfied }

        func finish(report: DecodeReport) -> Palette {
            let built = PaletteBuilder.build(
                from: histogram, maximumColors: options.maximumColors, fallbackSource: options.fallbackSource)
            return Palette(
                swatches: built.swatches, source: built.source, sourceIsFallback: built.isFallback,
                info: report.info, decodedSize: report.outputSize, warnings: report.warnings)
        }
    }
}
