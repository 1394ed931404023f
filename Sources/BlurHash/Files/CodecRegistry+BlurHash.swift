#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKit

extension CodecRegistry {
    /// The BlurHash of an image from any source (a `PixelKit.ImageSource`, a file `URL`, `Data`,
    /// `[UInt8]` or a path `String`: see `PixelKit.ImageSourceConvertible`), decoded through this
    /// registry's codecs.
    ///
    /// ```swift
    /// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// let result = try codecs.blurHash(of: URL(filePath: "photo.jpg"))          // reduced decode, 4×3
    /// let exact = try codecs.blurHash(of: "photo.jpg", options: .fullResolution())
    /// ```
    ///
    /// By default (`options.workingSize` 128) an image larger than the working size is decoded at the
    /// codec's smallest scale that still covers it (JPEG: n/8), then summed in linear light over a grid
    /// whose longest side is the working size; each cell enters the hash at the position of its centre
    /// in the stored image, approximating the full-resolution hash. Smaller images, and
    /// `workingSize: nil`, use every decoded pixel exactly as the reference does.
    ///
    /// Every error is an `ImageError`, wrapped in `ImageError.inFile(path:_:)` for a file so that
    /// the message names it. Component counts outside 1…9 (a ``BlurHashError`` from the pixel
    /// encoder) throw `ImageError.invalidOptions` with that error's message, before the input is read.
    /// - Throws: `ImageError`: `.invalidOptions` for bad component counts or working size,
    ///   `.malformed` when the codec delivered fewer rows than it announced, `.cancelled` when the
    ///   current task is cancelled, `.notAFileURL` for a URL that is not a file's; wrapped in
    ///   `.inFile` for a file.
    public func blurHash(of source: some ImageSourceConvertible, options: BlurHashFileOptions = .init()) throws(ImageError) -> BlurHashFileResult {
        try computeBlurHash(of: source.imageSource, options: options)
    }

    /// The synchronous `blurHash(of:options:)`, computed off the calling actor (on the global
    /// concurrent executor), so awaiting it on the main actor never blocks it; cancellable.
    /// - Throws: as the synchronous `blurHash(of:options:)`.
    @concurrent
    public func blurHash(of source: some ImageSourceConvertible, options: BlurHashFileOptions = .init()) async throws(ImageError) -> BlurHashFileResult {
        try computeBlurHash(of: source.imageSource, options: options)
    }

    /// The synchronous work behind every `blurHash` (a name of its own, so that the async
    /// overloads cannot call themselves).
    private func computeBlurHash(of source: ImageSource, options: BlurHashFileOptions) throws(ImageError) -> BlurHashFileResult {
        try results(of: source, decoding: options.decoding, options)
    }
}
