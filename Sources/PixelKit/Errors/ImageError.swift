#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything that can go wrong reading, decoding or writing an image. Each case carries the
/// detail that identifies the problem (the path, the size, the codec's own message).
///
/// Every imaging entry point throws this type (`throws(ImageError)`), so a `catch` needs no cast.
/// An error met while reading a *file* comes wrapped in ``inFile(path:_:)`` so that its message
/// names the file (`"photo.jpg: truncated jpeg: Premature end of JPEG file"`); match on ``kind``
/// to ask what went wrong whatever the source was:
///
/// ```swift
/// do {
///     let average = try codecs.averageColor(of: url)
/// } catch {
///     switch error.kind {               // `error` is an ImageError
///     case .truncated: print("cut short: \(error.localizedDescription)")
///     case .unknownFormat: print("not an image")
///     default: print(error.localizedDescription)
///     }
/// }
/// ```
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A file could not be opened, read or written, or was refused before any harm: a missing file
    /// (`FileError.Problem.system` `ENOENT` from `FileOperation.open`), a FIFO, directory
    /// or device as input, a directory or symbolic link as output
    /// (`FileError.Problem.notARegularFile`), an output path that names no file, an output
    /// that is an input of the same run. ``fileError`` is the `FileError` of any such error, wrapped or not.
    case file(FileError)
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
    /// A `URL` that does not name a local file (e.g. `https:`); `url` is its absolute string.
    case notAFileURL(url: String)
    /// `error` met while reading the file at `path`: what a file entry point throws, so the
    /// message names the file. ``kind`` is `error` itself, ``path`` is `path`.
    indirect case inFile(path: String, _ error: ImageError)
    /// A strict decode could not deliver the color space asked for (``DecodeOptions/outputColorSpace``):
    /// an unusable or mismatched profile, HDR, no transform. Lenient decodes warn instead.
    case colorConversion(ColorConversionIssue)

    /// What went wrong, without the file it happened in: the error itself, or for
    /// ``inFile(path:_:)`` the wrapped error. Switch on this to handle a kind of error.
    public var kind: ImageError {
        if case .inFile(_, let error) = self { return error.kind }
        return self
    }

    /// The file the error concerns, if any: the path of ``inFile(path:_:)`` or of ``file(_:)``.
    public var path: String? {
        switch self {
        case .inFile(let path, _): path
        case .file(let error): error.path
        default: nil
        }
    }

    /// The file error, wrapped or not: the `FileError` of ``file(_:)``, also inside ``inFile(path:_:)``;
    /// `nil` for other errors. `error.fileError?.errno == ENOENT` asks whether the file was missing.
    public var fileError: FileError? {
        if case .file(let error) = kind { return error }
        return nil
    }

    /// This error as met while reading `source`: wrapped in ``inFile(path:_:)`` when `source` is a
    /// file and the error does not name the file already (cancellation names none). Codecs need not
    /// call it; the registry, the thumbnailer and BlurHash do at their entry points.
    public func attributed(to source: ImageSource) -> ImageError {
        let path: String
        switch source {
        case .file(let filePath): path = filePath
        case .rawPath, .openFile: path = source.displayName
        case .bytes, .data: return self
        }
        switch self {
        case .inFile, .file, .cancelled, .notAFileURL:
            return self
        default: return .inFile(path: path, self)
        }
    }

    /// The message for a line that already names the file the error concerns (`pixelkit: NAME: reason`):
    /// ``description`` without that path. For ``inFile(path:_:)`` the wrapped error's message; for
    /// ``file(_:)`` the `FileError.reason` (`"cannot read: No such file or directory (errno 2)"`,
    /// `"is a directory, not a regular file"`). Errors that name no file (or another file than the
    /// one they concern) read as ``description``.
    public var reason: String {
        switch self {
        case .file(let error): error.reason
        case .inFile(_, let error): error.description
        default: description
        }
    }

    /// The message for people, the same as ``description``: `error.localizedDescription` prints it.
    public var errorDescription: String? { description }

    /// The message for people: what went wrong, with the offending detail, preceded by the file's
    /// path for ``inFile(path:_:)`` (use `kind.description` for the message without the path).
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .emptyInput: "empty input: no bytes to decode"
        case .unknownFormat(let bytes):
            "unknown image format (first bytes: \(Self.hexDigits(of: bytes.prefix(8))))"
        case .malformed(let format, let message): "malformed \(format): \(message)"
        case .truncated(let format, let message): "truncated \(format): \(message)"
        case .unsupported(let format, let feature): "unsupported \(format): \(feature)"
        case .limitExceeded(let violation): "limit exceeded: \(violation)"
        case .regionOutsideImage(let region, let size): "region \(region) is not inside the \(size) image"
        case .noEncoder(let format): "no encoder registered for \(format)"
        case .encodingFailed(let format, let message): "cannot encode \(format): \(message)"
        case .invalidOptions(let message): "invalid options: \(message)"
        case .cancelled: "cancelled"
        case .notAFileURL(let url): "not a file URL: \(url) (only local files can be read)"
        case .colorConversion(let issue): issue.description
        case .inFile(let path, let error): "\(path): \(error.description)"
        }
    }
}

