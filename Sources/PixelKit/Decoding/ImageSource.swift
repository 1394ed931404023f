#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where encoded image bytes come from: a file, read by the codec as it decodes (so a large file
/// is never held whole in memory), or bytes already in memory.
///
/// ```swift
/// let fromURL = try ImageSource(URL(filePath: "photo.jpg"))   // .file(path: "photo.jpg")
/// let fromData = ImageSource(try Data(contentsOf: url))        // .data(…), never copied
/// let fromPath = ImageSource.file(path: "photo.jpg")
/// ```
public enum ImageSource: Sendable, Hashable {
    /// A file, opened and read by the codec as it decodes.
    case file(path: String)
    /// Bytes in memory, as an array.
    case bytes([UInt8])
    /// Bytes in memory, as `Data`: codecs read them in place, without a copy.
    case data(Data)

    /// The bytes of an encoded image in `data` (borrowed by the codecs, not copied).
    public init(_ data: Data) {
        self = .data(data)
    }

    /// The local file that `url` names.
    /// - Throws: ``ImageError/notAFileURL(url:)`` when `url` is not a `file:` URL.
    public init(_ url: URL) throws(ImageError) {
        guard url.isFileURL else { throw .notAFileURL(url: url.absoluteString) }
        self = .file(path: url.path(percentEncoded: false))
    }

    /// Where a source's bytes are while ``withContents(_:)`` runs.
    public enum Contents {
        /// A file, for the codec to open and read as it decodes.
        case file(path: String)
        /// Bytes in memory, borrowed only for the duration of the call.
        case memory(UnsafeRawBufferPointer)
    }

    /// Runs `body` with the file's path, or with the in-memory bytes borrowed in place (an array's
    /// or `Data`'s storage, not a copy): the way a codec reads a source.
    public func withContents<Result>(_ body: (Contents) throws(ImageError) -> Result) throws(ImageError) -> Result {
        switch self {
        case .file(let path):
            return try body(.file(path: path))
        case .bytes(let bytes):
            return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> Result in
                try body(.memory(UnsafeRawBufferPointer(buffer)))
            }
        case .data(let data):
            // `Data.withUnsafeBytes` rethrows untyped errors: carry the typed one out in a `Result`.
            let outcome = data.withUnsafeBytes { buffer in
                Swift.Result { () throws(ImageError) -> Result in try body(.memory(buffer)) }
            }
            return try outcome.get()
        }
    }

    /// The first `count` bytes (fewer if the input is shorter), for format sniffing.
    public func leadingBytes(_ count: Int) throws(ImageError) -> [UInt8] {
        switch self {
        case .bytes(let bytes): return Array(bytes.prefix(count))
        case .data(let data): return Array(data.prefix(count))
        case .file(let path): return try FileReader.read(path: path, maxBytes: count)
        }
    }

    /// The whole input, refusing more than `limit` bytes.
    /// - Throws: ``ImageError/limitExceeded(_:)`` (``LimitViolation/inputSize(bytes:limit:)``) for
    ///   a larger input, ``ImageError/unreadableFile(path:code:reason:)``.
    public func allBytes(limit: Int) throws(ImageError) -> [UInt8] {
        switch self {
        case .bytes(let bytes):
            guard bytes.count <= limit else { throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limit)) }
            return bytes
        case .data(let data):
            guard data.count <= limit else { throw .limitExceeded(.inputSize(bytes: data.count, limit: limit)) }
            return Array(data)
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
        case .data(let data): "<\(data.count) bytes>"
        }
    }
}
