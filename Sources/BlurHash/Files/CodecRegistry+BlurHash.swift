import PixelKit

extension CodecRegistry {
    /// The BlurHash of an image file, decoded through this registry's codecs.
    ///
    /// ```swift
    /// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// let result = try codecs.blurHash(ofFileAt: "photo.jpg")          // reduced decode, 4×3
    /// let exact = try codecs.blurHash(ofFileAt: "photo.jpg", options: .fullResolution())
    /// ```
    /// - Throws: `ImageError` from the decode, `BlurHashError` for bad component counts.
    public func blurHash(ofFileAt path: String, options: BlurHashFileOptions = .init()) throws -> BlurHashFileResult {
        try blurHash(of: .file(path: path), options: options)
    }

    /// The BlurHash of an encoded image from any source (see `blurHash(ofFileAt:options:)`).
    ///
    /// By default (`options.workingSize` 128) an image larger than the working size is decoded at the
    /// codec's smallest scale that still covers it (JPEG: n/8), then summed in linear light over a grid
    /// whose longest side is the working size; each cell enters the hash at the position of its centre
    /// in the stored image, approximating the full-resolution hash. Smaller images, and
    /// `workingSize: nil`, use every decoded pixel exactly as the reference does.
    /// - Throws: `ImageError` from the decode, `BlurHashError` for bad component counts or a short decode.
    public func blurHash(of source: ImageSource, options: BlurHashFileOptions = .init()) throws -> BlurHashFileResult {
        let encoder = try BlurHashEncoder(componentsX: options.componentsX, componentsY: options.componentsY)
        if let workingSize = options.workingSize, workingSize < 1 {
            throw ImageError.invalidOptions("BlurHash working size \(workingSize) must be at least 1")
        }
        let decoder = try decoder(for: source)
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
        let components = try sink.components()
        return BlurHashFileResult(
            hash: components.hash, components: components, info: report.info, decodedSize: report.outputSize,
            encodedSize: sink.gridSize, warnings: report.warnings)
    }
}
