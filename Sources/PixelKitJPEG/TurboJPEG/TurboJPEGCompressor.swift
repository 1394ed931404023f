import CTurboJPEG
import PixelKit

/// `JPEGCodec`'s encoder: RGBA8 through `tjCompress2`. Writes no EXIF, ICC or comment segments
/// (only TurboJPEG's JFIF APP0 header).
enum TurboJPEGCompressor {
    /// Encodes `image`, composited over `options.background` when any pixel is not opaque.
    /// - Throws: `.invalidOptions` for a quality outside 0…1 or an empty image,
    ///   `.encodingFailed` with TurboJPEG's message.
    static func compress(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        guard options.quality >= 0, options.quality <= 1 else {
            throw .invalidOptions("JPEG quality must be within 0…1, got \(options.quality)")
        }
        guard image.width > 0, image.height > 0 else {
            throw .invalidOptions("cannot encode an empty \(image.width)×\(image.height) image")
        }
        let quality = Int32(max(1, (options.quality * 100).rounded()))
        let subsampling = switch options.chromaSubsampling {
        case .yuv420: TJSAMP_420
        case .yuv422: TJSAMP_422
        case .yuv440: TJSAMP_440
        case .yuv444: TJSAMP_444
        }
        let flags = options.progressive ? TJFLAG_PROGRESSIVE : 0
        let pixels = Self.flattened(image, over: options.background)
        let handle = try TurboJPEGHandle.compressor()
        return try pixels.withUnsafeBufferPointer { (source) throws(ImageError) -> [UInt8] in
            try compress2(handle, source, width: image.width, height: image.height,
                          subsampling: Int32(subsampling.rawValue), quality: quality, flags: flags)
        }
    }

    /// Wraps `tjCompress2` (TurboJPEG allocates the output) and `tjFree`: the JPEG bytes, copied out.
    private static func compress2(
        _ handle: borrowing TurboJPEGHandle, _ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        subsampling: Int32, quality: Int32, flags: Int32
    ) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = tjCompress2(handle.raw, source.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
                                 &output, &size, subsampling, quality, flags)
        defer { tjFree(output) }
        guard status == 0, let output else { throw .encodingFailed(format: .jpeg, message: handle.lastError) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// The pixels with alpha composited over `background` (straight alpha, rounded), or the image's own
    /// pixels when every one is opaque. TurboJPEG ignores the alpha byte of `TJPF_RGBA`.
    static func flattened(_ image: RGBAImage, over background: RGBAColor) -> [UInt8] {
        var pixels = image.pixels
        guard !image.isOpaque else { return pixels }
        func channel(_ value: Double) -> Int { Int(min(max(value, 0), 255).rounded()) }
        let backdrop = [channel(background.red), channel(background.green), channel(background.blue)]
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[offset + 3])
            for component in 0..<3 {
                let blended = Int(pixels[offset + component]) * alpha + backdrop[component] * (255 - alpha)
                pixels[offset + component] = UInt8((blended + 127) / 255)
            }
            pixels[offset + 3] = 255
        }
        return pixels
    }
}
