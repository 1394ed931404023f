/// Every `step`-th pixel of every `step`-th row, starting at the top-left: cheap, and as good as
/// the image is smooth (it aliases on fine regular patterns).
public struct StrideSampler: PixelSampler {
    /// Distance between sampled pixels, in both directions (≥ 1).
    public let step: Int

    /// A sampler taking every `step`-th pixel of every `step`-th row (`step` at least 1).
    public init(step: Int) { self.step = max(1, step) }

    /// A scratch row for the sampled pixels.
    public func makeState(for size: PixelSize, coverage: EdgeCoverage) -> [UInt8] {
        [UInt8](repeating: 0, count: ((size.width + step - 1) / step) * 4)
    }

    /// Adds every `step`-th pixel of the row when the row is one of every `step`.
    public func sample<Accumulator: ColorAccumulator>(_ row: PixelRow, state: inout [UInt8], into accumulator: inout Accumulator) {
        guard row.y % step == 0 else { return }
        let sampled = (row.width + step - 1) / step
        state.withUnsafeMutableBufferPointer { gathered in
            for index in 0..<sampled {
                let source = index * step * 4
                for channel in 0..<4 { gathered[index * 4 + channel] = row.pixels[source + channel] }
            }
            accumulator.add(row: UnsafeBufferPointer(rebasing: gathered[0..<sampled * 4]))
        }
    }
}
