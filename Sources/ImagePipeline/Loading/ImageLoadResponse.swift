/// What an ``ImageDataLoading`` learned besides the body: whether the server answered `304 Not
/// Modified`, and the headers that decide how long the copy may be kept (``HTTPCacheHeaders``).
public struct ImageLoadResponse: Sendable, Hashable {
    /// The server answered a conditional request with `304 Not Modified`: the cached copy is current.
    public var notModified: Bool
    /// The response's caching headers.
    public var cacheHeaders: HTTPCacheHeaders

    /// A response from its parts.
    public init(notModified: Bool = false, cacheHeaders: HTTPCacheHeaders = .init()) {
        self.notModified = notModified
        self.cacheHeaders = cacheHeaders
    }
}
