#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKitPlatform

/// An image file opened once: one descriptor that every step of an operation reads (the format
/// sniff, the header probe, the decoder, a second decoder thread, a check of the file's tail), so
/// that the file is opened once however many steps there are, and all of them see the same file even
/// if its name is replaced meanwhile.
///
/// Opening takes the package's one path for input files: `open(2)` with `O_RDONLY | O_NONBLOCK |
/// O_CLOEXEC | O_NOCTTY`, `fstat(2)` (`statx` on Linux) to refuse anything but a regular file before
/// any read could block, then one `pread(2)` of the leading bytes for format sniffing. Every later
/// read is a `pread(2)` at the reader's own offset, never the shared file position, so several
/// readers and threads can use one `ImageFile` at once. The descriptor is closed (`close(2)`) when
/// the last reference goes away; codecs borrow it and never close it.
///
/// Pass it (it is an ``ImageSourceConvertible``) or ``ImageSource/openFile(_:)`` to run several
/// operations on one opened file:
///
/// ```swift
/// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
/// let file = try ImageFile(path: "photo.jpg")
/// let info = try codecs.probe(file)
/// let average = try codecs.averageColor(of: file)
/// ```
///
/// The size is the one `fstat` reported at the open: ranged reads (chunk walks, the JPEG decoders'
/// windows) stop there, and the pixels-per-byte limit uses it. A file truncated afterwards reads
/// short: the codec then reports truncated data, or ``ImageError/file(_:)`` for a failed read;
/// it never crashes.
public final class ImageFile: Sendable {
    /// How many leading bytes the open reads, enough for every registered format's signature and
    /// the headers read right after it (a PNG's IHDR, a WebP's VP8X).
    static let leadingByteCount = 64

    /// The path as given, for messages (invalid UTF-8 shown as U+FFFD).
    public let path: String
    /// The path's bytes, as passed to `open(2)`.
    package let platformPath: PlatformPath
    /// The open descriptor, borrowed by codecs (never closed by them).
    public let descriptor: Int32
    /// The file's length in bytes when it was opened (from `fstat`).
    public let size: Int
    /// The file's device and inode when it was opened, so an output can be refused if it is this input.
    package let identity: FileIdentity
    /// The first ``leadingByteCount`` bytes (fewer for a shorter file), read once at the open.
    private let leading: [UInt8]
    private let calls: FileSystemCalls

    /// Opens the regular file at `path` (relative to the working directory unless it starts with `/`).
    /// - Throws: ``ImageError/file(_:)`` with the `errno` of the failed call, or
    ///   ``ImageError/file(_:)`` (not a regular file) for a directory, FIFO, socket or device (refused
    ///   before any read can block).
    public convenience init(path: String) throws(ImageError) {
        try self.init(PlatformPath(path), displayPath: path)
    }

    /// Opens the local file that `url` names.
    /// - Throws: ``ImageError/notAFileURL(url:)`` for a URL that is not a `file:` URL, else as ``init(path:)``.
    convenience init(_ url: URL) throws(ImageError) {
        guard url.isFileURL else { throw .notAFileURL(url: url.absoluteString) }
        try self.init(path: url.path(percentEncoded: false))
    }

    /// Opens the file named by the raw bytes of its path (see ``ImageSource/rawPath(_:)``).
    /// - Throws: as ``init(path:)``.
    convenience init(rawPath: [UInt8]) throws(ImageError) {
        let path = PlatformPath(bytes: rawPath)
        try self.init(path, displayPath: path.displayName)
    }

    /// Opens `platformPath` through `RegularFileReader` with `calls` (fault injection in tests).
    package init(_ platformPath: PlatformPath, displayPath: String, calls: FileSystemCalls = .live) throws(ImageError) {
        let descriptor: Int32
        let status: PlatformFileStatus
        do {
            (descriptor, status) = try RegularFileReader(calls: calls).openWithStatus(platformPath)
        } catch {
            throw ImageError(error)
        }
        self.path = displayPath
        self.platformPath = platformPath
        self.descriptor = descriptor
        self.size = Int(clamping: max(status.size, 0))
        self.identity = status.identity
        self.calls = calls
        var leading = [UInt8](repeating: 0, count: min(Self.leadingByteCount, Int(clamping: max(status.size, 0))))
        do throws(ImageError) {
            let got = try Self.read(descriptor, calls: calls, path: platformPath, into: &leading, at: 0)
            leading.removeLast(leading.count - got)
        } catch {
            calls.close(descriptor)
            throw error
        }
        self.leading = leading
    }

