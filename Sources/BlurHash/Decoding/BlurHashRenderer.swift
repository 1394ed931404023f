/// Evaluates dequantised coefficients on a pixel grid exactly as `decodeToArray` in `C/decode.c`:
/// per pixel, `Σ_j Σ_i color(i, j) · float(cos(π·x·i/W) · cos(π·y·j/H))` in float, j outer and i inner,
/// then linear → sRGB (by threshold table, equal to the reference's `powf` formula). The cosines
/// (in double, like the reference) come from per-axis tables instead of two `cos` calls per pixel and
/// component; the float operations and their order are the reference's, so the pixels are too.
struct BlurHashRenderer {
    let width: Int
    let height: Int
    private let componentsX: Int
    private let componentsY: Int
    /// Linear RGB of each component, `[(j · componentsX + i) · 3 + channel]`.
    private let colors: [Float]
    /// `cos(π·x·i/W)` at `[x · componentsX + i]`.
    private let cosineX: [Double]
    /// `cos(π·y·j/H)` at `[y · componentsY + j]`.
    private let cosineY: [Double]

    init(components: BlurHashComponents, width: Int, height: Int) {
        self.width = width
        self.height = height
        componentsX = components.componentsX
        componentsY = components.componentsY
        colors = components.coefficients.flatMap { [$0.x, $0.y, $0.z] }
        var cosineX = [Double](repeating: 0, count: width * components.componentsX)
        for x in 0..<width {
            for i in 0..<components.componentsX {
                cosineX[x * components.componentsX + i] = ReferenceArithmetic.decoderCosine(component: i, position: x, size: width)
            }
        }
        self.cosineX = cosineX
        var cosineY = [Double](repeating: 0, count: height * components.componentsY)
        for y in 0..<height {
            for j in 0..<components.componentsY {
                cosineY[y * components.componentsY + j] = ReferenceArithmetic.decoderCosine(component: j, position: y, size: height)
            }
        }
        self.cosineY = cosineY
    }

    /// Writes row `y` as RGBA8 into `row` (`width · 4` bytes; alpha bytes are left as they are).
    func render(row y: Int, into row: inout [UInt8]) {
        colors.withUnsafeBufferPointer { colors in
            cosineX.withUnsafeBufferPointer { cosineX in
                cosineY.withUnsafeBufferPointer { cosineY in
                    row.withUnsafeMutableBufferPointer { row in
                        ReferenceArithmetic.sRGB8Thresholds.withUnsafeBufferPointer { thresholds in
                            ReferenceArithmetic.sRGB8BucketStart.withUnsafeBufferPointer { buckets in
                                Self.render(
                                    row: y, into: row, colors: colors, cosineX: cosineX, buckets: buckets, thresholds: thresholds,
                                    cosineY: UnsafeBufferPointer(rebasing: cosineY[(y * componentsY)..<((y + 1) * componentsY)]),
                                    componentsX: componentsX, componentsY: componentsY, width: width)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The per-pixel sums, in scalar float arithmetic (which stays fast in debug builds too).
    private static func render(
        row y: Int, into row: UnsafeMutableBufferPointer<UInt8>, colors: UnsafeBufferPointer<Float>,
        cosineX: UnsafeBufferPointer<Double>, buckets: UnsafeBufferPointer<UInt8>, thresholds: UnsafeBufferPointer<Float>,
        cosineY: UnsafeBufferPointer<Double>, componentsX: Int, componentsY: Int, width: Int
    ) {
        for x in 0..<width {
            var r: Float = 0, g: Float = 0, b: Float = 0
            let xOffset = x * componentsX
            for j in 0..<componentsY {
                let cosineYj = cosineY[j]
                let base = j * componentsX
                for i in 0..<componentsX {
                    // C: float basics = cos(...) * cos(...); r += colors[idx][0] * basics;
                    let basis = Float(cosineX[xOffset + i] * cosineYj)
                    let color = (base + i) * 3
                    r += colors[color] * basis
                    g += colors[color + 1] * basis
                    b += colors[color + 2] * basis
                }
            }
            row[x * 4] = UInt8(ReferenceArithmetic.sRGB8(fromLinear: r, buckets: buckets, thresholds: thresholds))
            row[x * 4 + 1] = UInt8(ReferenceArithmetic.sRGB8(fromLinear: g, buckets: buckets, thresholds: thresholds))
            row[x * 4 + 2] = UInt8(ReferenceArithmetic.sRGB8(fromLinear: b, buckets: buckets, thresholds: thresholds))
        }
    }
}
