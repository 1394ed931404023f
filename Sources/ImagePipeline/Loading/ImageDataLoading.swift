import Foundation

/// Fetches an `http`/`https` URL's body for an ``ImagePipeline``, streaming it into a
/// ``ResponseBody`` (a file, size-checked and hashed as the bytes arrive), so that the loader's memory
/// does not depend on the response. Implementations map every failure to an ``ImagePipelineError``,
/// honour the request's ``ImageLoadRequest/timeout`` and ``ImageLoadRequest/idleTimeout``, and stop
/// promptly when the calling task is cancelled (throwing ``ImagePipelineError/cancelled``).
///
/// `file` URLs never reach a loader: the pipeline reads them itself.
public protocol ImageDataLoading: Sendable {
    /// Sends `request` and streams a 2xx body into `body`; a `304 Not Modified` (to a conditional
    /// request) returns with ``ImageLoadResponse/notModified`` set and nothing written.
    func load(_ request: ImageLoadRequest, into body: ResponseBody) async throws(ImagePipelineError) -> ImageLoadResponse
}

extension ImageDataLoading {
    /// The bytes at an `http`/`https` URL, loaded through ``load(_:into:)`` with the default deadlines:
    /// the call of the protocol before it streamed into a ``ResponseBody``.
    @available(*, deprecated, message: "Use load(_:into:) with a ResponseBody, or ImagePipeline.data(for:).")
    public func loadData(from url: URL, maxResponseBytes: Int = 64 << 20) async throws(ImagePipelineError) -> [UInt8] {
        let body = try ResponseBody(url: url.absoluteString, limit: maxResponseBytes, directory: nil)
        let response = try await load(ImageLoadRequest(url: url), into: body)
        if response.notModified { throw .httpStatus(url: url.absoluteString, code: 304) }
        return try body.bytes()
    }
}
