import Dispatch
import Foundation
import ImagePipeline
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import Synchronization

/// ImagePipeline (issue 17): a memory hit, disk hits (the stored summary alone, and a 2000-px
/// thumbnail of a 12 MP photo from the cached raw bytes), a network hit on loopback, 100 coalesced
/// requests, and 1,000 distinct images through a 64 MB memory cache (whole-process peak); and the
/// loader against hostile peers (issue 28), through the debug `pixelkit-fetch` of the repository:
/// its whole-process peak against four endless bodies, and its deadline against a silent server.
/// Sub-millisecond figures are loops of many requests; the table's time is per loop, the result
/// line gives the time per request.
enum PipelineBenchmark: ProcessJob {
    static let name = "pipeline"
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    static let memoryHitLoop = 10_000
    static let summaryHitLoop = 1_000
    static let distinctImages = 1_000
    /// How long each endless body is sent before the server closes it, and its most bytes.
    static let endlessSeconds = 1.0
    static let endlessMaxBytes = 96 << 20

    static let methods: [BenchMethod] = [
        BenchMethod(name: "memory-hit", summary: "image(for:) answered by the memory cache (\(memoryHitLoop) requests per sample)"),
        BenchMethod(name: "disk-hit-summary", summary: "placeholder (size, average, BlurHash) from the disk cache's stored summary, no decode (\(summaryHitLoop) per sample)"),
        BenchMethod(name: "disk-hit-thumbnail", summary: "2000-px thumbnail made from the disk cache's verified raw bytes (read + checksum + decode)"),
        BenchMethod(name: "network-hit", summary: "loopback download + probe + disk write (fsync) + 2000-px thumbnail, fresh pipeline"),
        BenchMethod(name: "coalesced-100", summary: "100 concurrent requests for one loopback URL, fresh pipeline: one load, one decode"),
        BenchMethod(name: "memory-1000", summary: "\(distinctImages) distinct 640×427 images → 400-px thumbnails through a 64 MB memory cache (whole-process peak)"),
        BenchMethod(name: "fetch-endless-4", summary: "pixelkit-fetch --jobs 4 (debug build) against four endless loopback bodies, each closed after \(endlessSeconds) s or \(endlessMaxBytes >> 20) MB (a limit of 2 GB); the result line has its whole-process peak"),
        BenchMethod(name: "fetch-deadline", summary: "pixelkit-fetch --timeout 1 (debug build) against a silent loopback server: process start to the timeout error"),
    ]

