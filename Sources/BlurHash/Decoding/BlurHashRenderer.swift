/// Evaluates dequantised coefficients on a pixel grid exactly as `decodeToArray` in `C/decode.c`:
/// per pixel, `Σ_j Σ_i color(i, j) · float(cos(π·x·i/W) · cos(π·y·j/H))` in float, j outer and i inner,
/// then linear → sRGB. The cosines (computed in double, like the reference) come from per-axis
/// tables instead of two `cos` calls per pixel and component; the float operations and their order
/// are the reference's, so the pixels are too.
struct BlurHashRenderer {
    let width: Int
    let height: Int
    private let componentsX: Int
    private let componentsY: Int
    /// Linear RGB of each component (lane 3 unused), index j · componentsX + i.
    private let colors: [SIMD4<Float>]
    /// `cos(π·x·i/W)` at `[x · componentsX + i]`.
    private let cosineX: [Double]
    /// `cos(π·y·j/H)` at `[y · componentsY + j]`.
    private let cosineY: [Double]

    init(components: BlurHashComponents, width: Int, height: Int) {
        self.width = width
        self.height = height
        componentsX = components.componentsX
        componentsY = components.componentsY
        colors = components.coefficients.map { SIMD4($0.x, $0.y, $0.z, 0) }
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
                        let yOffset = y * componentsY
                        for x in 0..<width {
                            var sum = SIMD4<Float>.zero
                            let xOffset = x * componentsX
                            for j in 0..<componentsY {
                                let cosineYj = cosineY[yOffset + j]
                                let base = j * componentsX
                                for i in 0..<componentsX {
                                    // C: float basics = cos(...) * cos(...); r += colors[idx][0] * basics;
                                    let basis = Float(cosineX[xOffset + i] * cosineYj)
                                    sum += colors[base + i] * basis
                                }
                            }
                            row[x * 4] = UInt8(ReferenceArithmetic.sRGB8(fromLinear: sum.x))
                            row[x * 4 + 1] = UInt8(ReferenceArithmetic.sRGB8(fromLinear: sum.y))
                            row[x * 4 + 2] = UInt8(ReferenceArithmetic.sRGB8(fromLinear: sum.z))
                        }
                    }
                }
            }
        }
    }
}
