import PixelKitPlatform

/// One version of a local file: its identity (device and inode), size and modification time. The disk
/// cache keeps a `file` URL's summary (header facts, average color, BlurHash, palette) under a key
/// made of it, not the file's bytes: a second process answers from the cache without decoding, and
/// a changed file (another size or time, or another file under the name) is a miss.
struct LocalFileVersion: Hashable, Sendable {
    var identity: FileIdentity
    var size: Int64
    var modificationTime: Double

    /// The version of the regular file at `path` (the name itself: a symbolic link is not followed,
    /// as the pipeline's file reader refuses one), or nil when there is none.
    init?(path: String, calls: FileSystemCalls = .live) {
        guard case .success(let status) = calls.linkStatus(PlatformPath(path)), status.kind == .regular,
              let modificationTime = status.modificationTime else { return nil }
        identity = status.identity
        size = status.size
        self.modificationTime = modificationTime
    }

    /// The disk cache key of the summary of this version of the file at `path`.
    func summaryKey(path: String) -> String {
        "file-summary \(identity.device):\(identity.inode) \(size) bytes, modified \(modificationTime): \(path)"
    }
}

extension ImagePipeline {
    /// The disk cache key of the stored summary of a `file` URL's current version; nil for other
    /// sources, without a disk cache, or when the file cannot be examined.
    func localSummaryKey(for source: ImageRequestSource) -> String? {
        guard configuration.diskCache != nil, case .url(let url) = source, url.isFileURL else { return nil }
        return LocalFileVersion(path: url.path)?.summaryKey(path: url.path)
    }
}