/// Which limit a header or stream broke, with the offending value and the limit in force.
public enum LimitViolation: Sendable, Hashable, CustomStringConvertible {
    /// Width × height above `DecodingLimits.maxPixelCount`.
    case pixelCount(width: Int, height: Int, limit: Int)
    /// A width or height above `DecodingLimits.maxDimension`, or not positive.
    case dimension(width: Int, height: Int, limit: Int)
    /// A metadata/ancillary chunk or segment above `DecodingLimits.maxChunkBytes`.
    case chunkSize(bytes: Int, limit: Int)
    /// Memory the codec would need above `DecodingLimits.maxMemoryBytes`.
    case memory(bytes: Int, limit: Int)
    /// An input file above `DecodingLimits.maxInputBytes`.
    case inputSize(bytes: Int, limit: Int)
    /// More scans (a progressive JPEG's) than `DecodingLimits.maxScans`.
    case scanCount(scans: Int, limit: Int)
    /// More chunks, segments, boxes or tiles of one kind than `DecodingLimits.maxChunkCount`.
    case chunkCount(kind: String, count: Int, limit: Int)
    /// More frames than `DecodingLimits.maxFrames` (an animation).
    case frameCount(frames: Int, limit: Int)
    /// The decode ran past ``DecodeOptions/deadline``; `timeout` is the time it was given.
    case deadline(timeout: Duration)
    /// More pixels per byte of input than `DecodingLimits.maxPixelsPerInputByte` allows an image
    /// larger than `DecodingLimits.ratioFreePixelCount`: a small file declaring a huge image.
    case pixelsPerInputByte(width: Int, height: Int, inputBytes: Int, limit: Int)
    /// Decoding work (``DecodeWorkEstimate/workPixels``) above ``DecodingLimits/workAllowance``: pixels
    /// coded many times over (HEIF grid tiles, progressive refinement scans) or costing more than
    /// once each; `inputBytes` is the input's length when known.
    case work(pixels: Int, inputBytes: Int?, limit: Int)

    /// The limit and the value that broke it, in words.
    public var description: String {
        switch self {
        case .pixelCount(let w, let h, let limit): "\(w)×\(h) is more than \(limit) pixels"
        case .dimension(let w, let h, _) where w <= 0 || h <= 0: "\(w)×\(h) has no pixels"
        case .dimension(let w, let h, let limit): "\(w)×\(h) has a side longer than \(limit) pixels"
        case .chunkSize(let bytes, let limit): "a \(bytes)-byte chunk is larger than \(limit) bytes"
        case .memory(let bytes, let limit): "decoding needs \(bytes) bytes, more than \(limit)"
        case .inputSize(let bytes, let limit): "a \(bytes)-byte input is larger than \(limit) bytes"
        case .pixelsPerInputByte(let w, let h, let bytes, let limit):
            "\(w)×\(h) from a \(bytes)-byte input is more than \(limit) pixels per input byte (a decompression bomb)"
        case .work(let pixels, let bytes?, let limit):
            "decoding needs the work of \(pixels) pixels, more than the \(limit) a \(bytes)-byte input is allowed"
        case .work(let pixels, nil, let limit): "decoding needs the work of \(pixels) pixels, more than \(limit)"
        case .scanCount(let scans, let limit): "\(scans) scans are more than \(limit)"
        case .chunkCount(let kind, let count, let limit): "\(count) \(kind) are more than \(limit)"
        case .frameCount(let frames, let limit): "\(frames) frames are more than \(limit)"
        case .deadline(let timeout): "decoding took longer than its deadline of \(DecodeDeadline.describe(timeout))"
        }
    }
}

extension ImageError {
    /// Bytes as two hex digits each (`0a`, not `a`), space-separated, so that a row of them reads as
    /// one: how every message shows an input's first bytes.
    package static func hexDigits(of bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}
