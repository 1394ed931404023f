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

