// Without the HTTPClientLoader trait (off by default) this module is empty: no swift-nio in the build.
#if HTTPClientLoader
import AsyncHTTPClient
import ImagePipeline
import NIOCore
import NIOHTTP1
import PixelKitPlatform

/// The response side of one `HTTPClientImageDataLoader` exchange, as AsyncHTTPClient's delegate: the
/// head is judged (its status, a `Content-Length` over the limit) before any body byte is read, and
/// each body part is written to the `ResponseBody` as it is handed over.
///
/// Each part is written before its future is returned, already succeeded. AsyncHTTPClient reads
/// the connection again only once it has handed on every part it holds (the back-pressure), and it
/// discards the parts it still holds when the connection's end fails the request: a pending future
/// would let parts pile up there and vanish from the count. Written at once, none is held, so the
/// bytes written are the bytes received. The write is one socket read into the page cache. (After
/// 50 parts handed on in a row the client yields the event loop once, where a failure could still
/// overtake the rest; one read delivers a handful of parts, and the 4 MiB test sees none lost.)
final class HTTPClientBodyReceiver: HTTPClientResponseDelegate {
    typealias Response = ImageLoadResponse

    /// How the response says its body ends: the `Content-Length` of an unencoded body, or chunked.
    struct Framing: Sendable {
        var expectedBytes: Int?
        var chunked = false
    }

    private struct State {
        var framing = Framing()
        var response: ImageLoadResponse?
    }

    /// Where the body goes.
    let body: ResponseBody
    /// The most bytes the (decoded) body may have.
    let limit: Int
    /// Whether the request carried validators, so that a 304 answers it.
    private let conditional: Bool
    // Every callback runs on the task's event loop; the lock makes the framing readable after the task fails.
    private let state = PThreadLocked(State())

    init(body: ResponseBody, limit: Int, conditional: Bool) {
        self.body = body
        self.limit = limit
        self.conditional = conditional
    }

    /// The framing of the response's head, once it has arrived.
    var framing: Framing { state.withLock { $0.framing } }

    func didReceiveHead(task: HTTPClient.Task<ImageLoadResponse>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        body.noteProgress()
        do throws(ImagePipelineError) {
            try accept(head)
            return task.eventLoop.makeSucceededVoidFuture()
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
    }

    func didReceiveBodyPart(task: HTTPClient.Task<ImageLoadResponse>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        do throws(ImagePipelineError) {
            try write(buffer)
            return task.eventLoop.makeSucceededVoidFuture()
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
    }

    func didFinishRequest(task: HTTPClient.Task<ImageLoadResponse>) throws -> ImageLoadResponse {
        let (framing, response) = state.withLock { ($0.framing, $0.response) }
        guard let response else {
            throw ImagePipelineError.transportFailed(url: body.url, message: "the server closed the connection without an answer")
        }
        if !response.notModified, let expected = framing.expectedBytes, body.count < expected {
            throw ImagePipelineError.truncatedResponse(url: body.url, expectedBytes: expected, receivedBytes: body.count)
        }
        return response
    }

    /// Records the response's caching headers and framing.
    /// - Throws: `httpStatus` for a status other than 2xx (or a 304 answering validators),
    ///   `responseTooLarge` for an unencoded body whose `Content-Length` is over the limit.
    private func accept(_ head: HTTPResponseHead) throws(ImagePipelineError) {
        let headers = head.headers
        let cacheHeaders = HTTPCacheHeaders { name in
            // Repeated fields (two `Vary` or `Cache-Control` lines) are one list.
            let values = headers[name]
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        if head.status == .notModified && conditional {
            state.withLock { $0.response = ImageLoadResponse(notModified: true, cacheHeaders: cacheHeaders) }
            return
        }
        guard (200..<300).contains(head.status.code) else { throw .httpStatus(url: body.url, code: Int(head.status.code)) }
        let encoded = headers.contains(name: "Content-Encoding")
            && !headers[canonicalForm: "Content-Encoding"].allSatisfy { $0.lowercased() == "identity" }
        var framing = Framing(chunked: headers[canonicalForm: "Transfer-Encoding"].contains { $0.lowercased() == "chunked" })
        if let declared = headers.first(name: "Content-Length").flatMap({ Int($0) }), !encoded {
            if declared > limit { throw .responseTooLarge(url: body.url, declaredBytes: declared, limit: limit) }
            framing.expectedBytes = declared
        }
        state.withLock {
            $0.framing = framing
            $0.response = ImageLoadResponse(cacheHeaders: cacheHeaders)
        }
    }

    /// Appends one body part.
    /// - Throws: `responseTooLarge` when it takes the body past the limit, or the body file's error.
    private func write(_ buffer: ByteBuffer) throws(ImagePipelineError) {
        guard body.count + buffer.readableBytes <= limit else { throw .responseTooLarge(url: body.url, declaredBytes: nil, limit: limit) }
        var failure: ImagePipelineError?
        buffer.withUnsafeReadableBytes { bytes in
            do throws(ImagePipelineError) { try body.append(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}
#endif
