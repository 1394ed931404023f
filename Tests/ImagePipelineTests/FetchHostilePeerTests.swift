import Foundation
import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// `pixelkit fetch` against misbehaving peers: bounded memory, --timeout, warnings, --strict, the URL once per message.
@Suite("pixelkit fetch against hostile peers: memory, --timeout, warnings, --strict", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct FetchHostilePeerTests {
    @Test("Four endless bodies with --jobs 4 and a 100 MB limit: the process stays under 150 MB")
    func endlessBodiesMemory() async throws {
        let server = try LoopbackHTTPServer()
        let urls = (0..<4).map { index -> String in
            server.route("/endless\(index).jpg", .endless)
            return server.url("/endless\(index).jpg").absoluteString
        }
        let result = try await FetchProcess.runOffPool(["fetch"] + urls + ["--jobs", "4", "--max-response-bytes", "100000000", "--timeout", "20"])
        #expect(result.status == 1)
        #expect(result.lines.count == 4 && result.lines.allSatisfy { $0["error"] != nil }, "\(result.lines)")
        let peakBytes = try #require(result.peakResidentBytes, "no /proc to sample the child's peak in")
        #expect(peakBytes < 150 << 20, "peak resident set \(peakBytes) bytes")
    }

    @Test("--timeout fails a silent server within a second of the deadline; the URL appears once per message")
    func timeout() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/silent.jpg", .silent)
        let url = server.url("/silent.jpg").absoluteString
        let start = ContinuousClock.now
        let result = try await FetchProcess.runOffPool(["fetch", url, "--timeout", "2"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 1)
        #expect(result.lines.first?["error"] as? String == "\(url): timed out")
        #expect(result.standardError.components(separatedBy: url).count == 2)
        // Alone: 2.6 s, process start included; the bound leaves room for a loaded parallel run.
        #expect(elapsed < .seconds(30))
    }

    @Test("A truncated JPEG warns in the JSON line, the same from the cache; --strict fails on it")
    func warningsAndStrict() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/half.jpg", .cacheable(Array(rocket.prefix(rocket.count / 2)), headers: ["Cache-Control: max-age=3600"], entityTag: nil))
        let cache = try TestSupport.scratchDirectory()
        let url = server.url("/half.jpg").absoluteString
        let first = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache])
        #expect(first.status == 0)
        let warnings = try #require(first.lines.first?["warnings"] as? [String])
        #expect(!warnings.isEmpty)
        #expect(first.standardError.contains("warning"))
        let second = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache])
        #expect(second.lines.first?["cache"] as? String == "disk")
        #expect(second.lines.first?["warnings"] as? [String] == warnings)
        let strict = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache, "--strict"])
        #expect(strict.status == 1)
        #expect((strict.lines.first?["error"] as? String)?.contains("damaged image") == true)
        #expect(server.requests("/half.jpg") == 1)
    }

    @Test("--idle-timeout fails a body that stops coming long before --timeout")
    func idleTimeout() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/trickle.jpg", .slow(Array(rocket.prefix(64)), interval: 4))
        let url = server.url("/trickle.jpg").absoluteString
        let start = ContinuousClock.now
        let result = try await FetchProcess.runOffPool(["fetch", url, "--timeout", "60", "--idle-timeout", "1"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 1)
        #expect(result.lines.first?["error"] as? String == "\(url): timed out")
        // A byte every 4 s: only the 1 s idle deadline ends it (alone: about 1.5 s); the total was 60 s.
        #expect(elapsed < .seconds(30))
    }

    @Test("--keep-forever serves a stale copy without asking; without it the copy is revalidated")
    func keepForever() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/old.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=0"], entityTag: "\"v1\""))
        let cache = try TestSupport.scratchDirectory()
        let url = server.url("/old.jpg").absoluteString
        let first = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache])
        #expect(first.status == 0 && first.lines.first?["cache"] as? String == "network")
        let second = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache, "--keep-forever"])
        #expect(second.lines.first?["cache"] as? String == "disk")
        #expect(server.requests("/old.jpg") == 1)
        let third = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache])
        #expect(third.lines.first?["cache"] as? String == "revalidated")
        #expect(server.conditionalRequests("/old.jpg") == 1)
    }

    @Test("stale-while-revalidate: served as \"stale\" at once, and revalidated before the command exits")
    func staleWhileRevalidate() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/swr.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=0, stale-while-revalidate=600"], entityTag: "\"v1\""))
        let cache = try TestSupport.scratchDirectory()
        let url = server.url("/swr.jpg").absoluteString
        _ = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache])
        let second = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache])
        #expect(second.status == 0)
        #expect(second.lines.first?["cache"] as? String == "stale")
        #expect(RocketColorReference.isFastAverage(hex: second.lines.first?["average"] as? String))
        #expect(server.requests("/swr.jpg") == 2 && server.conditionalRequests("/swr.jpg") == 1)
    }

    /// A 4000×4000 PNG of noise (about 64 MB: deflate cannot shrink noise), made at run time.
    private static func noisePNG() throws -> [UInt8] {
        let side = 4000
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        pixels.withUnsafeMutableBytes { buffer in
            for index in 0..<(buffer.count / 8) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                buffer.storeBytes(of: state, toByteOffset: index * 8, as: UInt64.self)
            }
        }
        return try PNGCodec().encode(RGBAImage(width: side, height: side, pixels: pixels), options: EncodeOptions())
    }

    @Test("A large valid body is decoded from its file: the process's peak stays below the body's size")
    func largeBodyMemory() async throws {
        let png = try await TestSupport.offPool { try Self.noisePNG() }
        #expect(png.count > 48 << 20)
        let server = try LoopbackHTTPServer()
        server.route("/noise.png", .body(png))
        let cache = try TestSupport.scratchDirectory()
        let url = server.url("/noise.png").absoluteString
        let result = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache, "--max-response-bytes", "200000000", "--timeout", "120"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.lines.first?["width"] as? Int == 4000 && result.lines.first?["format"] as? String == "png")
        let peakBytes = try #require(result.peakResidentBytes, "no /proc to sample the child's peak in")
        // Alone: 44 MB. Reading the body back into memory, as before, cost the whole body on top of
        // the process's own ~40 MB (over 100 MB).
        #expect(peakBytes < 80 << 20, "peak resident set \(peakBytes) bytes for a \(png.count)-byte body")
        // And the disk cache holds the body whole: a second run needs no network.
        let second = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache, "--max-response-bytes", "200000000"])
        #expect(second.lines.first?["cache"] as? String == "disk")
        #expect(server.requests("/noise.png") == 1)
    }
}
