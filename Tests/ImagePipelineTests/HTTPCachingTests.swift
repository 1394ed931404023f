import Foundation
import ImagePipeline
import PixelKit
import Testing

/// The disk cache follows HTTP's caching rules: `no-store`, freshness, revalidation, stale when offline.
@Suite("HTTP caching: no-store, max-age, 304 revalidation, stale when offline, the keep-forever switch", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct HTTPCachingTests {
    private let preparation = ImagePreparation(averageColor: true)

    @Test("no-store is never written; the keep-forever switch writes it anyway")
    func noStore() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/private.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: no-store"], entityTag: nil))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let image = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: server.url("/private.jpg"), preparation: preparation))
        #expect(image.origin == .network)
        #expect(disk.totalBytes == 0)
        _ = try await TestSupport.pipeline(diskCache: disk, policy: .keepForever).image(for: ImageRequest(url: server.url("/private.jpg")))
        #expect(disk.totalBytes > 0)
    }

    @Test("max-age makes an entry fresh: served with no request")
    func fresh() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/fresh.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=3600"], entityTag: "\"v1\""))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/fresh.jpg")
        _ = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        let second = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(second.origin == .disk)
        #expect(server.requests("/fresh.jpg") == 1)
    }

    @Test("A stale entry is revalidated with If-None-Match; a 304 refreshes it; offline it is served stale")
    func revalidation() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/stale.jpg", .cacheable(rocket, headers: ["Cache-Control: max-age=0"], entityTag: "\"v1\""))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/stale.jpg")
        let first = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(first.origin == .network)
        let second = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(second.origin == .revalidated)
        #expect(second.averageColor == first.averageColor)
        #expect(server.requests("/stale.jpg") == 2 && server.conditionalRequests("/stale.jpg") == 1)
        server.stop()
        let third = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(third.origin == .stale)
        #expect(third.averageColor == first.averageColor)
    }

    @Test("must-revalidate: a stale entry is not served when the server cannot be reached")
    func mustRevalidate() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/strict.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=0, must-revalidate"], entityTag: "\"v1\""))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/strict.jpg")
        _ = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url))
        server.stop()
        let error = await TestSupport.error { () async throws(ImagePipelineError) in
            try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url))
        }
        guard case .transportFailed = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
    }

    @Test("The keep-forever switch serves a stale entry without asking")
    func keepForever() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/old.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=0"], entityTag: "\"v1\""))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/old.jpg")
        _ = try await TestSupport.pipeline(diskCache: disk, policy: .keepForever).image(for: ImageRequest(url: url))
        let second = try await TestSupport.pipeline(diskCache: disk, policy: .keepForever).image(for: ImageRequest(url: url))
        #expect(second.origin == .disk)
        #expect(server.requests("/old.jpg") == 1)
    }

    @Test("HTTP dates and Cache-Control decide freshness")
    func freshnessRules() {
        let now = 1_700_000_000.0
        #expect(HTTPCacheHeaders(cacheControl: "public, max-age=60").metadata(receivedAt: now).freshUntil == now + 60)
        #expect(HTTPCacheHeaders(cacheControl: "max-age=60", age: "50").metadata(receivedAt: now).freshUntil == now + 10)
        #expect(HTTPCacheHeaders(cacheControl: "no-cache, max-age=60").metadata(receivedAt: now).freshUntil == now)
        // Sun, 06 Nov 1994 08:49:37 GMT is 784111777; an hour later the copy expires.
        let expires = HTTPCacheHeaders(expires: "Sun, 06 Nov 1994 09:49:37 GMT", date: "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(expires.metadata(receivedAt: now).freshUntil == now + 3600)
        let obsolete = HTTPCacheHeaders(expires: "Sunday, 06-Nov-94 09:49:37 GMT", date: "Sun Nov  6 08:49:37 1994")
        #expect(obsolete.metadata(receivedAt: now).freshUntil == now + 3600)
        #expect(HTTPCacheHeaders(expires: "0").metadata(receivedAt: now).freshUntil == now)
        #expect(HTTPCacheHeaders(cacheControl: "No-Store").forbidsStorage)
        // Nothing said: the heuristic day.
        #expect(HTTPCacheHeaders().metadata(receivedAt: now).freshUntil == now + HTTPCacheHeaders.heuristicLifetime)
    }
}