    /// Closes the descriptor (`close(2)`).
    deinit { calls.close(descriptor) }

    /// Up to `count` bytes from the start (fewer if the file is shorter): the bytes read at the open
    /// when they suffice, else one more `pread`.
    public func leadingBytes(_ count: Int) throws(ImageError) -> [UInt8] {
        // Fewer than `leadingByteCount` at the open means the file ended there.
        if count <= leading.count || leading.count < Self.leadingByteCount { return Array(leading.prefix(count)) }
        return try bytes(at: 0, count: count)
    }

    /// Up to `count` bytes at `offset` (fewer past the size at the open, or if the file was
    /// truncated since), read with `pread`; never allocates more than the file holds past `offset`.
    /// - Throws: ``ImageError/file(_:)`` with the `errno` of a failed read.
    public func bytes(at offset: Int, count: Int) throws(ImageError) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: min(count, size - offset))
        let got = try Self.read(descriptor, calls: calls, path: platformPath, into: &bytes, at: offset)
        bytes.removeLast(bytes.count - got)
        return bytes
    }

    /// Fills `bytes` from `offset` with `pread` until full or at the end of the file; returns how
    /// many were read.
    /// - Throws: ``ImageError/file(_:)`` with the `errno` of a failed read.
    public func fill(_ bytes: inout [UInt8], at offset: Int) throws(ImageError) -> Int {
        try Self.read(descriptor, calls: calls, path: platformPath, into: &bytes, at: offset)
    }

    /// One `pread(2)` (retried on `EINTR`) of up to `buffer.count` bytes at `offset`; returns how
    /// many were read (0 at the end of the file).
    /// - Throws: ``ImageError/file(_:)`` with the `errno` of a failed read.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(ImageError) -> Int {
        switch calls.readAtRetrying(descriptor, buffer, Int64(offset)) {
        case .success(let got): return got
        case .failure(let error): throw ImageError(FileSystemError.system(path: platformPath, operation: .read, code: error.code))
        }
    }

    /// The whole file, read from offset 0 with `pread` in chunks of at most 1 MiB until its end,
    /// refusing more than `limit` bytes as soon as they exist.
    /// - Throws: ``ImageError/limitExceeded(_:)`` (``LimitViolation/inputSize(bytes:limit:)``),
    ///   ``ImageError/file(_:)`` with the `errno` of a failed read.
    public func allBytes(limit: Int) throws(ImageError) -> [UInt8] {
        // One byte past the limit is enough to know the file is too large.
        let wanted = limit < Int.max ? limit + 1 : limit
        var result: [UInt8] = []
        result.reserveCapacity(min(size, wanted))
        var chunk = [UInt8](repeating: 0, count: min(max(min(size, wanted), 1), 1 << 20))
        while result.count < wanted {
            let count = min(chunk.count, wanted - result.count)
            let offset = result.count
            let outcome = chunk.withUnsafeMutableBytes { buffer in
                calls.readAtRetrying(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]), Int64(offset))
            }
            let got: Int
            switch outcome {
            case .success(let read): got = read
            case .failure(let error): throw ImageError(FileSystemError.system(path: platformPath, operation: .read, code: error.code))
            }
            if got == 0 { break }
            result.append(contentsOf: chunk[..<got])
        }
        guard result.count <= limit else { throw ImageError(FileSystemError.tooLarge(path: platformPath, limit: limit)) }
        return result
    }

    /// Fills `bytes` from `offset` with `pread` until full or at the end of the file; returns the count read.
    private static func read(
        _ descriptor: Int32, calls: FileSystemCalls, path: PlatformPath, into bytes: inout [UInt8], at offset: Int
    ) throws(ImageError) -> Int {
        var filled = 0
        while filled < bytes.count {
            let outcome = bytes.withUnsafeMutableBytes { buffer in
                calls.readAtRetrying(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), Int64(offset + filled))
            }
            switch outcome {
            case .success(0): return filled
            case .success(let got): filled += got
            case .failure(let error): throw ImageError(FileSystemError.system(path: path, operation: .read, code: error.code))
            }
        }
        return filled
    }
}

extension ImageFile: Hashable {
    /// Two values are equal when they are the same opened file (the same object).
    public static func == (lhs: ImageFile, rhs: ImageFile) -> Bool { lhs === rhs }

    /// Hashes the object's identity (consistent with `==`).
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
