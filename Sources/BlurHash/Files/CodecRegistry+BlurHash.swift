#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKit

extension CodecRegistry {
    /// The BlurHash of an image file, decoded through this registry's codecs.
    ///
    /// ```swift
    /// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// let result = try codecs.blurHash(ofFileAt: URL(filePath: "photo.jpg"))          // reduced decode, 4×3
    /// let exact = try codecs.blurHash(ofFileAt: URL(filePath: "photo.jpg"), options: .fullResolution())
    /// ```
    ///
    /// Every error is an `ImageError`, wrapped in `ImageError.inFile(path:_:)` so that the
    /// message names the file. Component counts outside 1…9 (a ``BlurHashError`` from the pixel
    /// encoder) throw `ImageError.invalidOptions` with that error's message, before the file is read.
    /// - Throws: `ImageError`, or `ImageError.notAFileURL` for a URL that is not a file's.
    public func blurHash(ofFileAt url: URL, options: BlurHashFileOptions = .init()) throws(ImageError) -> BlurHashFileResult {
        try computeBlurHash(of: ImageSource(url), options: options)
    }

    /// The BlurHash of the image file at `path` (see ``blurHash(ofFileAt:options:)-5l2c8``).
    /// - Throws: `ImageError`.
    public func blurHash(ofFileAt path: String, options: BlurHashFileOptions = .init()) throws(ImageError) -> BlurHashFileResult {
        try computeBlurHash(of: .file(path: path), options: options)
    }

    /// The BlurHash of an encoded image from any source (see ``blurHash(ofFileAt:options:)-5l2c8``).
    ///
    /// By default (`options.workingSize` 128) an image larger than the working size is decoded at the
    /// codec's smallest scale that still covers it (JPEG: n/8), then summed in linear light over a grid
    /// whose longest side is the working size; each cell enters the hash at the position of its centre
    /// in the stored image, approximating the full-resolution hash. Smaller images, and
    /// `workingSize: nil`, use every decoded pixel exactly as the reference does.
    /// - Throws: `ImageError`: `.invalidOptions` for bad component counts or working size,
    ///   `.malformed` when the codec delivered fewer rows than it announced, `.cancelled` when the
    ///   current task is cancelled; wrapped in `.inFile` for a file.
    public func blurHash(of source: ImageSource, options: BlurHashFileOptions = .init()) throws(ImageError) -> BlurHashFileResult {
        try computeBlurHash(of: source, options: options)
    }

    /// ``blurHash(ofFileAt:options:)-5l2c8``, computed off the calling actor (on the global
    /// concurrent executor), so awaiting it on the main actor never blocks it; cancellable.
    @concurrent
    public func blurHash(ofFileAt url: URL, options: BlurHashFileOptions = .init()) async throws(ImageError) -> BlurHashFileResult {
        try computeBlurHash(of: ImageSource(url), options: options)
    }

    /// ``blurHash(ofFileAt:options:)-506xe``, computed off the calling actor; cancellable.
    @concurrent
    public func blurHash(ofFileAt path: String, options: BlurHashFileOptions = .init()) async throws(ImageError) -> BlurHashFileResult {
        try computeBlurHash(of: .file(path: path), options: options)
    }

    /// ``blurHash(of:options:)-1d3o6``, computed off the calling actor; cancellable.
    @concurrent
    public func blurHash(of source: ImageSource, options: BlurHashFileOptions = .init()) async throws(ImageError) -> BlurHashFileResult {
        try computeBlurHash(of: source, options: options)
    }

    /// The synchronous work behind every `blurHash` (a name of its own, so that the async
    /// overloads cannot call themselves).
    private func computeBlurHash(of source: ImageSource, options: BlurHashFileOptions) throws(ImageError) -> BlurHashFileResult {
        let encoder: BlurHashEncoder
        do throws(BlurHashError) {
            encoder = try BlurHashEncoder(componentsX: options.componentsX, componentsY: options.componentsY)
        } catch {
            throw .invalidOptions(error.description)
        }
        if let workingSize = options.workingSize, workingSize < 1 {
            throw .invalidOptions("BlurHash working size \(workingSize) must be at least 1")
        }
        if Task.isCancelled { throw .cancelled }
        let decoder = try decoder(for: source)
        do throws(ImageError) {
            var decoding = options.decoding
            decoding.minimumSize = nil
            var storedSize: PixelSize?
            if let workingSize = options.workingSize {
                let stored = try decoder.probe(source, limits: decoding.limits).size
                storedSize = stored
                let longest = max(stored.width, stored.height)
                if longest > workingSize {
                    // The smallest decode whose longest side still reaches the working size.
                    func scaled(_ side: Int) -> Int { max(1, (side * workingSize + longest - 1) / longest) }
                    decoding.minimumSize = PixelSize(width: scaled(stored.width), height: scaled(stored.height))
                }
            }
            var sink = WorkingImageSink(encoder: encoder, workingSize: options.workingSize, storedSize: storedSize)
            let report = try decoder.decode(source, options: decoding, into: &sink)
            if Task.isCancelled { throw ImageError.cancelled }
            let components: BlurHashComponents
            do throws(BlurHashError) {
                components = try sink.components()
            } catch {
                throw ImageError.malformed(format: report.info.format, message: error.description)
            }
            return BlurHashFileResult(
                hash: components.hash, components: components, info: report.info, decodedSize: report.outputSize,
                encodedSize: sink.gridSize, warnings: report.warnings)
        } catch {
            throw error.attributed(to: source)
        }
    }
}
