import PixelKit

extension ImageFormat {
    /// HEIF with HEVC-coded images (HEIC, what phones write), read by ``HEIFCodec``; printed as `"heif"`.
    public static let heif = ImageFormat(rawValue: "heif")
    /// AVIF: HEIF with AV1-coded images, read by ``HEIFCodec`` when libheif has an AV1 decoder;
    /// printed as `"avif"`.
    public static let avif = ImageFormat(rawValue: "avif")
}
