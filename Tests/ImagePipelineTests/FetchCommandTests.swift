import Foundation
import PixelKitTestSupport
import Testing

@Suite("pixelkit fetch: JSON lines in input order, one fetch per URL, a second run without network", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct FetchCommandTests {
    @Test("Two runs with --cache-dir: the second makes no request; duplicates fetched once; failures reported, exit 1")
    func twoRuns() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(try TestSupport.fixture("rocket.jpg")))
        server.route("/portrait.jpg", .body(try TestSupport.fixture("Landscape_6.jpg")))
        server.route("/missing.jpg", .status(404))
        let cache = try TestSupport.scratchDirectory()
        let output = try TestSupport.scratchDirectory()
        let urls = ["/rocket.jpg", "/missing.jpg", "/portrait.jpg", "/rocket.jpg"].map { server.url($0).absoluteString }
        let arguments = ["fetch"] + urls + ["--cache-dir", cache, "--max-pixel-size", "100", "-o", output, "--jobs", "2"]

        let first = try await FetchProcess.runOffPool(arguments)
        #expect(first.status == 1)
        #expect(first.lines.map { $0["url"] as? String } == urls)
        #expect(first.lines[0]["cache"] as? String == "network")
        #expect(first.lines[0]["width"] as? Int == 640 && first.lines[0]["height"] as? Int == 427)
        #expect(first.lines[0]["format"] as? String == "jpeg")
        #expect(RocketColorReference.isFastAverage(hex: first.lines[0]["average"] as? String))   // lcms2's sRGB mean, within 3
        #expect((first.lines[0]["blurhash"] as? String)?.count == 28)
        #expect(first.lines[1]["error"] as? String == "\(urls[1]): HTTP status 404")
        #expect(first.lines[3]["blurhash"] as? String == first.lines[0]["blurhash"] as? String)
        #expect(first.standardError.contains("HTTP status 404"))
        let thumbnail = try #require(first.lines[2]["thumbnail"] as? String)
        #expect(thumbnail.hasPrefix(output + "/portrait-") && thumbnail.hasSuffix(".jpg"))
        #expect(FileManager.default.fileExists(atPath: thumbnail))
        #expect(server.requests("/rocket.jpg") == 1 && server.requests("/portrait.jpg") == 1)

        let second = try await FetchProcess.runOffPool(arguments)
        #expect(second.status == 1)
        #expect(second.lines[0]["cache"] as? String == "disk" && second.lines[2]["cache"] as? String == "disk")
        #expect(second.lines[0]["blurhash"] as? String == first.lines[0]["blurhash"] as? String)
        #expect(server.requests("/rocket.jpg") == 1 && server.requests("/portrait.jpg") == 1)

        // Without -o, the stored summary answers alone.
        let third = try await FetchProcess.runOffPool(["fetch", urls[0], "--cache-dir", cache])
        #expect(third.status == 0)
        #expect(third.lines.first?["cache"] as? String == "disk")
        #expect(third.lines.first?["thumbnail"] == nil)
        #expect(server.requests("/rocket.jpg") == 1)
    }

    @Test("--max-response-bytes refuses a larger image")
    func responseLimit() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(try TestSupport.fixture("rocket.jpg")))
        let url = server.url("/rocket.jpg").absoluteString
        let result = try await FetchProcess.runOffPool(["fetch", url, "--max-response-bytes", "1000"])
        #expect(result.status == 1)
        #expect(result.lines.first?["error"] as? String == "\(url): Content-Length 112525 is larger than the 1000-byte limit")
    }
}
