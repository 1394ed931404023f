// Without the HTTPClientLoader trait (off by default) this module is empty: no swift-nio in the build.
#if HTTPClientLoader
import AsyncHTTPClient
import Foundation
import ImagePipeline
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// The server loader of `ImagePipeline`: `http`/`https` through AsyncHTTPClient (swift-nio), the
/// body streamed into the `ResponseBody` with backpressure — the connection is read only as fast
/// as the body file is written, so memory does not follow the response.
///
/// - A `Content-Length` over the body's limit is refused before any body byte is read; a body that
///   grows past it is cut off at the chunk that passes it.
/// - A `Content-Encoding` (gzip, deflate) is decoded by the client; the byte limit applies to the
///   decoded bytes, and an expansion over ``maxCompressionRatio`` stops a compression bomb at once.
/// - The request's total and idle deadlines hold for the whole exchange, body included.
/// - A body shorter than its `Content-Length`, or a chunked body without its last chunk, is
///   `ImagePipelineError.truncatedResponse(url:expectedBytes:receivedBytes:)` with the exact bytes
///   received. The body is read through AsyncHTTPClient's delegate, not its async body, because the
///   async body drops the parts it has read but not yet handed on when the connection's end fails the
///   request (AsyncHTTPClient 1.37: 56,262 bytes sent, 30,628 reported, in 20 of 20 runs).
/// - Redirects are followed (at most 5, no cycles, `http`/`https` only).
///
/// One loader holds one `HTTPClient` (its connection pool); it is shut down when the loader goes.
public final class HTTPClientImageDataLoader: ImageDataLoading {
    /// The most bytes one decoded body may have (the smaller of this and the pipeline's limit applies).
    public let maxResponseBytes: Int
    private let client: HTTPClient
    /// The most a `Content-Encoding` may expand the body: images compress poorly, a bomb 1000-fold.
    public static let maxCompressionRatio = 100

    /// A loader refusing bodies over `maxResponseBytes` (decoded), keeping at most
    /// `maxConnectionsPerHost` connections to one host.
    public init(maxResponseBytes: Int = 64 << 20, maxConnectionsPerHost: Int = 8) {
        self.maxResponseBytes = max(0, maxResponseBytes)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            // A ratio, not a size: the client decodes a whole socket read before backpressure can
            // act, so only a bound on the expansion bounds the memory of one read (64 KB × 100).
            // The byte limit applies to the decoded bytes as they are written to the body file.
            decompression: .enabled(limit: .ratio(Self.maxCompressionRatio)))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, maxConnectionsPerHost))
        // A refused connection is answered at once: retried with back-off, it is reported only at the
        // request's deadline (10 s and more), as a timeout that hides the refusal.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit {
        // The closure keeps the client alive until it has shut down (its deinit insists on that).
        let client = client
        client.shutdown(queue: .global()) { _ in _ = client }
    }

    /// Streams `request`'s body into `body`.
    /// - Throws: `ImagePipelineError` — see the type's description.
    public func load(_ request: ImageLoadRequest, into body: ResponseBody) async throws(ImagePipelineError) -> ImageLoadResponse {
        let url = request.normalizedURL
        guard let scheme = url.scheme, scheme == "http" || scheme == "https" else { throw .unsupportedURL(request.url.absoluteString) }
        let client = client
        let headers = HTTPHeaders(request.allHeaders.map { ($0.name, $0.value) })
        let receiver = HTTPClientBodyReceiver(body: body, limit: min(maxResponseBytes, body.limit), conditional: !request.conditionalHeaders.isEmpty)
        let seconds = request.timeout.components.seconds
        let deadline = NIODeadline.now() + .seconds(max(1, seconds + 1))
        return try await TransferDeadline.run(request, body: body) { () async throws(ImagePipelineError) -> ImageLoadResponse in
            do {
                let task = client.execute(request: try HTTPClient.Request(url: url, headers: headers), delegate: receiver, deadline: deadline)
                return try await withTaskCancellationHandler {
                    try await task.futureResult.get()
                } onCancel: {
                    task.cancel()
                }
            } catch {
                let framing = receiver.framing
                throw Self.pipelineError(error, url: body.url, limit: receiver.limit, expected: framing.expectedBytes, chunked: framing.chunked, received: body.count)
            }
        }
    }

    /// The pipeline's error for what the client or the body threw.
    private static func pipelineError(_ error: any Error, url: String, limit: Int, expected: Int?, chunked: Bool, received: Int) -> ImagePipelineError {
        if let error = error as? ImagePipelineError { return error }
        if Task.isCancelled || error is CancellationError { return .cancelled }
        if let error = error as? NIOHTTPDecompression.DecompressionError {
            if case .limit = error { return .compressionRatioTooHigh(url: url, limit: maxCompressionRatio) }
            return .transportFailed(url: url, message: corruptEncoding)
        }
        if error is NIOHTTPDecompression.ExtraDecompressionError { return .transportFailed(url: url, message: corruptEncoding) }
        if let error = error as? HTTPParserError {
            switch error {
            case .headerOverflow: return .responseHeadersTooLarge(url: url)
            case .invalidEOFState where expected != nil || chunked:
                return .truncatedResponse(url: url, expectedBytes: expected, receivedBytes: received)
            default: return .transportFailed(url: url, message: "the server's response is not valid HTTP")
            }
        }
        if let error = error as? NIOConnectionError {
            // The first address's failure says why (refused, unreachable); DNS failed if none was tried.
            guard let failure = error.connectionErrors.first else {
                return .transportFailed(url: url, message: "cannot resolve the host name \(error.host)")
            }
            return .transportFailed(url: url, message: systemReason(failure.error))
        }
        if error is IOError { return .transportFailed(url: url, message: systemReason(error)) }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return .timedOut(url: url)
            case .cancelled: return .cancelled
            case .remoteConnectionClosed where expected != nil || chunked:
                return .truncatedResponse(url: url, expectedBytes: expected, receivedBytes: received)
            case .remoteConnectionClosed: return .transportFailed(url: url, message: "the server closed the connection without an answer")
            case .redirectCycleDetected: return .transportFailed(url: url, message: "redirect cycle")
            case .redirectLimitReached: return .transportFailed(url: url, message: "too many redirects")
            default: break
            }
        }
        return .transportFailed(url: url, message: String(describing: error))
    }

    private static let corruptEncoding = "the body's Content-Encoding cannot be decoded (corrupt gzip or deflate data)"

    /// The system's words for a socket error (`cannot connect: Connection refused`), without NIO's
    /// call names and `(errno: N)` decoration.
    private static func systemReason(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "the connection failed" }
        let reason = String(cString: strerror(error.errnoCode))
        let connecting = [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EADDRNOTAVAIL, ETIMEDOUT].contains(error.errnoCode)
        return (connecting ? "cannot connect: " : "the connection failed: ") + reason
    }
}
#endif
