import Foundation
import ImagePipeline
import PixelKit
import Testing

/// Issue 43, rows 7 and 10: a `no-cache` entry revalidated by a 304 without `Cache-Control` was fresh
/// for a day; entries the cache could not read back (`Vary` naming more than 64 headers, a 70 KiB
/// `ETag`) were written silently and missed on every run; `max-age=0x10` read as 16 s.
@Suite("HTTP caching exact: 304 updates the stored headers, unreadable entries are reported, decimal numbers only", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct HTTPCachingExactnessTests {
    private let preparation = ImagePreparation(averageColor: true)
    private let summary = ImageSummary(info: ImageInfo(format: .jpeg, size: PixelSize(width: 2, height: 2)), byteCount: 3)

    @Test("no-cache stays no-cache after a 304 that does not repeat Cache-Control; a 304's own Cache-Control replaces it")
    func noCacheSurvivesRevalidation() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/no-cache.jpg", .cacheable(
            try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: no-cache"], entityTag: "\"v1\"", notModifiedHeaders: []))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/no-cache.jpg")
        let first = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(first.origin == .network)
        let second = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(second.origin == .revalidated)
        let third = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(third.origin == .revalidated)
        #expect(server.conditionalRequests("/no-cache.jpg") == 2)
        // A 304 that carries its own Cache-Control replaces the stored one.
        server.route("/no-cache.jpg", .cacheable(
            try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: no-cache"], entityTag: "\"v1\"", notModifiedHeaders: ["Cache-Control: max-age=3600"]))
        let fourth = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(fourth.origin == .revalidated)
        let fifth = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(fifth.origin == .disk)
        #expect(server.requests("/no-cache.jpg") == 4)
    }

    @Test("Cache-Control numbers are decimal only: max-age=0x10 and 1e3 are invalid, so the response is stale",
          arguments: ["max-age=0x10", "max-age=1e3", "max-age=16.5", "max-age=-5", "max-age=inf"])
    func decimalOnly(cacheControl: String) {
        #expect(HTTPCacheHeaders(cacheControl: cacheControl).metadata(receivedAt: 1000).freshUntil == 1000)
        #expect(HTTPCacheHeaders(cacheControl: "max-age=16, stale-while-revalidate=0x10").metadata(receivedAt: 1000).staleWhileRevalidate == 0)
    }

    @Test("A Vary naming more than 64 headers is not written: the result says so")
    func tooManyVaryNames() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let names = (0..<70).map { "X-Header-\($0)" }.joined(separator: ", ")
        server.route("/vary.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=3600", "Vary: " + names], entityTag: nil))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let image = try await TestSupport.pipeline(diskCache: disk).image(for: ImageRequest(url: server.url("/vary.jpg"), preparation: preparation))
        #expect(image.warnings.contains { $0.hasPrefix("disk cache not written: ") && $0.contains("Vary names 70 headers") }, "\(image.warnings)")
        #expect(disk.totalBytes == 0)
    }

    @Test("An entry too large to read back (a 70 KiB ETag) is refused when stored, not written to miss forever")
    func hugeEntityTag() throws {
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let metadata = HTTPCacheMetadata(storedAt: 0, freshUntil: 3600, entityTag: "\"" + String(repeating: "e", count: 70 << 10) + "\"")
        #expect(throws: ImagePipelineError.self) { try disk.store([1, 2, 3], summary: summary, metadata: metadata, forKey: "k") }
        #expect(disk.totalBytes == 0)
    }
}