    /// The repository's debug `pixelkit-fetch` (`swift build --product pixelkit-fetch` at the
    /// repository's root), or `PIXELKIT_FETCH`: the benchmark package does not build swift-nio and
    /// BoringSSL in release for two rows. The loader is network-bound, so a debug build measures it.
    static var fetchExecutable: String {
        if let path = ProcessInfo.processInfo.environment["PIXELKIT_FETCH"], !path.isEmpty { return path }
        // Scripts/bench builds pixelkit-bench in the repository's own .build (…/release/pixelkit-bench;
        // the folder under .build may be a link, so it is not counted) → that .build's debug folder.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
        while folder.path != "/", folder.lastPathComponent != ".build" { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent("debug/pixelkit-fetch").path
    }

    static func runs(_ method: BenchMethod, on input: BenchInput) -> Bool {
        guard method.name.hasPrefix("fetch-") else { return true }
        let path = fetchExecutable
        if FileManager.default.isExecutableFile(atPath: path) { return true }
        print("  \(method.name): skipped — \(path) is missing (Scripts/bench builds it; by hand: `swift build --traits HTTPClientLoader --product pixelkit-fetch` at the repository's root, or set PIXELKIT_FETCH)")
        return false
    }

    static func inputs(from catalog: InputCatalog, quick: Bool) -> [BenchInput] {
        catalog.generated.filter { $0.kind == .jpegBaseline(megapixels: 12) }
    }

    static func prepare(method: String, input: String) throws -> () throws -> String {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
        let thumbnail = ImagePreparation(thumbnail: ThumbnailPreparation(maxPixelSize: 2000), averageColor: true, blurHash: true)
        switch method {
        case "memory-hit":
            let pipeline = ImagePipeline(configuration: .init(codecs: codecs))
            let request = ImageRequest(key: "photo", bytes: bytes, preparation: .placeholder)
            _ = try blocking { try await pipeline.image(for: request) }
            return {
                try blocking {
                    var hits = 0
                    for _ in 0..<memoryHitLoop where try await pipeline.image(for: request).origin == .memory { hits += 1 }
                    return "\(hits) memory hits per sample"
                }
            }
        case "disk-hit-summary":
            let (server, cache) = try serve(bytes)
            let url = server.url("/photo.jpg")
            _ = try blocking { try await freshPipeline(cache).image(for: ImageRequest(url: url, preparation: .placeholder)) }
            // No memory cache: every request reads the stored summary.
            let pipeline = freshPipeline(cache, memoryCacheCostLimit: 0)
            return {
                try blocking {
                    var origin = ImageOrigin.network
                    for _ in 0..<summaryHitLoop { origin = try await pipeline.image(for: ImageRequest(url: url, preparation: .placeholder)).origin }
                    return "\(origin), \(pipeline.metrics.decodes) decodes, \(server.requests) request(s)"
                }
            }
        case "disk-hit-thumbnail":
            let (server, cache) = try serve(bytes)
            let url = server.url("/photo.jpg")
            _ = try blocking { try await freshPipeline(cache).image(for: ImageRequest(url: url, preparation: thumbnail)) }
            let pipeline = freshPipeline(cache, memoryCacheCostLimit: 0)
            return {
                try blocking {
                    let image = try await pipeline.image(for: ImageRequest(url: url, preparation: thumbnail))
                    return "\(image.origin) \(image.thumbnail.map { "\($0.width)×\($0.height)" } ?? "-"), \(server.requests) request(s)"
                }
            }
        case "network-hit":
            let (server, _) = try serve(bytes)
            let url = server.url("/photo.jpg")
            return {
                let cache = try DiskCache(directory: NSTemporaryDirectory() + "pipeline-bench-" + UUID().uuidString)
                defer { try? FileManager.default.removeItem(atPath: cache.directory) }
                return try blocking {
                    let image = try await freshPipeline(cache).image(for: ImageRequest(url: url, preparation: thumbnail))
                    return "\(image.origin) \(image.thumbnail.map { "\($0.width)×\($0.height)" } ?? "-")"
                }
            }
        case "coalesced-100":
            let (server, _) = try serve(bytes)
            let url = server.url("/photo.jpg")
            return {
                let before = server.requests
                let pipeline = ImagePipeline(configuration: .init(codecs: codecs))
                return try blocking {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<100 { group.addTask { _ = try await pipeline.image(for: ImageRequest(url: url, preparation: thumbnail)) } }
                        try await group.waitForAll()
                    }
                    return "\(server.requests - before) request(s), \(pipeline.metrics.decodes) decode(s) for 100 requests"
                }
            }
        case "memory-1000":
            let small = [UInt8](try Data(contentsOf: InputCatalog.samplesFolder.appendingPathComponent("photos/rocket.jpg")))
            return {
                let pipeline = ImagePipeline(configuration: .init(codecs: codecs, memoryCacheCostLimit: 64 << 20))
                return try blocking {
                    var peakCost = 0
                    for index in 0..<distinctImages {
                        let request = ImageRequest(key: "image-\(index)", bytes: small, preparation: ImagePreparation(thumbnail: ThumbnailPreparation(maxPixelSize: 400)))
                        _ = try await pipeline.image(for: request)
                        peakCost = max(peakCost, pipeline.memoryCache.totalCost)
                    }
                    return "\(pipeline.metrics.decodes) decodes, cache peak \(peakCost / 1_000_000) MB, holds \(pipeline.memoryCache.count)"
                }
            }
        case "fetch-endless-4":
            let server = try StaticHTTPServer(behavior: .endless(seconds: endlessSeconds, maxBytes: endlessMaxBytes))
            let urls = (0..<4).map { server.url("/endless\($0).jpg").absoluteString }
            let fetch = fetchExecutable
            return {
                // A limit far above the bodies: the loader's memory, not the limit, is measured.
                let (status, peak) = try WholeProcess.runMeasured(fetch, urls + ["--jobs", "4", "--max-response-bytes", "2000000000", "--timeout", "20"])
                return String(format: "exit %d, pixelkit-fetch peak %.1f MB", status, Double(peak) / 1_048_576)
            }
        case "fetch-deadline":
            let server = try StaticHTTPServer(behavior: .silent)
            let url = server.url("/silent.jpg").absoluteString
            let fetch = fetchExecutable
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-bench-\(UUID()).out").path
            return {
                defer { try? FileManager.default.removeItem(atPath: output) }
                let (status, _) = try WholeProcess.runMeasured(fetch, [url, "--timeout", "1"], standardOutput: output)
                let line = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? ""
                return "exit \(status), " + (line.contains("timed out") ? "timed out" : line)
            }
        default:
            throw BenchError.unknownMethod(job: name, method: method)
        }
    }

