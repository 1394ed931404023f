#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKitPlatform

/// Where encoded image bytes come from: a file, read by the codec as it decodes (so a large file
/// is never held whole in memory), or bytes already in memory.
///
/// Files must be regular files: a FIFO, socket, device or directory is refused at once with
/// `FileError.Problem.notARegularFile` (it is opened without blocking and checked with `fstat`).
///
/// Each operation opens a file named by a path once, as an ``ImageFile`` that its sniff, probe and
/// decoders all read with `pread`. To run several operations on one opening, open it yourself and
/// pass ``openFile(_:)``: every operation then reads that descriptor and none opens the path again.
///
/// ```swift
/// let fromURL = try ImageSource(URL(filePath: "photo.jpg"))   // .file(path: "photo.jpg")
/// let fromData = ImageSource(try Data(contentsOf: url))        // .data(…), never copied
/// let fromPath = ImageSource.file(path: "photo.jpg")
/// let opened = ImageSource.openFile(try ImageFile(path: "photo.jpg"))   // opened now, once
/// ```
public enum ImageSource: Sendable, Hashable {
    /// A file, opened and read by the codec as it decodes.
    case file(path: String)
    /// A file named by the raw bytes of its path, which need not be UTF-8 (Linux accepts any byte
    /// but `/` and NUL in a name; a Swift `String` would replace the invalid ones).
    case rawPath([UInt8])
    /// A file already opened (``ImageFile``): read through its descriptor, never opened again.
    case openFile(ImageFile)
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
        /// A file (a ``ImageSource/file(path:)``, ``ImageSource/rawPath(_:)`` or
        /// ``ImageSource/openFile(_:)`` source), for the codec to read as it decodes (an operation
        /// of ``CodecRegistry`` hands codecs an ``ImageSource/openFile(_:)``, opened once).
        case file(ImageSource)
        /// Bytes in memory, borrowed only for the duration of the call.
        case memory(UnsafeRawBufferPointer)
    }

    /// Runs `body` with the file's path, or with the in-memory bytes borrowed in place (an array's
    /// or `Data`'s storage, not a copy): the way a codec reads a source.
    public func withContents<Result>(_ body: (Contents) throws(ImageError) -> Result) throws(ImageError) -> Result {
        switch self {
        case .file, .rawPath, .openFile:
            return try body(.file(self))
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
        case .file, .rawPath, .openFile:
            guard let file = try openedFile() else { return [] }
            return try file.leadingBytes(count)
        }
    }

    /// The whole input, refusing more than `limit` bytes.
    /// - Throws: ``ImageError/limitExceeded(_:)`` (``LimitViolation/inputSize(bytes:limit:)``) for
    ///   a larger input, ``ImageError/file(_:)``.
    public func allBytes(limit: Int) throws(ImageError) -> [UInt8] {
        switch self {
        case .data(let data):
            guard data.count <= limit else { throw .limitExceeded(.inputSize(bytes: data.count, limit: limit)) }
            return Array(data)
        case .bytes(let bytes):
            guard bytes.count <= limit else { throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limit)) }
            return bytes
        case .file, .rawPath, .openFile:
            guard let file = try openedFile() else { return [] }
            return try file.allBytes(limit: limit)
        }
    }

    /// The input's length in bytes; for a file, from `stat` (an opened file's from its open's
    /// `fstat`), nil when that fails or reports 0 (a FIFO, a device).
    public var byteCount: Int? {
        switch self {
        case .bytes(let bytes): return bytes.count
        case .data(let data): return data.count
        case .openFile(let file): return file.size > 0 ? file.size : nil
        case .file, .rawPath:
            guard let path = platformPath, case .success(let status) = FileSystemCalls.live.pathStatus(path), status.size > 0 else { return nil }
            return Int(clamping: status.size)
        }
    }

    /// A short name for messages: the path (invalid UTF-8 shown as U+FFFD), or `<N bytes>`.
    public var displayName: String {
        switch self {
        case .file(let path): path
        case .openFile(let file): file.path
        case .rawPath(let bytes): String(decoding: bytes, as: UTF8.self)
        case .bytes(let bytes): "<\(bytes.count) bytes>"
        case .data(let data): "<\(data.count) bytes>"
        }
    }

    /// The file's name as bytes for `open(2)`, or nil for bytes in memory.
    package var platformPath: PlatformPath? {
        switch self {
        case .file(let path): PlatformPath(path)
        case .rawPath(let bytes): PlatformPath(bytes: bytes)
        case .openFile(let file): file.platformPath
        case .bytes, .data: nil
        }
    }

    /// The file to read: an ``openFile(_:)`` source's own, or a path's opened now (a regular file
    /// only, refused at once otherwise; closed when the returned value goes away). Nil for bytes in
    /// memory. Codecs read through this, so that a source opened once is never opened again.
    public func openedFile() throws(ImageError) -> ImageFile? {
        switch self {
        case .openFile(let file): return file
        case .file(let path): return try ImageFile(PlatformPath(path), displayPath: path)
        case .rawPath(let bytes): return try ImageFile(PlatformPath(bytes: bytes), displayPath: displayName)
        case .bytes, .data: return nil
        }
    }

    /// This source with a path opened once (``openFile(_:)``), for an operation whose steps (sniff,
    /// probe, decode, a second decoder) must all read the same opening; other sources unchanged.
    /// - Throws: the open's ``ImageError`` (``ImageError/file(_:)`` (a failed read's `errno`),
    ///   ``ImageError/file(_:)`` (not a regular file)), which already names the file.
    public func opened() throws(ImageError) -> ImageSource {
        switch self {
        case .file, .rawPath:
            guard let file = try openedFile() else { return self }
            return .openFile(file)
        case .openFile, .bytes, .data:
            return self
        }
    }
}

extension ImageSource {
    /// Runs `body` while this source's bytes in memory are borrowed again, if they are still the
    /// `count` bytes at `address` that an earlier borrow (``withContents(_:)``) saw; nil otherwise
    /// (and for a file). For a codec whose library state, made when it opened the source, points
    /// into the borrowed bytes: it may continue from that state only inside `body`.
    public func withMemory<Result>(
        stillAt address: UnsafeRawPointer?, count: Int, _ body: () throws(ImageError) -> Result
    ) throws(ImageError) -> Result? {
        try withContents { (contents) throws(ImageError) -> Result? in
            guard case .memory(let buffer) = contents, let address, buffer.baseAddress == address, buffer.count == count else { return nil }
            return try body()
        }
    }
}
