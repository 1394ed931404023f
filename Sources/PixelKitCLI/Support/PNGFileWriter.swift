#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PixelKit
import PixelKitPNG

/// Writes RGBA8 pixels as a PNG file (plots, BlurHash previews) with `PNGCodec`.
enum PNGFileWriter {
    /// Encodes `rgba` (`width × height` pixels, 4 bytes each, rows top to bottom, straight alpha)
    /// and writes it to `path`, replacing any existing file.
    /// - Throws: `ImageError.invalidOptions` when `rgba.count != width * height * 4`,
    ///   `.encodingFailed` from the encoder, `.unwritableFile` with the `errno` text when the file
    ///   cannot be created or written.
    static func write(rgba: [UInt8], width: Int, height: Int, to path: String) throws {
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard width >= 0, height >= 0, !overflow, pixelCount <= Int.max / 4, rgba.count == pixelCount * 4 else {
            throw ImageError.invalidOptions("\(rgba.count) bytes are not \(width)×\(height) RGBA pixels")
        }
        let file = try PNGCodec().encode(RGBAImage(width: width, height: height, pixels: rgba), options: .init())
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw unwritable(path) }
        defer { close(descriptor) }
        try file.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw unwritable(path)
                }
                offset += written
            }
        }
    }

    private static func unwritable(_ path: String) -> ImageError {
        let code = errno
        return .unwritableFile(path: path, code: code, reason: String(cString: strerror(code)))
    }
}

/// `write(2)`, named apart from `PNGFileWriter.write` which would shadow it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
