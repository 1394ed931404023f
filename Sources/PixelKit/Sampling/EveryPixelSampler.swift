/// Every pixel counts once: with a full-resolution decode, the true mean. After a reduced decode,
/// the last column and row count by the share of the image they stand for (`EdgeCoverage`).
public struct EveryPixelSampler: PixelSampler {
    /// A sampler taking every pixel.
    public init() {}

    /// The weights of the last column and row, and which row is last.
    public struct State {
        let coverage: EdgeCoverage
        let lastRow: Int
    }

    /// The state for rows of `size`.
    public func makeState(for size: PixelSize, coverage: EdgeCoverage) -> State {
        State(coverage: coverage, lastRow: size.height - 1)
    }

    /// Adds every pixel of the row, the edges by their coverage.
    public func sample<Accumulator: ColorAccumulator>(_ row: PixelRow, state: inout State, into accumulator: inout Accumulator) {
        let rowWeight = row.y == state.lastRow ? state.coverage.lastRow : 1
        let columnWeight = state.coverage.lastColumn
        if rowWeight == 1 && columnWeight == 1 {
            accumulator.add(row: row.pixels)
            return
        }
        let width = row.width
        if rowWeight == 1 {
            accumulator.add(row: UnsafeBufferPointer(rebasing: row.pixels[0..<(width - 1) * 4]))
        } else {
            for x in 0..<(width - 1) { accumulator.add(Self.color(row, x), weight: rowWeight) }
        }
        if width > 0 { accumulator.add(Self.color(row, width - 1), weight: rowWeight * columnWeight) }
    }

    static func color(_ row: PixelRow, _ x: Int) -> RGBAColor {
        let p = x * 4
        return RGBAColor(red: Double(row.pixels[p]), green: Double(row.pixels[p + 1]),
                         blue: Double(row.pixels[p + 2]), alpha: Double(row.pixels[p + 3]))
    }
}
