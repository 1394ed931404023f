import PixelKit

/// Everything the service is started with.
public struct ServiceConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port; 0 picks a free one (printed at startup).
    public var port: Int
    /// The storage folder (created if needed).
    public var storage: String
    /// The largest upload accepted, in bytes.
    public var maxUploadBytes: Int
    /// Decodes at once.
    public var maxConcurrentDecodes: Int
    /// Requests that may wait for a decode; more get 503.
    public var maxQueuedDecodes: Int
    /// The time one decode is given (an upload's checks, or one thumbnail); past it the request
    /// is answered 422 and the decode stopped. Also the longest a request waits for a decode slot.
    public var decodeTimeout: Duration
    /// The longest an upload's body may take to arrive.
    public var uploadTimeout: Duration
    /// How long a connection may stay idle between requests.
    public var idleTimeout: Duration
    /// Memory for thumbnails served from memory rather than storage, in bytes (0: none).
    public var thumbnailCacheBytes: Int
    /// Sent as `X-Replica` on every response, if set.
    public var replicaName: String?
    /// Limits on decoded images: the defaults admit 100 MP photos and keep a decode's working
    /// memory (e.g. a progressive JPEG's coefficients) under 128 MiB.
    public var decodingLimits: DecodingLimits
    /// How much decoding an upload's checks get through per second on one decode slot, in pixels at
    /// a JPEG's cost (`DecodeWorkEstimate.jpegEquivalentPixels`): an upload whose estimated work
    /// would not finish within ``decodeTimeout`` at this rate is refused (422) before it takes a
    /// slot. The default, 25 M/s, is about a sixth of what this machine's release build does
    /// (a 12 MP JPEG's four strict reduced decodes take about 0.14 s): it refuses only what
    /// could not finish on a machine several times slower.
    public var decodeRate: Int
    /// The formats uploads may be in, by name (``ImageAnalyzer/allFormats``, the default: `jpeg`,
    /// `png`, `heif` for HEIC and AVIF, `webp`, `gif`); an upload in another format PixelKit reads
    /// is refused by name (415).
    public var formats: [ImageFormat]
    /// Whether thumbnails are progressive JPEGs (on by default, as PixelKit's `ThumbnailOptions.progressive`: smaller files).
    public var progressiveThumbnails = true
    /// The system calls that write the storage; tests replace them to inject faults.
    var storageCalls = StorageCalls.system

    /// A configuration with the command line's defaults.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, storage: String, maxUploadBytes: Int = 50_000_000,
        maxConcurrentDecodes: Int = Thumbnailer.defaultConcurrency, maxQueuedDecodes: Int = 32,
        decodeTimeout: Duration = .seconds(10), uploadTimeout: Duration = .seconds(60), idleTimeout: Duration = .seconds(30), thumbnailCacheBytes: Int = 64 << 20, replicaName: String? = nil,
        decodingLimits: DecodingLimits = DecodingLimits(maxPixelCount: 100_000_000, maxMemoryBytes: 128 << 20),
        decodeRate: Int = 25_000_000, formats: [ImageFormat] = ImageAnalyzer.allFormats
    ) {
        self.host = host
        self.port = port
        self.storage = storage
        self.maxUploadBytes = maxUploadBytes
        self.maxConcurrentDecodes = maxConcurrentDecodes
        self.maxQueuedDecodes = maxQueuedDecodes
        self.decodeTimeout = decodeTimeout
        self.uploadTimeout = uploadTimeout
        self.idleTimeout = idleTimeout
        self.thumbnailCacheBytes = thumbnailCacheBytes
        self.replicaName = replicaName
        self.decodingLimits = decodingLimits
        self.decodeRate = decodeRate
        self.formats = formats
    }
}
