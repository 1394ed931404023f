import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PixelKitPlatform

/// The default ``ImageDataLoading`` of apps: `http`/`https` through `URLSession` (FoundationNetworking
/// on Linux), the body streamed into the ``ResponseBody`` from a session delegate.
///
/// A `Content-Length` above the body's limit is refused before any of the body is read, and a body
/// that grows past it (no or a false `Content-Length`) is cut off as soon as it does. Every status
/// other than 2xx (and a 304 answering a conditional request) is an
/// ``ImagePipelineError/httpStatus(url:code:)``; a body shorter than its `Content-Length` is an
/// ``ImagePipelineError/truncatedResponse(url:expectedBytes:receivedBytes:)``. The request's deadlines
/// are enforced by `TransferDeadline`, which cancels the task.
///
/// On Linux, FoundationNetworking buffers bodies without backpressure and enforces no resource
/// deadline of its own: servers there use `ImagePipelineHTTP`'s `HTTPClientImageDataLoader`.
public final class URLSessionImageDataLoader: ImageDataLoading {
    /// The most bytes one response may have (the smaller of this and the pipeline's limit applies).
    public let maxResponseBytes: Int
    /// The idle timeout given to `URLSession` (the pipeline's deadlines apply as well).
    public let timeout: Duration
    private let session: URLSession
    private let transfers: TransferDelegate

    /// A loader refusing responses over `maxResponseBytes`.
    public init(maxResponseBytes: Int = 64 << 20, timeout: Duration = .seconds(60)) {
        self.maxResponseBytes = max(0, maxResponseBytes)
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = max(seconds, 1) * 10
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 8
        transfers = TransferDelegate(maxBytes: self.maxResponseBytes)
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Streams `request`'s body into `body`.
    /// - Throws: ``ImagePipelineError`` — see the type's description.
    public func load(_ request: ImageLoadRequest, into body: ResponseBody) async throws(ImagePipelineError) -> ImageLoadResponse {
        let url = request.normalizedURL
        guard let scheme = url.scheme, scheme == "http" || scheme == "https" else { throw .unsupportedURL(request.url.absoluteString) }
        var urlRequest = URLRequest(url: url)
        for (name, value) in request.allHeaders { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let session = session, transfers = transfers, sentRequest = urlRequest
        let conditional = !request.conditionalHeaders.isEmpty
        return try await TransferDeadline.run(request, body: body) { () async throws(ImagePipelineError) -> ImageLoadResponse in
            let task = session.dataTask(with: sentRequest)
            let identifier = task.taskIdentifier
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Result<ImageLoadResponse, ImagePipelineError>, Never>) in
                    if transfers.begin(identifier, body: body, conditional: conditional, continuation: continuation) { task.resume() }
                }
            } onCancel: {
                if transfers.cancel(identifier) { task.cancel() }
            }
            return try result.get()
        }
    }
}

