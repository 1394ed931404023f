import Foundation
import ImagePipeline
import PixelKit
import Testing

@Suite("A file URL's summary in the disk cache, kept by the file's identity, size and modification time")
struct LocalFileSummaryTests {
    /// `fixture` copied to a new scratch folder, and a disk cache folder beside it.
    private func photo(_ fixture: String) throws -> (url: URL, cache: String) {
        let directory = try TestSupport.scratchDirectory()
        let url = URL(fileURLWithPath: directory + "/photo")
        try Data(TestSupport.fixture(fixture)).write(to: url)
        return (url, directory + "/cache")
    }

    @Test("A second pipeline answers a file's placeholder from the disk cache: no read, no decode")
    func secondRunFromDisk() async throws {
        let (url, cache) = try photo("rocket.jpg")
        let first = TestSupport.pipeline(diskCache: try DiskCache(directory: cache))
        let made = try await first.image(for: ImageRequest(url: url, preparation: .placeholder))
        #expect(made.origin == .network)
        // A new pipeline, as in the next process.
        let second = TestSupport.pipeline(diskCache: try DiskCache(directory: cache))
        let stored = try #require(second.storedSummary(for: .url(url)))
        #expect(stored.blurHash == made.blurHash && stored.averageColor == made.averageColor)
        let again = try await second.image(for: ImageRequest(url: url, preparation: .placeholder))
        #expect(again.origin == .disk)
        #expect(again.info == made.info && again.averageColor == made.averageColor && again.blurHash == made.blurHash)
        #expect(second.metrics.loads == 0 && second.metrics.decodes == 0)
    }

    @Test("With a thumbnail the file is decoded again, and its summary still comes from the disk cache")
    func thumbnailSecondRun() async throws {
        let (url, cache) = try photo("rocket.jpg")
        let preparation = ImagePreparation.gallery(maxPixelSize: 64)
        let made = try await TestSupport.pipeline(diskCache: try DiskCache(directory: cache)).image(for: ImageRequest(url: url, preparation: preparation))
        #expect(made.origin == .network)
        let second = TestSupport.pipeline(diskCache: try DiskCache(directory: cache))
        let again = try await second.image(for: ImageRequest(url: url, preparation: preparation))
        #expect(again.origin == .disk)
        #expect(again.thumbnail?.width == made.thumbnail?.width && again.thumbnail?.height == made.thumbnail?.height)
        #expect(again.averageColor == made.averageColor && again.blurHash == made.blurHash)
        #expect(second.metrics.decodes == 1)
    }

    @Test("A changed file is a miss: decoded again, its new summary answers")
    func changedFileMisses() async throws {
        let (url, cache) = try photo("rocket.jpg")
        let first = try await TestSupport.pipeline(diskCache: try DiskCache(directory: cache)).image(for: ImageRequest(url: url, preparation: .placeholder))
        // Another image under the same name (another size and modification time).
        try Data(TestSupport.fixture("Landscape_6.jpg")).write(to: url)
        let second = TestSupport.pipeline(diskCache: try DiskCache(directory: cache))
        #expect(second.storedSummary(for: .url(url)) == nil)
        let changed = try await second.image(for: ImageRequest(url: url, preparation: .placeholder))
        #expect(changed.origin == .network)
        #expect(changed.info != first.info && changed.blurHash != first.blurHash)
        #expect(second.metrics.decodes == 1)
        let third = try await TestSupport.pipeline(diskCache: try DiskCache(directory: cache)).image(for: ImageRequest(url: url, preparation: .placeholder))
        #expect(third.origin == .disk && third.blurHash == changed.blurHash)
    }

    @Test("The same bytes rewritten (a new modification time) are a miss too")
    func touchedFileMisses() async throws {
        let (url, cache) = try photo("rocket.jpg")
        _ = try await TestSupport.pipeline(diskCache: try DiskCache(directory: cache)).image(for: ImageRequest(url: url, preparation: .placeholder))
        let earlier = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: earlier], ofItemAtPath: url.path)
        let second = TestSupport.pipeline(diskCache: try DiskCache(directory: cache))
        #expect(try await second.image(for: ImageRequest(url: url, preparation: .placeholder)).origin == .network)
    }
}
