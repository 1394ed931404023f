import Foundation
import ImagePipeline
#if HTTPClientLoader
import ImagePipelineHTTP
#endif
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Fixtures, pipelines and scratch folders shared by the pipeline's tests.
enum TestSupport {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

    /// The fixtures the pipeline's tests use, in PixelKitTestSupport's `Fixtures/` (origins and licences
    /// in its SOURCES.md), by the short names the tests give them.
    private static let fixturePaths = [
        "rocket.jpg": "photos/rocket.jpg",
        "Landscape_6.jpg": "exif-orientation/Landscape_6.jpg",
    ]

    /// The bytes of a fixture.
    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: fixtureURL(name)))
    }

    static func fixtureURL(_ name: String) throws -> URL {
        let relative = try #require(fixturePaths[name], "no fixture named \(name)")
        return Fixtures.root.appendingPathComponent(relative)
    }

    /// libvips 8.14.1's exact mean of `rocket.jpg` (PixelKitTestSupport's Fixtures/reference_means.json).
    static let rocketReferenceMean = (red: 52.265742, green: 61.294299, blue: 82.271136)
    /// The same mean in sRGB, as the pipeline converts it by default (``RocketColorReference``).
    static let rocketSRGBReferenceMean = RocketColorReference.sRGBMean

    /// A new empty folder under the system's temporary directory.
    static func scratchDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "pipeline-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Whether this build has the `HTTPClientLoader` trait (off by default, on in Scripts/test and CI; the sanitizer runs build
    /// without it, to leave swift-nio out).
    static var hasHTTPClientLoader: Bool {
        #if HTTPClientLoader
        true
        #else
        false
        #endif
    }

    /// A pipeline with the server loader (AsyncHTTPClient), or URLSession's with `urlSession` or in a
    /// build without the `HTTPClientLoader` trait.
    static func pipeline(
        diskCache: DiskCache? = nil, memoryCacheCostLimit: Int = 64 << 20, maxResponseBytes: Int = 16 << 20,
        timeout: Duration = .seconds(60), idleTimeout: Duration = .seconds(20), maxConcurrentLoads: Int = 6,
        strict: Bool = false, policy: DiskCachePolicy = .http, urlSession: Bool = false, requestHeaders: [String: String] = [:]
    ) -> ImagePipeline {
        #if HTTPClientLoader
        let loader: any ImageDataLoading = urlSession
            ? URLSessionImageDataLoader(maxResponseBytes: maxResponseBytes, timeout: timeout)
            : HTTPClientImageDataLoader(maxResponseBytes: maxResponseBytes)
        #else
        let loader: any ImageDataLoading = URLSessionImageDataLoader(maxResponseBytes: maxResponseBytes, timeout: timeout)
        #endif
        return ImagePipeline(configuration: ImagePipelineConfiguration(
            codecs: codecs, loader: loader, diskCache: diskCache, memoryCacheCostLimit: memoryCacheCostLimit,
            maxConcurrentLoads: maxConcurrentLoads, decoding: DecodeOptions(strictness: strict ? .strict : .lenient),
            maxResponseBytes: maxResponseBytes, requestTimeout: timeout, idleTimeout: min(idleTimeout, timeout), diskCachePolicy: policy,
            requestHeaders: requestHeaders))
    }

    /// Runs blocking work (child processes, sleeps, big encodes) on a thread of its own, so that it
    /// never holds one of the few threads Swift concurrency's tasks run on, nor one of Dispatch's
    /// global threads (as few as the cores), on which URLSession delivers to its delegate.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Polls `condition` every 20 ms for up to `seconds`; whether it became true. The default is long
    /// because it only matters when it fails: in a full parallel `swift test` the CPU-bound suites can
    /// hold every thread of Swift's pool for a long time.
    static func eventually(within seconds: Double = 180, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// The error `body` throws, or nil.
    static func error<T>(_ body: () async throws(ImagePipelineError) -> T) async -> ImagePipelineError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }
}
