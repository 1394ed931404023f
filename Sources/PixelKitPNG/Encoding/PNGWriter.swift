import CSpng
import PixelKit

/// Encodes RGBA8 images to PNG files with libspng, in memory.
enum PNGWriter {
    /// An 8-bit PNG of `image`: truecolor (color type 2) when every pixel is opaque, which drops a
    /// quarter of the samples, otherwise truecolor with alpha (color type 6); Adam7-interlaced when
    /// `interlaced`; `compressionLevel` is zlib's (0…9); `colorProfile` in an `iCCP` chunk. Decoding it gives back exactly `image`'s pixels.
    /// - Throws: `ImageError.encodingFailed` with libspng's message (e.g. for a 0×0 image).
    static func encode(_ image: RGBAImage, interlaced: Bool, compressionLevel: Int, colorProfile: ColorProfile? = nil) throws(ImageError) -> [UInt8] {
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height) else {
            throw .encodingFailed(format: .png, message: "\(image.size) does not fit PNG's 32-bit dimensions")
        }
        let opaque = image.isOpaque
        var header = spng_ihdr()
        header.width = width
        header.height = height
        header.bit_depth = 8
        header.color_type = UInt8(opaque ? SPNG_COLOR_TYPE_TRUECOLOR.rawValue : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue)
        header.interlace_method = UInt8(interlaced ? SPNG_INTERLACE_ADAM7.rawValue : SPNG_INTERLACE_NONE.rawValue)
        let samples = opaque ? dropAlpha(image.pixels) : image.pixels
        do throws(SpngFailure) {
            guard let context = SpngContext(encoder: true) else { throw SpngFailure(code: SPNG_EMEM.rawValue) }
            try context.setOption(SPNG_ENCODE_TO_BUFFER, 1)
            try context.setOption(SPNG_IMG_COMPRESSION_LEVEL, Int32(compressionLevel))
            try context.setHeader(header)
            if let colorProfile { try context.setICCProfile(colorProfile.bytes, name: "ICC profile") }
            try samples.withUnsafeBytes { buffer in
                Result { () throws(SpngFailure) in try context.encodeFinalImage(buffer, format: SPNG_FMT_PNG) }
            }.get()
            return try context.takeEncodedBytes()
        } catch {
            throw .encodingFailed(format: .png, message: error.message)
        }
    }

    /// RGB samples of RGBA pixels.
    private static func dropAlpha(_ rgba: [UInt8]) -> [UInt8] {
        let count = rgba.count / 4
        return [UInt8](unsafeUninitializedCapacity: count * 3) { rgb, initialized in
            rgba.withUnsafeBufferPointer { source in
                for pixel in 0..<count {
                    rgb[pixel * 3] = source[pixel * 4]
                    rgb[pixel * 3 + 1] = source[pixel * 4 + 1]
                    rgb[pixel * 3 + 2] = source[pixel * 4 + 2]
                }
            }
            initialized = count * 3
        }
    }
}
