import PixelKit

extension ImageFormat {
    /// GIF (87a and 89a, still or animated), read by ``GIFCodec``; printed as `"gif"`.
    public static let gif = ImageFormat(rawValue: "gif")
}
