/// Reduces the image to `gridSize × gridSize` cells by area averaging (each cell the mean of the
/// pixels it covers), then hands each cell to the averager with equal weight — what drawing the
/// image into a small bitmap does (the blog post draws into 40×40) without holding the image.
///
/// Cell boundaries are `floor(i * size / gridSize)`; an image smaller than the grid gets one
/// cell per pixel along that side.
public struct BoxSampler: PixelSampler {
    /// Cells along each side of the grid.
    public let gridSize: Int

    /// A `gridSize × gridSize` box sampler (at least 1×1).
    public init(gridSize: Int = 40) { self.gridSize = max(1, gridSize) }

    /// The sums of the cell row being filled.
    public struct State {
        /// Cell column of every pixel x.
        var columnOfPixel: [Int32] = []
        /// Cell row of every pixel y.
        var rowOfPixel: [Int32] = []
        var columns = 0
        /// Sums (R, G, B, A) and pixel counts of the current row of cells.
        var sums: [SIMD4<UInt64>] = []
        var counts: [UInt64] = []
        var currentCellRow: Int32 = -1
    }

    /// The state for rows of `size`.
    public func makeState(for size: PixelSize, coverage: EdgeCoverage) -> State {
        let columns = min(gridSize, max(size.width, 1))
        let rows = min(gridSize, max(size.height, 1))
        var state = State()
        state.columns = columns
        state.columnOfPixel = (0..<size.width).map { Int32($0 * columns / size.width) }
        state.rowOfPixel = (0..<size.height).map { Int32($0 * rows / size.height) }
        state.sums = Array(repeating: .zero, count: columns)
        state.counts = Array(repeating: 0, count: columns)
        return state
    }

    /// Adds the row to its cells; a finished cell row goes to the accumulator.
    public func sample<Accumulator: ColorAccumulator>(_ row: PixelRow, state: inout State, into accumulator: inout Accumulator) {
        guard row.y < state.rowOfPixel.count else { return }
        let cellRow = state.rowOfPixel[row.y]
        if cellRow != state.currentCellRow {
            flush(&state, into: &accumulator)
            state.currentCellRow = cellRow
        }
        let width = min(row.width, state.columnOfPixel.count)
        let pixels = row.pixels
        state.columnOfPixel.withUnsafeBufferPointer { columnOf in
            state.sums.withUnsafeMutableBufferPointer { sums in
                state.counts.withUnsafeMutableBufferPointer { counts in
                    for x in 0..<width {
                        let cell = Int(columnOf[x])
                        let p = x * 4
                        sums[cell] &+= SIMD4(UInt64(pixels[p]), UInt64(pixels[p + 1]), UInt64(pixels[p + 2]), UInt64(pixels[p + 3]))
                        counts[cell] &+= 1
                    }
                }
            }
        }
    }

    /// Hands the last, partly filled cell row to the accumulator.
    public func finish<Accumulator: ColorAccumulator>(state: inout State, into accumulator: inout Accumulator) {
        flush(&state, into: &accumulator)
    }

    private func flush<Accumulator: ColorAccumulator>(_ state: inout State, into accumulator: inout Accumulator) {
        for cell in 0..<state.columns where state.counts[cell] > 0 {
            let count = Double(state.counts[cell])
            let sum = state.sums[cell]
            accumulator.add(
                RGBAColor(red: Double(sum[0]) / count, green: Double(sum[1]) / count,
                          blue: Double(sum[2]) / count, alpha: Double(sum[3]) / count),
                weight: 1)
            state.sums[cell] = .zero
            state.counts[cell] = 0
        }
    }
}
