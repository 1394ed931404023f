/// Every pixel counts once: with a full-resolution decode, the true mean.
public struct EveryPixelSampler: PixelSampler {
    public init() {}
    public func makeState(for size: PixelSize) {}
    @inlinable
    public func sample<Accumulator: ColorAccumulator>(_ row: PixelRow, state: inout Void, into accumulator: inout Accumulator) {
        accumulator.add(row: row.pixels)
    }
}
