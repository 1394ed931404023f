/// Counts of what an ``ImagePipeline`` did since it was made — how often each cache answered and how
/// many loads and decodes actually ran (coalesced requests share one of each) — and its queues now.
public struct ImagePipelineMetrics: Sendable, Hashable {
    /// Requests answered from the memory cache.
    public var memoryHits = 0
    /// Loads answered from the disk cache (bytes or stored summary).
    public var diskHits = 0
    /// Loads that went to the loader (downloads and file reads).
    public var loads = 0
    /// Preparations that decoded the image (thumbnail, average color or BlurHash).
    public var decodes = 0
    /// Decodes that read a downloaded body from the file it streamed into (not from memory).
    public var decodesFromFiles = 0
    /// Bytes of downloaded bodies read back from their files to check them against the hash taken
    /// as they arrived (the check rides on the copy into the disk cache: once per body).
    package var downloadBytesReadBack = 0
    /// Disk-cache writes that failed (the request still succeeds).
    public var diskWriteFailures = 0
    /// Requests (`image(for:)`, `data(for:)`) waiting for shared work now.
    public var waitingRequests = 0
    /// Loads waiting for one of the `maxConcurrentLoads` slots now.
    public var queuedLoads = 0
    /// Decodes waiting for one of the `maxConcurrentDecodes` slots now.
    public var queuedDecodes = 0

    /// All zero.
    public init() {}
}
