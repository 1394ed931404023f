import Foundation
import ImagePipeline
import PixelKit
import Testing

/// A downloaded body is checked against the hash taken as its bytes arrived in the same pass that
/// copies it into the disk cache: read back once, and never served or stored when its file changed.
@Suite("A download is checked once, as it is copied into the disk cache")
struct DownloadVerificationTests {
    /// A loader that streams `bytes` into the body, then (when `replacement` is set) rewrites the
    /// body's file behind its back, as another process could.
    struct ScriptedLoader: ImageDataLoading {
        let bytes: [UInt8]
        var replacement: [UInt8]?

        func load(_ request: ImageLoadRequest, into body: ResponseBody) async throws(ImagePipelineError) -> ImageLoadResponse {
            try body.append(bytes)
            if let replacement {
                let handle = FileHandle(forWritingAtPath: body.path)!
                handle.write(Data(replacement))
                try? handle.close()
            }
            return ImageLoadResponse(cacheHeaders: HTTPCacheHeaders(cacheControl: "max-age=3600"))
        }
    }

    private func pipeline(_ loader: ScriptedLoader, diskCache: DiskCache?) -> ImagePipeline {
        ImagePipeline(configuration: ImagePipelineConfiguration(codecs: TestSupport.codecs, loader: loader, diskCache: diskCache))
    }

    @Test("With a disk cache the body is read back once: the verifying copy (the old code read it twice)")
    func readBackOnce() async throws {
        let rocket = try TestSupport.fixture("rocket.jpg")
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let pipeline = pipeline(ScriptedLoader(bytes: rocket), diskCache: disk)
        let url = try #require(URL(string: "https://example.invalid/rocket.jpg"))
        let image = try await pipeline.image(for: ImageRequest(url: url, preparation: ImagePreparation(averageColor: true)))
        #expect(image.origin == .network)
        #expect(pipeline.metrics.downloadBytesReadBack == rocket.count)
        #expect(disk.entry(forKey: "url:" + url.absoluteString)?.data == rocket)
    }

    @Test("Without a disk cache the body is still checked, once")
    func checkedWithoutDiskCache() async throws {
        let rocket = try TestSupport.fixture("rocket.jpg")
        let pipeline = pipeline(ScriptedLoader(bytes: rocket), diskCache: nil)
        let url = try #require(URL(string: "https://example.invalid/rocket.jpg"))
        _ = try await pipeline.image(for: ImageRequest(url: url, preparation: ImagePreparation(averageColor: true)))
        #expect(pipeline.metrics.downloadBytesReadBack == rocket.count)
    }

    @Test("A body whose file changed after it arrived fails the load and leaves no disk-cache entry", arguments: [true, false])
    func changedOnDisk(withDiskCache: Bool) async throws {
        let rocket = try TestSupport.fixture("rocket.jpg")
        // The same length, other bytes: only the hash can tell.
        var other = rocket
        for index in stride(from: 4096, to: other.count, by: 4096) { other[index] ^= 0x55 }
        let disk = withDiskCache ? try DiskCache(directory: try TestSupport.scratchDirectory()) : nil
        let pipeline = pipeline(ScriptedLoader(bytes: rocket, replacement: other), diskCache: disk)
        let url = try #require(URL(string: "https://example.invalid/rocket.jpg"))
        let error = await #expect(throws: ImagePipelineError.self) {
            _ = try await pipeline.image(for: ImageRequest(url: url, preparation: ImagePreparation(averageColor: true)))
        }
        #expect(error?.description.contains("changed on disk") == true)
        #expect(disk?.entry(forKey: "url:" + url.absoluteString) == nil)
    }
}
