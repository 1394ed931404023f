import PixelKit
import PixelKitCommandSupport
import PixelKitPNG

/// Writes RGBA8 pixels as a PNG file (plots, BlurHash previews) with `PNGCodec`.
enum PNGFileWriter {
    /// Encodes `rgba` (`width × height` pixels, 4 bytes each, rows top to bottom, straight alpha)
    /// and writes it to `path` atomically (``ImageFileWriter``), replacing any existing file but
    /// never writing through a symbolic link, nor over any of the run's `inputs`.
    /// - Throws: `ImageError.invalidOptions` when `rgba.count != width * height * 4`,
    ///   `.encodingFailed` from the encoder, `.file` with the `errno` when the file cannot be
    ///   created or written, or for an unusable path.
    static func write(rgba: [UInt8], width: Int, height: Int, to path: String, neverReplacing inputs: [ImageSource] = []) throws {
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard width >= 0, height >= 0, !overflow, pixelCount <= Int.max / 4, rgba.count == pixelCount * 4 else {
            throw ImageError.invalidOptions("\(rgba.count) bytes are not \(width)×\(height) RGBA pixels")
        }
        let file = try PNGCodec().encode(RGBAImage(width: width, height: height, pixels: rgba), options: .init())
        InterruptionCleanup.install()
        try ImageFileWriter(neverReplacing: inputs).write(file, toPathBytes: RawArguments.bytes(of: path))
    }
}
