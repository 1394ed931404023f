import PixelKitPlatform

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

    /// `sRGB8(fromLinear:)` by table: the smallest float giving each result 1…255 (`[k - 1]`), found by
    /// bisection over the float bit patterns of 0…1, where the function is non-decreasing. Equal to the
    /// direct formula for every float (checked exhaustively over all floats in 0…1 when this was
    /// written, and at every level by the tests), without a `powf` per channel.
    static let sRGB8Thresholds: [Float] = (1...255).map { level in
        var low: UInt32 = 0, high = Float(1).bitPattern   // result(low) < level ≤ result(high)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if sRGB8(fromLinear: Float(bitPattern: middle)) >= level { high = middle } else { low = middle }
        }
        return Float(bitPattern: high)
    }

    /// Buckets of `sRGB8Lookup`: 0…1 in steps of 1/4096, fine enough that a bucket spans at most one
    /// threshold (the steepest part, below 0.0031308, rises 3294 levels per unit).
    static let sRGB8BucketCount = 4096

    /// The result at the start of each bucket, so a lookup needs at most a step or two up the thresholds.
    static let sRGB8BucketStart: [UInt8] = (0...sRGB8BucketCount).map { bucket in
        UInt8(sRGB8(fromLinear: Float(bucket) / Float(sRGB8BucketCount)))
    }

    /// `sRGB8(fromLinear:)` through the tables: start at the value's bucket, step over the thresholds at or below it.
    @inline(__always)
    static func sRGB8(fromLinear value: Float, buckets: UnsafeBufferPointer<UInt8>, thresholds: UnsafeBufferPointer<Float>) -> Int {
        let v = Float.maximum(0, Float.minimum(1, value))
        var level = Int(buckets[Int(v * Float(sRGB8BucketCount))])
        while level < 255, thresholds[level] <= v { level += 1 }
        return level
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
