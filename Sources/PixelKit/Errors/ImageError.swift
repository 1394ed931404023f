/// Everything that can go wrong reading, decoding or writing an image. Each case carries the
/// detail that identifies the problem (the path, the size, the codec's own message).
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read; `code` is the `errno` value.
    case unreadableFile(path: String, code: Int32, reason: String)
    /// The output could not be written; `code` is the `errno` value.
    case unwritableFile(path: String, code: Int32, reason: String)
    /// The path names something other than a regular file: a FIFO, socket, device or directory as
    /// input (refused at once, before it can block or never end), or a directory or symbolic link
    /// as output (never written through).
    case notARegularFile(path: String, kind: FileKind)
    /// The output path names no file: it is empty or ends in `/`.
    case invalidFileName(path: String)
    /// The input holds no bytes at all.
    case emptyInput
    /// No registered decoder recognises the first bytes.
    case unknownFormat(leadingBytes: [UInt8])
    /// The data is not a valid image of this format; `message` is the codec's own explanation.
    case malformed(format: ImageFormat, message: String)
    /// The data ends before the image does. In lenient mode this is a warning instead (when the codec can still deliver rows).
    case truncated(format: ImageFormat, message: String)
    /// A valid image using a feature this build cannot decode (e.g. 12-bit JPEG).
    case unsupported(format: ImageFormat, feature: String)
    /// A configured limit was exceeded before any large allocation was made.
    case limitExceeded(LimitViolation)
    /// A requested region does not lie inside the image.
    case regionOutsideImage(region: PixelRect, imageSize: PixelSize)
    /// No registered encoder writes this format.
    case noEncoder(format: ImageFormat)
    /// The encoder refused the image; `message` is the codec's own explanation.
    case encodingFailed(format: ImageFormat, message: String)
    /// Invalid options (e.g. a quality outside 0…1).
    case invalidOptions(String)
    /// The operation was cancelled (Swift task cancellation).
    case cancelled

    public var description: String {
        switch self {
        case .unreadableFile(let path, let code, let reason): "cannot read \(path): \(reason) (errno \(code))"
        case .unwritableFile(let path, let code, let reason): "cannot write \(path): \(reason) (errno \(code))"
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
        case .invalidFileName(let path): "'\(path)' is not a file name (empty, or ending in '/')"
        case .emptyInput: "empty input: no bytes to decode"
        case .unknownFormat(let bytes):
            "unknown image format (first bytes: \(bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: " ")))"
        case .malformed(let format, let message): "malformed \(format): \(message)"
        case .truncated(let format, let message): "truncated \(format): \(message)"
        case .unsupported(let format, let feature): "unsupported \(format): \(feature)"
        case .limitExceeded(let violation): "limit exceeded: \(violation)"
        case .regionOutsideImage(let region, let size): "region \(region) is not inside the \(size) image"
        case .noEncoder(let format): "no encoder registered for \(format)"
        case .encodingFailed(let format, let message): "cannot encode \(format): \(message)"
        case .invalidOptions(let message): "invalid options: \(message)"
        case .cancelled: "cancelled"
        }
    }
}

/// Which limit a header or stream broke, with the offending value and the limit in force.
public enum LimitViolation: Sendable, Hashable, CustomStringConvertible {
    /// Width × height above `DecodingLimits.maxPixelCount`.
    case pixelCount(width: Int, height: Int, limit: Int)
    /// A width or height above `DecodingLimits.maxDimension`.
    case dimension(width: Int, height: Int, limit: Int)
    /// A metadata/ancillary chunk or segment above `DecodingLimits.maxChunkBytes`.
    case chunkSize(bytes: Int, limit: Int)
    /// Memory the codec would need above `DecodingLimits.maxMemoryBytes`.
    case memory(bytes: Int, limit: Int)
    /// An input file above `DecodingLimits.maxInputBytes`.
    case inputSize(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .pixelCount(let w, let h, let limit): "\(w)×\(h) is more than \(limit) pixels"
        case .dimension(let w, let h, let limit): "\(w)×\(h) has a side longer than \(limit) pixels"
        case .chunkSize(let bytes, let limit): "a \(bytes)-byte chunk is larger than \(limit) bytes"
        case .memory(let bytes, let limit): "decoding needs \(bytes) bytes, more than \(limit)"
        case .inputSize(let bytes, let limit): "a \(bytes)-byte input is larger than \(limit) bytes"
        }
    }
}
