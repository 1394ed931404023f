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

    /// `stale-while-revalidate`, in seconds: for this long after it turns stale the copy may be served
    /// at once (marked stale) while it is revalidated in the background.
    public var staleWhileRevalidate: Double
    /// The request headers `Vary` named (lowercased) and the values the request that got this copy
    /// sent ("" for a header it did not send): the copy serves only requests with the same values.
    public var varyingHeaders: [String: String]
    /// The stored response's `Cache-Control`, `Expires` and `Date`: a `304 Not Modified` that does
    /// not repeat them leaves their rules in force (RFC 9111 §4.3.4), so `no-cache` stays `no-cache`.
    public var freshnessHeaders: HTTPCacheHeaders

    /// Metadata from its parts; by default fresh forever, no validators (what aggressive caching stores).
    public init(
        storedAt: Double = 0, freshUntil: Double = .infinity, entityTag: String? = nil, lastModified: String? = nil,
        mustRevalidate: Bool = false, staleWhileRevalidate: Double = 0, varyingHeaders: [String: String] = [:],
        freshnessHeaders: HTTPCacheHeaders = HTTPCacheHeaders()
    ) {
        self.freshnessHeaders = freshnessHeaders
        self.staleWhileRevalidate = staleWhileRevalidate
        self.varyingHeaders = varyingHeaders
        self.storedAt = storedAt
        self.freshUntil = freshUntil
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.mustRevalidate = mustRevalidate
    }

    /// Whether the copy may be served at `now` without asking the server.
    public func isFresh(at now: Double) -> Bool { now < freshUntil }

    /// Whether, stale at `now`, the copy may still be served while it is revalidated in the background
    /// (`stale-while-revalidate`; never with `must-revalidate`).
    public func mayServeWhileRevalidating(at now: Double) -> Bool {
        !mustRevalidate && !isFresh(at: now) && now < freshUntil + staleWhileRevalidate
    }

    /// Whether the copy may answer a request sent with `requestHeaders`: every header `Vary` named
    /// has the value it had when the copy was stored (names compared case-insensitively).
    public func matches(requestHeaders: [String: String]) -> Bool {
        varyingHeaders.isEmpty || Self.values(of: Array(varyingHeaders.keys), in: requestHeaders) == varyingHeaders
    }

    /// The values of `names` (lowercased) in `headers`, "" for those missing.
    static func values(of names: [String], in headers: [String: String]) -> [String: String] {
        var lowercased: [String: String] = [:]
        for (name, value) in headers { lowercased[name.lowercased()] = value }
        var result: [String: String] = [:]
        for name in names { result[name] = lowercased[name] ?? "" }
        return result
    }

    /// This metadata refreshed by a `304 Not Modified`'s headers received at `now` (RFC 9111 §4.3.4):
    /// the stored headers updated by those the 304 carries, their freshness counted from `now`.
    func refreshed(by headers: HTTPCacheHeaders, at now: Double) -> HTTPCacheMetadata {
        var stored = freshnessHeaders
        stored.entityTag = entityTag
        stored.lastModified = lastModified
        var updated = stored.updated(by: headers).metadata(receivedAt: now)
        // A 304 need not repeat Vary: the stored response's variance still holds.
        if headers.vary == nil { updated.varyingHeaders = varyingHeaders }
        return updated
    }
}