/// The session's delegate: one ``Transfer`` per running data task, keyed by its identifier.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the only stored state is immutable or behind `PThreadLocked`.
    let maxBytes: Int
    private let transfers = PThreadLocked([Int: Transfer]())
    /// Identifiers cancelled before their transfer began.
    private let cancelledEarly = PThreadLocked(Set<Int>())

    struct Transfer {
        var body: ResponseBody
        var conditional: Bool
        var continuation: CheckedContinuation<Result<ImageLoadResponse, ImagePipelineError>, Never>
        var response = ImageLoadResponse()
        var expectedLength: Int?
        var failure: ImagePipelineError?
        var url: String { body.url }
        var limit: Int
    }

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// Registers a transfer; false (and the continuation resumed with `.cancelled`) when its task was cancelled already.
    func begin(
        _ identifier: Int, body: ResponseBody, conditional: Bool,
        continuation: CheckedContinuation<Result<ImageLoadResponse, ImagePipelineError>, Never>
    ) -> Bool {
        let cancelled = cancelledEarly.withLock { $0.remove(identifier) != nil }
        if cancelled {
            continuation.resume(returning: .failure(.cancelled))
            return false
        }
        transfers.withLock {
            $0[identifier] = Transfer(body: body, conditional: conditional, continuation: continuation, limit: min(maxBytes, body.limit))
        }
        return true
    }

    /// Marks a transfer cancelled; true when its task is running and must be cancelled.
    func cancel(_ identifier: Int) -> Bool {
        let running = transfers.withLock { transfers -> Bool in
            guard transfers[identifier] != nil else { return false }
            if transfers[identifier]?.failure == nil { transfers[identifier]?.failure = .cancelled }
            return true
        }
        if !running { cancelledEarly.withLock { _ = $0.insert(identifier) } }
        return running
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let identifier = dataTask.taskIdentifier
        let allowed = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[identifier], transfer.failure == nil else { return false }
            transfer.body.noteProgress()
            let http = response as? HTTPURLResponse
            if let http {
                transfer.response.cacheHeaders = HTTPCacheHeaders { http.value(forHTTPHeaderField: $0) }
            }
            if let http, http.statusCode == 304, transfer.conditional {
                transfer.response.notModified = true
            } else if let http, !(200..<300).contains(http.statusCode) {
                transfer.failure = .httpStatus(url: transfer.url, code: http.statusCode)
            } else if response.expectedContentLength > Int64(transfer.limit) {
                transfer.failure = .responseTooLarge(url: transfer.url, declaredBytes: Int(response.expectedContentLength), limit: transfer.limit)
            } else if response.expectedContentLength >= 0 {
                transfer.expectedLength = Int(response.expectedContentLength)
            }
            transfers[identifier] = transfer
            return transfer.failure == nil
        }
        completionHandler(allowed ? .allow : .cancel)
        if !allowed { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        // URLSession delivers to its delegate without backpressure: the session may have received
        // far more than this callback's data already. Its own count lets the cut-off come at once.
        let receivedBySession = dataTask.countOfBytesReceived
        guard let (body, limit, ignore) = transfers.withLock({ transfers in
            transfers[identifier].map { ($0.body, $0.limit, $0.failure != nil || $0.response.notModified) }
        }), !ignore else { return }
        var failure: ImagePipelineError?
        if receivedBySession > Int64(limit) || body.count + data.count > limit {
            failure = .responseTooLarge(url: body.url, declaredBytes: nil, limit: limit)
        } else {
            data.withUnsafeBytes { buffer in
                do throws(ImagePipelineError) { try body.append(buffer) } catch { failure = error }
            }
        }
        guard let failure else { return }
        transfers.withLock { transfers in
            if transfers[identifier]?.failure == nil { transfers[identifier]?.failure = failure }
        }
        dataTask.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        // A redirect status the session could not follow (no Location) completes without a response callback.
        let status = (task.response as? HTTPURLResponse)?.statusCode
        transfer.continuation.resume(returning: Self.outcome(of: transfer, status: status, error: error))
    }

    private static func outcome(of transfer: Transfer, status: Int?, error: (any Error)?) -> Result<ImageLoadResponse, ImagePipelineError> {
        if let failure = transfer.failure { return .failure(failure) }
        let code = error.map { ($0 as NSError).code }
        if code == NSURLErrorTimedOut { return .failure(.timedOut(url: transfer.url)) }
        if code == NSURLErrorCancelled { return .failure(.cancelled) }
        if transfer.response.notModified { return .success(transfer.response) }
        if let status, !(200..<300).contains(status) { return .failure(.httpStatus(url: transfer.url, code: status)) }
        let received = transfer.body.count
        if let expected = transfer.expectedLength, received < expected {
            return .failure(.truncatedResponse(url: transfer.url, expectedBytes: expected, receivedBytes: received))
        }
        if let error { return .failure(.transportFailed(url: transfer.url, message: error.localizedDescription)) }
        return .success(transfer.response)
    }
}
