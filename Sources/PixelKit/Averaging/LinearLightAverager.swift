/// The mean in linear light: decode sRGB to linear, average, re-encode. Physically right for
/// mixing light (a black-and-white checkerboard seen from afar is #BCBCBC, not #808080), and the
/// convention BlurHash's DC term follows. Alpha is averaged as stored (it is already linear).
public struct LinearLightAverager: ColorAverager {
    /// Whether alpha weights the colors or is ignored.
    public var alphaPolicy: AlphaPolicy
    /// An averager in linear light.
    public init(alphaPolicy: AlphaPolicy = .weighted) { self.alphaPolicy = alphaPolicy }
    /// `"linear"`.
    public var name: String { "linear" }
    /// A fresh ``LinearLightAccumulator``.
    public func makeAccumulator() -> LinearLightAccumulator { LinearLightAccumulator(alphaPolicy: alphaPolicy) }
}

/// Accumulates linear-light values (0…1), looked up per 8-bit sample in a 256-entry table.
public struct LinearLightAccumulator: ColorAccumulator {
    let alphaPolicy: AlphaPolicy
    private let table = SRGBTransfer.linearTable
    private var linearSums = SIMD4<Double>.zero
    /// Linear values × alpha (alpha on 0…255), for the weighted policy.
    private var weightedSums = SIMD4<Double>.zero
    /// Sum of alpha on 0…255: the weighted policy's total weight, and the mean alpha's numerator.
    private var alphaSum: Double = 0
    private var count: Double = 0

    init(alphaPolicy: AlphaPolicy) { self.alphaPolicy = alphaPolicy }

    /// Adds a row of RGBA8 pixels, each with weight 1.
    public mutating func add(row: UnsafeBufferPointer<UInt8>) {
        guard let base = row.baseAddress else { return }
        let pixelCount = row.count / 4
        var plain = SIMD4<Double>.zero
        var weighted = SIMD4<Double>.zero
        var alphaTotal: UInt64 = 0
        let weighting = alphaPolicy == .weighted
        table.withUnsafeBufferPointer { linear in
            for index in 0..<pixelCount {
                let p = base + index * 4
                let value = SIMD4(linear[Int(p[0])], linear[Int(p[1])], linear[Int(p[2])], 0)
                alphaTotal &+= UInt64(p[3])
                plain += value
                if weighting { weighted += value * Double(p[3]) }
            }
        }
        linearSums += plain
        weightedSums += weighted
        alphaSum += Double(alphaTotal)
        count += Double(pixelCount)
    }

    /// Adds one color with a fractional weight (the edges of a reduced decode).
    public mutating func add(_ color: RGBAColor, weight: Double) {
        let value = SIMD4(
            SRGBTransfer.linear(fromEncoded: color.red / 255), SRGBTransfer.linear(fromEncoded: color.green / 255),
            SRGBTransfer.linear(fromEncoded: color.blue / 255), 0)
        linearSums += value * weight
        weightedSums += value * (weight * color.alpha)
        alphaSum += color.alpha * weight
        count += weight
    }

    /// The mean in linear light, encoded back to sRGB on 0…255.
    public func result() -> RGBAColor {
        let linear = alphaPolicy == .weighted && alphaSum > 0 ? weightedSums / alphaSum : linearSums / count
        func encode(_ value: Double) -> Double {
            value.isNaN ? .nan : SRGBTransfer.encoded(fromLinear: min(max(value, 0), 1)) * 255
        }
        return RGBAColor(red: encode(linear[0]), green: encode(linear[1]), blue: encode(linear[2]), alpha: alphaSum / count)
    }
}
