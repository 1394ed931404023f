import PixelKit

/// Everything that can go wrong loading, caching or preparing an image. Each case carries the
/// detail that identifies the problem (the URL, the status, the sizes, the codec's own error).
public enum ImagePipelineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL's scheme is not `http`, `https` or `file`.
    case unsupportedURL(String)
    /// A `file` URL names a host other than this one (`file://otherhost/…`).
    case remoteFileURL(String)
    /// The server answered with a status other than 2xx.
    case httpStatus(url: String, code: Int)
    /// The response is larger than the limit: `declaredBytes` is its `Content-Length` when that
    /// alone refused it (the body was never read), nil when the body grew past the limit.
    case responseTooLarge(url: String, declaredBytes: Int?, limit: Int)
    /// The body ended before its `Content-Length` did (`expectedBytes`), or a chunked body ended
    /// without its last chunk (`expectedBytes` nil). Never stored.
    case truncatedResponse(url: String, expectedBytes: Int?, receivedBytes: Int)
    /// The request's total or idle deadline passed.
    case timedOut(url: String)
    /// The body's `Content-Encoding` expands more than `limit`-fold: refused as a compression bomb
    /// before its decoded bytes could take memory.
    case compressionRatioTooHigh(url: String, limit: Int)
    /// The response's headers are larger than the loader accepts.
    case responseHeadersTooLarge(url: String)
    /// A strict pipeline refused an image its decoder found damaged (the decoder's warnings).
    case damagedImage(url: String, warnings: [String])
    /// The transfer failed (connection refused or reset, DNS, TLS…); `message` is the system's.
    case transportFailed(url: String, message: String)
    /// A file could not be read (a `file` URL, a download spooled to disk) or the disk cache could
    /// not be written: the path, the operation and the `errno`, or a refusal (a `file` URL naming a
    /// directory, FIFO or device: `FileError.Problem.notARegularFile`).
    case file(FileError)
    /// No registered codec recognises the downloaded content (`leadingBytes`: its first 16 bytes at most).
    case unrecognizedContent(url: String, leadingBytes: [UInt8])
    /// The codecs refused the image (corrupt, truncated, over a decoding limit…).
    case image(ImageError)
    /// The disk cache cannot keep the response: its summary (headers, validators, warnings) would
    /// take `summaryBytes`, over the `limit` an entry may have.
    case cacheEntryTooLarge(url: String, summaryBytes: Int, limit: Int)
    /// The disk cache cannot keep the response: its `Vary` names `count` headers, over `limit`.
    case tooManyVaryingHeaders(url: String, count: Int, limit: Int)
    /// Invalid pipeline or request settings.
    case invalidOptions(String)
    /// The caller's task was cancelled.
    case cancelled

    /// Whether the failure says the server could not be reached or could not answer (transport
    /// errors, deadlines, 5xx): a stale cached copy may then be served.
    var meansUnreachable: Bool {
        switch self {
        case .transportFailed, .timedOut: true
        case .httpStatus(_, let code): (500...599).contains(code)
        default: false
        }
    }

    /// The `FileError` of ``file(_:)``, or of an ``image(_:)`` error met in a file; `nil` otherwise.
    public var fileError: FileError? {
        switch self {
        case .file(let error): error
        case .image(let error): error.fileError
        default: nil
        }
    }

    /// A one-line message naming the URL or path and the detail.
    public var description: String {
        switch self {
        case .unsupportedURL(let url): "unsupported URL \(url): only http, https and file URLs can be loaded"
        case .remoteFileURL(let url): "unsupported URL \(url): a file URL must name the local host (file:///path or file://localhost/path)"
        case .httpStatus(let url, let code): "\(url): HTTP status \(code)"
        case .responseTooLarge(let url, let declared?, let limit):
            "\(url): Content-Length \(declared) is larger than the \(limit)-byte limit"
        case .responseTooLarge(let url, nil, let limit): "\(url): the body grew past the \(limit)-byte limit"
        case .truncatedResponse(let url, let expected?, let received):
            "\(url): the body ended after \(received) of its \(expected) bytes"
        case .truncatedResponse(let url, nil, let received):
            "\(url): the chunked body ended after \(received) bytes without its last chunk"
        case .timedOut(let url): "\(url): timed out"
        case .responseHeadersTooLarge(let url): "\(url): the response headers are too large"
        case .compressionRatioTooHigh(let url, let limit): "\(url): the Content-Encoding expands more than \(limit)-fold (a compression bomb)"
        case .damagedImage(let url, let warnings): "\(url): damaged image (strict): \(warnings.joined(separator: "; "))"
        case .transportFailed(let url, let message): "\(url): \(message)"
        case .file(let error): error.description
        case .unrecognizedContent(let url, let bytes):
            "\(url): not an image any codec recognises (first bytes: \(bytes.prefix(8).map(Self.twoHexDigits).joined(separator: " ")))"
        case .cacheEntryTooLarge(let url, let bytes, let limit):
            "\(url): its cache entry would take \(bytes) bytes of headers and summary, over the \(limit)-byte limit"
        case .tooManyVaryingHeaders(let url, let count, let limit): "\(url): its Vary names \(count) headers, over the limit of \(limit)"
        case .image(let error): error.description
        case .invalidOptions(let message): "invalid options: \(message)"
        case .cancelled: "cancelled"
        }
    }

    /// `0a`, not `a`: a byte's two digits, so that a row of bytes reads as one.
    private static func twoHexDigits(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
