import Foundation
import ImagePipeline
import PixelKit
import Testing

/// `Vary` and `stale-while-revalidate` (RFC 9111 §4.1, RFC 5861).
@Suite("HTTP caching: Vary and stale-while-revalidate", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct HTTPCachingVaryTests {
    @Test("Vary: Accept — a fresh entry serves a pipeline sending the same Accept, not one sending another")
    func varyOnAccept() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/negotiated.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=3600", "Vary: Accept"], entityTag: nil))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/negotiated.jpg")
        let jpeg = ["Accept": "image/jpeg"]
        let first = try await TestSupport.pipeline(diskCache: disk, requestHeaders: jpeg).image(for: ImageRequest(url: url))
        #expect(first.origin == .network)
        #expect(server.lastHeaders("/negotiated.jpg").contains { $0.lowercased() == "accept: image/jpeg" })
        let same = try await TestSupport.pipeline(diskCache: disk, requestHeaders: ["accept": "image/jpeg"]).image(for: ImageRequest(url: url))
        #expect(same.origin == .disk)
        #expect(server.requests("/negotiated.jpg") == 1)
        let other = try await TestSupport.pipeline(diskCache: disk, requestHeaders: ["Accept": "image/webp"]).image(for: ImageRequest(url: url))
        #expect(other.origin == .network)
        #expect(server.requests("/negotiated.jpg") == 2 && server.conditionalRequests("/negotiated.jpg") == 0)
        // The keep-forever switch ignores Vary, as it ignores every other rule.
        let forever = try await TestSupport.pipeline(diskCache: disk, policy: .keepForever).image(for: ImageRequest(url: url))
        #expect(forever.origin == .disk)
    }

    @Test("Vary: * is never stored, so it is never reused without asking")
    func varyStar() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/any.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=3600", "Vary: *"], entityTag: "\"v1\""))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/any.jpg")
        _ = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url))
        #expect(disk.totalBytes == 0)
        let second = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url))
        #expect(second.origin == .network)
        #expect(server.requests("/any.jpg") == 2)
    }

    @Test("stale-while-revalidate: a stale entry within the window is served at once as stale, then revalidated in the background")
    func staleWhileRevalidate() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/swr.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=0, stale-while-revalidate=600"], entityTag: "\"v1\""))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/swr.jpg")
        let preparation = ImagePreparation(averageColor: true)
        let first = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(first.origin == .network)
        let stored = try #require(disk.cachedSummary(forKey: "url:" + url.absoluteString)?.metadata)
        let pipeline = TestSupport.pipeline(diskCache: disk)
        let second = try await pipeline.image(for: ImageRequest(url: url, preparation: preparation))
        #expect(second.origin == .stale)
        #expect(second.averageColor == first.averageColor)
        await pipeline.waitForRevalidations()
        #expect(server.requests("/swr.jpg") == 2 && server.conditionalRequests("/swr.jpg") == 1)
        // The 304 refreshed the entry's metadata (a later storedAt), keeping its window.
        let refreshed = try #require(disk.cachedSummary(forKey: "url:" + url.absoluteString)?.metadata)
        #expect(refreshed.storedAt > stored.storedAt)
        #expect(refreshed.staleWhileRevalidate == 600 && refreshed.entityTag == "\"v1\"")
    }

    @Test("Past its stale-while-revalidate window, or with must-revalidate, an entry is revalidated before it is served")
    func windowRules() {
        let now = 1_700_000_000.0
        let swr = HTTPCacheHeaders(cacheControl: "max-age=10, stale-while-revalidate=60").metadata(receivedAt: now)
        #expect(!swr.mayServeWhileRevalidating(at: now + 5))
        #expect(swr.mayServeWhileRevalidating(at: now + 30))
        #expect(!swr.mayServeWhileRevalidating(at: now + 71))
        let strict = HTTPCacheHeaders(cacheControl: "max-age=10, stale-while-revalidate=60, must-revalidate").metadata(receivedAt: now)
        #expect(!strict.mayServeWhileRevalidating(at: now + 30))
        let varied = HTTPCacheHeaders(cacheControl: "max-age=10", vary: "Accept, Accept-Language").metadata(receivedAt: now, requestHeaders: ["ACCEPT": "image/*"])
        #expect(varied.varyingHeaders == ["accept": "image/*", "accept-language": ""])
        #expect(varied.matches(requestHeaders: ["Accept": "image/*"]))
        #expect(!varied.matches(requestHeaders: ["Accept": "image/*", "Accept-Language": "fr"]))
        #expect(HTTPCacheHeaders(vary: "accept, *").variesOnEverything)
    }
}