    static func goals(for input: BenchInput, figures: [String: MethodFigures]) -> [GoalCheck] {
        var goals: [GoalCheck] = []
        if let hit = figures["memory-hit"] {
            let perRequest = hit.stats.median / Double(memoryHitLoop)
            goals.append(GoalCheck(text: "memory hit ≤ 5 µs", met: perRequest <= 5_000, measured: String(format: "%.2f µs", perRequest / 1000)))
        }
        if let hit = figures["disk-hit-summary"] {
            let perRequest = hit.stats.median / Double(summaryHitLoop)
            goals.append(GoalCheck(text: "disk hit of the derived data ≤ 200 µs", met: perRequest <= 200_000, measured: String(format: "%.1f µs", perRequest / 1000)))
        }
        if let coalesced = figures["coalesced-100"] {
            goals.append(GoalCheck(text: "100 coalesced requests cost one load", met: coalesced.result.hasPrefix("1 request(s), 1 decode"), measured: coalesced.result))
        }
        if let many = figures["memory-1000"] {
            goals.append(GoalCheck(
                text: "1,000 images, 64 MB cache: whole-process peak ≤ 64 + 48 MB", met: many.peakRSS <= (64 + 48) << 20,
                measured: String(format: "%.1f MB", Double(many.peakRSS) / 1_048_576)))
        }
        if let endless = figures["fetch-endless-4"], let peak = endless.result.split(separator: " ").dropLast().last.flatMap({ Double($0) }) {
            goals.append(GoalCheck(
                text: "pixelkit-fetch --jobs 4, four endless bodies: whole-process peak ≤ 150 MB", met: peak <= 150,
                measured: String(format: "%.1f MB", peak)))
        }
        if let deadline = figures["fetch-deadline"] {
            goals.append(GoalCheck(
                text: "--timeout 1 against a silent server: timed out within a second of the deadline (≤ 2 s, process start included)",
                met: deadline.result.hasSuffix("timed out") && deadline.stats.median <= 2e9,
                measured: String(format: "%.2f s, ", deadline.stats.median / 1e9) + deadline.result))
        }
        return goals
    }

    // MARK: Helpers

    /// A loopback server for `bytes` and a new disk cache folder.
    private static func serve(_ bytes: [UInt8]) throws -> (StaticHTTPServer, DiskCache) {
        let server = try StaticHTTPServer(body: bytes)
        let cache = try DiskCache(directory: NSTemporaryDirectory() + "pipeline-bench-" + UUID().uuidString)
        return (server, cache)
    }

    private static func freshPipeline(_ cache: DiskCache, memoryCacheCostLimit: Int = 64 << 20) -> ImagePipeline {
        ImagePipeline(configuration: .init(codecs: codecs, diskCache: cache, memoryCacheCostLimit: memoryCacheCostLimit))
    }

    /// Runs async work to completion from the benchmark's synchronous harness.
    private static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
