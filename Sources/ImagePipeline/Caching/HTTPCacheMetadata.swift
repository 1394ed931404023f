/// What the disk cache keeps of a response's caching headers: when it was stored, until when it is
/// fresh, its validators, and whether a stale copy may be served when the server cannot be reached.
public struct HTTPCacheMetadata: Sendable, Hashable {
    /// When the response was received (or last revalidated), in seconds since 1970.
    public var storedAt: Double
    /// Until when it may be served without asking the server, in seconds since 1970.
    public var freshUntil: Double
    /// `ETag`, for `If-None-Match`.
    public var entityTag: String?
    /// `Last-Modified`, for `If-Modified-Since`.
    public var lastModified: String?
    /// `must-revalidate`: a stale copy is never served, not even with the network down.
    public var mustRevalidate: Bool

    /// Metadata from its parts; by default fresh forever, no validators (what aggressive caching stores).
    public init(storedAt: Double = 0, freshUntil: Double = .infinity, entityTag: String? = nil, lastModified: String? = nil, mustRevalidate: Bool = false) {
        self.storedAt = storedAt
        self.freshUntil = freshUntil
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.mustRevalidate = mustRevalidate
    }

    /// Whether the copy may be served at `now` without asking the server.
    public func isFresh(at now: Double) -> Bool { now < freshUntil }

    /// This metadata refreshed by a `304 Not Modified`'s headers received at `now`: new freshness, and
    /// the validators the 304 gave (or the old ones).
    func refreshed(by headers: HTTPCacheHeaders, at now: Double) -> HTTPCacheMetadata {
        var updated = headers.metadata(receivedAt: now)
        updated.entityTag = updated.entityTag ?? entityTag
        updated.lastModified = updated.lastModified ?? lastModified
        return updated
    }
}
