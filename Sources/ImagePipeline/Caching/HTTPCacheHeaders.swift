/// The response headers that HTTP caching reads (RFC 9111), as the server sent them.
public struct HTTPCacheHeaders: Sendable, Hashable {
    /// `Cache-Control`.
    public var cacheControl: String?
    /// `Expires`.
    public var expires: String?
    /// `Date`.
    public var date: String?
    /// `Age`.
    public var age: String?
    /// `ETag`.
    public var entityTag: String?
    /// `Last-Modified`.
    public var lastModified: String?
    /// `Vary`: the request headers the response depends on (`*`: on more than the request).
    public var vary: String?

    /// Headers from their values.
    public init(
        cacheControl: String? = nil, expires: String? = nil, date: String? = nil, age: String? = nil,
        entityTag: String? = nil, lastModified: String? = nil, vary: String? = nil
    ) {
        self.vary = vary
        self.cacheControl = cacheControl
        self.expires = expires
        self.date = date
        self.age = age
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    /// The headers, each looked up by its name (`header("Cache-Control")`; the lookup is the caller's,
    /// case-insensitive as HTTP's names are).
    public init(header: (String) -> String?) {
        self.init(
            cacheControl: header("Cache-Control"), expires: header("Expires"), date: header("Date"), age: header("Age"),
            entityTag: header("ETag"), lastModified: header("Last-Modified"), vary: header("Vary"))
    }

    /// The `Cache-Control` directives, lowercased, with their values (`max-age` → `"60"`).
    var directives: [String: String] {
        var result: [String: String] = [:]
        for part in (cacheControl ?? "").split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard let name = pieces.first?.trimmingSpaces.lowercased(), !name.isEmpty else { continue }
            let value = pieces.count > 1 ? pieces[1].trimmingSpaces.trimmingQuotes : ""
            result[name] = value
        }
        return result
    }

    /// `no-store`: the response must not be written to the disk cache.
    public var forbidsStorage: Bool { directives["no-store"] != nil }

    /// `Vary: *`: the response depends on more than the request's headers, so a stored copy could never
    /// be matched to a later request (RFC 9111 §4.1); the disk cache does not store it.
    public var variesOnEverything: Bool { varyNames.contains("*") }

    /// The header names `Vary` lists, lowercased.
    var varyNames: [String] {
        (vary ?? "").split(separator: ",").map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
    }

    /// How long a response that gives no freshness of its own (no `max-age`, `Expires` or
    /// `Last-Modified`) stays fresh: a day (RFC 9111 §4.2.2 leaves the heuristic to the cache).
    public static let heuristicLifetime: Double = 86_400

    /// The cache metadata of a response received at `now` (seconds since 1970): how long it is fresh
    /// (`max-age` less `Age`, else `Expires` less `Date`, else a tenth of the time since
    /// `Last-Modified`, else ``heuristicLifetime``, never more than a day by heuristic; `no-cache`
    /// makes it stale at once) and its validators.
    ///
    /// `requestHeaders` are the headers the request was sent with: the values of those `Vary` names
    /// are kept, so that the copy is only used for a request with the same values. A
    /// `stale-while-revalidate=N` is kept too.
    public func metadata(receivedAt now: Double, requestHeaders: [String: String] = [:]) -> HTTPCacheMetadata {
        let directives = directives
        let lifetime: Double
        if directives["no-cache"] != nil {
            lifetime = 0
        } else if let maxAge = directives["max-age"] {
            // An invalid max-age (`0x10`, `1e3`) makes the response stale (RFC 9111 §4.2.1).
            lifetime = Self.deltaSeconds(maxAge).map { max(0, $0 - (age.flatMap { Self.deltaSeconds($0.trimmingSpaces) } ?? 0)) } ?? 0
        } else if let expires {
            // An invalid Expires ("0", "-1") means already expired.
            let expiry = HTTPDate.parse(expires) ?? 0
            let origin = date.flatMap(HTTPDate.parse) ?? now
            lifetime = max(0, expiry - origin)
        } else if let modified = lastModified.flatMap(HTTPDate.parse) {
            let origin = date.flatMap(HTTPDate.parse) ?? now
            lifetime = min(Self.heuristicLifetime, max(0, (origin - modified) / 10))
        } else {
            lifetime = Self.heuristicLifetime
        }
        return HTTPCacheMetadata(
            storedAt: now, freshUntil: now + lifetime, entityTag: entityTag, lastModified: lastModified,
            mustRevalidate: directives["must-revalidate"] != nil,
            staleWhileRevalidate: directives["stale-while-revalidate"].flatMap(Self.deltaSeconds) ?? 0,
            varyingHeaders: HTTPCacheMetadata.values(of: varyNames.filter { $0 != "*" }, in: requestHeaders),
            freshnessHeaders: HTTPCacheHeaders(cacheControl: cacheControl, expires: expires, date: date))
    }
}

extension HTTPCacheHeaders {
    /// A delta-seconds value (RFC 9111 §1.2.2): decimal digits only, so `0x10`, `1e3`, `-5`, `inf`
    /// and `16.5` are not numbers here;
    /// values past 2³¹ count as 2³¹, as the RFC allows.
    static func deltaSeconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return min(Double(text) ?? .infinity, 2_147_483_648)
    }

    /// These headers updated by a `304 Not Modified`'s (RFC 9111 §4.3.4): each field the 304 carries
    /// replaces the stored one, the others stay. `Age` is the 304's alone: the stored one described
    /// a response no longer in transit.
    func updated(by notModified: HTTPCacheHeaders) -> HTTPCacheHeaders {
        HTTPCacheHeaders(
            cacheControl: notModified.cacheControl ?? cacheControl, expires: notModified.expires ?? expires,
            date: notModified.date ?? date, age: notModified.age, entityTag: notModified.entityTag ?? entityTag,
            lastModified: notModified.lastModified ?? lastModified, vary: notModified.vary ?? vary)
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension String {
    var trimmingSpaces: String { Substring(self).trimmingSpaces }
    var trimmingQuotes: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
