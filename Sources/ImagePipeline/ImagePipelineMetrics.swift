/// Counts of what an ``ImagePipeline`` did since it was made: how often each cache answered and how
/// many loads and decodes actually ran (coalesced requests share one of each).
public struct ImagePipelineMetrics: Sendable, Hashable {
    /// Requests answered from the memory cache.
    public var memoryHits = 0
    /// Loads answered from the disk cache (bytes or stored summary).
    public var diskHits = 0
    /// Loads that went to the loader (downloads and file reads).
    public var loads = 0
    /// Preparations that decoded the image (thumbnail, average color or BlurHash).
    public var decodes = 0
    /// Disk-cache writes that failed (the request still succeeds).
    public var diskWriteFailures = 0

    /// All zero.
    public init() {}
}
