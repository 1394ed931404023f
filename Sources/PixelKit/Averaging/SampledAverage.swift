/// A `RowSink` that runs rows through a sampler into an averager's accumulator, optionally
/// limited to a region of the decoded image.
public struct SampledAverage<Sampler: PixelSampler, Accumulator: ColorAccumulator>: RowSink {
    public let sampler: Sampler
    public private(set) var accumulator: Accumulator
    /// The region in decoded-image coordinates (set by `begin`); nil for the whole image.
    public private(set) var region: PixelRect?
    /// The size of the image the region was given in, when that may differ from the decoded size.
    private let regionSpace: PixelSize?
    private var state: Sampler.State?
    private var lastRow = -1

    /// - Parameters:
    ///   - region: A rectangle to average instead of the whole image.
    ///   - regionSpace: The image size `region` refers to (the stored size); when a reduced decode
    ///     delivers smaller rows, the region is scaled to them (rounded outward).
    public init(sampler: Sampler, accumulator: Accumulator, region: PixelRect? = nil, regionSpace: PixelSize? = nil) {
        self.sampler = sampler
        self.accumulator = accumulator
        self.region = region
        self.regionSpace = regionSpace
    }

    public mutating func begin(size: PixelSize) {
        if let given = region, let regionSpace { region = given.scaled(from: regionSpace, to: size) }
        state = sampler.makeState(for: region.map { PixelSize(width: $0.width, height: $0.height) } ?? size)
    }

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
