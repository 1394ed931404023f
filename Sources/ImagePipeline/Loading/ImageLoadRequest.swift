import Foundation

/// One HTTP request of the pipeline: the URL, the validators of a stale cached copy (making it a
/// conditional request), and the deadlines.
public struct ImageLoadRequest: Sendable {
    /// The `http`/`https` URL.
    public var url: URL
    /// The cached copy's `ETag`, sent as `If-None-Match`.
    public var entityTag: String?
    /// The cached copy's `Last-Modified`, sent as `If-Modified-Since`.
    public var lastModified: String?
    /// The whole exchange — connecting, headers and body together — must end within this.
    public var timeout: Duration
    /// No more than this may pass without a byte arriving (before the headers, or between body bytes).
    public var idleTimeout: Duration
    /// Headers to send besides the conditional ones (the pipeline's
    /// ``ImagePipelineConfiguration/requestHeaders``).
    public var headers: [String: String] = [:]

    /// A request; conditional when a validator is given.
    public init(url: URL, entityTag: String? = nil, lastModified: String? = nil, timeout: Duration = .seconds(60), idleTimeout: Duration = .seconds(20)) {
        self.url = url
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.timeout = timeout
        self.idleTimeout = idleTimeout
    }

    /// The URL with its scheme and host lowercased (`HTTP://Example.com/a` is `http://example.com/a`),
    /// the form the loaders send.
    public var normalizedURL: URL { url.normalizedSchemeAndHost }

    /// Every header to send: ``headers`` (in name order), then the conditional ones.
    public var allHeaders: [(name: String, value: String)] {
        headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) } + conditionalHeaders
    }

    /// The conditional headers to send: `If-None-Match`, `If-Modified-Since`.
    public var conditionalHeaders: [(name: String, value: String)] {
        var headers: [(String, String)] = []
        if let entityTag { headers.append(("If-None-Match", entityTag)) }
        if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return headers
    }
}

extension URL {
    /// This URL with its scheme and host lowercased: schemes and hosts are case-insensitive.
    var normalizedSchemeAndHost: URL {
        if scheme == scheme?.lowercased() && host == host?.lowercased() { return self }
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        components.scheme = components.scheme?.lowercased()
        if let host = components.host { components.host = host.lowercased() }
        return components.url ?? self
    }
}
