#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The woltapp C reference's arithmetic (`C/common.h`, `C/encode.c`, `C/decode.c`), operation for
/// operation: single-precision values, with the steps where C promotes to `double` (a `double`
/// literal in the expression) done in `Double` and rounded back exactly where C rounds. Matching
/// these roundings is what makes our hashes bit-identical to the reference, including the cases
/// where a double-precision implementation lands one quantisation step away.
enum ReferenceArithmetic {
    /// `sRGBToLinear(int)`: 8-bit sRGB → linear light.
    static func linear(fromSRGB8 value: Int) -> Float {
        let v = Float(value) / 255
        if Double(v) <= 0.04045 { return Float(Double(v) / 12.92) }
        let exponent: Float = 2.4
        return powf(Float((Double(v) + 0.055) / 1.055), exponent)
    }

    /// `linear(fromSRGB8:)` for every byte value.
    static let linearTable: [Float] = (0..<256).map(linear(fromSRGB8:))

    /// `linearTable` with each value repeated in four lanes, ready to multiply four components at once.
    static let linearBroadcastTable: [SIMD4<Float>] = linearTable.map { SIMD4(repeating: $0) }

    /// `linearTosRGB(float)`: linear light → 8-bit sRGB, clamped, +0.5 then truncated.
    static func sRGB8(fromLinear value: Float) -> Int {
        let v = Float.maximum(0, Float.minimum(1, value))
        if Double(v) <= 0.0031308 { return Int(Double(v) * 12.92 * 255 + 0.5) }
        return Int((1.055 * Double(powf(v, inverseGamma)) - 0.055) * 255 + 0.5)
    }

    /// `1 / 2.4`, computed in `double` and passed to `powf` as a float.
    private static let inverseGamma = Float(1.0 / 2.4)

    /// `signPow(float, float)`: `|value|^exponent` with the sign of `value`.
    static func signPow(_ value: Float, _ exponent: Float) -> Float {
        copysignf(powf(abs(value), exponent), value)
    }

    /// The encoder's `cosf(M_PI * component * position / size)`: argument in `double`, cosine in `float`.
    /// (Positions are whole pixels in the reference; reduced encoding passes fractional ones.)
    static func encoderCosine(component: Int, position: Double, size: Double) -> Float {
        cosf(Float(Double.pi * Double(component) * position / size))
    }

    /// The decoder's `cos((M_PI * position * component) / size)`, all in `double`.
    static func decoderCosine(component: Int, position: Int, size: Int) -> Double {
        cos((Double.pi * Double(position) * Double(component)) / Double(size))
    }

    /// `floorf(x)` where C passes the `double` expression `x` to the `float` function.
    static func floorAsFloat(_ value: Double) -> Float {
        Float(value).rounded(.down)
    }
}
