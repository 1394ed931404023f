/// A `RowSink` that runs rows through a sampler into an averager's accumulator, optionally
/// limited to a region of the decoded image.
public struct SampledAverage<Sampler: PixelSampler, Accumulator: ColorAccumulator>: RowSink {
    /// Which pixels count.
    public let sampler: Sampler
    /// The running sums.
    public private(set) var accumulator: Accumulator
    /// The region in decoded-image coordinates (set by `begin`); nil for the whole image.
    public private(set) var region: PixelRect?
    /// The stored size, when the decode may be reduced: the region is given in it, and the edge
    /// coverage of a reduced decode follows from it.
    private let storedSize: PixelSize?
    private var state: Sampler.State?
    private var lastRow = -1

    /// A sink that averages the pixels `sampler` picks into `accumulator`.
    /// - Parameters:
    ///   - sampler: Which pixels count.
    ///   - accumulator: The running sums, usually fresh from ``ColorAverager/makeAccumulator()``.
    ///   - region: A rectangle to average instead of the whole image.
    ///   - storedSize: The image's stored size. When a reduced decode delivers smaller rows, the
    ///     region is scaled to them (rounded outward) and, for the whole image, the partial blocks at
    ///     the right and bottom edges are weighted by the pixels they cover.
    public init(sampler: Sampler, accumulator: Accumulator, region: PixelRect? = nil, storedSize: PixelSize? = nil) {
        self.sampler = sampler
        self.accumulator = accumulator
        self.region = region
        self.storedSize = storedSize
    }

    /// Prepares the sampler's state for rows of `size`.
    public mutating func begin(size: PixelSize) {
        if let given = region, let storedSize { region = given.scaled(from: storedSize, to: size) }
        if let region {
            state = sampler.makeState(for: PixelSize(width: region.width, height: region.height), coverage: .uniform)
        } else {
            state = sampler.makeState(for: size, coverage: storedSize.map { EdgeCoverage(stored: $0, decoded: size) } ?? .uniform)
        }
    }

    /// Feeds the row's sampled pixels (inside the region, if any) to the accumulator.
    public mutating func consume(_ row: PixelRow) {
        guard state != nil else { return }
        lastRow = row.y
        if let region {
            guard row.y >= region.y, row.y < region.y + region.height, region.x + region.width <= row.width else { return }
            let slice = UnsafeBufferPointer(rebasing: row.pixels[(region.x * 4)..<((region.x + region.width) * 4)])
            sampler.sample(PixelRow(y: row.y - region.y, pixels: slice), state: &state!, into: &accumulator)
        } else {
            sampler.sample(row, state: &state!, into: &accumulator)
        }
    }

    /// True once the region's last row has been received: the decoder may stop.
    public var isSatisfied: Bool {
        guard let region else { return false }
        return lastRow >= region.y + region.height - 1
    }

    /// Flushes the sampler and returns the average.
    public mutating func finish() -> RGBAColor {
        if state != nil { sampler.finish(state: &state!, into: &accumulator) }
        state = nil
        return accumulator.result()
    }
}
