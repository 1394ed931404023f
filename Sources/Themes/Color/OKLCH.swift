import PixelKitPlatform
import PixelKit

/// OKLab in polar form: `lightness` 0…1, `chroma` ≥ 0 (sRGB colors stay below about 0.33),
/// `hue` in degrees 0..<360, plus alpha 0…1.
public struct OKLCH: Sendable, Hashable {
    /// Perceptual lightness, 0 (black) … 1 (white).
    public var lightness: Double
    /// Colorfulness, ≥ 0; 0 is gray.
    public var chroma: Double
    /// Hue angle in degrees, 0..<360 (meaningless when chroma is 0).
    public var hue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates an OKLCH color; `hue` is in degrees.
    public init(lightness: Double, chroma: Double, hue: Double, alpha: Double = 1) {
        self.lightness = lightness
        self.chroma = chroma
        self.hue = hue
        self.alpha = alpha
    }

    /// Converts from OKLab.
    public init(_ lab: OKLab) {
        let degrees = atan2(lab.b, lab.a) * 180 / .pi
        self.init(
            lightness: lab.lightness,
            chroma: (lab.a * lab.a + lab.b * lab.b).squareRoot(),
            hue: degrees < 0 ? degrees + 360 : degrees,
            alpha: lab.alpha)
    }
}

extension RGBAColor {
    /// Converts an OKLCH color to sRGB components on 0…255 (not clamped: may be out of gamut).
    public init(_ lch: OKLCH) {
        self.init(LinearSRGB(OKLab(lch)))
    }
}
