import PixelKit

/// Moves a color's OKLCH lightness, keeping its hue, until it reaches a WCAG contrast ratio against a
/// background. This is how theme files derive dark and high-contrast variants from a light color
/// (the idea behind a light-mode blue `#007AFF` becoming a brighter `#4BA1FF` on dark backgrounds).
public enum ContrastAdjustment {
    /// The color closest in OKLCH lightness to `color` that reaches `minimumRatio` against `background`.
    ///
    /// Deterministic: returns `color` unchanged if it already passes; otherwise searches lightness by
    /// bisection (40 steps) in the direction of black or white, whichever contrasts more with the
    /// background, keeping hue and, where sRGB cannot show the chroma at that lightness, the largest
    /// chroma that fits. Candidates are rounded to 8-bit components before they are tested, so the
    /// result's `hex` is exact and really passes. If even pure white (or black) cannot reach the
    /// ratio, that extreme is returned. Alpha is kept.
    /// - Parameters:
    ///   - color: the starting color (components 0…255).
    ///   - background: the opaque background it must stand out from.
    ///   - minimumRatio: the WCAG ratio to reach, 1…21.
    public static func adjustingLightness(
        of color: RGBAColor, against background: RGBAColor, toReach minimumRatio: Double
    ) -> RGBAColor {
        func passes(_ candidate: RGBAColor) -> Bool { WCAGContrast.ratio(candidate, background) >= minimumRatio }
        if passes(color) { return color }
        let start = color.oklch
        let backgroundLuminance = background.relativeLuminance
        let towardWhite = WCAGContrast.ratio(luminance: 1, backgroundLuminance)
            >= WCAGContrast.ratio(luminance: 0, backgroundLuminance)
        func candidate(lightness: Double) -> RGBAColor {
            inGamut(OKLCH(lightness: lightness, chroma: start.chroma, hue: start.hue, alpha: start.alpha))
        }
        var failing = min(max(start.lightness, 0), 1)
        var passing: Double = towardWhite ? 1 : 0
        let extreme = candidate(lightness: passing)
        guard passes(extreme) else { return extreme }
        var best = extreme
        for _ in 0..<40 {
            let middle = (failing + passing) / 2
            let probe = candidate(lightness: middle)
            if passes(probe) {
                passing = middle
                best = probe
            } else {
                failing = middle
            }
        }
        return best
    }

    /// `lch` as 8-bit sRGB, reducing chroma (same lightness and hue) until it fits the gamut.
    static func inGamut(_ lch: OKLCH) -> RGBAColor {
        if LinearSRGB(OKLab(lch)).isInGamut(tolerance: 1e-6) { return RGBAColor(lch).quantized }
        var fitting = 0.0
        var overflowing = lch.chroma
        for _ in 0..<24 {
            let middle = (fitting + overflowing) / 2
            var probe = lch
            probe.chroma = middle
            if LinearSRGB(OKLab(probe)).isInGamut(tolerance: 1e-6) { fitting = middle } else { overflowing = middle }
        }
        var result = lch
        result.chroma = fitting
        return RGBAColor(result).quantized
    }
}
