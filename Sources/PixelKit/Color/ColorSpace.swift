/// The color space an image's samples are in, as its file states it (``ImageDecodingSession/colorSpace``).
public enum ColorSpace: Sendable, Hashable {
    /// sRGB (IEC 61966-2-1): what untagged images are taken to be, and what operations produce by default.
    case sRGB
    /// Display P3: the P3 primaries, a D65 white and the sRGB transfer curve (Apple's, and nclx 12/13).
    case displayP3
    /// ITU-R BT.2020 primaries, D65 white and the BT.2020 (= BT.709) transfer curve: a HEIF/AVIF
    /// nclx box with primaries 9 and transfer 1, 6, 14 or 15 (standard dynamic range only).
    case rec2020
    /// The space an embedded ICC profile describes.
    case icc(ColorProfile)
    /// A space PixelKit does not convert from, and why: an HDR transfer (PQ, HLG), an nclx
    /// combination it does not know, or an embedded profile that is damaged or unusable. Samples
    /// are delivered as stored, with a warning (a typed error under strict decoding).
    case unconvertible(ColorConversionIssue)

    /// Whether samples in this space are already sRGB (no conversion needed).
    public var isSRGB: Bool {
        if case .sRGB = self { return true }
        return false
    }

    /// The space of an embedded ICC profile: ``icc(_:)``, or ``unconvertible(_:)`` when the
    /// profile is refused (too large for `limits`, truncated, lying about its size, …).
    public init(embeddedProfile bytes: [UInt8], limits: DecodingLimits) {
        do throws(ColorProfileError) {
            self = .icc(try ColorProfile(bytes: bytes, limits: limits))
        } catch {
            self = .unconvertible(.unusableProfile(error))
        }
    }

    /// A name for people (`pixelkit info`'s `colorSpace`): `sRGB`, `Display P3`, `Rec. 2020`, an
    /// ICC profile's description (or `ICC profile (RGB)` without one), or what could not be used.
    public var name: String {
        switch self {
        case .sRGB: "sRGB"
        case .displayP3: "Display P3"
        case .rec2020: "Rec. 2020"
        case .icc(let profile): profile.profileDescription ?? "ICC profile (\(profile.dataColorSpace.rawValue.trimmingWhitespace()))"
        case .unconvertible(let issue): issue.spaceName
        }
    }
}
