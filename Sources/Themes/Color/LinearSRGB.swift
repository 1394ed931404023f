import PixelKit

/// A color in linear-light sRGB: components on 0…1 (values outside that range are out of gamut),
/// alpha on 0…1 (1 is opaque).
public struct LinearSRGB: Sendable, Hashable {
    /// Linear red light, nominally 0…1.
    public var red: Double
    /// Linear green light, nominally 0…1.
    public var green: Double
    /// Linear blue light, nominally 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates a linear-light color from components on 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Decodes an sRGB color (components 0…255) into linear light with the sRGB transfer function.
    public init(_ color: RGBAColor) {
        self.init(
            red: SRGBTransfer.linear(fromEncoded: color.red / 255),
            green: SRGBTransfer.linear(fromEncoded: color.green / 255),
            blue: SRGBTransfer.linear(fromEncoded: color.blue / 255),
            alpha: color.alpha / 255)
    }

    /// Whether every component lies in 0…1 (within `tolerance`), i.e. the color is displayable in sRGB.
    public func isInGamut(tolerance: Double = 1e-9) -> Bool {
        let range = -tolerance...(1 + tolerance)
        return range.contains(red) && range.contains(green) && range.contains(blue)
    }
}

extension RGBAColor {
    /// Encodes linear light back to sRGB components on 0…255 (not clamped, not rounded).
    public init(_ linear: LinearSRGB) {
        self.init(
            red: SRGBTransfer.encoded(fromLinear: linear.red) * 255,
            green: SRGBTransfer.encoded(fromLinear: linear.green) * 255,
            blue: SRGBTransfer.encoded(fromLinear: linear.blue) * 255,
            alpha: linear.alpha * 255)
    }

    /// This color in linear-light sRGB.
    public var linearSRGB: LinearSRGB { LinearSRGB(self) }

    /// This color in OKLab.
    public var oklab: OKLab { OKLab(linearSRGB) }

    /// This color in OKLCH (hue in degrees).
    public var oklch: OKLCH { OKLCH(oklab) }

    /// Each component clamped to 0…255 and rounded to the nearest integer, so that `hex` round-trips exactly.
    public var quantized: RGBAColor {
        func byte(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 255).rounded() }
        return RGBAColor(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }
}
