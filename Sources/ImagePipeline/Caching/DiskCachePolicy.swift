/// How long the disk cache serves an entry without asking the server.
public enum DiskCachePolicy: Sendable, Hashable {
    /// HTTP's rules (RFC 9111, as a private cache): `no-store` is never written; `max-age`, `Expires`
    /// (or a tenth of the age since `Last-Modified`, at most a day; with none of these, a day) make
    /// an entry fresh; a stale
    /// entry is revalidated with `If-None-Match`/`If-Modified-Since` (a 304 refreshes it); a stale
    /// entry is served when the server cannot be reached, unless it said `must-revalidate`.
    case http
    /// Every entry is fresh until trimmed, whatever the server said: no request for a cached URL
    /// (the behaviour before HTTP caching; `no-store` responses are still stored).
    case keepForever
}
