import Foundation
import ImagePipeline
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 43, row 11: the loader's failures reached users in its libraries' words
/// (`inflationError(-3)`, `invalid constant string`, `…Connection refused) (errno: 111)`), a refused
/// connection was reported only at the deadline, and `first bytes:` were not zero-padded.
@Suite("The server loader's failures in the project's voice", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct LoaderMessageTests {
    private func loadError(_ url: URL, timeout: Duration = .seconds(60)) async -> ImagePipelineError? {
        let pipeline = TestSupport.pipeline(timeout: timeout)
        return await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.data(for: ImageRequest(url: url)) }
    }

    @Test("A refused connection is reported as refused, at once, not as a timeout at the deadline")
    func refusedConnection() async throws {
        let url = URL(string: "http://127.0.0.1:\(try Self.closedPort())/image.jpg")!
        let error = await loadError(url, timeout: .seconds(30))
        #expect(error == .transportFailed(url: url.absoluteString, message: "cannot connect: Connection refused"))
    }

    @Test("A gzip body that is not gzip is a corrupt Content-Encoding, not inflationError(-3)")
    func corruptGzip() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/bad.jpg", .gzip(Array(repeating: 0x5A, count: 64)))
        let url = server.url("/bad.jpg")
        let error = await loadError(url)
        #expect(error == .transportFailed(url: url.absoluteString, message: "the body's Content-Encoding cannot be decoded (corrupt gzip or deflate data)"))
    }

    @Test("A response that is not HTTP says so, not 'invalid constant string'")
    func notHTTP() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/broken.jpg", .raw(Array("HTTQ/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)))
        let url = server.url("/broken.jpg")
        let error = await loadError(url)
        #expect(error == .transportFailed(url: url.absoluteString, message: "the server's response is not valid HTTP"))
    }

    @Test("Unrecognised content lists its first bytes as two hex digits each")
    func firstBytesZeroPadded() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/text.jpg", .body([0x0A, 0x01, 0xFF, 0x00, 0x20, 0x09, 0x7F, 0x10, 0x33]))
        let url = server.url("/text.jpg")
        let error = await loadError(url)
        #expect(error?.description == "\(url.absoluteString): not an image any codec recognises (first bytes: 0a 01 ff 00 20 09 7f 10)")
    }

    /// A loopback port nothing listens on: bound, then closed.
    private static func closedPort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return UInt16(bigEndian: address.sin_port)
    }
}
