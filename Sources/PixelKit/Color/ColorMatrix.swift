/// A 3×3 matrix of doubles (row-major) for the color fast path: RGB ↔ XYZ and chromatic adaptation.
struct ColorMatrix: Sendable, Hashable {
    var rows: [[Double]]

    /// The matrix whose columns are `columns` (each an XYZ triple).
    init(columns: [[Double]]) {
        rows = (0..<3).map { row in (0..<3).map { columns[$0][row] } }
    }

    init(rows: [[Double]]) { self.rows = rows }

    static func diagonal(_ values: [Double]) -> ColorMatrix {
        ColorMatrix(rows: (0..<3).map { row in (0..<3).map { row == $0 ? values[row] : 0 } })
    }

    static func * (left: ColorMatrix, right: ColorMatrix) -> ColorMatrix {
        ColorMatrix(rows: (0..<3).map { row in
            (0..<3).map { column in (0..<3).reduce(0) { $0 + left.rows[row][$1] * right.rows[$1][column] } }
        })
    }

    static func * (left: ColorMatrix, vector: [Double]) -> [Double] {
        (0..<3).map { row in (0..<3).reduce(0) { $0 + left.rows[row][$1] * vector[$1] } }
    }

    var isFinite: Bool { rows.allSatisfy { $0.allSatisfy(\.isFinite) } }

    /// The inverse, or nil when the determinant is (nearly) zero or a value is not finite.
    var inverse: ColorMatrix? {
        let m = rows
        let cofactors: [[Double]] = [
            [m[1][1] * m[2][2] - m[1][2] * m[2][1], m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [m[1][2] * m[2][0] - m[1][0] * m[2][2], m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][2] * m[1][0] - m[0][0] * m[1][2]],
            [m[1][0] * m[2][1] - m[1][1] * m[2][0], m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ]
        let determinant = m[0][0] * cofactors[0][0] + m[0][1] * cofactors[1][0] + m[0][2] * cofactors[2][0]
        // lcms2's tolerance for a singular matrix (MATRIX_DET_TOLERANCE).
        guard determinant.isFinite, abs(determinant) >= 0.0001 else { return nil }
        let inverse = ColorMatrix(rows: cofactors.map { $0.map { $0 / determinant } })
        return inverse.isFinite ? inverse : nil
    }

    /// The ICC profile connection space's white (D50), as lcms2 defines it (`cmsD50_XYZ`).
    static let d50White: [Double] = [0.9642, 1.0, 0.8249]

    /// XYZ of a chromaticity `x, y` at luminance 1.
    static func xyz(x: Double, y: Double) -> [Double] { [x / y, 1, (1 - x - y) / y] }

    /// Bradford adaptation from `source` white to `destination` white (both XYZ).
    static func bradford(from source: [Double], to destination: [Double]) -> ColorMatrix {
        let cone = ColorMatrix(rows: [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
        let sourceCone = cone * source, destinationCone = cone * destination
        // The Bradford cone matrix is a constant with a nonzero determinant.
        return cone.inverse! * .diagonal((0..<3).map { destinationCone[$0] / sourceCone[$0] }) * cone
    }

    /// Linear RGB → D50 XYZ for RGB primaries and a white point (chromaticities), adapted with
    /// Bradford as lcms2's `cmsCreateRGBProfile` does.
    static func rgbToD50(red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double)) -> ColorMatrix {
        let primaries = ColorMatrix(columns: [xyz(x: red.0, y: red.1), xyz(x: green.0, y: green.1), xyz(x: blue.0, y: blue.1)])
        let whiteXYZ = xyz(x: white.0, y: white.1)
        // Constant, well-conditioned primaries: the inverse exists.
        let scale = primaries.inverse! * whiteXYZ
        return bradford(from: whiteXYZ, to: d50White) * primaries * .diagonal(scale)
    }

    /// lcms2's built-in sRGB (`cmsCreate_sRGBProfile`): Rec. 709 primaries, D65 white.
    static let sRGBToD50 = rgbToD50(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: (0.3127, 0.3290))
    static let d50ToSRGB = sRGBToD50.inverse!
    /// Display P3: DCI-P3 primaries, D65 white.
    static let displayP3ToD50 = rgbToD50(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.3127, 0.3290))
    static let d50ToDisplayP3 = displayP3ToD50.inverse!
    /// ITU-R BT.2020 primaries, D65 white.
    static let rec2020ToD50 = rgbToD50(red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: (0.3127, 0.3290))
}
