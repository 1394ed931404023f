/// The encoder's core: for every basis function (i, j) and channel, the running sum
/// `Σ basis(i, j, x, y) · linear(x, y)` over the pixels in the reference's order (rows top to
/// bottom, pixels left to right), in single precision like `multiplyBasisFunction` in `C/encode.c`.
///
/// Why not the separable O(W·H·(Cx+Cy)) form (sum each row against the x-cosines, then the row sums
/// against the y-cosines): it rounds differently from the reference's one running float sum per
/// component, and the difference flips quantised values (the shared vectors' img2.jpg is such a
/// case even between the reference's float and a double implementation). So every accumulator
/// keeps the reference's exact sequence of float operations, and the speed comes instead from
/// (1) cosine tables, separable and computed once (W·Cx + H·Cy `cosf` calls instead of 2·W·H·Cx·Cy),
/// (2) a 256-entry linear-light table instead of a `powf` per sample, and (3) SIMD lanes across
/// the x-components: lane i of a vector is component i's own accumulator, so lanes never mix.
struct BasisSums {
    let componentsX: Int
    let componentsY: Int
    let width: Int
    let height: Int
    /// Groups of four x-components (the last one padded with zero cosines).
    private let groups: Int
    /// `cosf(π·i·x/W)` for i in a group, at `[x · groups + group]`.
    private let cosineX: [SIMD4<Float>]
    /// `cosf(π·j·y/H)` at `[j · height + y]`.
    private let cosineY: [Float]
    /// Running sums at `[(j · groups + group) · 3 + channel]`, channel 0/1/2 = R/G/B.
    private var sums: [SIMD4<Float>]
    /// Rows added so far; the next row's y.
    private(set) var rowsAdded = 0

    /// Sums for a `width × height` image sampled at integer pixel positions, as the reference does.
    init(componentsX: Int, componentsY: Int, width: Int, height: Int) {
        self.init(
            componentsX: componentsX, componentsY: componentsY,
            columnPositions: (0..<width).map(Double.init), imageWidth: Double(width),
            rowPositions: (0..<height).map(Double.init), imageHeight: Double(height))
    }

    /// Sums for a grid whose columns and rows stand for positions (in pixels, possibly fractional)
    /// of a larger image: the cosines are `cosf(π·i·position/imageWidth)` (and likewise for y).
    /// With integer positions `0..<n` and size `n` this is exactly the reference's sampling.
    init(componentsX: Int, componentsY: Int, columnPositions: [Double], imageWidth: Double, rowPositions: [Double], imageHeight: Double) {
        self.componentsX = componentsX
        self.componentsY = componentsY
        width = columnPositions.count
        height = rowPositions.count
        let groups = (componentsX + 3) / 4
        self.groups = groups
        var cosineX = [SIMD4<Float>](repeating: .zero, count: width * groups)
        for (x, position) in columnPositions.enumerated() {
            for i in 0..<componentsX {
                cosineX[x * groups + i / 4][i % 4] = ReferenceArithmetic.encoderCosine(component: i, position: position, size: imageWidth)
            }
        }
        self.cosineX = cosineX
        var cosineY = [Float](repeating: 0, count: componentsY * height)
        for j in 0..<componentsY {
            for (y, position) in rowPositions.enumerated() {
                cosineY[j * height + y] = ReferenceArithmetic.encoderCosine(component: j, position: position, size: imageHeight)
            }
        }
        self.cosineY = cosineY
        sums = [SIMD4<Float>](repeating: .zero, count: componentsY * groups * 3)
    }

    /// Whether every row has been added.
    var isComplete: Bool { rowsAdded == height }

    /// Adds the next row, given as linear-light R, G and B planes of `width` values each, every value
    /// repeated across the four lanes (see `ReferenceArithmetic.linearBroadcastTable`). Rows beyond
    /// `height` are ignored.
    mutating func addRow(
        red: UnsafeBufferPointer<SIMD4<Float>>, green: UnsafeBufferPointer<SIMD4<Float>>, blue: UnsafeBufferPointer<SIMD4<Float>>
    ) {
        guard rowsAdded < height, red.count >= width, green.count >= width, blue.count >= width else { return }
        let y = rowsAdded
        cosineX.withUnsafeBufferPointer { cosineX in
            cosineY.withUnsafeBufferPointer { cosineY in
                sums.withUnsafeMutableBufferPointer { sums in
                    Self.accumulate(
                        row: y, red: red, green: green, blue: blue, cosineX: cosineX, cosineY: cosineY, sums: sums,
                        componentsY: componentsY, groups: groups, width: width, height: height)
                }
            }
        }
        rowsAdded += 1
    }

    /// The hot loop. Only vector-by-vector `*` and `+` on `SIMD4<Float>`, which the standard library
    /// implements for concrete types without generic dispatch, so debug builds stay usable too.
    private static func accumulate(
        row y: Int, red: UnsafeBufferPointer<SIMD4<Float>>, green: UnsafeBufferPointer<SIMD4<Float>>,
        blue: UnsafeBufferPointer<SIMD4<Float>>,
        cosineX: UnsafeBufferPointer<SIMD4<Float>>, cosineY: UnsafeBufferPointer<Float>, sums: UnsafeMutableBufferPointer<SIMD4<Float>>,
        componentsY: Int, groups: Int, width: Int, height: Int
    ) {
        for j in 0..<componentsY {
            let cosineYj = SIMD4<Float>(repeating: cosineY[j * height + y])
            for group in 0..<groups {
                let slot = (j * groups + group) * 3
                var r = sums[slot], g = sums[slot + 1], b = sums[slot + 2]
                var index = group
                for x in 0..<width {
                    // C: basis = cosf(x-part) * cosf(y-part); r += basis * linear.
                    let basis = cosineX[index] * cosineYj
                    r = r + basis * red[x]
                    g = g + basis * green[x]
                    b = b + basis * blue[x]
                    index += groups
                }
                sums[slot] = r
                sums[slot + 1] = g
                sums[slot + 2] = b
            }
        }
    }

    /// The normalised factors, index `j · componentsX + i`: `sum · (normalisation / (W·H))` with
    /// normalisation 1 for the DC term and 2 otherwise, in float as in the reference.
    func factors() -> [SIMD3<Float>] {
        let pixelCount = Float(width * height)
        var factors: [SIMD3<Float>] = []
        factors.reserveCapacity(componentsX * componentsY)
        for j in 0..<componentsY {
            for i in 0..<componentsX {
                let normalisation: Float = (i == 0 && j == 0) ? 1 : 2
                let scale = normalisation / pixelCount
                let slot = (j * groups + i / 4) * 3
                let lane = i % 4
                factors.append(SIMD3(sums[slot][lane] * scale, sums[slot + 1][lane] * scale, sums[slot + 2][lane] * scale))
            }
        }
        return factors
    }
}
