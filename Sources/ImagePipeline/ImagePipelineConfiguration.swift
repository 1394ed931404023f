import PixelKit

/// How an ``ImagePipeline`` loads, caches and decodes.
public struct ImagePipelineConfiguration: Sendable {
    /// The codecs that probe and decode the bytes (and encode thumbnails); their decoding limits apply.
    public var codecs: CodecRegistry
    /// Fetches `http` and `https` URLs (`file` URLs are read by the pipeline itself). On Linux servers,
    /// use `ImagePipelineHTTP`'s `HTTPClientImageDataLoader`: see the ImagePipeline catalog's "Loading, Caching and Serving Images".
    public var loader: any ImageDataLoading
    /// The raw-bytes cache for `http(s)` sources, or nil for none.
    public var diskCache: DiskCache?
    /// The memory cache's limit in bytes (thumbnail pixels counted as bytes).
    public var memoryCacheCostLimit: Int
    /// Loads (downloads, file reads) running at once; the others queue by priority.
    public var maxConcurrentLoads: Int
    /// Decodes running at once; the others queue by priority.
    public var maxConcurrentDecodes: Int
    /// Strictness and limits for every decode (its `minimumSize` is chosen per preparation). With
    /// `strictness: .strict` a damaged image fails with the decoder's error, or, when its summary comes
    /// from the disk cache, with ``ImagePipelineError/damagedImage(url:warnings:)``.
    public var decoding: DecodeOptions
    /// The most bytes one response body (after its `Content-Encoding`) or `file` URL may have.
    public var maxResponseBytes: Int
    /// Each request's total deadline: connecting, headers and body together.
    public var requestTimeout: Duration
    /// How long a request may go without a byte arriving.
    public var idleTimeout: Duration
    /// Whether the disk cache follows HTTP's caching rules or keeps everything until trimmed.
    public var diskCachePolicy: DiskCachePolicy
    /// Headers sent with every request (`Accept`, say). A cached response that named one in `Vary`
    /// serves only a pipeline that sends the same value.
    public var requestHeaders: [String: String]

    /// A configuration; by default no disk cache, a 128 MB memory cache, 6 loads and one decode per
    /// core, 64 MB responses, a 60 s total and a 20 s idle deadline, HTTP caching rules.
    public init(
        codecs: CodecRegistry, loader: any ImageDataLoading = URLSessionImageDataLoader(), diskCache: DiskCache? = nil,
        memoryCacheCostLimit: Int = 128 << 20, maxConcurrentLoads: Int = 6, maxConcurrentDecodes: Int = Thumbnailer.defaultConcurrency,
        decoding: DecodeOptions = .init(), maxResponseBytes: Int = 64 << 20, requestTimeout: Duration = .seconds(60),
        idleTimeout: Duration = .seconds(20), diskCachePolicy: DiskCachePolicy = .http, requestHeaders: [String: String] = [:]
    ) {
        self.requestHeaders = requestHeaders
        self.maxResponseBytes = maxResponseBytes
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.diskCachePolicy = diskCachePolicy
        self.codecs = codecs
        self.loader = loader
        self.diskCache = diskCache
        self.memoryCacheCostLimit = memoryCacheCostLimit
        self.maxConcurrentLoads = maxConcurrentLoads
        self.maxConcurrentDecodes = maxConcurrentDecodes
        self.decoding = decoding
    }
}
