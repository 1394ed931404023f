import Foundation
import ImagePipeline
import PixelKit
import PixelKitPalette
import Testing

@Suite("A palette prepared beside the average, stored in the disk cache's summary")
struct PaletteTests {
    @Test("The pipeline's palette is the registry's own, and after a restart the disk cache answers it without a decode")
    func paletteBesideTheAverage() async throws {
        let bytes = try TestSupport.fixture("rocket.jpg")
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(bytes))
        let url = server.url("/rocket.jpg")
        let directory = try TestSupport.scratchDirectory()
        let preparation = ImagePreparation(thumbnail: nil, averageColor: true, palette: true)

        let first = TestSupport.pipeline(diskCache: try DiskCache(directory: directory))
        let prepared = try await first.image(for: ImageRequest(url: url, preparation: preparation))
        let palette = try #require(prepared.palette)
        let direct = try await TestSupport.codecs.palette(of: bytes)
        #expect(palette == direct)
        #expect(!palette.sourceIsFallback && !palette.swatches.isEmpty)
        #expect(palette.swatches.reduce(0) { $0 + $1.share } <= 1)
        #expect(prepared.averageColor != nil)

        let second = TestSupport.pipeline(diskCache: try DiskCache(directory: directory))
        #expect(second.storedSummary(for: .url(url))?.palette == palette)
        let again = try await second.image(for: ImageRequest(url: url, preparation: ImagePreparation(thumbnail: nil, palette: true)))
        #expect(again.origin == .disk)
        #expect(again.palette == palette)
        #expect(second.metrics.decodes == 0)
        #expect(server.requests("/rocket.jpg") == 1)
    }

    @Test("A summary stored without a palette reads back; asking for one then decodes once and stores it")
    func summaryWithoutPalette() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(try TestSupport.fixture("rocket.jpg")))
        let url = server.url("/rocket.jpg")
        let directory = try TestSupport.scratchDirectory()
        let first = TestSupport.pipeline(diskCache: try DiskCache(directory: directory))
        _ = try await first.image(for: ImageRequest(url: url, preparation: .placeholder))

        let second = TestSupport.pipeline(diskCache: try DiskCache(directory: directory))
        let stored = try #require(second.storedSummary(for: .url(url)))
        #expect(stored.averageColor != nil && stored.palette == nil)
        let withPalette = try await second.image(for: ImageRequest(url: url, preparation: ImagePreparation(thumbnail: nil, palette: true)))
        #expect(withPalette.origin == .disk && withPalette.palette != nil)
        #expect(second.metrics.decodes == 1)
        #expect(second.storedSummary(for: .url(url))?.palette == withPalette.palette)
        #expect(second.storedSummary(for: .url(url))?.averageColor == stored.averageColor)
    }
}
