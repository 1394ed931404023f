/// Where encoded image bytes come from: a file, read by the codec as it decodes (so a large file
/// is never held whole in memory), or bytes already in memory.
public enum ImageSource: Sendable, Hashable {
    case file(path: String)
    case bytes([UInt8])

    /// The first `count` bytes (fewer if the input is shorter), for format sniffing.
    public func leadingBytes(_ count: Int) throws(ImageError) -> [UInt8] {
        switch self {
        case .bytes(let bytes): return Array(bytes.prefix(count))
        case .file(let path): return try FileReader.read(path: path, maxBytes: count)
        }
    }

    /// The whole input, refusing more than `limit` bytes.
    public func allBytes(limit: Int) throws(ImageError) -> [UInt8] {
        switch self {
        case .bytes(let bytes):
            guard bytes.count <= limit else { throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limit)) }
            return bytes
        case .file(let path):
            let bytes = try FileReader.read(path: path, maxBytes: limit + 1)
            guard bytes.count <= limit else { throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limit)) }
            return bytes
        }
    }

    /// A short name for messages: the path, or `<N bytes>`.
    public var displayName: String {
        switch self {
        case .file(let path): path
        case .bytes(let bytes): "<\(bytes.count) bytes>"
        }
    }
}
