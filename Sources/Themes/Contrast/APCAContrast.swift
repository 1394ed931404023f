import PixelKitPlatform
import PixelKit

/// **APCA** (Accessible Perceptual Contrast Algorithm, a WCAG 3 *draft candidate*) lightness contrast Lc.
///
/// - Important: This is NOT a WCAG 2.x conformance measure; use ``WCAGContrast`` for that. It is an
///   independent implementation of the published formula of APCA-W3 0.1.9 with the constants
///   "0.0.98G-4g" (`Myndex/apca-w3` `docs/APCA-W3-LaTeX.md`). The APCA reference repository carries a
///   licence notice that restricts some uses (for example medical, safety-critical, transportation and
///   military applications): read `Myndex/apca-w3` `LICENSE.md` before relying on Lc values in a product.
///   Kept in its own type so it can be removed without touching the rest of the module.
public enum APCAContrast {
    /// Lc of `text` drawn on `background`, roughly −108…106: positive for dark text on a light
    /// background, negative for light text on a dark one, 0 when the difference is below the
    /// algorithm's clamps. A translucent `text` is composited over `background` first (in gamma-encoded
    /// sRGB, then rounded to 8 bits, as the reference implementation does); background alpha is ignored.
    public static func lightnessContrast(text: RGBAColor, background: RGBAColor) -> Double {
        let opaqueText = text.alpha < 255 ? text.composited(over: background).quantized : text
        return lightnessContrast(
            textLuminance: screenLuminance(opaqueText), backgroundLuminance: screenLuminance(background))
    }

    /// APCA's estimated screen luminance Ys: a plain 2.4 power per channel (not the piecewise sRGB
    /// curve) weighted by 0.2126729, 0.7151522, 0.0721750.
    public static func screenLuminance(_ color: RGBAColor) -> Double {
        func channel(_ value: Double) -> Double { pow(min(max(value / 255, 0), 1), 2.4) }
        return 0.2126729 * channel(color.red) + 0.7151522 * channel(color.green) + 0.0721750 * channel(color.blue)
    }

    /// Lc from two screen luminances (see ``screenLuminance(_:)``).
    public static func lightnessContrast(textLuminance: Double, backgroundLuminance: Double) -> Double {
        func softClamp(_ y: Double) -> Double { y < 0.022 ? y + pow(0.022 - y, 1.414) : y }
        let textY = softClamp(textLuminance)
        let backgroundY = softClamp(backgroundLuminance)
        guard abs(backgroundY - textY) >= 0.0005 else { return 0 }
        if backgroundY > textY {
            let contrast = (pow(backgroundY, 0.56) - pow(textY, 0.57)) * 1.14
            return contrast < 0.1 ? 0 : (contrast - 0.027) * 100
        } else {
            let contrast = (pow(backgroundY, 0.65) - pow(textY, 0.62)) * 1.14
            return contrast > -0.1 ? 0 : (contrast + 0.027) * 100
        }
    }
}
