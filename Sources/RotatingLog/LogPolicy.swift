/// How a log file keeps its size bounded.
public enum LogPolicy: Sendable, Hashable {
    /// One file of at most `maxBytes` bytes: before a record would push it past the cap, the older
    /// half is dropped at the first newline after the midpoint (the seed post's scheme).
    /// A single record is limited to `maxBytes / 2` bytes.
    case trim(maxBytes: Int)
    /// The current file plus up to `maxFiles` older ones named `name.1` (newest) … `name.<maxFiles>`,
    /// each at most `maxBytes` bytes; the oldest is dropped (like spdlog's `rotating_file_sink`).
    /// `maxFiles` is 1 … ``maximumFiles``.
    /// A single record is limited to `maxBytes` bytes.
    case rotate(maxBytes: Int, maxFiles: Int)

    /// The seed post's policy: trim at 2 MiB.
    public static let `default` = LogPolicy.trim(maxBytes: 2 * 1024 * 1024)

    /// The smallest cap accepted, in bytes.
    public static let minimumBytes = 1024

    /// The most older files a rotate policy may keep. A rotation renames every existing older
    /// file under the lock, so this bounds the time other writers can wait for it.
    public static let maximumFiles = 1000

    /// The cap of one file, in bytes.
    public var maxBytes: Int {
        switch self {
        case .trim(let maxBytes), .rotate(let maxBytes, _): maxBytes
        }
    }

    /// The largest record, newline included, in bytes; longer ones are truncated with a marker.
    public var maxRecordBytes: Int {
        switch self {
        case .trim(let maxBytes): maxBytes / 2
        case .rotate(let maxBytes, _): maxBytes
        }
    }

    /// Throws if the cap or file count is out of range.
    func validate() throws(LogFileError) {
        guard maxBytes >= Self.minimumBytes else {
            throw .capacityTooSmall(requested: maxBytes, minimum: Self.minimumBytes)
        }
        if case .rotate(_, let maxFiles) = self, !(1...Self.maximumFiles).contains(maxFiles) {
            throw .invalidFileCount(maxFiles)
        }
    }
}
