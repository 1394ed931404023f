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

    /// The synchronous work behind every `palette` overload (a name of its own, so that the async
    /// overloads cannot call themselves).
    func computePalette(of source: ImageSource, options: PaletteOptions) throws(ImageError) -> Palette {
        try results(of: source, decoding: options.decoding, options)
    }
}
