import PixelKit

/// WCAG 2.x contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio):
/// `(L1 + 0.05) / (L2 + 0.05)` with L1 the lighter relative luminance; 1…21.
public enum WCAGContrast {
    /// The contrast ratio between a foreground and an opaque background, 1…21. A translucent
    /// foreground is composited over the background first; the background's alpha is ignored.
    /// The ratio is symmetric for opaque colors.
    public static func ratio(_ foreground: RGBAColor, _ background: RGBAColor) -> Double {
        let top = foreground.alpha < 255 ? foreground.composited(over: background) : foreground
        return ratio(luminance: top.relativeLuminance, background.relativeLuminance)
    }

    /// The contrast ratio between two relative luminances (each 0…1), 1…21.
    public static func ratio(luminance first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}
