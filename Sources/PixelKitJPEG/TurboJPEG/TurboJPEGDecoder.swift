import CTurboJPEG
import PixelKit

/// One-shot whole-image decoding through TurboJPEG (`tjDecompress2`), for comparisons ("the C
/// floor" in benchmarks) and cross-checks. `JPEGCodec` itself streams rows through libjpeg instead;
/// prefer it in applications.
@_spi(Testing)
public enum TurboJPEGDecoder {
    /// Decodes `jpeg` to RGBA8 at `scale` of its stored size (TurboJPEG's defaults: accurate DCT,
    /// fancy upsampling), refusing frames that break `limits` (pixel count, dimensions, and the
    /// `width × height × 4`-byte output against `maxMemoryBytes`). Warnings such as a truncated file
    /// do not fail the decode.
    /// - Throws: `ImageError.emptyInput`, `.limitExceeded`, or `.malformed` with TurboJPEG's message.
    public static func decode(
        _ jpeg: [UInt8], scale: JPEGScale = .full, limits: DecodingLimits = .init()
    ) throws(ImageError) -> RGBAImage {
        guard !jpeg.isEmpty else { throw .emptyInput }
        let handle = try TurboJPEGHandle.decompressor()
        return try jpeg.withUnsafeBufferPointer { (bytes) throws(ImageError) -> RGBAImage in
            let stored = try header(handle, bytes)
            try limits.forInput(.bytes(jpeg)).check(stored)
            let size = scale.outputSize(for: stored)
            let outputBytes = size.pixelCount.multipliedReportingOverflow(by: 4)
            guard !outputBytes.overflow, outputBytes.partialValue <= limits.maxMemoryBytes else {
                throw .limitExceeded(.memory(bytes: outputBytes.overflow ? .max : outputBytes.partialValue, limit: limits.maxMemoryBytes))
            }
            var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
            try pixels.withUnsafeMutableBufferPointer { (target) throws(ImageError) in
                try decompress2(handle, bytes, into: target, size: size)
            }
            return RGBAImage(width: size.width, height: size.height, pixels: pixels)
        }
    }

    /// Wraps `tjDecompressHeader3`: the stored size.
    private static func header(_ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) -> PixelSize {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle.raw, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0 else {
            throw .malformed(format: .jpeg, message: handle.lastError)
        }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Wraps `tjDecompress2` with `TJPF_RGBA` output of exactly `size` (a supported n/8 scale).
    private static func decompress2(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeBufferPointer<UInt8>,
        into target: UnsafeMutableBufferPointer<UInt8>, size: PixelSize
    ) throws(ImageError) {
        let status = tjDecompress2(handle.raw, bytes.baseAddress, UInt(bytes.count), target.baseAddress,
                                   Int32(size.width), 0, Int32(size.height), Int32(TJPF_RGBA.rawValue), 0)
        // Warnings (e.g. a truncated file) still deliver the image; only errors fail.
        if status != 0, tjGetErrorCode(handle.raw) == Int32(TJERR_FATAL.rawValue) {
            throw .malformed(format: .jpeg, message: handle.lastError)
        }
    }
}
