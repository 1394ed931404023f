import PixelKitPlatform
import PixelKit

/// A color's appearance in the CAM16 color appearance model (Li et al. 2017) under HCT's standard
/// viewing conditions: `hue` in degrees, `chroma`, and lightness `j`.
///
/// Ported from the published formulas as material-color-utilities implements them
/// (github.com/material-foundation/material-color-utilities, Apache License 2.0, © Google LLC), so
/// that scores and palettes computed here agree with Android's.
public struct CAM16: Sendable, Hashable {
    /// Hue angle in degrees, 0..<360.
    public let hue: Double
    /// Colorfulness relative to a white of the same brightness; 0 is grey (sRGB reaches about 113).
    public let chroma: Double
    /// Lightness J, 0…100.
    public let j: Double

    /// The appearance of an sRGB color (components 0…255; alpha ignored).
    public init(_ color: RGBAColor) {
        self.init(CIEXYZ(color))
    }

    init(_ xyz: CIEXYZ) {
        let conditions = CAM16ViewingConditions.standard
        let rC = 0.401288 * xyz.x + 0.650173 * xyz.y - 0.051461 * xyz.z
        let gC = -0.250268 * xyz.x + 1.204414 * xyz.y + 0.045854 * xyz.z
        let bC = -0.002079 * xyz.x + 0.048952 * xyz.y + 0.953127 * xyz.z
        func adapted(_ component: Double) -> Double {
            let factor = pow(conditions.fl * abs(component) / 100, 0.42)
            let magnitude = 400 * factor / (factor + 27.13)
            return component < 0 ? -magnitude : magnitude
        }
        let rA = adapted(conditions.rgbD.x * rC)
        let gA = adapted(conditions.rgbD.y * gC)
        let bA = adapted(conditions.rgbD.z * bC)
        let a = (11 * rA - 12 * gA + bA) / 11
        let b = (rA + gA - 2 * bA) / 9
        let u = (20 * rA + 20 * gA + 21 * bA) / 20
        let p2 = (40 * rA + 20 * gA + bA) / 20
        let degrees = atan2(b, a) * 180 / .pi
        let hue = degrees < 0 ? degrees + 360 : (degrees >= 360 ? degrees - 360 : degrees)
        let ac = p2 * conditions.nbb
        let j = 100 * pow(max(ac / conditions.aw, 0), conditions.c * conditions.z)
        let huePrime = hue < 20.14 ? hue + 360 : hue
        let eHue = 0.25 * (cos(huePrime * .pi / 180 + 2) + 3.8)
        let p1 = 50000.0 / 13.0 * eHue * conditions.nc * conditions.ncb
        let t = p1 * (a * a + b * b).squareRoot() / (u + 0.305)
        let alpha = pow(t, 0.9) * pow(1.64 - pow(0.29, conditions.n), 0.73)
        self.hue = hue
        self.chroma = alpha * (j / 100).squareRoot()
        self.j = j
    }

    /// The XYZ of the color with CAM16 lightness `j`, `chroma` and `hue` (degrees); may be out of gamut.
    static func xyz(j: Double, chroma: Double, hue: Double) -> CIEXYZ {
        let conditions = CAM16ViewingConditions.standard
        let alpha = chroma == 0 || j == 0 ? 0 : chroma / (j / 100).squareRoot()
        let t = pow(alpha / pow(1.64 - pow(0.29, conditions.n), 0.73), 1 / 0.9)
        let radians = hue * .pi / 180
        let eHue = 0.25 * (cos(radians + 2) + 3.8)
        let ac = conditions.aw * pow(j / 100, 1 / conditions.c / conditions.z)
        let p1 = eHue * (50000.0 / 13.0) * conditions.nc * conditions.ncb
        let p2 = ac / conditions.nbb
        let hSin = sin(radians), hCos = cos(radians)
        let gamma = 23 * (p2 + 0.305) * t / (23 * p1 + 11 * t * hCos + 108 * t * hSin)
        let a = gamma * hCos, b = gamma * hSin
        let rA = (460 * p2 + 451 * a + 288 * b) / 1403
        let gA = (460 * p2 - 891 * a - 261 * b) / 1403
        let bA = (460 * p2 - 220 * a - 6300 * b) / 1403
        func unadapted(_ component: Double) -> Double {
            let base = max(0, 27.13 * abs(component) / (400 - abs(component)))
            let magnitude = 100 / conditions.fl * pow(base, 1 / 0.42)
            return component < 0 ? -magnitude : magnitude
        }
        let rF = unadapted(rA) / conditions.rgbD.x
        let gF = unadapted(gA) / conditions.rgbD.y
        let bF = unadapted(bA) / conditions.rgbD.z
        return CIEXYZ(
            x: 1.86206786 * rF - 1.01125463 * gF + 0.14918677 * bF,
            y: 0.38752654 * rF + 0.62144744 * gF - 0.00897398 * bF,
            z: -0.01584150 * rF - 0.03412294 * gF + 1.04996444 * bF)
    }
}
