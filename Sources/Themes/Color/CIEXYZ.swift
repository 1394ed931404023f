import PixelKit

/// CIE XYZ tristimulus values on the 0…100 scale (Y = 100 is the D65 white), the bridge between sRGB,
/// CIE L\*a\*b\* and CAM16. Internal: callers use ``CIELab`` and ``HCT``.
struct CIEXYZ: Sendable, Hashable {
    var x: Double
    var y: Double
    var z: Double

    /// The D65 white point, Y = 100.
    static let whitePoint = CIEXYZ(x: 95.047, y: 100, z: 108.883)

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// From 8-bit-scale sRGB (alpha ignored), with material-color-utilities' matrix.
    init(_ color: RGBAColor) {
        let linear = LinearSRGB(color)
        let r = linear.red * 100, g = linear.green * 100, b = linear.blue * 100
        self.init(
            x: 0.41233895 * r + 0.35762064 * g + 0.18051042 * b,
            y: 0.2126 * r + 0.7152 * g + 0.0722 * b,
            z: 0.01932141 * r + 0.11916382 * g + 0.95034478 * b)
    }

    /// Linear-light sRGB on 0…1 (may be out of gamut), alpha 1.
    var linearSRGB: LinearSRGB {
        LinearSRGB(
            red: (3.2413774792388685 * x - 1.5376652402851851 * y - 0.49885366846268053 * z) / 100,
            green: (-0.9691452513005321 * x + 1.8758853451067872 * y + 0.04156585616912061 * z) / 100,
            blue: (0.05562093689691305 * x - 0.20395524564742123 * y + 1.0571799111220335 * z) / 100)
    }
}
