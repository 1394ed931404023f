/// The color space an image's samples are in.
public enum ColorSpace: Sendable, Hashable {
    /// sRGB (IEC 61966-2-1): what untagged images are taken to be, and what operations produce.
    case sRGB
    /// Display P3: the P3 primaries, a D65 white and the sRGB transfer curve (Apple's, and nclx 12/13).
    case displayP3
    /// The space an embedded ICC profile describes.
    case icc(ColorProfile)

    /// Whether samples in this space are already sRGB (no conversion needed).
    public var isSRGB: Bool {
        if case .sRGB = self { return true }
        return false
    }
}
