import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PixelKitPlatform

/// The default ``ImageDataLoading``: `http`/`https` through `URLSession` (FoundationNetworking on
/// Linux), `file` URLs read directly (regular files only).
///
/// The body is streamed through a session delegate, so a `Content-Length` above
/// ``maxResponseBytes`` is refused before any of the body is read, and a body that grows past it
/// (no or a false `Content-Length`) is cut off as soon as it does. Every status other than 2xx is
/// an ``ImagePipelineError/httpStatus(url:code:)``; a body shorter than its `Content-Length` is an
/// ``ImagePipelineError/truncatedResponse(url:expectedBytes:receivedBytes:)``.
public final class URLSessionImageDataLoader: ImageDataLoading {
    /// The most bytes one response (or file) may have.
    public let maxResponseBytes: Int
    /// How long the loader waits for the next bytes before giving up.
    public let timeout: Duration
    private let session: URLSession
    private let transfers: TransferDelegate

    /// A loader refusing responses over `maxResponseBytes` and waiting at most `timeout` for data.
    public init(maxResponseBytes: Int = 64 << 20, timeout: Duration = .seconds(30)) {
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

    /// The bytes at `url`.
    /// - Throws: ``ImagePipelineError`` — see the type's description.
    public func loadData(from url: URL) async throws(ImagePipelineError) -> [UInt8] {
        switch url.scheme?.lowercased() {
        case "file":
            if Task.isCancelled { throw .cancelled }
            return try LocalFileLoader.load(path: url.path, maxBytes: maxResponseBytes)
        case "http", "https":
            return try await download(url)
        default:
            throw .unsupportedURL(url.absoluteString)
        }
    }

    private func download(_ url: URL) async throws(ImagePipelineError) -> [UInt8] {
        let task = session.dataTask(with: URLRequest(url: url))
        let identifier = task.taskIdentifier
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<[UInt8], ImagePipelineError>, Never>) in
                if transfers.begin(identifier, url: url.absoluteString, continuation: continuation) { task.resume() }
            }
        } onCancel: {
            if transfers.cancel(identifier) { task.cancel() }
        }
        return try result.get()
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
        var url: String
        var continuation: CheckedContinuation<Result<[UInt8], ImagePipelineError>, Never>
        var body: [UInt8] = []
        var expectedLength: Int?
        var failure: ImagePipelineError?
    }

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// Registers a transfer; false (and the continuation resumed with `.cancelled`) when its task was cancelled already.
    func begin(_ identifier: Int, url: String, continuation: CheckedContinuation<Result<[UInt8], ImagePipelineError>, Never>) -> Bool {
        let cancelled = cancelledEarly.withLock { $0.remove(identifier) != nil }
        if cancelled {
            continuation.resume(returning: .failure(.cancelled))
            return false
        }
        transfers.withLock { $0[identifier] = Transfer(url: url, continuation: continuation) }
        return true
    }

    /// Marks a transfer cancelled; true when its task is running and must be cancelled.
    func cancel(_ identifier: Int) -> Bool {
        let running = transfers.withLock { transfers -> Bool in
            guard transfers[identifier] != nil else { return false }
            transfers[identifier]?.failure = .cancelled
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
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                transfer.failure = .httpStatus(url: transfer.url, code: http.statusCode)
            } else if response.expectedContentLength > Int64(maxBytes) {
                transfer.failure = .responseTooLarge(url: transfer.url, declaredBytes: Int(response.expectedContentLength), limit: maxBytes)
            } else if response.expectedContentLength >= 0 {
                transfer.expectedLength = Int(response.expectedContentLength)
                transfer.body.reserveCapacity(Int(response.expectedContentLength))
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
        let overflow = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers.removeValue(forKey: identifier) else { return false }
            defer { transfers[identifier] = transfer }
            guard transfer.failure == nil else { return false }
            guard transfer.body.count + data.count <= maxBytes, receivedBySession <= Int64(maxBytes) else {
                transfer.failure = .responseTooLarge(url: transfer.url, declaredBytes: nil, limit: maxBytes)
                return true
            }
            transfer.body.append(contentsOf: data)
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        // A redirect status the session could not follow (no Location) completes without a response callback.
        let status = (task.response as? HTTPURLResponse)?.statusCode
        transfer.continuation.resume(returning: Self.outcome(of: transfer, status: status, error: error))
    }

    private static func outcome(of transfer: Transfer, status: Int?, error: (any Error)?) -> Result<[UInt8], ImagePipelineError> {
        if let failure = transfer.failure { return .failure(failure) }
        let code = error.map { ($0 as NSError).code }
        if code == NSURLErrorTimedOut { return .failure(.timedOut(url: transfer.url)) }
        if code == NSURLErrorCancelled { return .failure(.cancelled) }
        if let status, !(200..<300).contains(status) { return .failure(.httpStatus(url: transfer.url, code: status)) }
        let received = transfer.body.count
        if let expected = transfer.expectedLength, received < expected {
            return .failure(.truncatedResponse(url: transfer.url, expectedBytes: expected, receivedBytes: received))
        }
        if let error { return .failure(.transportFailed(url: transfer.url, message: error.localizedDescription)) }
        return .success(transfer.body)
    }
}
