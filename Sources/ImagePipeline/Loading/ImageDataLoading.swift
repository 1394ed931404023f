import Foundation

/// Fetches the original bytes of a URL for an ``ImagePipeline``. Implementations enforce their own
/// size limits and map every failure to an ``ImagePipelineError``; they stop promptly when the
/// calling task is cancelled (throwing ``ImagePipelineError/cancelled``).
public protocol ImageDataLoading: Sendable {
    /// The bytes at `url`.
    func loadData(from url: URL) async throws(ImagePipelineError) -> [UInt8]
}
