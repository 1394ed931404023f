import Foundation
import ImagePipeline
import PixelKit
import Testing

/// Truncation the HTTP layer cannot see (a close-delimited body cut short) is the decoder's warning:
/// it travels with the result, the same from the disk cache, and a strict pipeline fails on it.
@Suite("Decoder warnings travel with the result, from the network and from the disk cache", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct DamageWarningTests {
    // No thumbnail: the strict run is answered from the stored summary, not a new decode.
    private let preparation = ImagePreparation.placeholder

    @Test("A JPEG cut in half (no Content-Length) warns; the disk cache gives the same warnings; strict fails")
    func truncatedJPEG() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/half.jpg", .undeclaredLength(Array(rocket.prefix(rocket.count / 2))))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/half.jpg")
        let first = try await TestSupport.pipeline(diskCache: disk, policy: .keepForever).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(first.origin == .network)
        #expect(!first.warnings.isEmpty)
        // Decoded from the download's file, but the warnings name no file of the pipeline's.
        #expect(!first.warnings.contains { $0.contains(".download.") }, "\(first.warnings)")
        let second = try await TestSupport.pipeline(diskCache: disk, policy: .keepForever).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(second.origin == .disk)
        #expect(second.warnings == first.warnings)
        let error = await TestSupport.error { () async throws(ImagePipelineError) in
            try await TestSupport.pipeline(diskCache: disk, strict: true, policy: .keepForever).image(for: ImageRequest(url: url, preparation: preparation))
        }
        #expect(error == .damagedImage(url: url.absoluteString, warnings: first.warnings))
    }

    @Test("A disk cache write that fails is a warning on the result, not silence")
    func failedCacheWrite() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(try TestSupport.fixture("rocket.jpg")))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let url = server.url("/rocket.jpg")
        // A directory where the entry's file belongs: the atomic writer refuses to replace it.
        try FileManager.default.createDirectory(atPath: disk.path(forKey: ImageRequestSource.url(url).cacheKey), withIntermediateDirectories: false)
        let pipeline = TestSupport.pipeline(diskCache: disk)
        let image = try await pipeline.image(for: ImageRequest(url: url, preparation: preparation))
        #expect(image.warnings.count == 1)
        #expect(image.warnings.first?.hasPrefix("disk cache not written: ") == true)
        #expect(pipeline.metrics.diskWriteFailures >= 1)
    }
}
