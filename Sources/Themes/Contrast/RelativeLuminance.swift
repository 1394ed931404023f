import PixelKit

extension RGBAColor {
    /// WCAG 2.x relative luminance, 0 (black) … 1 (white): `0.2126 R + 0.7152 G + 0.0722 B` on
    /// linear-light channels. Alpha is ignored; composite translucent colors first (`composited(over:)`).
    public var relativeLuminance: Double {
        let linear = linearSRGB
        return 0.2126 * linear.red + 0.7152 * linear.green + 0.0722 * linear.blue
    }

    /// This color drawn over an opaque `background` with source-over blending of the gamma-encoded
    /// components (what browsers and UIKit do by default). The result is opaque.
    public func composited(over background: RGBAColor) -> RGBAColor {
        let coverage = min(max(alpha / 255, 0), 1)
        func blend(_ top: Double, _ bottom: Double) -> Double { top * coverage + bottom * (1 - coverage) }
        return RGBAColor(
            red: blend(red, background.red), green: blend(green, background.green),
            blue: blend(blue, background.blue), alpha: 255)
    }
}
