#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKit

extension CodecRegistry {
    /// The palette and source color of an image from any source (a `PixelKit.ImageSource`, a file
    /// `URL`, `Data`, `[UInt8]` or a path `String`: see `PixelKit.ImageSourceConvertible`), from the
    /// same reduced decode as the fast average color, in memory proportional to the image's width
    /// plus a fixed 1 MiB table.
    ///
    /// ```swift
    /// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// let palette = try codecs.palette(of: "cover.jpg")
    /// print(palette.source.hex, palette.swatches.prefix(5).map(\.color.hex))
    /// ```
    /// - Throws: `ImageError` (wrapped in `ImageError.inFile` for a file; `ImageError.cancelled`
    ///   when the current task is cancelled; `ImageError.notAFileURL` for a URL that is not a file's).
    public func palette(of source: some ImageSourceConvertible, options: PaletteOptions = .init()) throws(ImageError) -> Palette {
        try computePalette(of: source.imageSource, options: options)
    }

    /// The synchronous `palette(of:options:)`, computed off the calling actor (on the global
    /// concurrent executor); cancellable.
    /// - Throws: as the synchronous `palette(of:options:)`.
    @concurrent
    public func palette(of source: some ImageSourceConvertible, options: PaletteOptions = .init()) async throws(ImageError) -> Palette {
        try computePalette(of: source.imageSource, options: options)
    }

    /// The reduced decode's smallest side when the image is large enough (see `computePalette`).
    static let paletteMinimumSide = 112

    /// The synchronous work behind every `palette` overload (a name of its own, so that the async
    /// overloads cannot call themselves).
    func computePalette(of source: ImageSource, options: PaletteOptions) throws(ImageError) -> Palette {
        if Task.isCancelled { throw .cancelled }
        // Opened once and the header read once: the decode below continues from it.
        var decoding = options.decoding
        decoding.minimumSize = nil
        let reader = try reader(for: source, options: decoding)
        if options.accuracy == .fast {
            // A palette needs pixels, not just their mean: keep at least 1/8 of each side, capped at
            // 112 (material-color-utilities quantizes 112 × 112 images), so JPEG still decodes at 1/8
            // and a HEIC's thumbnail still serves, but a scalable decoder (WebP) cannot shrink the
            // image to a single pixel.
            let size = reader.info.size
            decoding.minimumSize = PixelSize(
                width: min((size.width + 7) / 8, Self.paletteMinimumSide), height: min((size.height + 7) / 8, Self.paletteMinimumSide))
        }
        var histogram = ColorHistogram()
        let report = try reader.decode(options: decoding, into: &histogram)
        if Task.isCancelled { throw .cancelled }
        let built = PaletteBuilder.build(
            from: histogram, maximumColors: options.maximumColors, fallbackSource: options.fallbackSource)
        return Palette(
            swatches: built.swatches, source: built.source, sourceIsFallback: built.isFallback,
            info: report.info, decodedSize: report.outputSize)
    }
}
