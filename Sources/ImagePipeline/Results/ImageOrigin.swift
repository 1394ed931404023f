/// Where a result came from.
public enum ImageOrigin: String, Sendable, Hashable {
    /// The memory cache of prepared results: no load, no decode.
    case memory
    /// The disk cache of raw bytes (or its stored summary; for a `file` URL, the summary kept for the
    /// file's unchanged identity, size and modification time): no network, and no probe or decode
    /// that the summary answers.
    case disk
    /// The disk cache, after the server answered `304 Not Modified` to a conditional request.
    case revalidated
    /// The disk cache, stale, served because the server could not be reached.
    case stale
    /// The loader: a download, or a read of a `file` URL or of bytes the application supplied.
    case network
}
