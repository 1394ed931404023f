/// The color space operations deliver pixels in (``DecodeOptions/outputColorSpace``).
public enum OutputColorSpace: String, Sendable, Hashable, CaseIterable {
    /// sRGB: the web's and every untagged image's space (the default).
    case sRGB
    /// Display P3, for apps that tint wide-gamut screens with the result.
    case displayP3

    /// The same space as a ``ColorSpace``.
    public var colorSpace: ColorSpace {
        switch self {
        case .sRGB: .sRGB
        case .displayP3: .displayP3
        }
    }
}
