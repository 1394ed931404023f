/// Chooses or reduces the pixels that reach an averager, as rows stream past: every pixel, a
/// stride through them, or box-reduced cells. Samplers keep O(width) state at most.
public protocol PixelSampler: Sendable {
    /// Per-image working state (cell sums, counters).
    associatedtype State
    /// Called once the decoded size is known, before the first row. `coverage` says how much the
    /// last column and row of a reduced decode stand for (`.uniform` at full resolution).
    func makeState(for size: PixelSize, coverage: EdgeCoverage) -> State
    /// Feeds the sampled part of one row into the accumulator (or into the state, to flush later).
    func sample<Accumulator: ColorAccumulator>(_ row: PixelRow, state: inout State, into accumulator: inout Accumulator)
    /// Flushes what the state still holds after the last row.
    func finish<Accumulator: ColorAccumulator>(state: inout State, into accumulator: inout Accumulator)
}

extension PixelSampler {
    /// By default nothing is left to flush.
    public func finish<Accumulator: ColorAccumulator>(state: inout State, into accumulator: inout Accumulator) {}
}
