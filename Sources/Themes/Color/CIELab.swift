import PixelKitPlatform
import PixelKit

/// A color in CIE 1976 L\*a\*b\* under the D65 white point: `lightness` (L\*) 0…100, `a` green–red and
/// `b` blue–yellow (roughly −128…127), plus alpha 0…1.
///
/// The palette quantizer measures distances here (as material-color-utilities does), and HCT's tone
/// is this L\*. The sRGB ↔ XYZ matrices are those of material-color-utilities (Apache-2.0), so that
/// tones agree with it to the last digit.
public struct CIELab: Sendable, Hashable {
    /// Perceptual lightness L\*, 0 (black) … 100 (white).
    public var lightness: Double
    /// Green (negative) to red (positive) axis.
    public var a: Double
    /// Blue (negative) to yellow (positive) axis.
    public var b: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates a color from its L\*a\*b\* coordinates.
    public init(lightness: Double, a: Double, b: Double, alpha: Double = 1) {
        self.lightness = lightness
        self.a = a
        self.b = b
        self.alpha = alpha
    }

    /// Converts an sRGB color (components 0…255) to L\*a\*b\*.
    public init(_ color: RGBAColor) {
        let xyz = CIEXYZ(color)
        let fx = Self.labF(xyz.x / CIEXYZ.whitePoint.x)
        let fy = Self.labF(xyz.y / CIEXYZ.whitePoint.y)
        let fz = Self.labF(xyz.z / CIEXYZ.whitePoint.z)
        self.init(lightness: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz), alpha: color.alpha / 255)
    }

    /// The squared Euclidean distance to `other` (ΔE\*76 squared): cheap, and enough to compare distances.
    public func squaredDistance(to other: CIELab) -> Double {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// L\* of a relative luminance `y` on 0…100.
    public static func lightness(fromY y: Double) -> Double { 116 * labF(y / 100) - 16 }

    /// The relative luminance (0…100) of lightness L\*.
    public static func y(fromLightness lightness: Double) -> Double { 100 * labInverseF((lightness + 16) / 116) }

    static func labF(_ t: Double) -> Double {
        t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
    }

    static func labInverseF(_ ft: Double) -> Double {
        let cube = ft * ft * ft
        return cube > 216.0 / 24389.0 ? cube : (116 * ft - 16) / (24389.0 / 27.0)
    }
}

extension RGBAColor {
    /// Converts L\*a\*b\* back to sRGB components on 0…255 (not clamped, not rounded).
    public init(_ lab: CIELab) {
        let fy = (lab.lightness + 16) / 116
        let fx = lab.a / 500 + fy
        let fz = fy - lab.b / 200
        let xyz = CIEXYZ(
            x: CIELab.labInverseF(fx) * CIEXYZ.whitePoint.x, y: CIELab.labInverseF(fy) * CIEXYZ.whitePoint.y,
            z: CIELab.labInverseF(fz) * CIEXYZ.whitePoint.z)
        var color = RGBAColor(xyz.linearSRGB)
        color.alpha = lab.alpha * 255
        self = color
    }

    /// This color in CIE L\*a\*b\* (D65).
    public var cieLab: CIELab { CIELab(self) }
}
