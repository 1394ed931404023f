import Foundation

/// What to load and what to make of it: a source, a preparation and a priority.
///
/// ```swift
/// let request = ImageRequest(url: URL(string: "https://example.com/photo.jpg")!,
///                            preparation: .gallery(maxPixelSize: 400))
/// let prepared = try await pipeline.image(for: request)
/// ```
public struct ImageRequest: Sendable {
    /// Where the encoded bytes come from.
    public var source: ImageRequestSource
    /// What to compute from them.
    public var preparation: ImagePreparation
    /// The queue position of this request's work relative to others.
    public var priority: ImageRequestPriority

    /// A request for the image at `url` (`http`, `https` or `file`).
    public init(url: URL, preparation: ImagePreparation = .init(), priority: ImageRequestPriority = .userVisible) {
        self.init(source: .url(url), preparation: preparation, priority: priority)
    }

    /// A request for encoded bytes the application already has, cached under `key`.
    public init(key: String, bytes: [UInt8], preparation: ImagePreparation = .init(), priority: ImageRequestPriority = .userVisible) {
        self.init(source: .bytes(key: key, data: bytes), preparation: preparation, priority: priority)
    }

    /// A request from its parts.
    public init(source: ImageRequestSource, preparation: ImagePreparation, priority: ImageRequestPriority) {
        self.source = source
        self.preparation = preparation
        self.priority = priority
    }
}

/// Where a request's encoded bytes come from.
public enum ImageRequestSource: Sendable {
    /// An `http`/`https` URL (downloaded, then kept in the disk cache) or a `file` URL (read directly).
    case url(URL)
    /// Bytes supplied by the application; `key` names them in the caches (same key, same bytes).
    case bytes(key: String, data: [UInt8])

    /// The key the caches and the coalescing use: the URL's absolute string, or the given key.
    public var cacheKey: String {
        switch self {
        case .url(let url): "url:" + url.normalizedSchemeAndHost.absoluteString
        case .bytes(let key, _): "bytes:" + key
        }
    }

    /// The URL, or the key, for messages.
    public var displayName: String {
        switch self {
        case .url(let url): url.absoluteString
        case .bytes(let key, _): key
        }
    }

    /// Whether the bytes come over the network, and so belong in the disk cache.
    var isRemote: Bool {
        if case .url(let url) = self, let scheme = url.scheme?.lowercased() { return scheme == "http" || scheme == "https" }
        return false
    }
}

/// How urgent a request is. Queued work runs highest priority first, then in arrival order; work
/// shared by several requests runs at the highest priority among them.
public enum ImageRequestPriority: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Warming the caches for images that may be shown soon (``ImagePipeline/prefetch(_:)``).
    case prefetch = 0
    /// An image on screen or being served now.
    case userVisible = 1

    /// `.prefetch` < `.userVisible`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
