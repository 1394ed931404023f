import CWebP
import PixelKit

/// Encodes RGBA8 images to lossy WebP with libwebp's advanced API (`WebPEncode`), in memory.
enum WebPWriter {
    /// Lossy WebP of `image` at libwebp quality `quality × 100`; alpha is kept only when some pixel
    /// is not opaque (libwebp drops an all-opaque alpha plane itself).
    /// - Throws: `ImageError.encodingFailed` naming libwebp's `WebPEncodingError`.
    static func encode(_ image: RGBAImage, quality: Double) throws(ImageError) -> [UInt8] {
        guard (1...Int(WEBP_MAX_DIMENSION)).contains(image.width), (1...Int(WEBP_MAX_DIMENSION)).contains(image.height) else {
            throw .encodingFailed(format: .webp, message: "\(image.size) is outside WebP's 1…\(WEBP_MAX_DIMENSION) pixels per side")
        }
        guard (0...1).contains(quality) else { throw .invalidOptions("quality \(quality) must be between 0 and 1") }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw .encodingFailed(format: .webp, message: "libwebp's encoder ABI does not match its header")
        }
        config.quality = Float(quality * 100)
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw .encodingFailed(format: .webp, message: "libwebp's encoder ABI does not match its header")
        }
        picture.use_argb = 1
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        defer { WebPPictureFree(&picture) }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let imported = image.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else { throw failure(picture.error_code) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0 else { throw failure(picture.error_code) }
        return Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
    }

    private static func failure(_ code: WebPEncodingError) -> ImageError {
        let names: [WebPEncodingError: String] = [
            VP8_ENC_ERROR_OUT_OF_MEMORY: "out of memory", VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory flushing bits",
            VP8_ENC_ERROR_NULL_PARAMETER: "null parameter", VP8_ENC_ERROR_INVALID_CONFIGURATION: "invalid configuration",
            VP8_ENC_ERROR_BAD_DIMENSION: "bad dimension", VP8_ENC_ERROR_PARTITION0_OVERFLOW: "partition 0 larger than 512 KiB",
            VP8_ENC_ERROR_PARTITION_OVERFLOW: "partition larger than 16 MiB", VP8_ENC_ERROR_BAD_WRITE: "write error",
            VP8_ENC_ERROR_FILE_TOO_BIG: "file larger than 4 GiB", VP8_ENC_ERROR_USER_ABORT: "aborted",
        ]
        return .encodingFailed(format: .webp, message: "libwebp: \(names[code] ?? "error \(code.rawValue)")")
    }
}
