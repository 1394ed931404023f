/// Accumulates samples (mean) or squared samples (root mean square). Rows are summed in exact
/// integers, so `exact` mode equals the true mean; sampler colors are summed in floating point.
public struct PowerMeanAccumulator: ColorAccumulator {
    let squared: Bool
    let alphaPolicy: AlphaPolicy

    /// Sums of the quantity (sample or its square) for R, G, B and of alpha.
    private var rowSums = SIMD4<UInt64>.zero
    /// Sums of quantity × alpha for R, G, B (weighted policy only).
    private var rowWeightedSums = SIMD4<UInt64>.zero
    private var rowPixels: UInt64 = 0

    private var colorSums = SIMD4<Double>.zero
    private var colorWeightedSums = SIMD4<Double>.zero
    private var colorAlphaWeight: Double = 0
    private var colorWeight: Double = 0

    init(squared: Bool, alphaPolicy: AlphaPolicy) {
        self.squared = squared
        self.alphaPolicy = alphaPolicy
    }

    /// Pixels per block whose sums of 8-bit products (≤ 65025 each) still fit a UInt32,
    /// which lets the compiler vectorise the inner loop.
    private static let blockPixels = 65_535

    public mutating func add(row: UnsafeBufferPointer<UInt8>) {
        guard let base = row.baseAddress else { return }
        let pixelCount = row.count / 4
        var start = 0
        while start < pixelCount {
            let end = min(pixelCount, start + Self.blockPixels)
            addBlock(base + start * 4, count: end - start)
            start = end
        }
        rowPixels &+= UInt64(pixelCount)
    }

    private mutating func addBlock(_ pixels: UnsafePointer<UInt8>, count: Int) {
        var plain = SIMD4<UInt32>.zero
        switch (squared, alphaPolicy) {
        case (false, .ignored):
            for index in 0..<count {
                let p = pixels + index * 4
                plain &+= SIMD4(UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
            }
        case (true, .ignored):
            for index in 0..<count {
                let p = pixels + index * 4
                let s = SIMD4(UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), 1)
                plain &+= s &* s &* SIMD4(1, 1, 1, UInt32(p[3]))
            }
        case (false, .weighted):
            var weighted = SIMD4<UInt32>.zero
            for index in 0..<count {
                let p = pixels + index * 4
                let s = SIMD4(UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                plain &+= s
                weighted &+= SIMD4(s[0], s[1], s[2], 1) &* s[3]
            }
            rowWeightedSums &+= SIMD4<UInt64>(truncatingIfNeeded: weighted)
        case (true, .weighted):
            var weighted = SIMD4<UInt64>.zero
            for index in 0..<count {
                let p = pixels + index * 4
                let s = SIMD4(UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), 1)
                let square = s &* s &* SIMD4(1, 1, 1, UInt32(p[3]))
                plain &+= square
                weighted &+= SIMD4<UInt64>(truncatingIfNeeded: SIMD4(square[0], square[1], square[2], 1)) &* UInt64(p[3])
            }
            rowWeightedSums &+= weighted
        }
        rowSums &+= SIMD4<UInt64>(truncatingIfNeeded: plain)
    }

    public mutating func add(_ color: RGBAColor, weight: Double) {
        var sample = SIMD4(color.red, color.green, color.blue, color.alpha)
        if squared { sample = sample * SIMD4(sample[0], sample[1], sample[2], 1) }
        colorSums += sample * weight
        colorWeightedSums += sample * (weight * color.alpha)
        colorAlphaWeight += weight * color.alpha
        colorWeight += weight
    }

    public func result() -> RGBAColor {
        let count = Double(rowPixels) + colorWeight
        let plain = SIMD4<Double>(rowSums) + colorSums
        let alphaWeight = Double(rowWeightedSums[3]) + colorAlphaWeight
        var rgb = SIMD4(plain[0], plain[1], plain[2], 0) / count
        if alphaPolicy == .weighted && alphaWeight > 0 {
            let weighted = SIMD4<Double>(rowWeightedSums) + colorWeightedSums
            rgb = SIMD4(weighted[0], weighted[1], weighted[2], 0) / alphaWeight
        }
        if squared { rgb = rgb.squareRoot() }
        return RGBAColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: plain[3] / count)
    }
}

extension SIMD4 where Scalar == Double {
    init(_ integers: SIMD4<UInt64>) {
        self.init(Double(integers[0]), Double(integers[1]), Double(integers[2]), Double(integers[3]))
    }
}
