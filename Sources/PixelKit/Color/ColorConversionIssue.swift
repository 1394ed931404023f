/// Why an image's samples were not converted to the color space asked for
/// (``DecodeOptions/outputColorSpace``): a warning in a lenient decode (the samples come as
/// stored), ``ImageError/colorConversion(_:)`` in a strict one.
public enum ColorConversionIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// The embedded ICC profile was refused.
    case unusableProfile(ColorProfileError)
    /// The profile's pieces are damaged: a JPEG's `APP2 ICC_PROFILE` markers with missing,
    /// repeated or out-of-range sequence numbers, say.
    case damagedProfileMarkers(String)
    /// High dynamic range (nclx transfer 16, PQ, or 18, HLG): no tone mapping is pretended.
    case highDynamicRange(transfer: Int)
    /// An nclx combination of primaries and transfer this version does not convert.
    case unsupportedCICP(primaries: Int, transfer: Int)
    /// The profile's data color space does not fit the image's samples (a CMYK profile on an RGB
    /// image, a gray profile on a color one).
    case profileMismatch(profile: ColorProfile.DataColorSpace, colorModel: ImageInfo.ColorModel)
    /// The registry's ``ColorTransformProvider`` cannot convert from this space (a lookup-table or
    /// CMYK profile without PixelKitColor's lcms2 provider), or its engine refused the profile.
    case transformUnavailable(ColorProfileError)

    /// The problem, with the offending detail.
    public var description: String {
        switch self {
        case .unusableProfile(let error): "embedded color profile not used: \(error)"
        case .damagedProfileMarkers(let detail): "embedded color profile not used: \(detail)"
        case .highDynamicRange(let transfer):
            "HDR transfer \(transfer) (\(transfer == 16 ? "PQ" : "HLG")): samples left unconverted, no tone mapping"
        case .unsupportedCICP(let primaries, let transfer): "nclx primaries \(primaries), transfer \(transfer) not converted"
        case .profileMismatch(let profile, let model):
            "embedded \(profile.rawValue.trimmingWhitespace()) color profile does not fit the image's \(model.rawValue) samples"
        case .transformUnavailable(let error): "colors not converted: \(error)"
        }
    }

    /// What ``ColorSpace/name`` says for a space with this issue.
    var spaceName: String {
        switch self {
        case .unusableProfile, .damagedProfileMarkers: "unusable ICC profile"
        case .highDynamicRange(let transfer): transfer == 16 ? "BT.2100 PQ (HDR)" : "BT.2100 HLG (HDR)"
        case .unsupportedCICP(let primaries, let transfer): "nclx \(primaries)/\(transfer)"
        case .profileMismatch, .transformUnavailable: "unconverted"
        }
    }
}
