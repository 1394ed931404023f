/// The memory cache's key, and the identity under which equal requests share one decode:
/// a source's cache key and the preparation asked of it.
public struct PreparedImageKey: Sendable, Hashable {
    /// ``ImageRequestSource/cacheKey``.
    public var sourceKey: String
    /// What was prepared.
    public var preparation: ImagePreparation

    /// The key of `request`'s result.
    public init(_ request: ImageRequest) {
        sourceKey = request.source.cacheKey
        preparation = request.preparation
    }
}
