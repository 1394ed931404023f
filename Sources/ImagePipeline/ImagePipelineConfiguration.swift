import PixelKit

/// How an ``ImagePipeline`` loads, caches and decodes.
public struct ImagePipelineConfiguration: Sendable {
    /// The codecs that probe and decode the bytes (and encode thumbnails); their decoding limits apply.
    public var codecs: CodecRegistry
    /// Fetches `http`, `https` and `file` URLs.
    public var loader: any ImageDataLoading
    /// The raw-bytes cache for `http(s)` sources, or nil for none.
    public var diskCache: DiskCache?
    /// The memory cache's limit in bytes (thumbnail pixels counted as bytes).
    public var memoryCacheCostLimit: Int
    /// Loads (downloads, file reads) running at once; the others queue by priority.
    public var maxConcurrentLoads: Int
    /// Decodes running at once; the others queue by priority.
    public var maxConcurrentDecodes: Int
    /// Strictness and limits for every decode (its `minimumSize` is chosen per preparation).
    public var decoding: DecodeOptions

    /// A configuration; by default no disk cache, a 128 MB memory cache, 6 loads and one decode per core.
    public init(
        codecs: CodecRegistry, loader: any ImageDataLoading = URLSessionImageDataLoader(), diskCache: DiskCache? = nil,
        memoryCacheCostLimit: Int = 128 << 20, maxConcurrentLoads: Int = 6, maxConcurrentDecodes: Int = Thumbnailer.defaultConcurrency,
        decoding: DecodeOptions = .init()
    ) {
        self.codecs = codecs
        self.loader = loader
        self.diskCache = diskCache
        self.memoryCacheCostLimit = memoryCacheCostLimit
        self.maxConcurrentLoads = maxConcurrentLoads
        self.maxConcurrentDecodes = maxConcurrentDecodes
        self.decoding = decoding
    }
}
