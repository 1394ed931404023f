import PixelKitPlatform

/// Where encoded image bytes come from: a file, read by the codec as it decodes (so a large file
/// is never held whole in memory), or bytes already in memory.
///
/// Files must be regular files: a FIFO, socket, device or directory is refused at once with
/// ``ImageError/notARegularFile(path:kind:)`` (it is opened without blocking and checked with `fstat`).
public enum ImageSource: Sendable, Hashable {
    case file(path: String)
    /// A file named by the raw bytes of its path, which need not be UTF-8 (Linux accepts any byte
    /// but `/` and NUL in a name; a Swift `String` would replace the invalid ones).
    case rawPath([UInt8])
    case bytes([UInt8])

    /// The first `count` bytes (fewer if the input is shorter), for format sniffing.
    public func leadingBytes(_ count: Int) throws(ImageError) -> [UInt8] {
        if case .bytes(let bytes) = self { return Array(bytes.prefix(count)) }
        guard let path = platformPath else { return [] }
        do { return try RegularFileReader().read(path, upTo: count) } catch { throw ImageError(error) }
    }

    /// The whole input, refusing more than `limit` bytes.
    public func allBytes(limit: Int) throws(ImageError) -> [UInt8] {
        if case .bytes(let bytes) = self {
            guard bytes.count <= limit else { throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limit)) }
            return bytes
        }
        guard let path = platformPath else { return [] }
        do { return try RegularFileReader().readWhole(path, limit: limit) } catch { throw ImageError(error) }
    }

    /// A short name for messages: the path (invalid UTF-8 shown as U+FFFD), or `<N bytes>`.
    public var displayName: String {
        switch self {
        case .file(let path): path
        case .rawPath(let bytes): String(decoding: bytes, as: UTF8.self)
        case .bytes(let bytes): "<\(bytes.count) bytes>"
        }
    }

    /// The file's name as bytes for `open(2)`, or nil for bytes in memory.
    package var platformPath: PlatformPath? {
        switch self {
        case .file(let path): PlatformPath(path)
        case .rawPath(let bytes): PlatformPath(bytes: bytes)
        case .bytes: nil
        }
    }

    /// Opens the file for a codec to read as it decodes: a regular file only, refused at once
    /// otherwise. The caller owns the descriptor. Nil for bytes in memory.
    package func openRegularFile() throws(ImageError) -> Int32? {
        guard let path = platformPath else { return nil }
        do { return try RegularFileReader().open(path) } catch { throw ImageError(error) }
    }
}
