import Foundation
import ImagePipeline
import PixelKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("The default loader against a hostile loopback server and odd files", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct LoaderTests {
    private func loadError(_ url: URL, maxResponseBytes: Int = 1 << 20, timeout: Duration = .seconds(60)) async -> ImagePipelineError? {
        let pipeline = TestSupport.pipeline(maxResponseBytes: maxResponseBytes, timeout: timeout)
        return await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.data(for: ImageRequest(url: url)) }
    }

    @Test("Every status other than 2xx is a typed error carrying the status", arguments: [301, 404, 418, 500, 503])
    func statusErrors(code: Int) async throws {
        let server = try LoopbackHTTPServer()
        server.route("/x.jpg", .status(code))
        let url = server.url("/x.jpg")
        let error = await loadError(url)
        // A 301 without a Location header cannot be followed: it is reported as it is.
        #expect(error == .httpStatus(url: url.absoluteString, code: code))
    }

    @Test("A Content-Length over the limit is refused before the body is read")
    func declaredLengthTooLarge() async throws {
        let server = try LoopbackHTTPServer()
        // No body follows the headers: only the client hanging up ends the exchange.
        server.route("/big.jpg", .stall(declaredLength: 4 << 20))
        let url = server.url("/big.jpg")
        let error = await loadError(url, maxResponseBytes: 1 << 20, timeout: .seconds(600))
        #expect(error == .responseTooLarge(url: url.absoluteString, declaredBytes: 4 << 20, limit: 1 << 20))
        #expect(await TestSupport.eventually { server.hangUps("/big.jpg") == 1 })
    }

    @Test("A body without Content-Length that grows past the limit is cut off and refused")
    func endlessBody() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/endless.jpg", .endless)
        let url = server.url("/endless.jpg")
        let error = await loadError(url, maxResponseBytes: 2 << 20)
        #expect(error == .responseTooLarge(url: url.absoluteString, declaredBytes: nil, limit: 2 << 20))
        #expect(await TestSupport.eventually { server.hangUps("/endless.jpg") == 1 })
    }

    @Test("A body of exactly the limit loads; one byte more is refused, declared or not", arguments: [true, false])
    func limitBoundary(declared: Bool) async throws {
        let server = try LoopbackHTTPServer()
        // A real JPEG (the pipeline checks that it is an image) with bytes after its end marker.
        let rocket = try TestSupport.fixture("rocket.jpg")
        let limit = rocket.count + 5000
        let body = rocket + (0..<5001).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        server.route("/exact.jpg", declared ? .body(Array(body.prefix(limit))) : .undeclaredLength(Array(body.prefix(limit))))
        server.route("/over.jpg", declared ? .body(body) : .undeclaredLength(body))
        let pipeline = TestSupport.pipeline(maxResponseBytes: limit)
        let loaded = try await pipeline.data(for: ImageRequest(url: server.url("/exact.jpg")))
        #expect(loaded == Array(body.prefix(limit)))
        let error = await loadError(server.url("/over.jpg"), maxResponseBytes: limit)
        #expect(error == .responseTooLarge(url: server.url("/over.jpg").absoluteString, declaredBytes: declared ? limit + 1 : nil, limit: limit))
    }

    @Test("A body shorter than its Content-Length is a truncated response")
    func lyingContentLength() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/short.jpg", .lyingLength(declaredLength: rocket.count, body: Array(rocket.prefix(1000))))
        let url = server.url("/short.jpg")
        let error = await loadError(url)
        #expect(error == .truncatedResponse(url: url.absoluteString, expectedBytes: rocket.count, receivedBytes: 1000))
    }

    @Test("A server that stalls after its headers times out")
    func stall() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/stall.jpg", .stall(declaredLength: 1000))
        let url = server.url("/stall.jpg")
        let error = await loadError(url, timeout: .seconds(1))
        #expect(error == .timedOut(url: url.absoluteString))
    }

    @Test("Content no codec recognises is refused with its first bytes, and not cached")
    func notAnImage() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/page.jpg", .body(Array("<html>hello</html>".utf8)))
        let directory = try TestSupport.scratchDirectory()
        let disk = try DiskCache(directory: directory)
        let pipeline = TestSupport.pipeline(diskCache: disk)
        let url = server.url("/page.jpg")
        let error = await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.image(for: ImageRequest(url: url)) }
        #expect(error == .unrecognizedContent(url: url.absoluteString, leadingBytes: Array("<html>hello</html>".utf8.prefix(16))))
        #expect(disk.totalBytes == 0)
    }

    @Test("A refused connection is a transport error")
    func connectionRefused() async throws {
        let server = try LoopbackHTTPServer()
        let url = server.url("/gone.jpg")
        server.stop()
        let error = await loadError(url)
        guard case .transportFailed(let failedURL, _) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failedURL == url.absoluteString)
    }

    @Test("File URLs: regular files load; directories and FIFOs are refused; size is bounded")
    func fileURLs() async throws {
        let rocketURL = try TestSupport.fixtureURL("rocket.jpg")
        let pipeline = TestSupport.pipeline()
        let bytes = try await pipeline.data(for: ImageRequest(url: rocketURL))
        #expect(bytes == (try TestSupport.fixture("rocket.jpg")))

        let directory = try TestSupport.scratchDirectory()
        #expect(await loadError(URL(fileURLWithPath: directory)) == .file(FileError(path: directory, operation: .open, problem: .notARegularFile(.directory))))
        let fifo = directory + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(await loadError(URL(fileURLWithPath: fifo)) == .file(FileError(path: fifo, operation: .open, problem: .notARegularFile(.fifo))))
        let error = await loadError(rocketURL, maxResponseBytes: 1000)
        #expect(error == .responseTooLarge(url: "file://" + rocketURL.path, declaredBytes: bytes.count, limit: 1000))
        let missing = directory + "/missing.jpg"
        #expect(await loadError(URL(fileURLWithPath: missing)) == .file(FileError(path: missing, operation: .open, errno: ENOENT)))
    }

    @Test("Other schemes are refused before anything is loaded")
    func unsupportedScheme() async throws {
        let url = try #require(URL(string: "ftp://example.com/a.jpg"))
        #expect(await loadError(url) == .unsupportedURL("ftp://example.com/a.jpg"))
    }

    @Test("A file URL's thumbnail is upright: EXIF orientation 6 turns 1200×1800 stored pixels")
    func orientationApplied() async throws {
        let pipeline = TestSupport.pipeline()
        let image = try await pipeline.image(for: ImageRequest(
            url: try TestSupport.fixtureURL("Landscape_6.jpg"), preparation: ImagePreparation(thumbnail: .init(maxPixelSize: 300))))
        #expect(image.info.orientation == .right)
        #expect(image.info.size == PixelSize(width: 1200, height: 1800))
        #expect(image.thumbnail?.size == PixelSize(width: 300, height: 200))
    }
}
