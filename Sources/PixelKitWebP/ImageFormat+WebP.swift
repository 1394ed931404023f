import PixelKit

extension ImageFormat {
    /// WebP (lossy VP8, lossless VP8L, with or without alpha, still or animated), read and written
    /// by ``WebPCodec``; printed as `"webp"`.
    public static let webp = ImageFormat(rawValue: "webp")
}
