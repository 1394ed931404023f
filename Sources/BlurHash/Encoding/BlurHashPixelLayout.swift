/// How 8-bit pixels are packed in a buffer handed to `BlurHashEncoder`.
public enum BlurHashPixelLayout: Sendable, Hashable, CaseIterable {
    /// R, G, B: 3 bytes per pixel (the layout the C reference reads).
    case rgb
    /// R, G, B, A: 4 bytes per pixel, as in `RGBAImage` and `PixelRow`. Alpha is ignored, as the
    /// reference drops it: transparent pixels count with their stored color.
    case rgba
    /// B, G, R, A: 4 bytes per pixel (common platform bitmap order). Alpha is ignored.
    case bgra

    /// Bytes per pixel.
    public var bytesPerPixel: Int { self == .rgb ? 3 : 4 }

    /// Byte offsets of red, green and blue within a pixel.
    var channelOffsets: (red: Int, green: Int, blue: Int) {
        switch self {
        case .rgb, .rgba: (0, 1, 2)
        case .bgra: (2, 1, 0)
        }
    }
}
