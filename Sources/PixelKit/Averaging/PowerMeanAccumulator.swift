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

    /// Set when the rows arrive in a matrix/TRC source's colors (a folded conversion, see
    /// ``ColorConversionFolding``): they are summed as this transform converts them, exactly, without
    /// a converted row being written and read again.
    var sourceConversion: MatrixShaperTransform?

    /// Adds a row of RGBA8 pixels, each with weight 1.
    public mutating func add(row: UnsafeBufferPointer<UInt8>) {
        guard let base = row.baseAddress else { return }
        let pixelCount = row.count / 4
        var start = 0
        while start < pixelCount {
            let end = min(pixelCount, start + Self.blockPixels)
            if let sourceConversion {
                addConvertedBlock(base + start * 4, count: end - start, by: sourceConversion)
            } else {
                addBlock(base + start * 4, count: end - start)
            }
            start = end
        }
        rowPixels &+= UInt64(pixelCount)
    }

    // Scalar accumulators (rather than SIMD4 values) let LLVM vectorise across pixels; 8-bit
    // products (≤ 65025) are formed in 16 bits, which SSE2 multiplies natively, and summed in 32.
    private mutating func addBlock(_ pixels: UnsafePointer<UInt8>, count: Int) {
        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
        if squared {
            for index in 0..<count {
                let p = pixels + index &* 4
                let pr = UInt16(p[0]), pg = UInt16(p[1]), pb = UInt16(p[2])
                r &+= UInt32(pr &* pr); g &+= UInt32(pg &* pg); b &+= UInt32(pb &* pb); a &+= UInt32(p[3])
            }
        } else {
            for index in 0..<count {
                let p = pixels + index &* 4
                r &+= UInt32(p[0]); g &+= UInt32(p[1]); b &+= UInt32(p[2]); a &+= UInt32(p[3])
            }
        }
        if addIfComplete(SIMD4(r, g, b, a), count: count) { return }
        rowSums &+= SIMD4(UInt64(r), UInt64(g), UInt64(b), UInt64(a))
        var wr: UInt64 = 0, wg: UInt64 = 0, wb: UInt64 = 0
        if squared {
            for index in 0..<count {
                let p = pixels + index &* 4
                let pr = UInt32(p[0]), pg = UInt32(p[1]), pb = UInt32(p[2]), pa = UInt32(p[3])
                wr &+= UInt64(pr &* pr &* pa); wg &+= UInt64(pg &* pg &* pa); wb &+= UInt64(pb &* pb &* pa)
            }
        } else {
            (wr, wg, wb) = Self.alphaWeightedSums(pixels, count: count)
        }
        rowWeightedSums &+= SIMD4(wr, wg, wb, UInt64(a))
    }

    /// Adds a block's sums when they are all it contributes: weights ignored, or an opaque block
    /// (every JPEG, most photos), whose pixels each weigh 255. False for a translucent block under
    /// the weighted policy, which needs each pixel's products.
    private mutating func addIfComplete(_ sums: SIMD4<UInt32>, count: Int) -> Bool {
        let weighted = alphaPolicy == .weighted
        guard !weighted || sums[3] == 255 &* UInt32(count) else { return false }
        let wide = SIMD4<UInt64>(truncatingIfNeeded: sums)
        rowSums &+= wide
        if weighted { rowWeightedSums &+= SIMD4(wide[0] &* 255, wide[1] &* 255, wide[2] &* 255, wide[3]) }
        return true
    }

    /// Adds `count` pixels in the source's colors as `conversion` converts them: the fixed-point
    /// kernel's sums of the converted values when they are all the block needs, else (translucent
    /// pixels under the weighted policy, or no kernel) the block converted in small chunks and
    /// summed as usual. Both give the sums of the converted row exactly.
    private mutating func addConvertedBlock(_ pixels: UnsafePointer<UInt8>, count: Int, by conversion: MatrixShaperTransform) {
        if let kernel = conversion.kernel,
           addIfComplete(kernel.sumsOfConverted(pixels, count: count, squared: squared), count: count) {
            return
        }
        let chunkPixels = 1024
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkPixels * 4) { scratch in
            var start = 0
            while start < count {
                let chunk = min(chunkPixels, count - start)
                let converted = UnsafeMutableBufferPointer(rebasing: scratch[..<(chunk * 4)])
                conversion.convert(UnsafeBufferPointer(start: pixels + start * 4, count: chunk * 4), into: converted)
                addBlock(UnsafePointer(converted.baseAddress!), count: chunk)
                start += chunk
            }
        }
    }

    /// Σ c·a for R, G, B over `count` pixels (count ≤ 65,535, so the 32-bit sums cannot
    /// overflow); products (≤ 65,025) are formed in 16 bits.
    private static func alphaWeightedSums(_ pixels: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64, UInt64) {
        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
        for index in 0..<count {
            let p = pixels + index &* 4
            let alpha = UInt16(p[3])
            r &+= UInt32(UInt16(p[0]) &* alpha); g &+= UInt32(UInt16(p[1]) &* alpha); b &+= UInt32(UInt16(p[2]) &* alpha)
        }
        return (UInt64(r), UInt64(g), UInt64(b))
    }

    /// Adds one color with a fractional weight (the edges of a reduced decode).
    public mutating func add(_ color: RGBAColor, weight: Double) {
        let color = sourceConversion.map { Self.converted(color, by: $0) } ?? color
        var sample = SIMD4(color.red, color.green, color.blue, color.alpha)
        if squared { sample = sample * SIMD4(sample[0], sample[1], sample[2], 1) }
        colorSums += sample * weight
        colorWeightedSums += sample * (weight * color.alpha)
        colorAlphaWeight += weight * color.alpha
        colorWeight += weight
    }

    /// A pixel's color (8-bit components: the edge pixels of a reduced decode) converted as in a row.
    private static func converted(_ color: RGBAColor, by conversion: MatrixShaperTransform) -> RGBAColor {
        // On the stack: a reduced decode's edges call this once per edge pixel.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { pixel in
            func byte(_ value: Double) -> UInt8 { UInt8(min(max(value, 0), 255).rounded()) }
            pixel[0] = byte(color.red)
            pixel[1] = byte(color.green)
            pixel[2] = byte(color.blue)
            pixel[3] = byte(color.alpha)
            conversion.convert(pixel)
            return RGBAColor(red: Double(pixel[0]), green: Double(pixel[1]), blue: Double(pixel[2]), alpha: Double(pixel[3]))
        }
    }

    /// The mean (or root mean square) of what was added.
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
