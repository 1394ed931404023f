import PixelKit

extension ImageFormat {
    /// JPEG XL (a bare codestream or the ISO BMFF container), read by ``JXLCodec``; printed as `"jxl"`.
    public static let jxl = ImageFormat(rawValue: "jxl")
}
