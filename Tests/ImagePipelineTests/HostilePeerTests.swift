import Foundation
import ImagePipeline
import PixelKit
import Testing

/// The server loader (AsyncHTTPClient) against peers that misbehave: each failure of issue 28 as a
/// test. Every test bounds its own time (deadlines of a few seconds) and memory (byte limits).
@Suite("The server loader against endless, slow, silent, lying, gzip-bombing peers", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct HostilePeerTests {
    private func loadError(_ pipeline: ImagePipeline, _ url: URL) async -> ImagePipelineError? {
        await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.data(for: ImageRequest(url: url)) }
    }

    @Test("Four endless bodies at once are each cut off at the limit, streamed to disk, not memory")
    func endlessBodies() async throws {
        let server = try LoopbackHTTPServer()
        let paths = (0..<4).map { "/endless\($0).jpg" }
        for path in paths { server.route(path, .endless) }
        let pipeline = TestSupport.pipeline(maxResponseBytes: 8 << 20, timeout: .seconds(60))
        let errors = await withTaskGroup(of: ImagePipelineError?.self) { group in
            for path in paths { group.addTask { await loadError(pipeline, server.url(path)) } }
            return await group.reduce(into: [ImagePipelineError?]()) { $0.append($1) }
        }
        for error in errors {
            guard case .responseTooLarge(_, nil, 8 << 20) = error else {
                Issue.record("expected the body cut off at the limit, got \(String(describing: error))")
                continue
            }
        }
        #expect(await TestSupport.eventually { paths.allSatisfy { server.hangUps($0) == 1 } })
    }

    @Test("A body sent one byte a second fails at the total deadline, within a second of it")
    func slowBody() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/slow.jpg", .slow(Array(repeating: 0xFF, count: 1000), interval: 0.5))
        let pipeline = TestSupport.pipeline(timeout: .seconds(2), idleTimeout: .seconds(2))
        let start = ContinuousClock.now
        let error = await loadError(pipeline, server.url("/slow.jpg"))
        let elapsed = ContinuousClock.now - start
        #expect(error == .timedOut(url: server.url("/slow.jpg").absoluteString))
        // Within a second of the deadline when run alone (see Sources/ImagePipeline/ImagePipeline.docc/PipelineDesign.md); the bound
        // leaves room for the parallel test run, whose endless-body tests fill both cores.
        #expect(elapsed >= .seconds(2) && elapsed < .seconds(30))
    }

    @Test("A server that never answers fails at the idle deadline, within a second of it")
    func silentServer() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/silent.jpg", .silent)
        let pipeline = TestSupport.pipeline(timeout: .seconds(30), idleTimeout: .seconds(1))
        let start = ContinuousClock.now
        let error = await loadError(pipeline, server.url("/silent.jpg"))
        let elapsed = ContinuousClock.now - start
        #expect(error == .timedOut(url: server.url("/silent.jpg").absoluteString))
        #expect(elapsed >= .seconds(1) && elapsed < .seconds(30))
    }

    @Test("A body shorter than its Content-Length is truncatedResponse with the exact bytes received, and never stored",
          arguments: [false, true])
    func lyingLength(urlSession: Bool) async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        let sent = rocket.count / 2
        server.route("/short.jpg", .lyingLength(declaredLength: rocket.count, body: Array(rocket.prefix(sent))))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let pipeline = TestSupport.pipeline(diskCache: disk, urlSession: urlSession)
        let url = server.url("/short.jpg")
        let error = await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.image(for: ImageRequest(url: url)) }
        // Every byte sent before the close is counted: AsyncHTTPClient's async body reported 30,628 of these 56,262.
        #expect(error == .truncatedResponse(url: url.absoluteString, expectedBytes: rocket.count, receivedBytes: sent))
        #expect(error?.description == "\(url.absoluteString): the body ended after \(sent) of its \(rocket.count) bytes")
        #expect(disk.totalBytes == 0)
    }

    @Test("A 4 MiB body declaring 8 MiB is truncatedResponse with every byte sent counted", arguments: [false, true])
    func lyingLengthLarge(urlSession: Bool) async throws {
        let server = try LoopbackHTTPServer()
        let sent = 4 << 20
        // Generated here: many socket reads' worth, so the client holds several parts when the connection ends.
        let bytes = (0..<sent).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        server.route("/large.jpg", .lyingLength(declaredLength: 2 * sent, body: bytes))
        let pipeline = TestSupport.pipeline(urlSession: urlSession)
        let url = server.url("/large.jpg")
        let error = await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.data(for: ImageRequest(url: url)) }
        #expect(error == .truncatedResponse(url: url.absoluteString, expectedBytes: 2 * sent, receivedBytes: sent))
    }

    @Test("A chunked body without its last chunk is truncatedResponse and never stored")
    func truncatedChunked() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/chunked.jpg", .truncatedChunked(rocket))
        let disk = try DiskCache(directory: try TestSupport.scratchDirectory())
        let pipeline = TestSupport.pipeline(diskCache: disk)
        let url = server.url("/chunked.jpg")
        let error = await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.image(for: ImageRequest(url: url)) }
        guard case .truncatedResponse(url.absoluteString, nil, _) = error else {
            Issue.record("expected a truncated chunked body, got \(String(describing: error))")
            return
        }
        #expect(disk.totalBytes == 0)
    }

    @Test("A gzip bomb is decoded only up to the byte limit")
    func gzipBomb() async throws {
        let server = try LoopbackHTTPServer()
        let bomb = GzipBomb.make(decodedBytes: 64 << 20)
        #expect(bomb.count < 500_000)
        server.route("/bomb.jpg", .gzip(bomb))
        let url = server.url("/bomb.jpg")
        // Under a small limit, the limit or the ratio stops it, whichever the decoded bytes reach first.
        let small = await loadError(TestSupport.pipeline(maxResponseBytes: 2 << 20), url)
        #expect(small == .responseTooLarge(url: url.absoluteString, declaredBytes: nil, limit: 2 << 20)
            || small == .compressionRatioTooHigh(url: url.absoluteString, limit: 100))
        // Under a limit larger than the bomb, the expansion ratio stops it: memory never follows the bomb.
        let large = await loadError(TestSupport.pipeline(maxResponseBytes: 1 << 30), url)
        #expect(large == .compressionRatioTooHigh(url: url.absoluteString, limit: 100))
    }

    @Test("Oversized response headers are reported as such")
    func hugeHeaders() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/headers.jpg", .hugeHeader(1 << 20))
        let pipeline = TestSupport.pipeline()
        let url = server.url("/headers.jpg")
        #expect(await loadError(pipeline, url) == .responseHeadersTooLarge(url: url.absoluteString))
    }

    @Test("Upper-case schemes load; file URLs naming another host are refused")
    func schemesAndHosts() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(try TestSupport.fixture("rocket.jpg")))
        let pipeline = TestSupport.pipeline()
        let upper = try #require(URL(string: "HTTP://127.0.0.1:\(server.port)/rocket.jpg"))
        #expect(try await pipeline.data(for: ImageRequest(url: upper)) == (try TestSupport.fixture("rocket.jpg")))
        let remote = try #require(URL(string: "file://otherhost" + (try TestSupport.fixtureURL("rocket.jpg")).path))
        #expect(await loadError(pipeline, remote) == .remoteFileURL(remote.absoluteString))
        let local = try #require(URL(string: "file://localhost" + (try TestSupport.fixtureURL("rocket.jpg")).path))
        #expect(try await pipeline.data(for: ImageRequest(url: local)).count == 112_525)
    }
}
