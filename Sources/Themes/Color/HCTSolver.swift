import PixelKitPlatform
import PixelKit

/// Finds the sRGB color for an HCT triple. Tone fixes the luminance Y; for a given chroma, CAM16's
/// lightness J is found by Newton steps on Y (as material-color-utilities' `findResultByJ` does),
/// and when that color is outside sRGB the chroma is bisected down to the gamut's edge (where
/// material-color-utilities solves the edge exactly; the two agree to within the 8-bit rounding).
enum HCTSolver {
    static func color(hue: Double, chroma: Double, tone: Double) -> RGBAColor {
        let hue = sanitized(hue)
        guard tone > 0.0001, tone < 99.9999, chroma > 0.0001, chroma.isFinite else { return grey(tone: tone) }
        let y = CIELab.y(fromLightness: tone)
        if let exact = linear(hue: hue, chroma: chroma, y: y) { return encode(exact) }
        var fitting = 0.0
        var overflowing = chroma
        var best: LinearSRGB?
        for _ in 0..<24 {
            let middle = (fitting + overflowing) / 2
            if let found = linear(hue: hue, chroma: middle, y: y) {
                fitting = middle
                best = found
            } else {
                overflowing = middle
            }
        }
        return best.map(encode) ?? grey(tone: tone)
    }

    /// The linear sRGB color (0…1) with this hue, chroma and luminance `y` (0…100), or nil when it
    /// is out of gamut or the iteration does not settle on `y`.
    private static func linear(hue: Double, chroma: Double, y: Double) -> LinearSRGB? {
        var j = y.squareRoot() * 11
        for _ in 0..<8 {
            let xyz = CAM16.xyz(j: j, chroma: chroma, hue: hue)
            let rgb = xyz.linearSRGB
            let tolerance = 1e-7
            guard rgb.red >= -tolerance, rgb.green >= -tolerance, rgb.blue >= -tolerance else { return nil }
            let fnj = 100 * (0.2126 * rgb.red + 0.7152 * rgb.green + 0.0722 * rgb.blue)
            guard fnj > 0 else { return nil }
            if abs(fnj - y) < 0.002 {
                guard rgb.red <= 1 + 1e-6, rgb.green <= 1 + 1e-6, rgb.blue <= 1 + 1e-6 else { return nil }
                return rgb
            }
            j -= (fnj - y) * j / (2 * fnj)
            guard j > 0, j.isFinite else { return nil }
        }
        return nil
    }

    private static func encode(_ linear: LinearSRGB) -> RGBAColor {
        RGBAColor(LinearSRGB(
            red: min(max(linear.red, 0), 1), green: min(max(linear.green, 0), 1), blue: min(max(linear.blue, 0), 1))).quantized
    }

    private static func grey(tone: Double) -> RGBAColor {
        let y = CIELab.y(fromLightness: min(max(tone, 0), 100)) / 100
        let encoded = RGBAColor(LinearSRGB(red: y, green: y, blue: y))
        return encoded.quantized
    }

    static func sanitized(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}
